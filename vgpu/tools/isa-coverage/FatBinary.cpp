// Reads a host ELF's .hip_fatbin section and the offload bundles inside it, or a bare code
// object, trusting nothing.
#include "FatBinary.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <string_view>

#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/CompressedBundle.h"

namespace vgpu::coverage {

using hipcore::loader::Bytes;
using hipcore::loader::errorf;
using hipcore::loader::loadAt;
using hipcore::loader::Result;

namespace {

// The .hip_fatbin section of a 64-bit little-endian ELF (System V gABI, "Section Header").
Result<Bytes> fatbinSection(Bytes elf) {
  if (elf.size() < 64 || std::memcmp(elf.data(),
                                     "\x7f"
                                     "ELF\x02\x01",
                                     6) != 0)
    return errorf("not a 64-bit little-endian ELF file");
  const auto shoff = loadAt<std::uint64_t>(elf, 0x28);
  const auto shentsize = loadAt<std::uint16_t>(elf, 0x3a);
  const auto shnum = loadAt<std::uint16_t>(elf, 0x3c);
  const auto shstrndx = loadAt<std::uint16_t>(elf, 0x3e);
  if (!shoff || *shentsize < 64 || *shstrndx >= *shnum)
    return errorf("ELF section header table is corrupt");
  auto header = [&](unsigned i, unsigned field) {
    return loadAt<std::uint64_t>(elf, *shoff + std::uint64_t{i} * *shentsize + field);
  };
  const auto strOffset = header(*shstrndx, 24), strSize = header(*shstrndx, 32);
  if (!strOffset || !strSize || !hipcore::loader::fitsIn(*strOffset, *strSize, elf.size()))
    return errorf("ELF section name table is corrupt");
  for (unsigned i = 0; i < *shnum; ++i) {
    const auto name = loadAt<std::uint32_t>(elf, *shoff + std::uint64_t{i} * *shentsize);
    const auto offset = header(i, 24), size = header(i, 32);
    if (!name || !offset || !size || *name >= *strSize)
      return errorf("ELF section %u is corrupt", i);
    const char* n = reinterpret_cast<const char*>(elf.data() + *strOffset + *name);
    if (std::string_view(n, strnlen(n, *strSize - *name)) != ".hip_fatbin") continue;
    if (!hipcore::loader::fitsIn(*offset, *size, elf.size()))
      return errorf(".hip_fatbin (offset 0x%llx, size 0x%llx) lies past the end of the file",
                    static_cast<unsigned long long>(*offset),
                    static_cast<unsigned long long>(*size));
    return elf.subspan(*offset, *size);
  }
  return Bytes{};  // no device code
}

// The processor of a bare AMDGPU code object (an ELF whose e_machine is EM_AMDGPU, 224; its
// EF_AMDGPU_MACH in e_flags), or nothing for any other file.
std::optional<std::string> codeObjectProcessor(Bytes file) {
  if (file.size() < 64 || std::memcmp(file.data(),
                                      "\x7f"
                                      "ELF\x02\x01",
                                      6) != 0)
    return {};
  const auto machine = loadAt<std::uint16_t>(file, 0x12);
  const auto flags = loadAt<std::uint32_t>(file, 0x30);
  if (!machine || *machine != 224 || !flags) return {};
  const auto name = hipcore::loader::processorOfMachine(*flags & 0xffu);
  return name ? std::optional<std::string>(std::string(*name)) : std::optional<std::string>("");
}

// The next bundle (plain or compressed) at or after pos, or section.size().
std::size_t nextBundle(Bytes section, std::size_t pos) {
  std::string_view text = hipcore::loader::asText(section);
  std::size_t plain = text.find(hipcore::loader::kOffloadBundleMagic, pos);
  std::size_t packed = text.find(hipcore::loader::kCompressedBundleMagic, pos);
  std::size_t next = std::min(plain, packed);
  return next == std::string_view::npos ? section.size() : next;
}

// "hipv4-amdgcn-amd-amdhsa--gfx1030:xnack-" -> "gfx1030"; "" for other kinds of entries.
std::string processorOfEntry(const std::string& id) {
  std::size_t dashes = id.find("--");
  if (id.rfind("hip", 0) != 0 || dashes == std::string::npos) return "";
  std::string target = id.substr(dashes + 2);
  return target.substr(0, target.find(':'));
}

}  // namespace

Result<std::unique_ptr<FatBinary>> FatBinary::open(const std::string& path,
                                                   const std::vector<std::string>& processors) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errorf("%s: cannot open: %s", path.c_str(), std::strerror(errno));
  struct stat st{};
  void* map = MAP_FAILED;
  if (fstat(fd, &st) == 0 && st.st_size > 0)
    map = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) return errorf("%s: cannot map the file", path.c_str());
  std::unique_ptr<FatBinary> f(new FatBinary);
  f->map_ = static_cast<const std::uint8_t*>(map);
  f->mapSize_ = static_cast<std::size_t>(st.st_size);
  const Bytes file(f->map_, f->mapSize_);
  if (const auto processor = codeObjectProcessor(file)) {
    // A bare code object (rocBLAS's Tensile libraries, *.co and *.hsaco): one image.
    for (const std::string& p : processors)
      if (*processor == p) f->codeObjects_.push_back({p, 0, file});
    return f;
  }
  Result<Bytes> section = fatbinSection(file);
  if (!section) return hipcore::loader::withContext(path, section.error());
  if (Result<void> r = f->readBundles(*section, processors); !r)
    return hipcore::loader::withContext(path, r.error());
  return f;
}

FatBinary::~FatBinary() {
  if (map_) munmap(const_cast<std::uint8_t*>(map_), mapSize_);
}

Result<void> FatBinary::readBundles(Bytes section, const std::vector<std::string>& processors) {
  for (std::size_t pos = nextBundle(section, 0); pos < section.size();) {
    Result<std::uint64_t> extent = hipcore::loader::OffloadBundle::extent(section.data() + pos);
    if (!extent || !hipcore::loader::fitsIn(pos, *extent, section.size()) || *extent == 0)
      return errorf(".hip_fatbin bundle at offset 0x%zx: %s", pos,
                    extent ? "extends past the section" : extent.message().c_str());
    auto bundle = hipcore::loader::OffloadBundle::parse(section.subspan(pos, *extent));
    if (!bundle) return errorf(".hip_fatbin bundle at 0x%zx: %s", pos, bundle.message().c_str());
    bundles_.push_back(std::move(*bundle));
    for (const auto& entry : bundles_.back().entries()) {
      std::string processor = processorOfEntry(entry.id);
      for (const std::string& p : processors)
        if (processor == p)
          codeObjects_.push_back(
              {processor, static_cast<unsigned>(bundles_.size() - 1), entry.image});
    }
    pos = nextBundle(section, pos + *extent);
  }
  return hipcore::loader::Ok{};
}

}  // namespace vgpu::coverage
