// Image resource and sampler descriptor decoding (RDNA2 ISA section 8.2 "image resource
// definition" and "sampler resource definition"; RDNA3 ISA section 8.2). Field positions:
//   T# word0      base address bits 39:8
//      word1      7:0 base address bits 47:40; gfx10.3: 28:20 FORMAT (9 bits);
//                 gfx11: 19:16 MAX_MIP, 27:20 FORMAT (8 bits); both: 31:30 WIDTH-1 bits 1:0
//      word2      11:0 WIDTH-1 bits 13:2, 27:14 HEIGHT-1
//      word3      11:0 DST_SEL_X/Y/Z/W (3 bits each), 15:12 BASE_LEVEL, 19:16 LAST_LEVEL,
//                 24:20 SW_MODE (0 = linear), 31:28 TYPE
//      word4      13:0 DEPTH-1 (3D), last array slice (arrays; cubes: the last face slice) or
//                 PITCH-1 (1D/2D); 28:16 BASE_ARRAY
//      word5      gfx10.3: 7:4 MAX_MIP
//   S# word0      2:0/5:3/8:6 CLAMP_X/Y/Z, 14:12 DEPTH_COMPARE_FUNC, 15 FORCE_UNNORMALIZED
//      word1      11:0 MIN_LOD, 23:12 MAX_LOD (unsigned 4.8)
//      word2      13:0 LOD_BIAS (signed 6.8), 21:20 XY_MAG_FILTER, 23:22 XY_MIN_FILTER,
//                 27:26 MIP_FILTER
//      word3      31:30 BORDER_COLOR_TYPE
#include "isa/ImageDescriptor.h"

#include <bit>
#include <cstdio>

namespace vgpu::isa {

namespace {

constexpr std::uint32_t bits(std::uint32_t word, unsigned hi, unsigned lo) {
  return (word >> lo) & ((hi - lo == 31) ? ~0u : ((1u << (hi - lo + 1)) - 1));
}

std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) {
  return (v + a - 1) / a * a;
}

// A tiled image's pattern and padded extents. The hardware pads rows to the block width (1D and
// 2D images: the PITCH field, which ROCR writes as addrlib's padded pitch; arrays and 3D: the
// width rounded up) and slices to the block height, as addrlib does for the allocation.
bool decodeTiling(GpuTarget target, ImageResource& r, std::string& why) {
  const unsigned bytes = r.format.bytes();
  const std::string mode = "image descriptor SW_MODE " + std::to_string(r.swizzleMode) + " (" +
                           swizzleModeName(target, r.swizzleMode) + ")";
  if (!std::has_single_bit(bytes)) {
    why = mode + " with " + std::to_string(bytes) + "-byte texels is not a tiled layout";
    return false;
  }
  std::string patternWhy;
  if (!lookupSwizzlePattern(target, r.swizzleMode, r.dim == ImageDim::d3,
                            static_cast<unsigned>(std::countr_zero(bytes)), r.tiling, patternWhy)) {
    why = "image descriptor " + patternWhy;
    return false;
  }
  if (r.maxMip != 0) {
    why = mode + " with " + std::to_string(r.maxMip + 1) +
          " mip levels is not implemented (tiled images have one level here)";
    return false;
  }
  const SwizzlePattern& p = r.tiling;
  const std::uint64_t blockMask = (std::uint64_t{1} << p.blockLog2) - 1;
  if ((r.base & blockMask) != 0) {
    // Drivers put a pipe/bank XOR in the block-offset bits of the address; ROCR never does.
    char address[24];
    std::snprintf(address, sizeof address, "0x%llx", static_cast<unsigned long long>(r.base));
    why = mode + ": base address " + address +
          " is not aligned to the block (a pipe/bank XOR is not implemented)";
    return false;
  }
  const std::uint32_t blockWidth = 1u << p.widthLog2;
  if (r.dim == ImageDim::d1 || r.dim == ImageDim::d2) {
    if (r.pitch % blockWidth != 0) {
      why = mode + ": pitch " + std::to_string(r.pitch) + " is not a multiple of the block width " +
            std::to_string(blockWidth);
      return false;
    }
  } else {
    r.pitch = static_cast<std::uint32_t>(alignUp(r.width, blockWidth));
  }
  r.tiledRows = static_cast<std::uint32_t>(alignUp(r.levelHeight(0), 1u << p.heightLog2));
  return true;
}

}  // namespace

std::uint32_t ImageResource::levelHeight(unsigned l) const {
  if (dim == ImageDim::d1 || dim == ImageDim::d1Array) return 1;
  return height >> l ? height >> l : 1;
}

std::uint32_t ImageResource::levelDepth(unsigned l) const {
  if (dim == ImageDim::d3) return depth >> l ? depth >> l : 1;
  return arrayed() ? lastArray + 1 : 1;
}

std::uint32_t ImageResource::levelPitch(unsigned l) const {
  if (l == 0) return pitch;
  const unsigned bytes = format.bytes();
  return static_cast<std::uint32_t>(
      alignUp(std::uint64_t{levelWidth(l)} * bytes, kLinearAlignment) / bytes);
}

std::uint64_t ImageResource::levelBytes(unsigned l) const {
  return std::uint64_t{levelPitch(l)} * levelHeight(l) * levelDepth(l) * format.bytes();
}

