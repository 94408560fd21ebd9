// AMDGPU code objects: 64-bit little-endian ELF shared objects holding kernels for one target.
//
// What the runtime needs from one (AMDGPUUsage, "Code Object"): the target (e_flags), the code
// object version (EI_ABIVERSION), the symbols (kernel descriptors "<name>.kd", variables) and
// the NT_AMDGPU_METADATA note. Every offset and size is checked against the image.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hipcore/loader/Bytes.h"
#include "hipcore/loader/Result.h"
#include "hipcore/loader/TargetId.h"

namespace hipcore::loader {

struct ElfSymbol {
  std::string name;
  uint64_t value = 0;  // virtual address
  uint64_t size = 0;
  uint8_t type = 0;     // STT_*
  uint8_t binding = 0;  // STB_*
  uint16_t section = 0;
};

struct ElfSection {
  std::string name;
  uint32_t type = 0;
  uint64_t flags = 0;
  uint64_t address = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint32_t link = 0;  // sh_link: the string table of a symbol table
};

struct ElfNote {
  std::string name;  // "AMDGPU"
  uint32_t type = 0;
  Bytes desc;
};

inline constexpr uint16_t kElfMachineAmdgpu = 224;
inline constexpr uint8_t kElfOsAbiAmdgpuHsa = 64;
inline constexpr uint32_t kNoteAmdgpuMetadata = 32;  // NT_AMDGPU_METADATA

class CodeObject {
 public:
  // Parses the ELF; `image` must outlive the CodeObject (it keeps views into it).
  static Result<CodeObject> parse(Bytes image);

  // The bytes an ELF starting at `start` occupies, from its headers alone (hipModuleLoadData
  // receives a pointer without a size): the furthest end of the header tables and sections.
  static Result<uint64_t> extent(const uint8_t* start);

  Bytes image() const { return image_; }
  // 4 for EI_ABIVERSION 2, 5 for 3, 6 for 4 (ELFABIVERSION_AMDGPU_HSA_V4..V6).
  unsigned codeObjectVersion() const { return codeObjectVersion_; }
  uint32_t elfFlags() const { return flags_; }
  uint32_t machine() const { return flags_ & 0xffu; }  // EF_AMDGPU_MACH
  // The target the ELF header names ("gfx1030:xnack-"), if its machine is known here.
  std::optional<TargetId> target() const;

  const std::vector<ElfSection>& sections() const { return sections_; }
  const std::vector<ElfSymbol>& symbols() const { return symbols_; }
  const std::vector<ElfNote>& notes() const { return notes_; }

  const ElfSymbol* findSymbol(std::string_view name) const;
  // The bytes of the loaded image at a virtual address (through the section that holds it).
  Result<Bytes> bytesAt(uint64_t address, uint64_t size) const;
  // The msgpack NT_AMDGPU_METADATA descriptor.
  Result<Bytes> metadataNote() const;

 private:
  Result<void> readSections(uint64_t sectionOffset, uint16_t count, uint16_t entrySize,
                            uint16_t namesIndex);
  Result<void> readSymbols();
  Result<void> readNotes(Bytes notes, const std::string& where);

  Bytes image_;
  unsigned codeObjectVersion_ = 0;
  uint32_t flags_ = 0;
  std::vector<ElfSection> sections_;
  std::vector<ElfSymbol> symbols_;
  std::vector<ElfNote> notes_;
};

// The processor name of an EF_AMDGPU_MACH value, for the targets hipcore knows.
std::optional<std::string_view> processorOfMachine(uint32_t machine);

}  // namespace hipcore::loader
