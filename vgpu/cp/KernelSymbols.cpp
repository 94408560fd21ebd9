// Finding a kernel descriptor's symbol: walk back from the descriptor to the ELF header of its
// code object (ROCR loads the first PT_LOAD segment, which starts with the header, at the
// allocation's base), then read PT_DYNAMIC's DT_SYMTAB/DT_STRTAB/DT_HASH (ELF gABI) and look
// for the "<kernel>.kd" symbol whose value is the descriptor.
#include "cp/KernelSymbols.h"

#include <cxxabi.h>
#include <elf.h>

#include <cstdlib>
#include <cstring>

namespace vgpu::cp {

namespace {

constexpr std::uint64_t kPage = 4096;
constexpr unsigned kMaxPagesBack = 4096;  // code objects' first segments are far smaller

template <class T>
bool readAt(const AddressSpace& memory, std::uint64_t address, T& out) {
  if (!memory.accessible(address, sizeof(T))) return false;
  std::memcpy(&out, reinterpret_cast<const void*>(address), sizeof(T));
  return true;
}

std::string readString(const AddressSpace& memory, std::uint64_t address) {
  std::string s;
  for (char c; s.size() < 4096 && readAt(memory, address + s.size(), c) && c != '\0';) s += c;
  return s;
}

std::string demangle(const std::string& name) {
  int status = 0;
  char* text = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
  std::string out = status == 0 && text ? text : name;
  std::free(text);
  return out;
}

}  // namespace

std::string findKernelSymbol(std::uint64_t base, std::uint64_t kernelObject,
                             const AddressSpace& memory) {
  Elf64_Ehdr eh;
  if (!readAt(memory, base, eh) || std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_phentsize != sizeof(Elf64_Phdr))
    return {};
  std::uint64_t dynamic = 0;
  for (unsigned i = 0; i < eh.e_phnum && i < 64; ++i) {
    Elf64_Phdr ph;
    if (!readAt(memory, base + eh.e_phoff + i * sizeof(Elf64_Phdr), ph)) return {};
    if (ph.p_type == PT_DYNAMIC) dynamic = base + ph.p_vaddr;
  }
  if (!dynamic) return {};
  std::uint64_t symtab = 0, strtab = 0, hash = 0;
  for (unsigned i = 0; i < 256; ++i) {
    Elf64_Dyn d;
    if (!readAt(memory, dynamic + i * sizeof(Elf64_Dyn), d) || d.d_tag == DT_NULL) break;
    if (d.d_tag == DT_SYMTAB) symtab = base + d.d_un.d_ptr;
    if (d.d_tag == DT_STRTAB) strtab = base + d.d_un.d_ptr;
    if (d.d_tag == DT_HASH) hash = base + d.d_un.d_ptr;
  }
  std::uint32_t nchain = 0;  // DT_HASH: nbucket, nchain (= number of symbols)
  if (!symtab || !strtab || !hash || !readAt(memory, hash + 4, nchain)) return {};
  for (std::uint32_t i = 0; i < nchain && i < 100000; ++i) {
    Elf64_Sym sym;
    if (!readAt(memory, symtab + i * sizeof(Elf64_Sym), sym)) return {};
    if (base + sym.st_value != kernelObject) continue;
    std::string name = readString(memory, strtab + sym.st_name);
    if (name.size() > 3 && name.compare(name.size() - 3, 3, ".kd") == 0)
      return name.substr(0, name.size() - 3);
  }
  return {};
}

std::string KernelSymbols::nameOf(std::uint64_t kernelObject, const AddressSpace& memory) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = names_.find(kernelObject); it != names_.end()) return it->second;
  }
  std::string name;
  std::uint64_t page = kernelObject & ~(kPage - 1);
  for (unsigned n = 0; n < kMaxPagesBack && name.empty(); ++n, page -= kPage) {
    if (!memory.accessible(page, 4)) break;
    if (std::memcmp(reinterpret_cast<const void*>(page), ELFMAG, SELFMAG) == 0)
      name = findKernelSymbol(page, kernelObject, memory);
    if (page < kPage) break;
  }
  if (name.empty()) {
    char text[40];
    std::snprintf(text, sizeof text, "kernel@0x%llx",
                  static_cast<unsigned long long>(kernelObject));
    name = text;
  } else {
    name = demangle(name);
  }
  std::lock_guard lock(mutex_);
  names_.emplace(kernelObject, name);
  return name;
}

}  // namespace vgpu::cp
