// Parsing of LLVM-printed AMDGPU instructions into operands, constants and modifiers.
#include "isa/AsmText.h"

#include <bit>
#include <cctype>
#include <cstdlib>
#include <cstring>

namespace vgpu::isa {

namespace {

// Bare words MC prints as modifiers (FLAT/MUBUF/DS cache and addressing bits, VOP3 clamp, MIMG
// bits, DPP row mirrors). Being listed here only makes them modifiers: what predecode does not
// consume is refused (Program.cpp), so a word vgpu does not implement stops the instruction.
bool isFlagWord(std::string_view t) {
  static const char* const flags[] = {
      "glc",  "slc", "dlc", "clamp", "offen",      "idxen",          "gds", "lds",
      "tfe",  "nv",  "sc0", "sc1",   "nt",         "addr64",         "d16", "unorm",
      "r128", "a16", "lwe", "da",    "row_mirror", "row_half_mirror"};
  for (const char* f : flags)
    if (t == f) return true;
  return false;
}

// Splits on commas and spaces outside brackets/parentheses/bars.
std::vector<std::string> splitTopLevel(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  bool inBars = false;
  for (char c : s) {
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == '|') inBars = !inBars;
    if ((c == ',' || c == ' ' || c == '\t') && depth == 0 && !inBars) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::uint16_t halfBits(double v) {
  return std::bit_cast<std::uint16_t>(static_cast<_Float16>(v));
}

bool allDigits(std::string_view t) {
  if (t.empty() || t.size() > 4) return false;
  for (char c : t)
    if (c < '0' || c > '9') return false;
  return true;
}

bool parseRegister(std::string_view t, Operand& o) {
  struct Named {
    const char* name;
    Operand::Kind kind;
    std::uint16_t index;
    std::uint8_t dwords;
  };
  static const Named named[] = {
      {"vcc_lo", Operand::Kind::sgpr, kVccLo, 1},
      {"vcc_hi", Operand::Kind::sgpr, kVccHi, 1},
      {"vcc", Operand::Kind::sgpr, kVccLo, 2},
      {"exec_lo", Operand::Kind::sgpr, kExecLo, 1},
      {"exec_hi", Operand::Kind::sgpr, kExecHi, 1},
      {"exec", Operand::Kind::sgpr, kExecLo, 2},
      {"m0", Operand::Kind::sgpr, kM0, 1},
      {"flat_scratch_lo", Operand::Kind::sgpr, kFlatScratchLo, 1},
      {"flat_scratch_hi", Operand::Kind::sgpr, kFlatScratchHi, 1},
      {"flat_scratch", Operand::Kind::sgpr, kFlatScratchLo, 2},
      {"scc", Operand::Kind::scc, 0, 1},
      {"src_scc", Operand::Kind::scc, 0, 1},
  };
  for (const Named& n : named)
    if (t == n.name) {
      o.kind = n.kind;
      o.index = n.index;
      o.dwords = n.dwords;
      return true;
    }
  unsigned base = 0;
  if (t.substr(0, 4) == "ttmp") {
    base = kTtmp0;
    t.remove_prefix(3);  // "ttmp5" -> "p5": parsed below like an SGPR
  }
  if (t.size() < 2 || (t[0] != 'v' && t[0] != 's' && !(base && t[0] == 'p'))) return false;
  Operand::Kind kind = t[0] == 'v' ? Operand::Kind::vgpr : Operand::Kind::sgpr;
  std::string_view rest = t.substr(1);
  unsigned first = 0, last = 0;
  if (rest[0] == '[') {
    std::size_t colon = rest.find(':');
    if (colon == std::string_view::npos || rest.back() != ']') return false;
    std::string_view a = rest.substr(1, colon - 1), b = rest.substr(colon + 1);
    b.remove_suffix(1);
    if (!allDigits(a) || !allDigits(b)) return false;
    first = std::strtoul(std::string(a).c_str(), nullptr, 10);
    last = std::strtoul(std::string(b).c_str(), nullptr, 10);
  } else {
    if (!allDigits(rest)) return false;
    first = last = std::strtoul(std::string(rest).c_str(), nullptr, 10);
  }
  if (last < first || last - first >= 16) return false;
  if (base) {
    if (last >= 16) return false;
    first += base;
    last += base;
  } else if (kind == Operand::Kind::sgpr && last >= kSgprCount) {
    return false;
  }
  if (kind == Operand::Kind::vgpr && last >= 256) return false;
  o.kind = kind;
  o.index = static_cast<std::uint16_t>(first);
  o.dwords = static_cast<std::uint8_t>(last - first + 1);
  return true;
}

// Inline float constants print as decimals (RDNA2 ISA section 3.4.2 "inline constants").
bool parseNumber(std::string_view t, DataType type, Operand& o) {
  std::string s(t);
  bool isFloat = s.find('.') != std::string::npos;
  o.kind = Operand::Kind::constant;
  if (!isFloat) {
    char* end = nullptr;
    bool hex = s.find("0x") != std::string::npos;
    std::uint64_t v = hex ? std::strtoull(s.c_str(), &end, 16)
                          : static_cast<std::uint64_t>(std::strtoll(s.c_str(), &end, 10));
    if (!end || *end) return false;
    // f64 literals carry the high dword of the double (the low dword is zero).
    if (hex && type == DataType::f64 && v <= 0xffffffffu) v <<= 32;
    o.value = v;
    return true;
  }
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end) return false;  // "1.5e" or "0.5x": not a number MC prints
  if (s == "0.15915494" || s == "-0.15915494") {
    bool neg = s[0] == '-';
    std::uint64_t bits64 = 0x3fc45f306dc9c882ull, bits32 = 0x3e22f983u, bits16 = 0x3118u;
    if (type == DataType::f64 || type == DataType::b64)
      o.value = bits64 | (neg ? 1ull << 63 : 0);
    else if (type == DataType::f16)
      o.value = bits16 | (neg ? 0x8000u : 0);
    else
      o.value = bits32 | (neg ? 0x80000000u : 0);
    return true;
  }
  if (type == DataType::f64 || type == DataType::b64)
    o.value = std::bit_cast<std::uint64_t>(d);
  else if (type == DataType::f16)
    o.value = halfBits(d);
  else
    o.value = std::bit_cast<std::uint32_t>(static_cast<float>(d));
  return true;
}

}  // namespace

const std::string* AsmInstruction::modifier(std::string_view key) const {
  for (const auto& [k, v] : modifiers)
    if (k == key) return &v;
  return nullptr;
}

std::int64_t parseInteger(std::string_view s) {
  std::string t(s);
  return t.find("0x") != std::string::npos
             ? static_cast<std::int64_t>(std::strtoull(t.c_str(), nullptr, 16))
             : std::strtoll(t.c_str(), nullptr, 10);
}

bool parseIntegerStrict(std::string_view s, std::int64_t& out) {
  std::string t(s);
  bool neg = !t.empty() && t[0] == '-';
  std::size_t start = neg ? 1 : 0;
  bool hex = t.compare(start, 2, "0x") == 0;
  std::size_t digits = start + (hex ? 2 : 0);
  if (digits >= t.size() || digits + 16 < t.size()) return false;
  for (std::size_t i = digits; i < t.size(); ++i)
    if (!(hex ? std::isxdigit(static_cast<unsigned char>(t[i]))
              : std::isdigit(static_cast<unsigned char>(t[i]))))
      return false;
  std::uint64_t v = std::strtoull(t.c_str() + digits, nullptr, hex ? 16 : 10);
  out = neg ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
  return true;
}

bool parseBitList(std::string_view list, std::uint32_t& mask) {
  mask = 0;
  if (list.size() < 3 || list.front() != '[' || list.back() != ']') return false;
  list = list.substr(1, list.size() - 2);
  unsigned i = 0;
  for (std::size_t k = 0; k < list.size(); ++k) {
    bool digit = k % 2 == 0;
    char c = list[k];
    if (digit ? (c != '0' && c != '1') : c != ',') return false;
    if (digit) mask |= static_cast<std::uint32_t>(c - '0') << i++;
  }
  return list.size() % 2 == 1 && i <= 8;
}

const std::string* ModifierReader::take(std::string_view key) {
  for (std::size_t i = 0; i < a_.modifiers.size(); ++i)
    if (a_.modifiers[i].first == key) {
      taken_[i] = true;
      return &a_.modifiers[i].second;
    }
  return nullptr;
}

bool ModifierReader::integer(std::string_view key, std::int64_t lo, std::int64_t hi,
                             std::int64_t& out) {
  const std::string* v = take(key);
  if (!v) return false;
  std::int64_t x = 0;
  if (!parseIntegerStrict(*v, x) || x < lo || x > hi) {
    reject(key, *v);
    return false;
  }
  out = x;
  return true;
}

bool ModifierReader::bitList(std::string_view key, std::uint32_t& out) {
  const std::string* v = take(key);
  if (!v) return false;
  if (!parseBitList(*v, out)) {
    reject(key, *v);
    return false;
  }
  return true;
}

void ModifierReader::reject(std::string_view key, std::string_view value) {
  if (bad_.empty()) bad_ = std::string(key) + (value.empty() ? "" : ":") + std::string(value);
}

std::string ModifierReader::problem() const {
  if (!bad_.empty()) return "unsupported modifier '" + bad_ + "'";
  for (std::size_t i = 0; i < a_.modifiers.size(); ++i)
    if (!taken_[i]) {
      const auto& [k, v] = a_.modifiers[i];
      return "unsupported modifier '" + k + (v.empty() ? "" : ":") + v + "'";
    }
  return {};
}

AsmInstruction parseAsm(std::string_view text) {
  AsmInstruction out;
  std::size_t sp = text.find(' ');
  std::string_view mn = text.substr(0, sp);
  static const char* const suffixes[] = {"_e64_dpp", "_e32", "_e64", "_dpp", "_sdwa"};
  out.mnemonic = std::string(mn);
  for (const char* suf : suffixes) {
    std::size_t n = std::strlen(suf);
    if (mn.size() > n && mn.substr(mn.size() - n) == suf) {
      out.mnemonic = std::string(mn.substr(0, mn.size() - n));
      out.encodingSuffix = suf + 1;
      break;
    }
  }
  if (sp == std::string_view::npos) return out;
  std::string rest(text.substr(sp + 1));
  for (std::size_t open; (open = rest.find("/*")) != std::string::npos;) {
    std::size_t close = rest.find("*/", open + 2);
    std::size_t end = close == std::string::npos ? rest.size() : close + 2;
    out.remarks.push_back(rest.substr(open, end - open));
    rest.erase(open, end - open);
  }
  for (std::string& tok : splitTopLevel(rest)) {
    std::size_t colon = tok.find(':');
    std::size_t bracket = tok.find('[');
    bool keyValue = colon != std::string::npos &&
                    (bracket == std::string::npos || bracket > colon) &&
                    std::isalpha(static_cast<unsigned char>(tok[0]));
    if (keyValue)
      out.modifiers.emplace_back(tok.substr(0, colon), tok.substr(colon + 1));
    else if (isFlagWord(tok))
      out.modifiers.emplace_back(tok, "");
    else
      out.operands.push_back(tok);
  }
  return out;
}

bool parseOperand(std::string_view t, DataType type, Operand& o, std::string& why) {
  o = Operand{};
  if (t == "off") return true;  // Kind::none
  if (t == "null") {
    o.kind = Operand::Kind::constant;
    o.index = kNullSlot;
    return true;
  }
  bool neg = false, abs = false;
  if (t.size() > 1 && t[0] == '-' && (t[1] == 'v' || t[1] == 's' || t[1] == '|')) {
    neg = true;
    t.remove_prefix(1);
  }
  if (t.size() > 2 && t.front() == '|' && t.back() == '|') {
    abs = true;
    t = t.substr(1, t.size() - 2);
  }
  bool sext = false;
  if (t.size() > 6 && t.substr(0, 5) == "sext(" && t.back() == ')') {
    sext = true;
    t = t.substr(5, t.size() - 6);
  }
  if (t.size() > 5 && t.substr(0, 4) == "neg(" && t.back() == ')') {
    neg = true;
    t = t.substr(4, t.size() - 5);
  }
  if (t.substr(0, 4) == "src_" && t != "src_scc") {
    o.kind = Operand::Kind::constant;
    o.dwords = 2;
    if (t == "src_shared_base")
      o.value = std::uint64_t{0x00010000} << 32;
    else if (t == "src_private_base")
      o.value = std::uint64_t{0x00020000} << 32;
    else if (t == "src_shared_limit")
      o.value = (std::uint64_t{0x00010000} << 32) | 0xffffffffu;
    else if (t == "src_private_limit")
      o.value = (std::uint64_t{0x00020000} << 32) | 0xffffffffu;
    else {
      why = "unsupported source " + std::string(t);
      return false;
    }
    return true;
  }
  bool ok = parseRegister(t, o);
  if (!ok && !t.empty() && (std::isdigit(static_cast<unsigned char>(t[0])) || t[0] == '-'))
    ok = parseNumber(t, type, o);
  if (!ok) {
    why = "cannot parse operand '" + std::string(t) + "'";
    return false;
  }
  o.neg = neg;
  o.abs = abs;
  o.sext = sext;
  return true;
}

}  // namespace vgpu::isa
