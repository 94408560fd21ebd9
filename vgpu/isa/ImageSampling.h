// Texel addressing and filtering for the image instructions: what the texture unit does between
// a lane's coordinates and the four values it returns (RDNA2 ISA section 8.2 "image sampler",
// following the D3D/Vulkan texel selection rules the hardware implements).
#pragma once

#include <array>
#include <cstdint>

#include "isa/ImageDescriptor.h"

namespace vgpu::isa {

struct Wave;

using Texel = std::array<std::uint32_t, 4>;  // f32 bits, or integers for integer formats

// Reads and writes texels of one image for one lane, faulting (false) when the memory is not
// mapped. Coordinates are absolute (level, x, y, slice) and inside the level.
struct TexelAccess {
  Wave& wave;
  const ImageResource& image;
  unsigned lane;
  std::uint64_t address(unsigned level, std::uint32_t x, std::uint32_t y, std::uint32_t z) const;
  bool read(unsigned level, std::uint32_t x, std::uint32_t y, std::uint32_t z, Texel& out) const;
  bool write(unsigned level, std::uint32_t x, std::uint32_t y, std::uint32_t z,
             const Texel& values) const;
};

// DST_SEL: the instruction's four channels from the texel's (or the constants 0 and 1).
Texel swizzle(const ImageResource& image, const Texel& t);

// Where one sample is taken: coordinates in the image's space (normalized unless the sampler
// or instruction says otherwise), the array layer already resolved, and the level of detail.
struct SamplePoint {
  float coord[3] = {0, 0, 0};
  std::uint32_t layer = 0;  // absolute slice (arrays)
  float lod = 0;            // after bias and the sampler's clamp
  bool unnormalized = false;
  bool cubeFace = false;  // a cube's face: edges clamp (vgpu does not filter across faces)
  bool compare = false;   // depth compare against reference (replaces channel R per texel)
  float reference = 0;
};

// The filtered texel (before DST_SEL) at p; false after a fault.
bool sampleImage(const TexelAccess& access, const ImageSampler& sampler, const SamplePoint& p,
                 Texel& out);
// image_gather4: channel `channel` (after DST_SEL) of the 2x2 bilinear footprint, in the
// order (i0,j1), (i1,j1), (i1,j0), (i0,j0).
bool gatherImage(const TexelAccess& access, const ImageSampler& sampler, const SamplePoint& p,
                 unsigned channel, Texel& out);

}  // namespace vgpu::isa
