// Code-object loading (LLVM's ELF reader and msgpack metadata) and packet/kernarg assembly for
// the isa tests and benchmarks.
#include "isa/Harness.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/BinaryFormat/MsgPackDocument.h>
#include <llvm/Object/ELF.h>
#include <llvm/Object/ELFTypes.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>

#include <cstdlib>
#include <cstring>
#include <iterator>

namespace vgpu::isa {

void HostRanges::add(const void* base, std::uint64_t size, std::string name) {
  // Host memory at these addresses is live now, so ranges registered over it before (kernargs
  // or buffers of an earlier launch, since freed) are stale: drop them, or a stale range
  // starting inside this one would hide it from accessible().
  const std::uint64_t start = reinterpret_cast<std::uint64_t>(base), end = start + size;
  auto it = ranges_.upper_bound(start);
  if (it != ranges_.begin() && std::prev(it)->first + std::prev(it)->second.size > start) --it;
  while (it != ranges_.end() && it->first < end) it = ranges_.erase(it);
  ranges_[start] = Range{size, std::move(name)};
  ++generation_;
}

bool HostRanges::accessible(std::uint64_t address, std::uint64_t size) const {
  auto it = ranges_.upper_bound(address);
  if (it == ranges_.begin()) return false;
  --it;
  return address >= it->first && address + size <= it->first + it->second.size;
}

std::string HostRanges::describeNearest(std::uint64_t address) const {
  const std::pair<const std::uint64_t, Range>* best = nullptr;
  std::uint64_t bestDist = ~std::uint64_t{0};
  for (const auto& r : ranges_) {
    std::uint64_t end = r.first + r.second.size;
    std::uint64_t d =
        address < r.first ? r.first - address : (address >= end ? address - end + 1 : 0);
    if (d < bestDist) {
      bestDist = d;
      best = &r;
    }
  }
  if (!best) return "no allocations";
  char buf[160];
  std::snprintf(buf, sizeof buf, "nearest allocation '%s' [0x%llx, +%llu)",
                best->second.name.c_str(), static_cast<unsigned long long>(best->first),
                static_cast<unsigned long long>(best->second.size));
  return buf;
}

namespace {

using Elf = llvm::object::ELF64LEFile;

std::string take(llvm::Error e) {
  return llvm::toString(std::move(e));
}

// amdhsa.kernels from the NT_AMDGPU_METADATA note (AMDGPUUsage "Code Object V5 Metadata").
bool readMetadata(const Elf& elf, std::map<std::string, KernelInfo>& kernels, std::string& error) {
  auto phdrs = elf.program_headers();
  if (!phdrs) {
    error = take(phdrs.takeError());
    return false;
  }
  for (const auto& ph : *phdrs) {
    if (ph.p_type != llvm::ELF::PT_NOTE) continue;
    llvm::Error err = llvm::Error::success();
    for (const auto& note : elf.notes(ph, err)) {
      if (note.getName() != "AMDGPU" || note.getType() != llvm::ELF::NT_AMDGPU_METADATA) continue;
      llvm::msgpack::Document doc;
      llvm::ArrayRef<std::uint8_t> desc = note.getDesc(4);
      if (!doc.readFromBlob(
              llvm::StringRef(reinterpret_cast<const char*>(desc.data()), desc.size()), false)) {
        error = "unreadable AMDGPU metadata";
        return false;
      }
      auto& root = doc.getRoot().getMap(true);
      auto& list = root["amdhsa.kernels"].getArray(true);
      for (auto& k : list) {
        auto& m = k.getMap(true);
        KernelInfo info;
        info.name = m[".name"].getString().str();
        info.kernargSize = static_cast<std::uint32_t>(m[".kernarg_segment_size"].getUInt());
        info.groupSegmentSize =
            static_cast<std::uint32_t>(m[".group_segment_fixed_size"].getUInt());
        info.privateSegmentSize =
            static_cast<std::uint32_t>(m[".private_segment_fixed_size"].getUInt());
        info.wavefrontSize = static_cast<unsigned>(m[".wavefront_size"].getUInt());
        if (m.find(".args") != m.end())
          for (auto& a : m[".args"].getArray(true)) {
            auto& am = a.getMap(true);
            KernelInfo::Arg arg;
            arg.offset = static_cast<std::uint32_t>(am[".offset"].getUInt());
            arg.size = static_cast<std::uint32_t>(am[".size"].getUInt());
            arg.valueKind = am[".value_kind"].getString().str();
            info.args.push_back(arg);
          }
        kernels[info.name] = info;
      }
    }
    if (err) {
      error = take(std::move(err));
      return false;
    }
  }
  return true;
}

}  // namespace

CodeObject::~CodeObject() {
  std::free(image_);
}

std::unique_ptr<CodeObject> CodeObject::load(const std::string& path, std::string& error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = path + ": " + buffer.getError().message();
    return nullptr;
  }
  auto elfOr = Elf::create((*buffer)->getBuffer());
  if (!elfOr) {
    error = path + ": " + take(elfOr.takeError());
    return nullptr;
  }
  const Elf& elf = *elfOr;
  std::unique_ptr<CodeObject> co(new CodeObject());
  unsigned mach = elf.getHeader().e_flags & llvm::ELF::EF_AMDGPU_MACH;
  if (mach == llvm::ELF::EF_AMDGPU_MACH_AMDGCN_GFX1100)
    co->target_ = GpuTarget::gfx1100;
  else if (mach == llvm::ELF::EF_AMDGPU_MACH_AMDGCN_GFX1030)
    co->target_ = GpuTarget::gfx1030;
  else {
    error = path + ": not a gfx1030 or gfx1100 code object";
    return nullptr;
  }
  // Map PT_LOAD segments at their virtual addresses inside one page-aligned image.
  auto phdrs = elf.program_headers();
  if (!phdrs) {
    error = take(phdrs.takeError());
    return nullptr;
  }
  std::uint64_t end = 0;
  for (const auto& ph : *phdrs)
    if (ph.p_type == llvm::ELF::PT_LOAD)
      end = std::max<std::uint64_t>(end, ph.p_vaddr + ph.p_memsz);
  co->imageSize_ = (end + 4095) & ~std::uint64_t{4095};
  co->image_ = static_cast<std::uint8_t*>(std::aligned_alloc(4096, co->imageSize_ + 4096));
  std::memset(co->image_, 0, co->imageSize_ + 4096);
  for (const auto& ph : *phdrs) {
    if (ph.p_type != llvm::ELF::PT_LOAD) continue;
    std::memcpy(co->image_ + ph.p_vaddr, (*buffer)->getBufferStart() + ph.p_offset, ph.p_filesz);
    if (ph.p_flags & llvm::ELF::PF_X) {
      co->codeOffset_ = ph.p_vaddr;
      co->codeSize_ = ph.p_memsz;
    }
  }
  // Relative relocations (R_AMDGPU_RELATIVE64) of data pointing into the image.
  auto sections = elf.sections();
  if (!sections) {
    error = take(sections.takeError());
    return nullptr;
  }
  for (const auto& sec : *sections) {
    if (sec.sh_type == llvm::ELF::SHT_RELA) {
      auto relas = elf.relas(sec);
      if (!relas) continue;
      for (const auto& r : *relas)
        if (r.getType(false) == llvm::ELF::R_AMDGPU_RELATIVE64) {
          std::uint64_t v = reinterpret_cast<std::uint64_t>(co->image_) + r.r_addend;
          std::memcpy(co->image_ + r.r_offset, &v, 8);
        }
    }
  }
  if (!readMetadata(elf, co->kernels_, error)) return nullptr;
  // Kernel descriptors: symbols named <kernel>.kd.
  for (const auto& sec : *sections) {
    if (sec.sh_type != llvm::ELF::SHT_SYMTAB && sec.sh_type != llvm::ELF::SHT_DYNSYM) continue;
    auto syms = elf.symbols(&sec);
    auto strtab = elf.getStringTableForSymtab(sec);
    if (!syms || !strtab) continue;
    for (const auto& s : *syms) {
      auto name = s.getName(*strtab);
      if (!name || !name->ends_with(".kd")) continue;
      auto it = co->kernels_.find(name->drop_back(3).str());
      if (it != co->kernels_.end())
        it->second.descriptor = reinterpret_cast<std::uint64_t>(co->image_) + s.st_value;
    }
  }
  return co;
}

