// Image data formats: the FORMAT field of an image descriptor (T#) decoded into channel layout
// and numeric kind, and texels converted between memory and the 32-bit values image
// instructions return or take.
#pragma once

#include <array>
#include <cstdint>

#include "options/GpuTarget.h"

namespace vgpu::isa {

struct TexelFormat {
  enum class Kind : std::uint8_t { unorm, snorm, uint, sint, floating };
  std::uint8_t channels = 0;  // 1..4 (R, RG, RGB, RGBA)
  std::uint8_t bits = 0;      // per channel: 8, 16 or 32
  Kind kind = Kind::unorm;
  // 8-bit unorm colour channels stored sRGB-encoded: reads convert R, G and B (not alpha) to
  // linear values per texel, before any filtering.
  bool srgb = false;
  unsigned bytes() const { return channels * bits / 8u; }
  // Integer formats return raw integers; the others return f32 bit patterns.
  bool integer() const { return kind == Kind::uint || kind == Kind::sint; }
};

// The format an image descriptor's FORMAT code names on target, or false for a code vgpu does
// not implement (packed, compressed, depth-stencil, scaled formats). The codes are the
// gfx10/gfx11 "unified" formats; gfx11 renumbered those above 32-bit two-channel formats.
bool lookupTexelFormat(GpuTarget target, unsigned code, TexelFormat& out);

// One texel's channels as the instruction returns them (f32 bits or integers); channels the
// format lacks read 0, except alpha, which reads 1 (1.0f for non-integer formats).
std::array<std::uint32_t, 4> unpackTexel(const TexelFormat& f, const std::uint8_t* texel);
// The reverse for stores: values are f32 bits (unorm/snorm/float formats, rounded to nearest
// and clamped to the format's range) or integers (saturated to the channel width).
void packTexel(const TexelFormat& f, const std::array<std::uint32_t, 4>& values,
               std::uint8_t* texel);

}  // namespace vgpu::isa
