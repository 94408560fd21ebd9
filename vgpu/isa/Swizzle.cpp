// Parses LLVM's swizzle(...) macros into ds_swizzle_b32 patterns (the modes the ISA's bit mode
// and quad mode express; AMDGPU assembler syntax, "swizzle pattern").
#include "isa/Swizzle.h"

#include <string>
#include <vector>

#include "isa/AsmText.h"

namespace vgpu::isa {

namespace {

constexpr std::uint32_t kQuadMode = 0x8000;

std::uint32_t bitMode(unsigned andMask, unsigned orMask, unsigned xorMask) {
  return (andMask & 0x1f) | (orMask & 0x1f) << 5 | (xorMask & 0x1f) << 10;
}

bool powerOfTwo(std::int64_t x, std::int64_t lo, std::int64_t hi) {
  return x >= lo && x <= hi && (x & (x - 1)) == 0;
}

// "01pip": one character per lane-id bit, bit 4 first. 0/1 force the bit, p keeps it, i inverts.
bool bitmaskPerm(const std::string& quoted, std::uint32_t& pattern) {
  if (quoted.size() != 7 || quoted.front() != '"' || quoted.back() != '"') return false;
  unsigned andMask = 0, orMask = 0, xorMask = 0;
  for (unsigned i = 0; i < 5; ++i) {
    const unsigned bit = 1u << (4 - i);
    switch (quoted[1 + i]) {
      case '0':
        break;
      case '1':
        orMask |= bit;
        break;
      case 'p':
        andMask |= bit;
        break;
      case 'i':
        andMask |= bit;
        xorMask |= bit;
        break;
      default:
        return false;
    }
  }
  pattern = bitMode(andMask, orMask, xorMask);
  return true;
}

}  // namespace

bool parseSwizzle(std::string_view text, std::uint32_t& pattern) {
  if (text.substr(0, 8) != "swizzle(" || text.back() != ')') return false;
  std::vector<std::string> f(1);
  for (char c : text.substr(8, text.size() - 9)) {
    if (c == ',')
      f.emplace_back();
    else if (c != ' ')
      f.back() += c;
  }
  std::int64_t v[4] = {0, 0, 0, 0};
  for (std::size_t i = 1; i < f.size() && i <= 4; ++i)
    if (f[0] != "BITMASK_PERM" && !parseIntegerStrict(f[i], v[i - 1])) return false;
  if (f[0] == "QUAD_PERM" && f.size() == 5) {
    pattern = kQuadMode;
    for (unsigned i = 0; i < 4; ++i) {
      if (v[i] < 0 || v[i] > 3) return false;
      pattern |= static_cast<std::uint32_t>(v[i]) << (2 * i);
    }
    return true;
  }
  if (f[0] == "BITMASK_PERM" && f.size() == 2) return bitmaskPerm(f[1], pattern);
  // BROADCAST: every lane of each group of `size` reads the group's lane `lane`.
  if (f[0] == "BROADCAST" && f.size() == 3 && powerOfTwo(v[0], 2, 32) && v[1] >= 0 && v[1] < v[0]) {
    pattern = bitMode(~static_cast<unsigned>(v[0] - 1), static_cast<unsigned>(v[1]), 0);
    return true;
  }
  // SWAP: neighbouring groups of n lanes exchange data.
  if (f[0] == "SWAP" && f.size() == 2 && powerOfTwo(v[0], 1, 16)) {
    pattern = bitMode(0x1f, 0, static_cast<unsigned>(v[0]));
    return true;
  }
  // REVERSE: lanes reverse their order within each group of n.
  if (f[0] == "REVERSE" && f.size() == 2 && powerOfTwo(v[0], 2, 32)) {
    pattern = bitMode(0x1f, 0, static_cast<unsigned>(v[0] - 1));
    return true;
  }
  return false;
}

}  // namespace vgpu::isa