const KernelInfo* CodeObject::kernel(const std::string& name) const {
  auto it = kernels_.find(name);
  return it == kernels_.end() || !it->second.descriptor ? nullptr : &it->second;
}

std::vector<std::string> CodeObject::kernelNames() const {
  std::vector<std::string> names;
  for (const auto& [name, info] : kernels_) names.push_back(name);
  return names;
}

namespace {

void put(std::vector<std::uint8_t>& k, const KernelInfo::Arg& a, std::uint64_t v) {
  if (a.offset + a.size > k.size()) return;
  std::memcpy(k.data() + a.offset, &v, std::min<std::uint32_t>(a.size, 8));
}

// Hidden arguments by .value_kind (AMDGPUUsage "Code Object V5 Metadata";
// docs/PLATFORM.md section 4).
void fillHidden(std::vector<std::uint8_t>& k, const KernelInfo& info, const Launch& l,
                const std::uint32_t items[3]) {
  for (const KernelInfo::Arg& a : info.args) {
    const std::string& kind = a.valueKind;
    for (int d = 0; d < 3; ++d) {
      char axis = static_cast<char>('x' + d);
      if (kind == std::string("hidden_block_count_") + axis)
        put(k, a, (items[d] + l.block[d] - 1) / l.block[d]);
      if (kind == std::string("hidden_group_size_") + axis) put(k, a, l.block[d]);
      if (kind == std::string("hidden_remainder_") + axis) put(k, a, items[d] % l.block[d]);
      if (kind == std::string("hidden_global_offset_") + axis) put(k, a, 0);
    }
    if (kind == "hidden_grid_dims") put(k, a, items[2] > 1 ? 3 : (items[1] > 1 ? 2 : 1));
    if (kind == "hidden_dynamic_lds_size") put(k, a, l.dynamicLds);
  }
}

}  // namespace

