// T# and S# words (RDNA2 ISA / RDNA3 ISA section 8.2). Field positions written here:
//   T# word0 base address bits 39:8           word1 7:0 address bits 47:40, FORMAT (gfx10.3:
//      28:20; gfx11: 27:20), 31:30 WIDTH-1 bits 1:0
//      word2 11:0 WIDTH-1 bits 13:2, 27:14 HEIGHT-1
//      word3 11:0 DST_SEL_X/Y/Z/W, 15:12 BASE_LEVEL, 19:16 LAST_LEVEL, 24:20 SW_MODE (0 linear),
//            31:28 TYPE
//      word4 13:0 DEPTH-1 (3D), last layer (arrays) or PITCH-1 in texels (1D/2D)
//      word5 gfx10.3: 7:4 MAX_MIP (gfx11 keeps it in word1 19:16)
//   Levels: BASE_LEVEL 0, LAST_LEVEL = MAX_MIP = levels - 1, laid out as mipLevelOffset says
//   S# word0 2:0/5:3/8:6 CLAMP_X/Y/Z, 15 FORCE_UNNORMALIZED
//      word1 11:0 MIN_LOD, 23:12 MAX_LOD (4.8 fixed point)
//      word2 13:0 LOD_BIAS (signed 6.8), 21:20 XY_MAG_FILTER, 23:22 XY_MIN_FILTER,
//            27:26 MIP_FILTER
//      word3 31:30 BORDER_COLOR_TYPE (0 transparent black, CUDA's default; 1 opaque black;
//            2 opaque white)
#include "ImageDescriptors.h"

#include <algorithm>

