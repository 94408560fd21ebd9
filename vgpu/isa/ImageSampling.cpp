// Texel selection and filtering (RDNA2 ISA section 8.2.2 "sampler": address modes, point and
// bilinear filters, mip filters, depth compare; the selection rules are D3D's, which the
// hardware implements: point takes floor(u), bilinear blends floor(u - 0.5) and its neighbour
// with a fraction of 8 bits, as the texture unit's fixed-point weights have).
#include "isa/ImageSampling.h"

#include <bit>
#include <cmath>

#include "isa/Memory.h"

namespace vgpu::isa {

namespace {

using Clamp = ImageSampler::Clamp;

float asFloat(std::uint32_t b) {
  return std::bit_cast<float>(b);
}
std::uint32_t floatBits(float f) {
  return std::bit_cast<std::uint32_t>(f);
}

// The texel index address mode c makes of i on an axis of n texels; -1 selects the border.
std::int64_t applyClamp(Clamp c, std::int64_t i, std::int64_t n) {
  switch (c) {
    case Clamp::wrap:
      return ((i % n) + n) % n;
    case Clamp::mirror: {
      std::int64_t m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
    }
    case Clamp::clampLastTexel:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
    case Clamp::mirrorOnceLastTexel: {
      std::int64_t m = i < 0 ? -1 - i : i;
      return m >= n ? n - 1 : m;
    }
    case Clamp::clampHalfBorder:
    case Clamp::clampBorder:
      return i < 0 || i >= n ? -1 : i;
    case Clamp::mirrorOnceHalfBorder:
    case Clamp::mirrorOnceBorder: {
      std::int64_t m = i < 0 ? -1 - i : i;
      return m >= n ? -1 : m;
    }
  }
  return -1;
}

// Border colours replace the whole returned value: the hardware does not swizzle them.
Texel borderTexel(const ImageSampler& s, bool integer) {
  const std::uint32_t one = integer ? 1u : floatBits(1.0f);
  switch (s.borderType) {
    case 1:
      return {0, 0, 0, one};
    case 2:
      return {one, one, one, one};
    default:
      return {0, 0, 0, 0};
  }
}

bool compareDepth(unsigned func, float reference, float texel) {
  switch (func) {
    case 1:
      return reference < texel;
    case 2:
      return reference == texel;
    case 3:
      return reference <= texel;
    case 4:
      return reference > texel;
    case 5:
      return reference != texel;
    case 6:
      return reference >= texel;
    case 7:
      return true;
    default:
      return false;
  }
}

unsigned spatialAxes(ImageDim d) {
  switch (d) {
    case ImageDim::d1:
    case ImageDim::d1Array:
      return 1;
    case ImageDim::d3:
      return 3;
    default:
      return 2;
  }
}

// One footprint corner after address modes: the swizzled texel, or the border.
bool fetch(const TexelAccess& a, const ImageSampler& s, const SamplePoint& p, unsigned level,
           const std::int64_t (&index)[3], unsigned axes, Texel& out) {
  const ImageResource& img = a.image;
  const std::int64_t size[3] = {img.levelWidth(level), img.levelHeight(level),
                                img.levelDepth(level)};
  std::uint32_t at[3] = {0, 0, p.layer};
  for (unsigned k = 0; k < axes; ++k) {
    std::int64_t i = applyClamp(p.cubeFace ? Clamp::clampLastTexel : s.clamp[k], index[k], size[k]);
    if (i < 0) {
      out = borderTexel(s, img.format.integer());
      return true;
    }
    at[k] = static_cast<std::uint32_t>(i);
  }
  Texel raw;
  if (!a.read(level, at[0], at[1], at[2], raw)) return false;
  out = swizzle(img, raw);
  if (p.compare)
    out[0] = floatBits(compareDepth(s.depthCompare, p.reference, asFloat(out[0])) ? 1.0f : 0.0f);
  return true;
}

// The footprint's first corner and weights of one axis for a level.
void axisFootprint(float coord, std::uint32_t size, bool unnormalized, bool linear,
                   std::int64_t& first, float& fraction) {
  float t = unnormalized ? coord : coord * static_cast<float>(size);
  // The unit's fixed-point conversion reads NaN as 0 (D3D's float-to-fixed conversion rule; no
  // AMD document says otherwise) and saturates: 2^20 texels is far beyond every axis (16384 at
  // most) yet small enough that the half-texel shift and 8 fraction bits below stay exact in f32,
  // so wrap and mirror still see an integer, clamp modes the edge, and the integer conversions stay
  // defined.
  constexpr float kSaturated = 1048576.0f;
  t = std::isnan(t) ? 0.0f : std::fmin(std::fmax(t, -kSaturated), kSaturated);
  // The texture unit turns texel coordinates into fixed point with 8 fraction bits before it
  // selects texels, so a coordinate a rounding error below a texel edge lands on it (device
  // libraries' point-sampling code, floor(x * w) / w, relies on that).
  t = std::nearbyint(t * 256.0f) / 256.0f;
  if (!linear) {
    first = static_cast<std::int64_t>(std::floor(t));
    fraction = 0;
    return;
  }
  t -= 0.5f;
  first = static_cast<std::int64_t>(std::floor(t));
  fraction = t - std::floor(t);  // exact: t has 8 fraction bits
}

bool sampleLevel(const TexelAccess& a, const ImageSampler& s, const SamplePoint& p, unsigned level,
                 bool linear, Texel& out) {
  const ImageResource& img = a.image;
  const unsigned axes = spatialAxes(img.dim);
  const std::uint32_t size[3] = {img.levelWidth(level), img.levelHeight(level),
                                 img.levelDepth(level)};
  std::int64_t first[3] = {0, 0, 0};
  float frac[3] = {0, 0, 0};
  for (unsigned k = 0; k < axes; ++k)
    axisFootprint(p.coord[k], size[k], p.unnormalized, linear, first[k], frac[k]);
  if (!linear) {
    return fetch(a, s, p, level, first, axes, out);
  }
  float sum[4] = {0, 0, 0, 0};
  for (unsigned corner = 0; corner < (1u << axes); ++corner) {
    std::int64_t index[3] = {first[0], first[1], first[2]};
    float weight = 1;
    for (unsigned k = 0; k < axes; ++k) {
      const bool second = (corner >> k) & 1;
      index[k] += second;
      weight *= second ? frac[k] : 1 - frac[k];
    }
    Texel t;
    if (!fetch(a, s, p, level, index, axes, t)) return false;
    for (unsigned c = 0; c < 4; ++c) sum[c] += weight * asFloat(t[c]);
  }
  for (unsigned c = 0; c < 4; ++c) out[c] = floatBits(sum[c]);
  return true;
}

}  // namespace

std::uint64_t TexelAccess::address(unsigned level, std::uint32_t x, std::uint32_t y,
                                   std::uint32_t z) const {
  if (image.tiled())
    return image.base + tiledTexelOffset(image.tiling, image.pitch, image.tiledRows, x, y, z);
  const std::uint64_t row = std::uint64_t{z} * image.levelHeight(level) + y;
  return image.base + image.levelOffset(level) +
         (row * image.levelPitch(level) + x) * image.format.bytes();
}

bool TexelAccess::read(unsigned level, std::uint32_t x, std::uint32_t y, std::uint32_t z,
                       Texel& out) const {
  const std::uint64_t at = address(level, x, y, z);
  std::uint8_t bytes[16];
  if (!checkGlobal(wave, at, image.format.bytes(), static_cast<int>(lane))) return false;
  loadBytes(bytes, at, image.format.bytes());
  out = unpackTexel(image.format, bytes);
  return true;
}

bool TexelAccess::write(unsigned level, std::uint32_t x, std::uint32_t y, std::uint32_t z,
                        const Texel& values) const {
  const std::uint64_t at = address(level, x, y, z);
  std::uint8_t bytes[16];
  if (!checkGlobal(wave, at, image.format.bytes(), static_cast<int>(lane))) return false;
  packTexel(image.format, values, bytes);
  storeBytes(at, bytes, image.format.bytes());
  return true;
}

Texel swizzle(const ImageResource& image, const Texel& t) {
  const std::uint32_t one = image.format.integer() ? 1u : floatBits(1.0f);
  Texel out;
  for (unsigned c = 0; c < 4; ++c) {
    const std::uint8_t sel = image.dstSel[c];
    out[c] = sel == 0 ? 0 : sel == 1 ? one : t[sel - 4];
  }
  return out;
}

bool sampleImage(const TexelAccess& a, const ImageSampler& s, const SamplePoint& p, Texel& out) {
  const ImageResource& img = a.image;
  // Integer formats are never filtered; the LOD decides magnification versus minification.
  const bool linear = !img.format.integer() && (p.lod <= 0 ? s.magLinear : s.minLinear);
  const unsigned levels = img.lastLevel - img.baseLevel;
  const float lod = std::fmax(p.lod, 0.0f);
  if (s.mipFilter == 0 || levels == 0) return sampleLevel(a, s, p, img.baseLevel, linear, out);
  if (s.mipFilter == 1) {
    const unsigned nearest = static_cast<unsigned>(std::fmin(std::floor(lod + 0.5f), levels));
    return sampleLevel(a, s, p, img.baseLevel + nearest, linear, out);
  }
  const unsigned lower = static_cast<unsigned>(std::fmin(std::floor(lod), levels));
  const float weight = lower == levels ? 0 : std::nearbyint((lod - lower) * 256.0f) / 256.0f;
  Texel t0, t1;
  if (!sampleLevel(a, s, p, img.baseLevel + lower, linear, t0)) return false;
  if (weight == 0) {
    out = t0;
    return true;
  }
  if (!sampleLevel(a, s, p, img.baseLevel + lower + 1, linear, t1)) return false;
  for (unsigned c = 0; c < 4; ++c)
    out[c] = floatBits((1 - weight) * asFloat(t0[c]) + weight * asFloat(t1[c]));
  return true;
}

bool gatherImage(const TexelAccess& a, const ImageSampler& s, const SamplePoint& p,
                 unsigned channel, Texel& out) {
  const ImageResource& img = a.image;
  const unsigned level = img.baseLevel;
  std::int64_t first[3] = {0, 0, 0};
  float frac[3];
  for (unsigned k = 0; k < 2; ++k)
    axisFootprint(p.coord[k], k ? img.levelHeight(level) : img.levelWidth(level), p.unnormalized,
                  /*linear=*/true, first[k], frac[k]);
  static constexpr int kCorner[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  for (unsigned r = 0; r < 4; ++r) {
    const std::int64_t index[3] = {first[0] + kCorner[r][0], first[1] + kCorner[r][1], 0};
    Texel t;
    if (!fetch(a, s, p, level, index, 2, t)) return false;
    out[r] = t[channel];
  }
  return true;
}

}  // namespace vgpu::isa
