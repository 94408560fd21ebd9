// Parses one printed AMDGPU instruction (LLVM's syntax) into operands and modifiers.
//
// The printer's text is the one operand layout every encoding shares, so parsing it once at
// predecode replaces per-format operand tables (docs/PLATFORM.md section 7: MCInst layouts
// interleave modifier operands and differ per encoding).
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
  // "/* ... */" remarks the printer puts where a field has no valid spelling (a DPP control
  // gfx10 dropped): the instruction cannot be run as printed.
  std::vector<std::string> remarks;

  const std::string* modifier(std::string_view key) const;
};

AsmInstruction parseAsm(std::string_view text);

// Resolves one printed operand for an instruction of the given data type. Returns false (with
// why) when the operand is not understood.
bool parseOperand(std::string_view token, DataType type, Operand& out, std::string& why);

// Decimal or 0x-hex integer, lenient (trailing garbage ignored): branch offsets, which MC
// always prints as plain decimals.
std::int64_t parseInteger(std::string_view s);
// The whole of s as a decimal (optionally negative) or 0x-hex integer; false otherwise.
bool parseIntegerStrict(std::string_view s, std::int64_t& out);
// "[1,0,1]" -> bit mask (bit i = element i); false unless every element is 0 or 1.
bool parseBitList(std::string_view list, std::uint32_t& mask);

// Hands out an instruction's modifiers and remembers which were taken and which could not be
// parsed. Predecode refuses an instruction with a modifier nobody consumed: dropping it would
// run a different instruction without a word (issue 25).
class ModifierReader {
 public:
  explicit ModifierReader(const AsmInstruction& a) : a_(a), taken_(a.modifiers.size(), false) {}

  // The value of key ("" for a flag word), marked consumed; null when the text has none.
  const std::string* take(std::string_view key);
  bool flag(std::string_view key) { return take(key) != nullptr; }
  // A modifier that does not change what the interpreter computes (the caller says why).
  void ignore(std::string_view key) { take(key); }
  // key's value as an integer in [lo, hi] into out. False when absent; a malformed or
  // out-of-range value is recorded as a problem (and false returned).
  bool integer(std::string_view key, std::int64_t lo, std::int64_t hi, std::int64_t& out);
  // key's value as a bit list ("[0,1]") into out; false when absent or malformed (recorded).
  bool bitList(std::string_view key, std::uint32_t& out);
  // key was taken but its value is not understood.
  void reject(std::string_view key, std::string_view value);

  // Empty when every modifier was consumed and understood; else a note naming the first
  // offending one ("unsupported modifier 'row_shl:x'").
  std::string problem() const;

 private:
  const AsmInstruction& a_;
  std::vector<bool> taken_;
  std::string bad_;  // first rejected "key:value"
};

}  // namespace vgpu::isa