namespace hipcore::core {

namespace {

// DST_SEL values: the constants 0 and 1, channels X..W.
constexpr std::uint32_t kSelZero = 0, kSelOne = 1, kSelX = 4;

// SQ_TEX_CLAMP for HIP's address modes.
std::uint32_t clampOf(hipTextureAddressMode m) {
  switch (m) {
    case hipAddressModeWrap:
      return 0;  // SQ_TEX_WRAP
    case hipAddressModeMirror:
      return 1;  // SQ_TEX_MIRROR
    case hipAddressModeClamp:
      return 2;  // SQ_TEX_CLAMP_LAST_TEXEL
    default:
      return 6;  // SQ_TEX_CLAMP_BORDER
  }
}

}  // namespace

bool texelFormatOf(const hipChannelFormatDesc& d, bool normalizedRead, TexelFormat& out) {
  const int widths[4] = {d.x, d.y, d.z, d.w};
  int channels = 0;
  while (channels < 4 && widths[channels] != 0) ++channels;
  for (int c = 0; c < 4; ++c)
    if ((c < channels && widths[c] != d.x) || (c >= channels && widths[c] != 0)) return false;
  if (channels == 0 || channels == 3 || (d.x != 8 && d.x != 16 && d.x != 32)) return false;
  out.channels = static_cast<std::uint8_t>(channels);
  out.bits = static_cast<std::uint8_t>(d.x);
  switch (d.f) {
    case hipChannelFormatKindFloat:
      if (d.x == 8) return false;
      out.kind = TexelKind::floating;
      return true;
    case hipChannelFormatKindSigned:
      out.kind = normalizedRead && d.x != 32 ? TexelKind::snorm : TexelKind::sint;
      return true;
    case hipChannelFormatKindUnsigned:
      out.kind = normalizedRead && d.x != 32 ? TexelKind::unorm : TexelKind::uint;
      return true;
    default:
      return false;
  }
}

bool imageFormatCode(ImageGeneration g, const TexelFormat& f, std::uint32_t& code) {
  // Each channel layout's formats are a run of codes: unorm, snorm, uscaled, sscaled, uint,
  // sint[, float] for 8/16-bit channels; uint, sint, float for 32-bit ones. The first code of
  // each run, as llvm-mc-19 assembles format:[BUF_FMT_*] for gfx1030 and gfx1100.
  struct Run {
    std::uint8_t channels, bits, first10, first11;
  };
  if (f.srgb) {
    // Apart from the runs: 8_SRGB, 8_8_SRGB, 8_8_8_8_SRGB from 128 on gfx10.3 and from 64 on
    // gfx11 (what AMD's ROCR writes for an sRGB texture of uchar4 on each target).
    if (f.kind != TexelKind::unorm || f.bits != 8) return false;
    code = (g == ImageGeneration::gfx11 ? 64 : 128) + (f.channels == 4 ? 2 : f.channels - 1);
    return true;
  }
  static constexpr Run kRuns[] = {{1, 8, 1, 1},    {1, 16, 7, 7},   {2, 8, 14, 14},
                                  {1, 32, 20, 20}, {2, 16, 23, 23}, {4, 8, 56, 42},
                                  {2, 32, 62, 48}, {4, 16, 65, 51}, {4, 32, 75, 61}};
  for (const Run& r : kRuns) {
    if (r.channels != f.channels || r.bits != f.bits) continue;
    const std::uint32_t first = g == ImageGeneration::gfx11 ? r.first11 : r.first10;
    if (f.bits == 32) {
      const std::uint32_t at[] = {~0u, ~0u, 0, 1, 2};  // by kind: unorm, snorm, uint, sint, float
      const std::uint32_t offset = at[static_cast<int>(f.kind)];
      if (offset == ~0u) return false;
      code = first + offset;
      return true;
    }
    const std::uint32_t at[] = {0, 1, 4, 5, 6};
    if (f.kind == TexelKind::floating && f.bits == 8) return false;
    code = first + at[static_cast<int>(f.kind)];
    return true;
  }
  return false;
}

void writeImageDescriptor(ImageGeneration g, const ImageLayout& l, std::uint32_t (&w)[8]) {
  std::uint32_t format = 0;
  imageFormatCode(g, l.format, format);
  const std::uint32_t widthM1 = l.width - 1, heightM1 = l.height - 1;
  w[0] = static_cast<std::uint32_t>(l.address >> 8);
  w[1] = static_cast<std::uint32_t>((l.address >> 40) & 0xff) | format << 20 | (widthM1 & 3) << 30;
  w[2] = (widthM1 >> 2) | heightM1 << 14;
  std::uint32_t sel = 0;
  for (unsigned c = 0; c < 4; ++c) {
    const std::uint32_t s = c < l.format.channels ? kSelX + c : c == 3 ? kSelOne : kSelZero;
    sel |= s << (3 * c);
  }
  const std::uint32_t lastLevel = l.levels - 1;  // BASE_LEVEL 0; linear (SW_MODE 0)
  w[3] = sel | lastLevel << 16 | static_cast<std::uint32_t>(l.type) << 28;
  if (g == ImageGeneration::gfx11) w[1] |= lastLevel << 16;  // MAX_MIP
  const std::uint32_t pitchTexels = static_cast<std::uint32_t>(l.rowPitch / l.format.bytes());
  switch (l.type) {
    case ImageType::d3:
    case ImageType::cube:
    case ImageType::d1Array:
    case ImageType::d2Array:
      w[4] = l.depth - 1;
      break;
    default:
      w[4] = pitchTexels - 1;
  }
  w[5] = g == ImageGeneration::gfx11 ? 0 : lastLevel << 4;  // gfx10.3's MAX_MIP
  w[6] = 0;
  w[7] = 0;
}

void writeBufferDescriptor(ImageGeneration g, const ImageLayout& l, std::uint32_t (&w)[8]) {
  std::uint32_t format = 0;
  imageFormatCode(g, l.format, format);  // buffers and images share the unified formats
  std::uint32_t sel = 0;
  for (unsigned c = 0; c < 4; ++c) {
    const std::uint32_t s = c < l.format.channels ? kSelX + c : c == 3 ? kSelOne : kSelZero;
    sel |= s << (3 * c);
  }
  w[0] = static_cast<std::uint32_t>(l.address);
  w[1] = static_cast<std::uint32_t>((l.address >> 32) & 0xffff) | l.format.bytes() << 16;  // stride
  w[2] = l.width;  // NUM_RECORDS: elements, the buffer being strided
  // FORMAT at bits 18:12 (gfx11: 17:12); gfx10.3 requires RESOURCE_LEVEL (bit 24) set.
  w[3] = sel | format << 12 | (g == ImageGeneration::gfx11 ? 0u : 1u << 24);
  w[4] = w[5] = w[6] = w[7] = 0;
}

void writeImageMetadata(const ImageLayout& l, std::uint32_t (&w)[4]) {
  // HSA_EXT_IMAGE_CHANNEL_TYPE_*: SNORM_INT8 0, SNORM_INT16 1, UNORM_INT8 2, UNORM_INT16 3,
  // SIGNED_INT8 8, SIGNED_INT16 9, SIGNED_INT32 10, UNSIGNED_INT8 11, UNSIGNED_INT16 12,
  // UNSIGNED_INT32 13, HALF_FLOAT 14, FLOAT 15.
  const unsigned wide = l.format.bits == 8 ? 0 : l.format.bits == 16 ? 1 : 2;
  std::uint32_t type = 0;
  switch (l.format.kind) {
    case TexelKind::snorm:
      type = wide;
      break;
    case TexelKind::unorm:
      type = 2 + wide;
      break;
    case TexelKind::sint:
      type = 8 + wide;
      break;
    case TexelKind::uint:
      type = 11 + wide;
      break;
    case TexelKind::floating:
      type = l.format.bits == 16 ? 14 : 15;
      break;
  }
  // HSA_EXT_IMAGE_CHANNEL_ORDER_*: R 1, RG 3, RGBA 8, SRGBA 14 (HSA has no one- or
  // two-channel sRGB order: those report R and RG).
  const std::uint32_t order = l.format.channels == 1   ? 1
                              : l.format.channels == 2 ? 3
                              : l.format.srgb          ? 14
                                                       : 8;
  w[0] = type;
  w[1] = order;
  w[2] = l.width;
  w[3] = 0;
}

void writeSamplerDescriptor(ImageGeneration, const SamplerState& s, std::uint32_t (&w)[4]) {
  w[0] = clampOf(s.addressMode[0]) | clampOf(s.addressMode[1]) << 3 |
         clampOf(s.addressMode[2]) << 6 | (s.normalizedCoords ? 0u : 1u) << 15;
  auto fixed48 = [](float v) {  // unsigned 4.8 fixed point, clamped to the field
    return static_cast<std::uint32_t>(std::min(std::max(v, 0.0f), 15.99f) * 256.0f);
  };
  w[1] = fixed48(s.minLod) | fixed48(s.maxLod) << 12;
  const std::uint32_t filter = s.linear ? 1 : 0;
  // LOD_BIAS: signed 6.8 fixed point in 13:0.
  const std::int32_t bias =
      static_cast<std::int32_t>(std::min(std::max(s.lodBias, -31.99f), 31.99f) * 256.0f);
  w[2] = (static_cast<std::uint32_t>(bias) & 0x3fff) | filter << 20 | filter << 22 |
         std::uint32_t{s.mipFilter} << 26;
  w[3] = std::uint32_t{s.borderType} << 30;
}

std::uint64_t mipLevelOffset(const ImageLayout& l, unsigned level) {
  std::uint64_t offset = 0;
  for (unsigned i = 0; i < level; ++i) {
    const ImageLayout m = mipLevel(l, i);
    offset += m.rowPitch * m.height * m.depth;
    offset = (offset + kImageRowAlignment - 1) / kImageRowAlignment * kImageRowAlignment;
  }
  return offset;
}

ImageLayout mipLevel(const ImageLayout& l, unsigned level) {
  ImageLayout m = l;
  auto shrink = [level](std::uint32_t v) { return std::max<std::uint32_t>(1, v >> level); };
  m.width = shrink(l.width);
  if (l.type != ImageType::d1 && l.type != ImageType::d1Array) m.height = shrink(l.height);
  if (l.type == ImageType::d3) m.depth = shrink(l.depth);
  const std::uint64_t row = std::uint64_t{m.width} * l.format.bytes();
  m.rowPitch = (row + kImageRowAlignment - 1) / kImageRowAlignment * kImageRowAlignment;
  m.levels = 1;
  if (level != 0) m.address = l.address + mipLevelOffset(l, level);
  return m;
}

bool borderTypeOf(const float (&c)[4], std::uint8_t& type) {
  const bool black = c[0] == 0 && c[1] == 0 && c[2] == 0,
             white = c[0] == 1 && c[1] == 1 && c[2] == 1;
  if (black && c[3] == 0)
    type = 0;
  else if (black && c[3] == 1)
    type = 1;
  else if (white && c[3] == 1)
    type = 2;
  else
    return false;
  return true;
}

}  // namespace hipcore::core