std::unique_ptr<PreparedLaunch> prepareKernel(const CodeObject& code, const std::string& name,
                                              const Launch& l, std::string& error) {
  const KernelInfo* info = code.kernel(name);
  if (!info) {
    error = "no kernel named " + name + " in the code object";
    return nullptr;
  }
  auto prepared = std::make_unique<PreparedLaunch>();
  std::uint32_t items[3];
  for (int d = 0; d < 3; ++d) items[d] = l.gridItems[d] ? l.gridItems[d] : l.grid[d] * l.block[d];
  std::size_t kernargBytes = std::max<std::size_t>(info->kernargSize, l.args.size());
  std::vector<std::uint8_t>& kernargs = prepared->kernargs;
  kernargs.assign((kernargBytes + 63) & ~std::size_t{63}, 0);
  std::memcpy(kernargs.data(), l.args.data(), l.args.size());
  fillHidden(kernargs, *info, l, items);

  DispatchRequest& req = prepared->request;
  req.target = code.target();
  hsa_kernel_dispatch_packet_t& p = req.packet;
  p.setup = static_cast<std::uint16_t>(items[2] > 1 ? 3 : (items[1] > 1 ? 2 : 1));
  p.workgroup_size_x = static_cast<std::uint16_t>(l.block[0]);
  p.workgroup_size_y = static_cast<std::uint16_t>(l.block[1]);
  p.workgroup_size_z = static_cast<std::uint16_t>(l.block[2]);
  p.grid_size_x = items[0];
  p.grid_size_y = items[1];
  p.grid_size_z = items[2];
  p.group_segment_size = info->groupSegmentSize + l.dynamicLds;
  p.private_segment_size = info->privateSegmentSize;
  p.kernel_object = info->descriptor;
  p.kernarg_address = kernargs.data();
  req.threads = l.threads;
  req.kernelName = info->name.c_str();
  req.instructionsExecuted = l.instructions;
  req.watchdogMs = l.watchdogMs;
  req.strictness = l.strictness;
  if (l.memory) {
    l.memory->add(kernargs.data(), kernargs.size(), "kernargs");
    l.memory->add(code.image(), code.imageSize(), "code object");
    req.memory = l.memory;
  }
  return prepared;
}

DispatchOutcome runKernel(const CodeObject& code, const std::string& name, const Launch& l) {
  std::string error;
  std::unique_ptr<PreparedLaunch> prepared = prepareKernel(code, name, l, error);
  if (!prepared) {
    DispatchOutcome o;
    o.kind = DispatchOutcome::Kind::invalidDispatch;
    o.report = error;
    return o;
  }
  return executeDispatch(prepared->request);
}

}  // namespace vgpu::isa
