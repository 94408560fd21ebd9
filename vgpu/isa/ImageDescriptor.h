// The image resource (T#, 8 dwords) and sampler (S#, 4 dwords) descriptors image instructions
// read from SGPRs, decoded for gfx10.3 and gfx11 (RDNA2 ISA section 8.2.1 "image resource" and
// 8.2.2 "image sampler"; RDNA3 ISA sections 8.2.1-8.2.2). Only the fields vgpu acts on are kept.
#pragma once

#include <cstdint>
#include <string>

#include "isa/ImageTiling.h"
#include "isa/TexelFormat.h"
#include "options/GpuTarget.h"

namespace vgpu::isa {

// Resource TYPE / instruction DIM: the instruction's dim field is TYPE - 8.
enum class ImageDim : std::uint8_t {
  d1 = 0,
  d2 = 1,
  d3 = 2,
  cube = 3,
  d1Array = 4,
  d2Array = 5,
  d2Msaa = 6,
  d2MsaaArray = 7
};

// Linear images: rows start every `pitch` texels, slices (3D depth or array layers) every
// pitch * height texels, and each mip level starts at the next 256-byte boundary after the
// previous level's slices (the pipe interleave the hardware's linear layouts align to).
// Tiled images (SW_MODE other than 0; one level): see ImageTiling.h.
constexpr std::uint64_t kLinearAlignment = 256;

struct ImageResource {
  std::uint64_t base = 0;  // byte address of level 0
  TexelFormat format;
  ImageDim dim = ImageDim::d1;
  std::uint32_t width = 1, height = 1;         // of level 0
  std::uint32_t depth = 1;                     // 3D: depth of level 0
  std::uint32_t baseArray = 0, lastArray = 0;  // array layers in view
  std::uint32_t pitch = 1;                     // texels per row (1D/2D: from the descriptor)
  std::uint32_t baseLevel = 0, lastLevel = 0, maxMip = 0;
  std::uint8_t dstSel[4] = {4, 5, 6, 7};  // 0: zero, 1: one, 4-7: channel X-W
  // Tiled images: the SW_MODE's pattern, and the slice's rows (the height padded to the block;
  // `pitch` is padded to the block width).
  unsigned swizzleMode = 0;
  SwizzlePattern tiling;
  std::uint32_t tiledRows = 0;
  bool tiled() const { return swizzleMode != 0; }
  // Arrays and cubes: slices (a cube's faces, six per cube of a cube array) counted from
  // baseArray to lastArray, and a slice coordinate after the spatial ones.
  bool arrayed() const {
    return dim == ImageDim::d1Array || dim == ImageDim::d2Array || dim == ImageDim::cube;
  }
  std::uint32_t layers() const { return lastArray - baseArray + 1; }
  // Level l's size in texels (1 at least) and its byte offset from base.
  std::uint32_t levelWidth(unsigned l) const { return width >> l ? width >> l : 1; }
  std::uint32_t levelHeight(unsigned l) const;
  std::uint32_t levelDepth(unsigned l) const;
  std::uint32_t levelPitch(unsigned l) const;
  std::uint64_t levelOffset(unsigned l) const;
  std::uint64_t levelBytes(unsigned l) const;
  // The distance between two array slices of level 0.
  std::uint64_t sliceBytes() const;
};

// Decodes words for target; false with why for descriptors vgpu cannot honour as the hardware
// would (not an image type, MSAA, a format it does not implement, a tiled layout it does not
// implement or with mip levels).
bool decodeImageResource(GpuTarget target, const std::uint32_t* words, ImageResource& out,
                         std::string& why);

struct ImageSampler {
  // SQ_TEX_CLAMP: the address mode of each coordinate.
  enum class Clamp : std::uint8_t {
    wrap = 0,
    mirror = 1,
    clampLastTexel = 2,
    mirrorOnceLastTexel = 3,
    clampHalfBorder = 4,
    mirrorOnceHalfBorder = 5,
    clampBorder = 6,
    mirrorOnceBorder = 7
  };
  Clamp clamp[3] = {Clamp::wrap, Clamp::wrap, Clamp::wrap};
  std::uint8_t depthCompare = 0;  // SQ_TEX_DEPTH_COMPARE: never, less, equal, ... always
  bool unnormalized = false;      // FORCE_UNNORMALIZED
  bool magLinear = false, minLinear = false;
  std::uint8_t mipFilter = 0;  // 0 none, 1 point, 2 linear
  float minLod = 0, maxLod = 0, lodBias = 0;
  std::uint8_t borderType = 0;  // 0 transparent black, 1 opaque black, 2 opaque white
};

bool decodeImageSampler(GpuTarget target, const std::uint32_t* words, ImageSampler& out,
                        std::string& why);

}  // namespace vgpu::isa
