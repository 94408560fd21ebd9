// Stubs for name expressions and their resolution through ELF relocations (ELF-64 gABI
// "Relocation"; AMDGPUUsage "Relocation Records": R_AMDGPU_ABS64 = 1, R_AMDGPU_RELATIVE64 = 13).
#include "LoweredNames.h"

#include <elf.h>

#include "hipcore/loader/CodeObject.h"

namespace hiprtc {

using hipcore::loader::Bytes;
using hipcore::loader::CodeObject;
using hipcore::loader::errorf;
using hipcore::loader::loadAt;
using hipcore::loader::Result;

namespace {

constexpr const char* kStubPrefix = "__hipcore_rtc_name_expr_";
constexpr std::uint32_t kRelocationAbs64 = 1;
constexpr std::uint32_t kRelocationRelative64 = 13;

// The name of entry `index` of the symbol table `table` (through its linked string table).
std::string symbolName(const CodeObject& co, const hipcore::loader::ElfSection& table,
                       std::uint64_t index) {
  auto sym = loadAt<Elf64_Sym>(co.image(), table.offset + index * sizeof(Elf64_Sym));
  if (!sym || table.link >= co.sections().size()) return {};
  const auto& strings = co.sections()[table.link];
  Bytes image = co.image();
  std::string name;
  for (std::uint64_t at = strings.offset + sym->st_name; at < image.size() && image[at]; ++at)
    name += char(image[at]);
  return name;
}

// What the 8-byte slot at `address` points at: a symbol name, or its target address.
struct Target {
  std::string name;
  std::uint64_t address = 0;
};

std::optional<Target> relocationAt(const CodeObject& co, std::uint64_t address) {
  for (const auto& section : co.sections()) {
    if (section.type != SHT_RELA) continue;
    for (std::uint64_t at = 0; at + sizeof(Elf64_Rela) <= section.size; at += sizeof(Elf64_Rela)) {
      auto rela = loadAt<Elf64_Rela>(co.image(), section.offset + at);
      if (!rela || rela->r_offset != address) continue;
      std::uint32_t type = ELF64_R_TYPE(rela->r_info);
      std::uint64_t symbol = ELF64_R_SYM(rela->r_info);
      if (type == kRelocationRelative64) return Target{{}, std::uint64_t(rela->r_addend)};
      if (type == kRelocationAbs64 && symbol != 0 && section.link < co.sections().size())
        return Target{symbolName(co, co.sections()[section.link], symbol), 0};
    }
  }
  return std::nullopt;
}

}  // namespace

std::string nameExpressionStubs(const std::vector<std::string>& expressions) {
  std::string text = "\n// name expressions (hiprtcAddNameExpression)\n";
  for (std::size_t i = 0; i < expressions.size(); ++i) {
    std::string_view e = expressions[i];
    if (!e.empty() && e.front() == '&') e.remove_prefix(1);  // "&f<int>" and "f<int>" alike
    text += "extern \"C\" __attribute__((used)) __device__ const void* " +
            std::string(kStubPrefix) + std::to_string(i) + " = (const void*)&(" + std::string(e) +
            ");\n";
  }
  return text;
}

Result<std::vector<std::string>> readLoweredNames(const std::string& codeObject,
                                                  std::size_t count) {
  auto co = CodeObject::parse(hipcore::loader::asBytes(codeObject));
  if (!co) return co.error();
  std::vector<std::string> names;
  for (std::size_t i = 0; i < count; ++i) {
    std::string stub = kStubPrefix + std::to_string(i);
    const auto* variable = co->findSymbol(stub);
    if (!variable)
      return errorf("name expression %zu: variable %s missing from the code object", i,
                    stub.c_str());
    std::optional<Target> target = relocationAt(*co, variable->value);
    if (!target) return errorf("name expression %zu: no relocation for %s", i, stub.c_str());
    if (target->name.empty()) {
      for (const auto& symbol : co->symbols())
        if (symbol.value == target->address && symbol.name != stub && !symbol.name.empty() &&
            (symbol.type == STT_FUNC || symbol.type == STT_OBJECT) && !symbol.name.ends_with(".kd"))
          target->name = symbol.name;
    }
    if (target->name.empty())
      return errorf("name expression %zu: no symbol at address 0x%llx", i,
                    static_cast<unsigned long long>(target->address));
    names.push_back(target->name);
  }
  return names;
}

}  // namespace hiprtc
