// Image data formats (RDNA2 ISA section 8.2.3 / RDNA3 ISA section 8.2 "data formats"; the codes
// are what llvm-mc-19 assembles for format:[BUF_FMT_*] on gfx1030 and gfx1100, the same unified
// numbering the image descriptor's FORMAT field uses).
#include "isa/TexelFormat.h"

#include <bit>
#include <cmath>
#include <cstring>

namespace vgpu::isa {

namespace {

using Kind = TexelFormat::Kind;

// Each channel layout occupies a run of consecutive codes in one of three orders.
enum class Run : std::uint8_t {
  normInt,       // unorm, snorm, uscaled, sscaled, uint, sint
  normIntFloat,  // the same, then float
  intFloat,      // uint, sint, float
};

struct Family {
  std::uint8_t channels, bits;
  Run run;
  std::uint8_t first[2];  // first code on gfx10.3, gfx11
};

constexpr Family kFamilies[] = {
    {1, 8, Run::normInt, {1, 1}},         {1, 16, Run::normIntFloat, {7, 7}},
    {2, 8, Run::normInt, {14, 14}},       {1, 32, Run::intFloat, {20, 20}},
    {2, 16, Run::normIntFloat, {23, 23}}, {4, 8, Run::normInt, {56, 42}},
    {2, 32, Run::intFloat, {62, 48}},     {4, 16, Run::normIntFloat, {65, 51}},
    {3, 32, Run::intFloat, {72, 58}},     {4, 32, Run::intFloat, {75, 61}},
};

// The sRGB formats, 8-bit unorm with one, two or four channels, sit apart from the runs above:
// 128-130 on gfx10.3, 64-66 on gfx11 (8_SRGB, 8_8_SRGB, 8_8_8_8_SRGB; the codes AMD's ROCR
// writes for a HIP texture with sRGB set on each target).
constexpr std::uint8_t kFirstSrgb[2] = {128, 64};
constexpr std::uint8_t kSrgbChannels[3] = {1, 2, 4};

// The kind at position i of a run; false for the scaled formats (integers converted to float,
// which HIP never creates).
bool kindAt(Run run, unsigned i, Kind& kind) {
  static constexpr Kind kNorm[] = {Kind::unorm, Kind::snorm, Kind::unorm,   Kind::unorm,
                                   Kind::uint,  Kind::sint,  Kind::floating};
  static constexpr Kind kInt[] = {Kind::uint, Kind::sint, Kind::floating};
  if (run == Run::intFloat) {
    if (i >= 3) return false;
    kind = kInt[i];
    return true;
  }
  if (i == 2 || i == 3 || i >= (run == Run::normInt ? 6u : 7u)) return false;
  kind = kNorm[i];
  return true;
}

std::uint32_t f32Bits(float f) {
  return std::bit_cast<std::uint32_t>(f);
}
float asF32(std::uint32_t b) {
  return std::bit_cast<float>(b);
}

std::uint32_t readChannel(const std::uint8_t* p, unsigned bits) {
  std::uint32_t v = 0;
  std::memcpy(&v, p, bits / 8);
  return v;
}

// An sRGB-encoded 8-bit channel as a linear value: the IEC 61966-2-1 curve evaluated in double
// and rounded once to f32.
float srgbToLinear(std::uint32_t raw) {
  const double c = raw / 255.0;
  return static_cast<float>(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
}

// A stored channel as the instruction returns it.
std::uint32_t channelValue(const TexelFormat& f, std::uint32_t raw) {
  const double maxU = std::ldexp(1.0, f.bits) - 1, maxS = std::ldexp(1.0, f.bits - 1) - 1;
  const std::int32_t signedRaw =
      f.bits == 32 ? static_cast<std::int32_t>(raw)
                   : static_cast<std::int32_t>(raw << (32 - f.bits)) >> (32 - f.bits);
  switch (f.kind) {
    case Kind::unorm:  // one correctly rounded f32 division, as the hardware's conversion
      return f32Bits(static_cast<float>(raw) / static_cast<float>(maxU));
    case Kind::snorm:  // both -MAX and -MAX-1 map to -1.0 (RDNA2 ISA 8.2.3 "SNORM")
      return f32Bits(std::fmax(static_cast<float>(signedRaw) / static_cast<float>(maxS), -1.0f));
    case Kind::uint:
      return raw;
    case Kind::sint:
      return static_cast<std::uint32_t>(signedRaw);
    case Kind::floating:
      return f.bits == 32 ? raw
                          : f32Bits(static_cast<float>(
                                std::bit_cast<_Float16>(static_cast<std::uint16_t>(raw))));
  }
  return 0;
}

std::uint32_t storedChannel(const TexelFormat& f, std::uint32_t value) {
  const double maxU = std::ldexp(1.0, f.bits) - 1, maxS = std::ldexp(1.0, f.bits - 1) - 1;
  const std::uint32_t mask = f.bits == 32 ? ~0u : (1u << f.bits) - 1;
  const float x = asF32(value);
  switch (f.kind) {
    case Kind::unorm:  // NaN stores 0
      return static_cast<std::uint32_t>(std::nearbyint(std::fmin(std::fmax(x, 0.0f), 1.0f) * maxU));
    case Kind::snorm:
      return static_cast<std::uint32_t>(static_cast<std::int32_t>(
                 std::nearbyint(std::fmin(std::fmax(x, -1.0f), 1.0f) * maxS))) &
             mask;
    case Kind::uint:
      return value > mask ? mask : value;
    case Kind::sint: {
      const std::int64_t lo = -static_cast<std::int64_t>(maxS) - 1,
                         hi = static_cast<std::int64_t>(maxS);
      const std::int64_t v = static_cast<std::int32_t>(value);
      return static_cast<std::uint32_t>(v < lo ? lo : v > hi ? hi : v) & mask;
    }
    case Kind::floating:
      return f.bits == 32 ? value : std::bit_cast<std::uint16_t>(static_cast<_Float16>(x));
  }
  return 0;
}

}  // namespace

bool lookupTexelFormat(GpuTarget target, unsigned code, TexelFormat& out) {
  const unsigned gen = target == GpuTarget::gfx1100 ? 1 : 0;
  if (code >= kFirstSrgb[gen] && code < kFirstSrgb[gen] + 3u) {
    out = TexelFormat{kSrgbChannels[code - kFirstSrgb[gen]], 8, Kind::unorm, /*srgb=*/true};
    return true;
  }
  for (const Family& fam : kFamilies) {
    if (code < fam.first[gen]) continue;
    Kind kind;
    if (!kindAt(fam.run, code - fam.first[gen], kind)) continue;
    out = TexelFormat{fam.channels, fam.bits, kind};
    return true;
  }
  return false;
}

std::array<std::uint32_t, 4> unpackTexel(const TexelFormat& f, const std::uint8_t* texel) {
  std::array<std::uint32_t, 4> v{0, 0, 0, f.integer() ? 1u : f32Bits(1.0f)};
  for (unsigned c = 0; c < f.channels; ++c) {
    const std::uint32_t raw = readChannel(texel + c * f.bits / 8, f.bits);
    v[c] = f.srgb && c < 3 ? f32Bits(srgbToLinear(raw)) : channelValue(f, raw);
  }
  return v;
}

void packTexel(const TexelFormat& f, const std::array<std::uint32_t, 4>& values,
               std::uint8_t* texel) {
  for (unsigned c = 0; c < f.channels; ++c) {
    std::uint32_t s = storedChannel(f, values[c]);
    std::memcpy(texel + c * f.bits / 8, &s, f.bits / 8);
  }
}

}  // namespace vgpu::isa
