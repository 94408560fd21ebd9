// ds_swizzle_b32's 16-bit pattern (the instruction's offset field): read from LLVM's
// swizzle(...) syntax and applied to lanes (RDNA2 ISA section 11.2 "DS_SWIZZLE_B32", the same in
// RDNA3 ISA chapter 11).
//
// offset[15] = 1, quad mode: lane l reads lane (l & ~3) + offset[2*(l&3)+1 : 2*(l&3)].
// offset[15] = 0, bit mode within each group of 32 lanes: and_mask = offset[4:0],
// or_mask = offset[9:5], xor_mask = offset[14:10]; lane i reads ((i & and) | or) ^ xor.
#pragma once

#include <cstdint>
#include <string_view>

namespace vgpu::isa {

// swizzle(QUAD_PERM,a,b,c,d), swizzle(BITMASK_PERM,"01pip"), swizzle(BROADCAST,size,lane),
// swizzle(SWAP,n) or swizzle(REVERSE,n) -> the 16-bit pattern. False when malformed.
bool parseSwizzle(std::string_view text, std::uint32_t& pattern);

// The lane whose data lane `lane` receives under the pattern.
inline unsigned swizzleSource(std::uint32_t pattern, unsigned lane) {
  if (pattern & 0x8000u) return (lane & ~3u) | ((pattern >> (2 * (lane & 3))) & 3u);
  const unsigned andMask = pattern & 0x1f, orMask = (pattern >> 5) & 0x1f;
  const unsigned xorMask = (pattern >> 10) & 0x1f;
  return (lane & ~31u) | ((((lane & 31) & andMask) | orMask) ^ xorMask);
}

}  // namespace vgpu::isa