std::uint64_t ImageResource::sliceBytes() const {
  const std::uint32_t rows = tiled() ? tiledRows : levelHeight(0);
  return std::uint64_t{pitch} * rows * format.bytes();
}

std::uint64_t ImageResource::levelOffset(unsigned l) const {
  std::uint64_t offset = 0;
  for (unsigned i = 0; i < l; ++i) offset = alignUp(offset + levelBytes(i), kLinearAlignment);
  return offset;
}

bool decodeImageResource(GpuTarget target, const std::uint32_t* w, ImageResource& r,
                         std::string& why) {
  const bool gfx11 = target == GpuTarget::gfx1100;
  // The address first, so that a report about any other field names the image.
  r.base = (std::uint64_t{w[0]} | std::uint64_t{bits(w[1], 7, 0)} << 32) << 8;
  const unsigned type = bits(w[3], 31, 28);
  if (type < 8) {
    why = "image descriptor TYPE " + std::to_string(type) + " is not an image";
    return false;
  }
  r.dim = static_cast<ImageDim>(type - 8);
  if (r.dim == ImageDim::d2Msaa || r.dim == ImageDim::d2MsaaArray) {
    why = "image descriptor TYPE " + std::to_string(type) + " (MSAA) is not implemented";
    return false;
  }
  const unsigned code = gfx11 ? bits(w[1], 27, 20) : bits(w[1], 28, 20);
  if (!lookupTexelFormat(target, code, r.format)) {
    why = "image descriptor FORMAT " + std::to_string(code) + " is not implemented";
    return false;
  }
  r.width = (bits(w[1], 31, 30) | bits(w[2], 11, 0) << 2) + 1;
  r.height = bits(w[2], 27, 14) + 1;
  for (unsigned c = 0; c < 4; ++c) {
    r.dstSel[c] = static_cast<std::uint8_t>(bits(w[3], 3 * c + 2, 3 * c));
    if (r.dstSel[c] == 2 || r.dstSel[c] == 3) {
      why = "image descriptor DST_SEL " + std::to_string(r.dstSel[c]) + " is reserved";
      return false;
    }
  }
  r.baseLevel = bits(w[3], 15, 12);
  r.lastLevel = bits(w[3], 19, 16);
  r.maxMip = gfx11 ? bits(w[1], 19, 16) : bits(w[5], 7, 4);
  const std::uint32_t depthField = bits(w[4], 13, 0);
  r.baseArray = bits(w[4], 28, 16);
  r.depth = 1;
  r.lastArray = 0;
  r.pitch = r.width;
  if (r.dim == ImageDim::d3)
    r.depth = depthField + 1;
  else if (r.arrayed())
    r.lastArray = depthField;
  else
    r.pitch = depthField + 1;
  if (r.dim == ImageDim::d3 || r.arrayed())  // no pitch field: rows are aligned as level > 0
    r.pitch = static_cast<std::uint32_t>(
        alignUp(std::uint64_t{r.width} * r.format.bytes(), kLinearAlignment) / r.format.bytes());
  if (r.pitch < r.width || r.baseLevel > r.lastLevel || r.lastLevel > r.maxMip ||
      r.baseArray > r.lastArray) {
    why = "image descriptor is inconsistent (width " + std::to_string(r.width) + ", pitch " +
          std::to_string(r.pitch) + ", levels " + std::to_string(r.baseLevel) + ".." +
          std::to_string(r.lastLevel) + " of " + std::to_string(r.maxMip + 1) + ", layers " +
          std::to_string(r.baseArray) + ".." + std::to_string(r.lastArray) + ")";
    return false;
  }
  r.swizzleMode = bits(w[3], 24, 20);
  return !r.tiled() || decodeTiling(target, r, why);
}

bool decodeImageSampler(GpuTarget, const std::uint32_t* w, ImageSampler& s, std::string& why) {
  for (unsigned c = 0; c < 3; ++c)
    s.clamp[c] = static_cast<ImageSampler::Clamp>(bits(w[0], 3 * c + 2, 3 * c));
  s.depthCompare = static_cast<std::uint8_t>(bits(w[0], 14, 12));
  s.unnormalized = bits(w[0], 15, 15) != 0;
  s.minLod = static_cast<float>(bits(w[1], 11, 0)) / 256.0f;
  s.maxLod = static_cast<float>(bits(w[1], 23, 12)) / 256.0f;
  const std::int32_t bias = static_cast<std::int32_t>(bits(w[2], 13, 0) << 18) >> 18;
  s.lodBias = static_cast<float>(bias) / 256.0f;
  const unsigned mag = bits(w[2], 21, 20), min = bits(w[2], 23, 22);
  if (mag > 1 || min > 1) {
    why = "sampler anisotropic filtering is not implemented";
    return false;
  }
  s.magLinear = mag == 1;
  s.minLinear = min == 1;
  s.mipFilter = static_cast<std::uint8_t>(bits(w[2], 27, 26));
  s.borderType = static_cast<std::uint8_t>(bits(w[3], 31, 30));
  if (s.borderType == 3) {
    why = "sampler border colour from the border colour table is not implemented";
    return false;
  }
  return true;
}

}  // namespace vgpu::isa
