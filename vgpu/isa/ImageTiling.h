// Tiled image layouts (the T#'s SW_MODE): where a texel of a swizzled gfx10.3 or gfx11 image
// lives, as the texture unit computes it for vgpu's address configuration (GB_ADDR_CONFIG 0: one
// pipe, a 256-byte pipe interleave, reported to the thunk by hsaKmtGetTileConfig and to ROCR's
// address library through it). The orderings are AMD's "standard" (S), "display" (D), "render"
// (R) and "Z" swizzles of 256-byte, 4 KiB, 64 KiB, 256 KiB (gfx11) and variable (gfx10.3)
// blocks (see ImageTiling.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "options/GpuTarget.h"

namespace vgpu::isa {

// One address bit of a block: the XOR of the coordinate bits its masks select.
struct SwizzleBit {
  std::uint16_t x = 0, y = 0, z = 0;
};

// The bit equation of one swizzle mode for one texel size: address bit elemLog2 + i of a texel's
// byte offset inside its block is bit[i] of its (x, y, z) coordinates. The masks may name
// coordinate bits above the block (the _X modes' XOR with the block's position), so they take
// the texel's coordinates in the whole slice, not in its block.
struct SwizzlePattern {
  std::uint8_t blockLog2 = 0;  // 8 (256 B), 12 (4 KiB), 14 (VAR at one pipe), 16, 18 (256 KiB)
  std::uint8_t elemLog2 = 0;
  std::uint8_t widthLog2 = 0, heightLog2 = 0, depthLog2 = 0;  // the block in texels
  bool thick = false;  // 3D blocks holding several depth slices
  SwizzleBit bit[18];
  std::uint32_t offset(std::uint32_t x, std::uint32_t y, std::uint32_t z) const;
};

// The SW_MODE's name on target (AMD's AddrSwizzleMode numbering), "reserved" for unused codes.
const char* swizzleModeName(GpuTarget target, unsigned mode);

// The pattern SW_MODE `mode` gives texels of 2^elemLog2 bytes on target, in a 3D image
// (`volume`: thick blocks where the mode has them) or a 1D/2D image or array (thin blocks, one
// slice each); false with why (naming the mode) when vgpu does not implement it.
bool lookupSwizzlePattern(GpuTarget target, unsigned mode, bool volume, unsigned elemLog2,
                          SwizzlePattern& out, std::string& why);

// The byte offset of texel (x, y, z) from the base of a tiled image: blocks in row-major order
// across `pitch` texels (a multiple of the block width), `rows` rows (a multiple of the block
// height) per slice, and a slice (for thick blocks, a block's depth of slices) after another.
std::uint64_t tiledTexelOffset(const SwizzlePattern& p, std::uint32_t pitch, std::uint32_t rows,
                               std::uint32_t x, std::uint32_t y, std::uint32_t z);

}  // namespace vgpu::isa
