// Parses one printed AMDGPU instruction (LLVM's syntax) into operands and modifiers.
//
// The printer's text is the one operand layout every encoding shares, so parsing it once at
// predecode replaces per-format operand tables (FACTS.md section 7: MCInst layouts interleave
// modifier operands and differ per encoding).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "isa/MicroOp.h"

namespace vgpu::isa {

struct AsmInstruction {
  std::string mnemonic;                                        // without _e32/_e64/_dpp/_sdwa
  std::string encodingSuffix;                                  // "e32", "e64", "dpp", ... or empty
  std::vector<std::string> operands;                           // in printed order
  std::vector<std::pair<std::string, std::string>> modifiers;  // key, value ("" for flags)

  const std::string* modifier(std::string_view key) const;
};

AsmInstruction parseAsm(std::string_view text);

// Resolves one printed operand for an instruction of the given data type. Returns false (with
// why) when the operand is not understood.
bool parseOperand(std::string_view token, DataType type, Operand& out, std::string& why);

// "[1,0,1]" -> bit mask (bit i = element i).
std::uint32_t parseBitList(std::string_view list);
std::int64_t parseInteger(std::string_view s);

}  // namespace vgpu::isa
