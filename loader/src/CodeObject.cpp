// Reading AMDGPU ELF code objects: header, sections, symbols and notes, all bounds-checked.
#include "hipcore/loader/CodeObject.h"

#include <elf.h>

#include <algorithm>
#include <array>
#include <utility>

namespace hipcore::loader {
namespace {

using ull = unsigned long long;

// EF_AMDGPU_MACH values (AMDGPUUsage, "AMDGPU ELF Header"), for the targets of interest.
constexpr std::array<std::pair<uint32_t, std::string_view>, 22> kMachines{{
    {0x02c, "gfx900"},  {0x02f, "gfx906"},  {0x030, "gfx908"},  {0x03f, "gfx90a"},
    {0x040, "gfx940"},  {0x04c, "gfx942"},  {0x033, "gfx1010"}, {0x036, "gfx1030"},
    {0x037, "gfx1031"}, {0x038, "gfx1032"}, {0x039, "gfx1033"}, {0x03e, "gfx1034"},
    {0x03d, "gfx1035"}, {0x045, "gfx1036"}, {0x041, "gfx1100"}, {0x046, "gfx1101"},
    {0x047, "gfx1102"}, {0x044, "gfx1103"}, {0x043, "gfx1150"}, {0x04a, "gfx1151"},
    {0x048, "gfx1200"}, {0x04e, "gfx1201"},
}};

// Code object v4+ feature fields of e_flags: 0 unsupported, 1 any, 2 off, 3 on.
FeatureSetting featureFromFlags(uint32_t field) {
  return field == 3 ? FeatureSetting::On : field == 2 ? FeatureSetting::Off : FeatureSetting::Any;
}

std::string stringAt(Bytes table, uint64_t offset) {
  if (offset >= table.size()) return {};
  std::string_view text = asText(table.subspan(offset));
  return std::string(text.substr(0, text.find('\0')));
}

}  // namespace

std::optional<std::string_view> processorOfMachine(uint32_t machine) {
  for (const auto& [value, name] : kMachines)
    if (value == machine) return name;
  return std::nullopt;
}

Result<CodeObject> CodeObject::parse(Bytes image) {
  auto header = loadAt<Elf64_Ehdr>(image, 0);
  if (!header) return errorf("code object: %zu bytes too short for an ELF64 header", image.size());
  if (std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0)
    return errorf("code object: no ELF magic");
  if (header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_ident[EI_DATA] != ELFDATA2LSB)
    return errorf("code object: not a 64-bit little-endian ELF");
  if (header->e_machine != kElfMachineAmdgpu)
    return errorf("code object: e_machine %u is not AMDGPU (224)", header->e_machine);
  if (header->e_ident[EI_OSABI] != kElfOsAbiAmdgpuHsa)
    return errorf("code object: OS ABI %u is not AMDHSA (64)", header->e_ident[EI_OSABI]);
  unsigned abi = header->e_ident[EI_ABIVERSION];
  if (abi < 2 || abi > 4)
    return errorf("code object: ABI version %u unsupported (v4..v6 are 2..4)", abi);
  CodeObject object;
  object.image_ = image;
  object.codeObjectVersion_ = abi + 2;
  object.flags_ = header->e_flags;
  if (header->e_shentsize != sizeof(Elf64_Shdr) && header->e_shnum != 0)
    return errorf("code object: section header size %u, expected %zu", header->e_shentsize,
                  sizeof(Elf64_Shdr));
  Result<void> sections = object.readSections(header->e_shoff, header->e_shnum, header->e_shentsize,
                                              header->e_shstrndx);
  if (!sections) return sections.error();
  Result<void> symbols = object.readSymbols();
  if (!symbols) return symbols.error();
  for (const ElfSection& section : object.sections_) {
    if (section.type != SHT_NOTE) continue;
    Result<void> notes =
        object.readNotes(image.subspan(section.offset, section.size), "section " + section.name);
    if (!notes) return notes.error();
  }
  return object;
}

Result<void> CodeObject::readSections(uint64_t sectionOffset, uint16_t count, uint16_t entrySize,
                                      uint16_t namesIndex) {
  if (!fitsIn(sectionOffset, uint64_t{count} * entrySize, image_.size()))
    return errorf("code object: %u section headers at 0x%llx past end of %zu-byte image", count,
                  ull(sectionOffset), image_.size());
  std::vector<Elf64_Shdr> raw(count);
  for (uint16_t i = 0; i < count; ++i) {
    raw[i] = *loadAt<Elf64_Shdr>(image_, sectionOffset + uint64_t{i} * entrySize);
    bool hasBytes = raw[i].sh_type != SHT_NOBITS && raw[i].sh_type != SHT_NULL;
    if (hasBytes && !fitsIn(raw[i].sh_offset, raw[i].sh_size, image_.size()))
      return errorf("code object: section %u offset 0x%llx size %llu past end of %zu-byte image", i,
                    ull(raw[i].sh_offset), ull(raw[i].sh_size), image_.size());
  }
  Bytes names;
  if (namesIndex < count && raw[namesIndex].sh_type == SHT_STRTAB)
    names = image_.subspan(raw[namesIndex].sh_offset, raw[namesIndex].sh_size);
  // SHT_NULL and SHT_NOBITS headers have no bytes in the image; their offset and size were not
  // checked above, so they are recorded as empty (fuzz_codeobject found bytesAt() reading
  // through an SHT_NULL section with SHF_ALLOC set and a size past the image).
  for (const Elf64_Shdr& s : raw) {
    bool hasBytes = s.sh_type != SHT_NOBITS && s.sh_type != SHT_NULL;
    sections_.push_back({stringAt(names, s.sh_name), s.sh_type, s.sh_flags, s.sh_addr,
                         hasBytes ? s.sh_offset : 0, hasBytes ? s.sh_size : 0, s.sh_link});
  }
  return Ok{};
}

Result<void> CodeObject::readSymbols() {
  // .symtab when present (it has local symbols too), otherwise .dynsym.
  const ElfSection* table = nullptr;
  for (const ElfSection& s : sections_)
    if (s.type == SHT_SYMTAB || (s.type == SHT_DYNSYM && table == nullptr)) table = &s;
  if (table == nullptr) return Ok{};
  if (table->link >= sections_.size() || sections_[table->link].type != SHT_STRTAB)
    return errorf("code object: symbol table %s links section %u, not a string table",
                  table->name.c_str(), table->link);
  const ElfSection& strings = sections_[table->link];
  Bytes names = image_.subspan(strings.offset, strings.size);
  for (uint64_t offset = 0; offset + sizeof(Elf64_Sym) <= table->size;
       offset += sizeof(Elf64_Sym)) {
    auto symbol = *loadAt<Elf64_Sym>(image_, table->offset + offset);
    symbols_.push_back({stringAt(names, symbol.st_name), symbol.st_value, symbol.st_size,
                        static_cast<uint8_t>(ELF64_ST_TYPE(symbol.st_info)),
                        static_cast<uint8_t>(ELF64_ST_BIND(symbol.st_info)), symbol.st_shndx});
  }
  return Ok{};
}

Result<void> CodeObject::readNotes(Bytes notes, const std::string& where) {
  uint64_t cursor = 0;
  while (cursor < notes.size()) {
    auto header = loadAt<Elf64_Nhdr>(notes, cursor);
    if (!header)
      return errorf("code object %s: note header at 0x%llx truncated", where.c_str(), ull(cursor));
    uint64_t nameOffset = cursor + sizeof(Elf64_Nhdr);
    uint64_t descOffset = nameOffset + ((uint64_t{header->n_namesz} + 3) & ~uint64_t{3});
    uint64_t next = descOffset + ((uint64_t{header->n_descsz} + 3) & ~uint64_t{3});
    if (!fitsIn(nameOffset, header->n_namesz, notes.size()) ||
        !fitsIn(descOffset, header->n_descsz, notes.size()))
      return errorf("code object %s: note at 0x%llx (name %u, desc %u bytes) past end of %zu bytes",
                    where.c_str(), ull(cursor), header->n_namesz, header->n_descsz, notes.size());
    std::string name = stringAt(notes.subspan(nameOffset, header->n_namesz), 0);
    notes_.push_back(
        {std::move(name), header->n_type, notes.subspan(descOffset, header->n_descsz)});
    cursor = next;
  }
  return Ok{};
}

Result<uint64_t> CodeObject::extent(const uint8_t* start) {
  if (start == nullptr) return errorf("code object: null image");
  // The image's size is unknown (hipModuleLoadData): the magic and class bytes first, so that
  // a short buffer that is no ELF file is refused without reading past its first five bytes.
  if (std::memcmp(start, ELFMAG, SELFMAG) != 0 || start[EI_CLASS] != ELFCLASS64)
    return errorf("code object: no ELF64 magic");
  Elf64_Ehdr header;
  std::memcpy(&header, start, sizeof(header));
  constexpr uint64_t kLimit = uint64_t{1} << 32;  // a code object beyond 4 GiB is corrupt
  if (header.e_shoff > kLimit || header.e_phoff > kLimit ||
      header.e_shentsize != sizeof(Elf64_Shdr))
    return errorf("code object: implausible header (section table at 0x%llx)", ull(header.e_shoff));
  uint64_t end = std::max<uint64_t>(
      {sizeof(header), header.e_shoff + uint64_t{header.e_shnum} * header.e_shentsize,
       header.e_phoff + uint64_t{header.e_phnum} * header.e_phentsize});
  for (uint16_t i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr section;
    std::memcpy(&section, start + header.e_shoff + uint64_t{i} * sizeof(Elf64_Shdr),
                sizeof(section));
    if (section.sh_type == SHT_NOBITS) continue;
    if (section.sh_offset > kLimit || section.sh_size > kLimit)
      return errorf("code object: section %u implausible (offset 0x%llx size %llu)", i,
                    ull(section.sh_offset), ull(section.sh_size));
    end = std::max<uint64_t>(end, section.sh_offset + section.sh_size);
  }
  return end;
}

std::optional<TargetId> CodeObject::target() const {
  auto processor = processorOfMachine(machine());
  if (!processor) return std::nullopt;
  TargetId id;
  id.processor = std::string(*processor);
  id.xnack = featureFromFlags((flags_ >> 8) & 3);     // EF_AMDGPU_FEATURE_XNACK_V4
  id.sramecc = featureFromFlags((flags_ >> 10) & 3);  // EF_AMDGPU_FEATURE_SRAMECC_V4
  return id;
}

const ElfSymbol* CodeObject::findSymbol(std::string_view name) const {
  for (const ElfSymbol& symbol : symbols_)
    if (symbol.name == name) return &symbol;
  return nullptr;
}

Result<Bytes> CodeObject::bytesAt(uint64_t address, uint64_t size) const {
  for (const ElfSection& s : sections_) {
    if ((s.flags & SHF_ALLOC) == 0 || s.type == SHT_NOBITS || s.type == SHT_NULL) continue;
    if (address >= s.address && fitsIn(address - s.address, size, s.size))
      return image_.subspan(s.offset + (address - s.address), size);
  }
  return errorf("code object: no section holds %llu bytes at address 0x%llx", ull(size),
                ull(address));
}

Result<Bytes> CodeObject::metadataNote() const {
  for (const ElfNote& note : notes_)
    if (note.name == "AMDGPU" && note.type == kNoteAmdgpuMetadata) return note.desc;
  return errorf("code object: no NT_AMDGPU_METADATA note");
}

}  // namespace hipcore::loader
