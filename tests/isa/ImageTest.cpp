// Image instructions (MIMG) against texels, filters and address modes computed on the host from
// the descriptor layouts of the RDNA2/RDNA3 ISA documents: loads and stores of every channel
// layout and numeric kind, 1D/2D/3D/array/mip addressing, point and bilinear sampling under each
// address mode, explicit and implicit levels of detail, gathers, depth compares, get_resinfo,
// cube maps (v_cube*_f32 and the CUBE dim), out-of-range accesses and malformed descriptors.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

using u32 = std::uint32_t;

struct alignas(32) Words8 {
  u32 w[8];
};
struct alignas(16) Words4 {
  u32 w[4];
};
struct alignas(16) Int4 {
  int x, y, z, w;
};
struct alignas(16) Float4 {
  float x, y, z, w;
  float operator[](int i) const { return (&x)[i]; }
};

enum class Kind { unorm, snorm, uint, sint, floating };
struct Format {
  int channels, bits;
  Kind kind;
  unsigned code10, code11;  // llvm-mc-19's format:[BUF_FMT_*] numbers on gfx1030 / gfx1100
  bool srgb = false;        // colour channels sRGB-encoded (image-only codes)
  int bytes() const { return channels * bits / 8; }
};
const Format kR8Unorm{1, 8, Kind::unorm, 1, 1};
const Format kRg8Snorm{2, 8, Kind::snorm, 15, 15};
const Format kRgba8Unorm{4, 8, Kind::unorm, 56, 42};
const Format kRgba8Uint{4, 8, Kind::uint, 60, 46};
const Format kR16Float{1, 16, Kind::floating, 13, 13};
const Format kRg16Sint{2, 16, Kind::sint, 28, 28};
const Format kRgba16Unorm{4, 16, Kind::unorm, 65, 51};
const Format kR32Float{1, 32, Kind::floating, 22, 22};
const Format kRg32Float{2, 32, Kind::floating, 64, 50};
const Format kRgba32Float{4, 32, Kind::floating, 77, 63};
const Format kRgba32Sint{4, 32, Kind::sint, 76, 62};
// The sRGB formats: the codes AMD's ROCR writes for sRGB textures (130 on gfx1030, 66 on
// gfx1100), with 8_SRGB and 8_8_SRGB just below.
const Format kR8Srgb{1, 8, Kind::unorm, 128, 64, true};
const Format kRg8Srgb{2, 8, Kind::unorm, 129, 65, true};
const Format kRgba8Srgb{4, 8, Kind::unorm, 130, 66, true};

// SQ_RSRC_IMG_* types.
enum Type : u32 { k1D = 8, k2D = 9, k3D = 10, kCube = 11, k1DArray = 12, k2DArray = 13 };

std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) {
  return (v + a - 1) / a * a;
}

// A linear image in host memory laid out as the hardware reads one: rows `pitch` texels apart
// (1D/2D: the descriptor's pitch; others and levels > 0: rows padded to 256 bytes), slices
// pitch * height apart, each level at the next 256-byte boundary.
struct Image {
  Image(Format format, Type t, int w) : f(format), type(t), width(w) {}
  Format f;
  Type type;
  int width, height = 1, depth = 1, levels = 1;  // depth: 3D depth or array layers
  int pitch0 = 0;                                // level 0 pitch for 1D/2D (0: padded)
  std::vector<std::uint8_t> storage;
  std::uint8_t* base = nullptr;

  int lw(int l) const { return std::max(1, width >> l); }
  int lh(int l) const { return type == k1D || type == k1DArray ? 1 : std::max(1, height >> l); }
  int ld(int l) const { return type == k3D ? std::max(1, depth >> l) : depth; }
  int pitch(int l) const {
    if (l == 0 && pitch0 && (type == k1D || type == k2D)) return pitch0;
    return static_cast<int>(alignUp(std::uint64_t(lw(l)) * f.bytes(), 256) / f.bytes());
  }
  std::uint64_t levelOffset(int l) const {
    std::uint64_t o = 0;
    for (int i = 0; i < l; ++i)
      o = alignUp(o + std::uint64_t(pitch(i)) * lh(i) * ld(i) * f.bytes(), 256);
    return o;
  }
  std::uint8_t* texel(int l, int x, int y, int z) {
    return base + levelOffset(l) + ((std::uint64_t(z) * lh(l) + y) * pitch(l) + x) * f.bytes();
  }
  void allocate() {
    storage.assign(levelOffset(levels) + 512, 0);
    base = reinterpret_cast<std::uint8_t*>(
        alignUp(reinterpret_cast<std::uintptr_t>(storage.data()), 256));
  }
};

// The T# (RDNA2/RDNA3 ISA section 8.2.1) plus the width at dword 10, where the device libraries'
// point-sampling code reads it; 12 dwords.
std::vector<u32> tsharp(const Image& im, bool gfx11, const int sel[4] = nullptr, int baseLevel = 0,
                        int lastLevel = -1) {
  static const int kIdentity[4] = {4, 5, 6, 7};
  if (!sel) sel = kIdentity;
  if (lastLevel < 0) lastLevel = im.levels - 1;
  const std::uint64_t a = reinterpret_cast<std::uint64_t>(im.base);
  std::vector<u32> w(12, 0);
  const u32 wm1 = im.width - 1, hm1 = im.height - 1, maxMip = im.levels - 1;
  w[0] = static_cast<u32>(a >> 8);
  w[1] = static_cast<u32>((a >> 40) & 0xff) | (gfx11 ? im.f.code11 : im.f.code10) << 20 |
         (wm1 & 3) << 30 | (gfx11 ? maxMip << 16 : 0);
  w[2] = (wm1 >> 2) | hm1 << 14;
  w[3] = u32(sel[0]) | u32(sel[1]) << 3 | u32(sel[2]) << 6 | u32(sel[3]) << 9 |
         u32(baseLevel) << 12 | u32(lastLevel) << 16 | u32(im.type) << 28;
  const bool arrayed = im.type == k1DArray || im.type == k2DArray || im.type == kCube;
  w[4] = im.type == k3D ? im.depth - 1 : arrayed ? im.depth - 1 : im.pitch(0) - 1;
  w[5] = gfx11 ? 0 : maxMip << 4;
  w[10] = im.width;
  return w;
}

// S# (section 8.2.2): clamp modes, filter, border colour type, LOD range.
std::vector<u32> ssharp(int clamp, bool linear, int mipFilter = 0, int border = 0,
                        bool unnormalized = false, int compare = 0, float maxLod = 15) {
  std::vector<u32> w(4, 0);
  w[0] =
      u32(clamp) | u32(clamp) << 3 | u32(clamp) << 6 | u32(compare) << 12 | u32(unnormalized) << 15;
  w[1] = static_cast<u32>(maxLod * 256) << 12;
  w[2] = u32(linear) << 20 | u32(linear) << 22 | u32(mipFilter) << 26;
  w[3] = u32(border) << 30;
  return w;
}

// Host reference decoding of one stored channel.
float channelFloat(const Format& f, const std::uint8_t* p, int c) {
  std::uint64_t raw = 0;
  std::memcpy(&raw, p + c * f.bits / 8, f.bits / 8);
  const double maxU = std::pow(2.0, f.bits) - 1, maxS = std::pow(2.0, f.bits - 1) - 1;
  if (f.srgb && c < 3) {  // IEC 61966-2-1's decoding curve; alpha stays linear
    const double v = double(raw) / 255;
    return float(v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4));
  }
  switch (f.kind) {
    case Kind::unorm:
      return float(raw) / float(maxU);
    case Kind::snorm: {
      const std::int64_t s = std::int64_t(raw << (64 - f.bits)) >> (64 - f.bits);
      return std::max(float(s) / float(maxS), -1.0f);
    }
    case Kind::floating:
      return f.bits == 32 ? std::bit_cast<float>(u32(raw))
                          : float(std::bit_cast<_Float16>(std::uint16_t(raw)));
    default:
      return 0;
  }
}
u32 channelBits(const Format& f, const std::uint8_t* p, int c) {
  if (c >= f.channels)
    return c == 3 ? (f.kind == Kind::uint || f.kind == Kind::sint ? 1u : std::bit_cast<u32>(1.0f))
                  : 0u;
  std::uint64_t raw = 0;
  std::memcpy(&raw, p + c * f.bits / 8, f.bits / 8);
  if (f.kind == Kind::uint) return u32(raw);
  if (f.kind == Kind::sint) return u32(std::int64_t(raw << (64 - f.bits)) >> (64 - f.bits));
  return std::bit_cast<u32>(channelFloat(f, p, c));
}

void fillPattern(Image& im, unsigned seed) {
  std::uint32_t x = seed * 2654435761u + 1;
  for (int l = 0; l < im.levels; ++l)
    for (int z = 0; z < im.ld(l); ++z)
      for (int y = 0; y < im.lh(l); ++y)
        for (int i = 0; i < im.lw(l); ++i) {
          std::uint8_t* p = im.texel(l, i, y, z);
          for (int b = 0; b < im.f.bytes(); ++b) {
            x = x * 1664525u + 1013904223u;
            p[b] = std::uint8_t(x >> 24);
          }
          if (im.f.kind == Kind::floating)  // finite values: small floats / halves
            for (int c = 0; c < im.f.channels; ++c) {
              if (im.f.bits == 32) {
                float v = float(int(x % 2001) - 1000) / 64.0f + c + l;
                std::memcpy(p + 4 * c, &v, 4);
              } else {
                _Float16 v = _Float16(float(int(x % 201) - 100) / 8.0f + c);
                std::memcpy(p + 2 * c, &v, 2);
              }
              x = x * 1664525u + 1013904223u;
            }
        }
}

class Images : public IsaTest {
 protected:
  bool gfx11() const { return std::string(GetParam().arch) == "gfx1100"; }
  Words8 words8(const std::vector<u32>& t) {
    Words8 w;
    std::memcpy(w.w, t.data(), 32);
    return w;
  }
  Words4 words4(const std::vector<u32>& s) {
    Words4 w;
    std::memcpy(w.w, s.data(), 16);
    return w;
  }
  void addImage(Image& im, const char* name) {
    memory.add(im.base, im.levelOffset(im.levels), name);
  }
  // Keeps a value alive for the whole test: the bounds checker's ranges outlive each loop
  // iteration, so memory registered once must not be freed and reused by a later buffer.
  template <class T>
  T& hold(T value) {
    auto p = std::make_shared<T>(std::move(value));
    alive_.push_back(p);
    return *p;
  }

 private:
  std::vector<std::shared_ptr<void>> alive_;
};

// Every lane loads one texel; expected bits are the host decoding of the same bytes.
TEST_P(Images, LoadsEveryChannelLayoutAndKind) {
  for (const Format& f : {kR8Unorm, kRg8Snorm, kRgba8Unorm, kRgba8Uint, kR16Float, kRg16Sint,
                          kRgba16Unorm, kR32Float, kRg32Float, kRgba32Float, kRgba32Sint}) {
    Image& im = hold(Image(f, k2D, 5));
    im.height = 4;
    im.pitch0 = 7;  // the descriptor's pitch, wider than the image
    im.allocate();
    fillPattern(im, f.code10);
    addImage(im, "image");
    auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
    auto& at = hold(std::vector<Int4>(20));
    for (int i = 0; i < 20; ++i) at[i] = {i % 5, i / 5, 0, 0};
    auto& out = hold(std::vector<Float4>(20));
    vgpu::isa::Launch l = launch1d(1, 20);
    l.arg(buffer(t, "T#")).arg(2).arg(buffer(at, "coords")).arg(buffer(out, "out"));
    run("image", "load_image", l);
    for (int i = 0; i < 20; ++i)
      for (int c = 0; c < 4; ++c)
        ASSERT_EQ(std::bit_cast<u32>(out[i][c]), channelBits(f, im.texel(0, i % 5, i / 5, 0), c))
            << "format " << f.code10 << " lane " << i << " channel " << c;
  }
}

TEST_P(Images, DstSelSwizzlesLoadedChannels) {
  Image& im = hold(Image(kRgba8Uint, k2D, 4));
  im.height = 2;
  im.allocate();
  fillPattern(im, 3);
  addImage(im, "image");
  const int sel[4] = {6, 0, 1, 4};  // Z, zero, one, X
  auto& t = hold(std::vector<u32>(tsharp(im, gfx11(), sel)));
  auto& at = hold(std::vector<Int4>(8));
  for (int i = 0; i < 8; ++i) at[i] = {i % 4, i / 4, 0, 0};
  auto& out = hold(std::vector<Float4>(8));
  vgpu::isa::Launch l = launch1d(1, 8);
  l.arg(buffer(t, "T#")).arg(2).arg(buffer(at, "coords")).arg(buffer(out, "out"));
  run("image", "load_image", l);
  for (int i = 0; i < 8; ++i) {
    const std::uint8_t* p = im.texel(0, i % 4, i / 4, 0);
    EXPECT_EQ(std::bit_cast<u32>(out[i].x), p[2]);
    EXPECT_EQ(std::bit_cast<u32>(out[i].y), 0u);
    EXPECT_EQ(std::bit_cast<u32>(out[i].z), 1u);
    EXPECT_EQ(std::bit_cast<u32>(out[i].w), p[0]);
  }
}

// 1D, 1D array, 3D, 2D array and a mip level; lanes past the end read 0 and warn.
TEST_P(Images, LoadAddressesEveryDimensionAndLevel) {
  struct Case {
    Type type;
    int dims, w, h, d, levels;
  };
  for (const Case& k :
       {Case{k1D, 1, 9, 1, 1, 1}, Case{k1DArray, 11, 6, 1, 3, 1}, Case{k3D, 3, 4, 3, 3, 1},
        Case{k2DArray, 12, 3, 2, 4, 1}, Case{k2D, 0, 6, 5, 1, 3}}) {
    Image& im = hold(Image(kRg32Float, k.type, k.w));
    im.height = k.h;
    im.depth = k.d;
    im.levels = k.levels;
    im.allocate();
    fillPattern(im, k.dims + 7);
    addImage(im, "image");
    auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
    auto& at = hold(std::vector<Int4>());
    std::vector<std::uint8_t*> want;
    for (int l = 0; l < im.levels; ++l)
      for (int z = 0; z < im.ld(l); ++z)
        for (int y = 0; y < im.lh(l); ++y)
          for (int x = 0; x < im.lw(l); ++x) {
            Int4 c{x, y, z, l};
            if (k.type == k1DArray) c = {x, z, 0, 0};
            if (k.type == k1D) c = {x, 0, 0, 0};
            at.push_back(c);
            want.push_back(im.texel(l, x, y, z));
          }
    const std::size_t inside = at.size();
    at.push_back({k.w, 0, 0, 0});  // one past the last column
    // One past the last layer, slice or level (1D: a negative x, which is a huge unsigned one).
    if (k.type == k1D)
      at.push_back({-1, 0, 0, 0});
    else
      at.push_back({0, k.type == k1DArray ? k.d : 0, k.type == k3D || k.type == k2DArray ? k.d : 0,
                    k.levels});
    auto& out = hold(std::vector<Float4>(at.size()));
    vgpu::isa::Launch l = launch1d(1, static_cast<u32>(at.size()));
    l.strictness = vgpu::DispatchRequest::Strictness::warn;
    l.arg(buffer(t, "T#")).arg(k.dims).arg(buffer(at, "coords")).arg(buffer(out, "out"));
    vgpu::DispatchOutcome o = tryRun("image", "load_image", l);
    ASSERT_TRUE(o.ok()) << o.report;
    for (std::size_t i = 0; i < inside; ++i)
      for (int c = 0; c < 2; ++c)
        ASSERT_EQ(std::bit_cast<u32>(out[i][c]), channelBits(im.f, want[i], c))
            << "type " << k.type << " lane " << i;
    for (std::size_t i = inside; i < at.size(); ++i)
      for (int c = 0; c < 4; ++c) EXPECT_EQ(std::bit_cast<u32>(out[i][c]), 0u) << "lane " << i;
    EXPECT_EQ(o.warnings, 2u);
    EXPECT_NE(o.warning.find("image access outside the image"), std::string::npos) << o.warning;
  }
}

// Stores convert (round to nearest, clamp or saturate) into the format; lanes outside drop.
TEST_P(Images, StoresConvertIntoTheFormat) {
  struct Case {
    Format f;
    Type type;
    int dims, w, h, d, levels;
  };
  for (const Case& k :
       {Case{kRgba8Unorm, k2D, 2, 5, 3, 1, 1}, Case{kRg16Sint, k3D, 3, 3, 2, 2, 1},
        Case{kRgba16Unorm, k2DArray, 12, 2, 2, 3, 1}, Case{kR16Float, k2D, 0, 4, 4, 1, 2}}) {
    Image& im = hold(Image(k.f, k.type, k.w));
    im.height = k.h;
    im.depth = k.d;
    im.levels = k.levels;
    im.allocate();
    addImage(im, "image");
    auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
    auto& at = hold(std::vector<Int4>());
    auto& values = hold(std::vector<Float4>());
    const int l = k.levels - 1;
    for (int z = 0; z < im.ld(l); ++z)
      for (int y = 0; y < im.lh(l); ++y)
        for (int x = 0; x < im.lw(l); ++x) {
          at.push_back({x, y, z, l});
          const int i = static_cast<int>(values.size());
          Float4 v{float(i) / 7.0f - 0.4f, 1.7f - float(i) / 5.0f, float(i) * 0.13f, -0.2f};
          if (k.f.kind == Kind::sint)
            v = {std::bit_cast<float>(i * 4000 - 30000), std::bit_cast<float>(-i * 3), 0, 0};
          values.push_back(v);
        }
    at.push_back({k.w + 1, 0, 0, l});  // dropped
    values.push_back({0.5f, 0.5f, 0.5f, 0.5f});
    vgpu::isa::Launch launch = launch1d(1, static_cast<u32>(at.size()));
    launch.strictness = vgpu::DispatchRequest::Strictness::warn;
    launch.arg(buffer(t, "T#")).arg(k.dims).arg(buffer(at, "coords")).arg(buffer(values, "values"));
    vgpu::DispatchOutcome o = tryRun("image", "store_image", launch);
    ASSERT_TRUE(o.ok()) << o.report;
    EXPECT_EQ(o.warnings, 1u);
    for (std::size_t i = 0; i + 1 < at.size(); ++i) {
      const std::uint8_t* p = im.texel(l, at[i].x, at[i].y, at[i].z);
      for (int c = 0; c < k.f.channels; ++c) {
        const float v = values[i][c];
        if (k.f.kind == Kind::unorm) {
          const double m = std::pow(2.0, k.f.bits) - 1;
          const std::uint64_t want = std::uint64_t(std::nearbyint(std::clamp(v, 0.0f, 1.0f) * m));
          std::uint64_t got = 0;
          std::memcpy(&got, p + c * k.f.bits / 8, k.f.bits / 8);
          ASSERT_EQ(got, want) << "lane " << i << " channel " << c;
        } else if (k.f.kind == Kind::sint) {
          const int want = std::clamp(std::bit_cast<int>(v), -32768, 32767);
          std::int16_t got;
          std::memcpy(&got, p + 2 * c, 2);
          ASSERT_EQ(got, want) << "lane " << i << " channel " << c;
        } else {
          _Float16 got;
          std::memcpy(&got, p, 2);
          ASSERT_EQ(std::bit_cast<std::uint16_t>(got), std::bit_cast<std::uint16_t>(_Float16(v)));
        }
      }
    }
  }
}

// The host reference sampler: D3D texel selection, 8-bit bilinear weights.
struct Reference {
  const Image& im;
  int clamp, border;
  bool linear;
  int wrapIndex(int i, int n) const {
    switch (clamp) {
      case 0:
        return ((i % n) + n) % n;
      case 1: {
        int m = ((i % (2 * n)) + 2 * n) % (2 * n);
        return m < n ? m : 2 * n - 1 - m;
      }
      case 2:
        return std::clamp(i, 0, n - 1);
      default:
        return i < 0 || i >= n ? -1 : i;
    }
  }
  std::array<float, 4> texel(int l, int x, int y, int z) const {
    x = wrapIndex(x, im.lw(l));
    y = im.type == k1D || im.type == k1DArray ? 0 : wrapIndex(y, im.lh(l));
    if (im.type == k3D) z = wrapIndex(z, im.ld(l));
    if (x < 0 || y < 0 || z < 0) {
      const float one = border == 2 ? 1.0f : 0.0f, alpha = border ? 1.0f : 0.0f;
      return {one, one, one, alpha};
    }
    std::array<float, 4> v{0, 0, 0, 1};
    for (int c = 0; c < im.f.channels; ++c)
      v[c] = channelFloat(im.f, const_cast<Image&>(im).texel(l, x, y, z), c);
    return v;
  }
  // Coordinates normalized; for arrays the layer is a separate integer.
  std::array<float, 4> sample(int l, float s, float t, float r, int layer) const {
    const float size[3] = {float(im.lw(l)), float(im.lh(l)), float(im.ld(l))};
    const int axes = im.type == k3D ? 3 : im.type == k1D || im.type == k1DArray ? 1 : 2;
    float u[3] = {s, t, r};
    int i0[3] = {0, 0, layer};
    float a[3] = {0, 0, 0};
    for (int k = 0; k < axes; ++k) {
      double x = double(u[k]) * size[k];
      x = std::nearbyint(x * 256) / 256;
      if (linear) {
        i0[k] = int(std::floor(x - 0.5));
        a[k] = float(x - 0.5 - i0[k]);
      } else {
        i0[k] = int(std::floor(x));
      }
    }
    std::array<float, 4> sum{0, 0, 0, 0};
    for (int corner = 0; corner < (linear ? 1 << axes : 1); ++corner) {
      int idx[3] = {i0[0], i0[1], i0[2]};
      float w = 1;
      for (int k = 0; k < axes && linear; ++k) {
        idx[k] += (corner >> k) & 1;
        w *= (corner >> k) & 1 ? a[k] : 1 - a[k];
      }
      std::array<float, 4> v = texel(l, idx[0], idx[1], idx[2]);
      for (int c = 0; c < 4; ++c) sum[c] += w * v[c];
    }
    return sum;
  }
};

// Point (bit-exact) and bilinear (within the 8-bit weights' resolution) sampling of 1D, 2D, 3D
// and array images under wrap, mirror, clamp-to-edge and border, coordinates well outside.
TEST_P(Images, SamplesEveryAddressModeAndFilter) {
  struct Case {
    Type type;
    int dims, w, h, d;
  };
  for (const Case& k : {Case{k2D, 2, 4, 3, 1}, Case{k1D, 1, 5, 1, 1}, Case{k3D, 3, 3, 2, 2},
                        Case{k1DArray, 11, 4, 1, 3}, Case{k2DArray, 12, 3, 3, 2}})
    for (int clamp : {0, 1, 2, 6})
      for (bool linear : {false, true}) {
        Image& im = hold(Image(kRgba8Unorm, k.type, k.w));
        im.height = k.h;
        im.depth = k.d;
        im.allocate();
        fillPattern(im, clamp * 2 + linear);
        addImage(im, "image");
        auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
        auto& s = hold(std::vector<u32>(ssharp(clamp, linear, 0, /*border=*/2)));
        // x, y, z (or the layer, which rounds to nearest and clamps to the layers).
        auto& coords = hold(std::vector<Float4>(48));
        auto& d = hold(std::vector<Float4>(48));
        auto& out = hold(std::vector<Float4>(48));
        for (int i = 0; i < 48; ++i) {
          const float layer = float(i % 4) - 0.4f;
          coords[i] = {-1.3f + 0.0761f * i, 2.1f - 0.0833f * i, 0.37f + 0.05f * (i % 7), 0};
          if (k.type == k1DArray) coords[i].y = layer;
          if (k.type == k2DArray) coords[i].z = layer;
        }
        const bool arrayed = k.type == k1DArray || k.type == k2DArray;
        vgpu::isa::Launch l = launch1d(1, 48);
        l.arg(buffer(t, "T#")).arg(buffer(s, "S#")).arg(k.dims).arg(0);
        l.arg(buffer(coords, "coords")).arg(buffer(d, "d")).arg(buffer(out, "out"));
        run("image", "sample_image", l);
        Reference ref{im, clamp, 2, linear};
        for (int i = 0; i < 48; ++i) {
          const Float4& c = coords[i];
          const float layerCoord = k.type == k1DArray ? c.y : c.z;
          const int layer = arrayed ? std::clamp(int(std::nearbyint(layerCoord)), 0, k.d - 1) : 0;
          std::array<float, 4> want =
              ref.sample(0, c.x, k.type == k1DArray ? 0 : c.y, k.type == k3D ? c.z : 0, layer);
          for (int ch = 0; ch < 4; ++ch) {
            if (linear)
              ASSERT_NEAR(out[i][ch], want[ch], 1e-5f)
                  << "type " << k.type << " clamp " << clamp << " lane " << i << " ch " << ch;
            else
              ASSERT_EQ(std::bit_cast<u32>(out[i][ch]), std::bit_cast<u32>(want[ch]))
                  << "type " << k.type << " clamp " << clamp << " lane " << i << " ch " << ch;
          }
        }
      }
}

// Explicit LOD (image_sample_l), LOD zero (_lz), derivatives (_d) and the quad's implicit
// derivatives (image_sample) pick levels of a three-level image; linear mip filtering blends.
TEST_P(Images, LevelsOfDetailSelectMipLevels) {
  Image& im = hold(Image(kRgba32Float, k2D, 8));
  im.height = 8;
  im.levels = 3;
  im.allocate();
  fillPattern(im, 11);
  addImage(im, "image");
  auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
  Reference ref{im, 2, 0, false};
  for (int mipFilter : {1, 2}) {
    auto& s = hold(std::vector<u32>(ssharp(/*clamp=*/2, /*linear=*/false, mipFilter)));
    auto& coords = hold(std::vector<Float4>(32));
    auto& d = hold(std::vector<Float4>(32));
    auto& out = hold(std::vector<Float4>(32));
    // Levels of detail a multiple of 1/256 (the hardware's LOD resolution) away from the
    // point mip filter's rounding ties.
    auto lodOf = [](int i) { return i * 0.125f + 1.0f / 64; };
    for (int i = 0; i < 32; ++i) coords[i] = {0.03f + 0.031f * i, 0.9f - 0.027f * i, 0, lodOf(i)};
    for (int mode : {1, 2, 3}) {
      for (int i = 0; i < 32; ++i)  // derivatives of 2^lod (x) and 2^(lod-1) (y) level-0 texels
        d[i] = {std::exp2(lodOf(i)) / 8.0f, 0, 0, std::exp2(lodOf(i)) / 16.0f};
      vgpu::isa::Launch l = launch1d(1, 32);
      l.arg(buffer(t, "T#")).arg(buffer(s, "S#")).arg(2).arg(mode);
      l.arg(buffer(coords, "coords")).arg(buffer(d, "d")).arg(buffer(out, "out"));
      run("image", "sample_image", l);
      for (int i = 0; i < 32; ++i) {
        const float lod = mode == 2 ? 0.0f : std::fmin(lodOf(i), 2.0f);
        std::array<float, 4> want;
        if (mipFilter == 1) {
          want = ref.sample(int(std::floor(lod + 0.5f)), coords[i].x, coords[i].y, 0, 0);
        } else {
          const int lo = int(std::floor(lod));
          const float wgt = lo == 2 ? 0 : std::nearbyint((lod - lo) * 256) / 256;
          std::array<float, 4> a = ref.sample(lo, coords[i].x, coords[i].y, 0, 0);
          std::array<float, 4> b = wgt ? ref.sample(lo + 1, coords[i].x, coords[i].y, 0, 0) : a;
          for (int c = 0; c < 4; ++c) want[c] = (1 - wgt) * a[c] + wgt * b[c];
        }
        for (int c = 0; c < 4; ++c)
          ASSERT_NEAR(out[i][c], want[c], 1e-4f * (1 + std::fabs(want[c])))
              << "mode " << mode << " mip filter " << mipFilter << " lane " << i << " ch " << c;
      }
    }
  }
  // Implicit derivatives: quad q spreads its coordinates by 2^q texels of level 0 along x.
  auto& s = hold(std::vector<u32>(ssharp(2, false, 1)));
  auto& coords = hold(std::vector<std::array<float, 2>>(16));
  auto& out = hold(std::vector<Float4>(16));
  for (int q = 0; q < 4; ++q)
    for (int k = 0; k < 4; ++k) {
      const float step = std::exp2(float(q)) / 8.0f;
      coords[4 * q + k] = {0.1f + (k & 1) * step, 0.2f + (k >> 1) * step * 0.5f};
    }
  vgpu::isa::Launch l = launch1d(1, 16);
  l.arg(words8(t)).arg(words4(s)).arg(buffer(coords, "coords")).arg(buffer(out, "out"));
  run("image", "sample_implicit", l);
  for (int i = 0; i < 16; ++i) {
    const int level = std::min(i / 4, 2);
    std::array<float, 4> want = ref.sample(level, coords[i][0], coords[i][1], 0, 0);
    for (int c = 0; c < 4; ++c)
      ASSERT_EQ(std::bit_cast<u32>(out[i][c]), std::bit_cast<u32>(want[c])) << "lane " << i;
  }
}

// image_gather4 returns one channel of the bilinear footprint: (i0,j1), (i1,j1), (i1,j0), (i0,j0).
TEST_P(Images, Gather4ReturnsTheFootprintOfOneChannel) {
  Image& im = hold(Image(kRg32Float, k2D, 5));
  im.height = 4;
  im.allocate();
  fillPattern(im, 5);
  addImage(im, "image");
  auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
  auto& s = hold(std::vector<u32>(ssharp(/*clamp=*/0, /*linear=*/true)));
  Reference ref{im, 0, 0, true};
  for (int channel : {0, 1}) {
    auto& coords = hold(std::vector<Float4>(24));
    auto& d = hold(std::vector<Float4>(24));
    auto& out = hold(std::vector<Float4>(24));
    for (int i = 0; i < 24; ++i) coords[i] = {-0.2f + 0.061f * i, 1.1f - 0.05f * i, 0, 0};
    vgpu::isa::Launch l = launch1d(1, 24);
    l.arg(buffer(t, "T#")).arg(buffer(s, "S#")).arg(2).arg(4 + channel);
    l.arg(buffer(coords, "coords")).arg(buffer(d, "d")).arg(buffer(out, "out"));
    run("image", "sample_image", l);
    for (int i = 0; i < 24; ++i) {
      const double x = std::nearbyint(double(coords[i].x) * 5 * 256) / 256 - 0.5;
      const double y = std::nearbyint(double(coords[i].y) * 4 * 256) / 256 - 0.5;
      const int i0 = int(std::floor(x)), j0 = int(std::floor(y));
      const int corner[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
      for (int r = 0; r < 4; ++r)
        ASSERT_EQ(out[i][r], ref.texel(0, i0 + corner[r][0], j0 + corner[r][1], 0)[channel])
            << "channel " << channel << " lane " << i << " corner " << r;
    }
  }
}

// image_sample_c_lz compares the reference with each texel (LESS: reference < texel) before
// filtering: 0 or 1 for point sampling, the weighted pass fraction for bilinear.
TEST_P(Images, DepthCompareFiltersComparisonResults) {
  Image& im = hold(Image(kR32Float, k2D, 4));
  im.height = 4;
  im.allocate();
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const float v = 0.1f * float((x * 3 + y * 5) % 10);
      std::memcpy(im.texel(0, x, y, 0), &v, 4);
    }
  addImage(im, "image");
  auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
  for (bool linear : {false, true}) {
    auto& s = hold(std::vector<u32>(ssharp(2, linear, 0, 0, false, /*compare=LESS*/ 1)));
    auto& coords = hold(std::vector<Float4>(32));
    auto& out = hold(std::vector<float>(32));
    for (int i = 0; i < 32; ++i)
      coords[i] = {0.05f + 0.029f * i, 0.93f - 0.027f * i, 0.05f * (i % 12), 0};
    vgpu::isa::Launch l = launch1d(1, 32);
    l.arg(words8(t)).arg(words4(s)).arg(buffer(coords, "coords")).arg(buffer(out, "out"));
    run("image", "sample_compare", l);
    for (int i = 0; i < 32; ++i) {
      Image pass = im;  // the comparison results as an image, filtered like any other
      pass.storage = im.storage;
      pass.base = pass.storage.data() + (im.base - im.storage.data());
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
          float v;
          std::memcpy(&v, im.texel(0, x, y, 0), 4);
          const float r = coords[i].z < v ? 1.0f : 0.0f;
          std::memcpy(pass.texel(0, x, y, 0), &r, 4);
        }
      const float want = Reference{pass, 2, 0, linear}.sample(0, coords[i].x, coords[i].y, 0, 0)[0];
      ASSERT_NEAR(out[i], want, 1e-6f) << "linear " << linear << " lane " << i;
    }
  }
}

TEST_P(Images, GetResinfoReportsLevelSizes) {
  struct Case {
    Type type;
    int dim, w, h, d, levels;
  };
  for (const Case& k :
       {Case{k2D, 2, 13, 6, 1, 3}, Case{k3D, 3, 8, 4, 5, 2}, Case{k2DArray, 12, 7, 5, 6, 1}}) {
    Image& im = hold(Image(kR8Unorm, k.type, k.w));
    im.height = k.h;
    im.depth = k.d;
    im.levels = k.levels;
    im.allocate();
    auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
    auto& lod = hold(std::vector<int>{0, 1, 2, 3});
    auto& out = hold(std::vector<Int4>(4));
    vgpu::isa::Launch l = launch1d(1, 4);
    l.arg(words8(t)).arg(k.dim).arg(buffer(lod, "lod")).arg(buffer(out, "out"));
    run("image", "resource_info", l);
    for (int m = 0; m < 4; ++m) {
      const bool inside = m < k.levels;
      EXPECT_EQ(out[m].x, inside ? im.lw(m) : 0) << "type " << k.type << " level " << m;
      EXPECT_EQ(out[m].y, inside ? im.lh(m) : 0);
      EXPECT_EQ(out[m].z, inside && k.type != k2D ? im.ld(m) : 0);
      EXPECT_EQ(out[m].w, k.levels);
    }
  }
}

// The array and cube forms on plain images and the plain forms on arrays (what AMD's
// surf1DLayered, surf2DLayered and surfCubemap functions issue on arrays made without those
// flags): a 1D or 2D image is one slice, an array read through the plain form gives its first slice
// in view; a 3D image read as 2D still faults.
TEST_P(Images, ArrayFormsReadPlainImagesAsOneSlice) {
  struct Case {
    Type type;
    int dims, w, h, d;
  };
  for (const Case& k : {Case{k1D, 11, 7, 1, 1}, Case{k2D, 12, 5, 3, 1}, Case{k2DArray, 2, 4, 3, 3},
                        Case{k1DArray, 1, 6, 1, 2}}) {
    Image& im = hold(Image(kRg32Float, k.type, k.w));
    im.height = k.h;
    im.depth = k.d;
    im.allocate();
    fillPattern(im, k.dims + 3);
    addImage(im, "image");
    auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
    auto& at = hold(std::vector<Int4>());
    std::vector<std::uint8_t*> want;
    for (int y = 0; y < im.lh(0); ++y)
      for (int x = 0; x < im.lw(0); ++x) {
        // Array forms: slice 0 in the slice coordinate (1D_ARRAY: y; 2D_ARRAY: z).
        at.push_back({x, k.dims == 11 ? 0 : y, 0, 0});
        want.push_back(im.texel(0, x, y, 0));
      }
    const std::size_t inside = at.size();
    if (k.dims == 11 || k.dims == 12) at.push_back({0, k.dims == 11 ? 1 : 0, 1, 0});  // slice 1
    auto& out = hold(std::vector<Float4>(at.size()));
    vgpu::isa::Launch l = launch1d(1, static_cast<u32>(at.size()));
    l.strictness = vgpu::DispatchRequest::Strictness::warn;
    l.arg(buffer(t, "T#")).arg(k.dims).arg(buffer(at, "coords")).arg(buffer(out, "out"));
    vgpu::DispatchOutcome o = tryRun("image", "load_image", l);
    ASSERT_TRUE(o.ok()) << o.report;
    for (std::size_t i = 0; i < inside; ++i)
      for (int c = 0; c < 2; ++c)
        ASSERT_EQ(std::bit_cast<u32>(out[i][c]), channelBits(im.f, want[i], c))
            << "type " << k.type << " lane " << i;
    for (std::size_t i = inside; i < at.size(); ++i)
      EXPECT_EQ(std::bit_cast<u32>(out[i][0]), 0u) << "type " << k.type << " past the slice";
    EXPECT_EQ(o.warnings, at.size() - inside);
  }
  {  // The cube form (AMD's surfCubemapread) on a 2D image: face 0 is the image.
    Image& im = hold(Image(kRg32Float, k2D, 3));
    im.height = 3;
    im.allocate();
    fillPattern(im, 5);
    addImage(im, "plain");
    auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
    auto& at = hold(std::vector<Int4>{{0, 0, 0, 0}, {2, 1, 0, 0}, {1, 2, 0, 0}, {1, 1, 1, 0}});
    auto& out = hold(std::vector<Float4>(at.size()));
    vgpu::isa::Launch l = launch1d(1, static_cast<u32>(at.size()));
    l.strictness = vgpu::DispatchRequest::Strictness::warn;
    l.arg(buffer(t, "T#")).arg(buffer(at, "coords")).arg(buffer(out, "out"));
    vgpu::DispatchOutcome o = tryRun("image", "load_cube", l);
    ASSERT_TRUE(o.ok()) << o.report;
    for (std::size_t i = 0; i < 3; ++i)
      for (int c = 0; c < 2; ++c)
        ASSERT_EQ(std::bit_cast<u32>(out[i][c]),
                  channelBits(im.f, im.texel(0, at[i].x, at[i].y, 0), c));
    EXPECT_EQ(std::bit_cast<u32>(out[3][0]), 0u);  // face 1 is past the image
    EXPECT_EQ(o.warnings, 1u);
  }
  Image& volume = hold(Image(kR32Float, k3D, 4));
  volume.height = volume.depth = 2;
  volume.allocate();
  addImage(volume, "volume");
  auto& t = hold(std::vector<u32>(tsharp(volume, gfx11())));
  auto& at = hold(std::vector<Int4>(1, Int4{0, 0, 0, 0}));
  auto& out = hold(std::vector<Float4>(1));
  vgpu::isa::Launch l = launch1d(1, 1);
  l.arg(buffer(t, "T#")).arg(2).arg(buffer(at, "coords")).arg(buffer(out, "out"));
  vgpu::DispatchOutcome o = tryRun("image", "load_image", l);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::memoryViolation) << o.report;
  EXPECT_NE(o.report.find("does not match the resource's TYPE"), std::string::npos) << o.report;
}

// The v_cube*_f32 definitions of the ISA documents: the major axis (ties to z, then y), the face
// id, the face's s and t, and twice the signed major component.
std::array<float, 4> cubeReference(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  if (az >= ax && az >= ay)
    return z < 0 ? std::array<float, 4>{5, -x, -y, 2 * z} : std::array<float, 4>{4, x, -y, 2 * z};
  if (ay >= ax)
    return y < 0 ? std::array<float, 4>{3, x, -z, 2 * y} : std::array<float, 4>{2, x, z, 2 * y};
  return x < 0 ? std::array<float, 4>{1, z, -y, 2 * x} : std::array<float, 4>{0, -z, -y, 2 * x};
}

TEST_P(Images, CubeInstructionsSelectFaceAndCoordinates) {
  auto& dirs = hold(std::vector<Float4>());
  // Every face, both signs, exact ties between axes (z wins, then y) and signed zeros.
  for (float a : {-2.5f, -1.0f, -0.0f, 0.0f, 0.75f, 3.0f})
    for (float b : {-1.0f, 0.5f, 3.0f})
      for (float c : {-3.0f, 1.0f, 0.25f}) dirs.push_back({a, b, c, 0});
  dirs.push_back({1, 1, 1, 0});
  dirs.push_back({-1, 1, 0.5f, 0});
  dirs.push_back({-1, -1, 0.5f, 0});
  dirs.push_back({0, 0, 0, 0});
  auto& out = hold(std::vector<Float4>(dirs.size()));
  vgpu::isa::Launch l = launch1d(1, static_cast<u32>(dirs.size()));
  l.arg(buffer(dirs, "directions")).arg(buffer(out, "out"));
  run("image", "cube_coordinates", l);
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    const std::array<float, 4> want = cubeReference(dirs[i].x, dirs[i].y, dirs[i].z);
    for (int k = 0; k < 4; ++k)
      EXPECT_EQ(std::bit_cast<u32>(out[i][k]), std::bit_cast<u32>(want[k]))
          << "direction (" << dirs[i].x << ", " << dirs[i].y << ", " << dirs[i].z << ") result "
          << k;
  }
}

// A cube array (2 cubes of 3x3 faces, mip levels of 3x3 and 1x1): samples at face coordinates
// in [1, 2] read face slice 6 * cube + face, edges clamp whatever the sampler's address mode
// (here wrap), a cube past the last clamps to the last slice; image_load addresses the face
// slices directly.
TEST_P(Images, CubeSamplesReadFaceSlicesAndClampAtEdges) {
  Image& im = hold(Image(kRgba8Unorm, kCube, 3));
  im.height = 3;
  im.depth = 12;
  im.levels = 2;
  im.allocate();
  fillPattern(im, 7);
  addImage(im, "cube");
  auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
  for (int mode : {0, 1})
    for (bool linear : {false, true}) {
      auto& s = hold(std::vector<u32>(ssharp(/*clamp=*/0, linear, /*mipFilter=*/1)));
      auto& coords = hold(std::vector<Float4>(64));
      auto& out = hold(std::vector<Float4>(64));
      for (int i = 0; i < 64; ++i) {
        const int face = i % 6, cube = (i / 6) % 3;  // cube 2 is past the last
        coords[i] = {0.8f + 0.0231f * i, 2.2f - 0.0177f * i, float(face + 8 * cube),
                     mode == 1 ? float(i % 2) : 0.0f};
      }
      vgpu::isa::Launch l = launch1d(1, 64);
      l.arg(words8(t)).arg(words4(s)).arg(mode).arg(buffer(coords, "coords"));
      l.arg(buffer(out, "out"));
      run("image", "sample_cube", l);
      Reference ref{im, /*clamp=*/2, 0, linear};
      for (int i = 0; i < 64; ++i) {
        const int slice = std::min(6 * ((i / 6) % 3) + i % 6, 11);
        const int level = mode == 1 ? i % 2 : 0;
        const std::array<float, 4> want =
            ref.sample(level, coords[i].x - 1.0f, coords[i].y - 1.0f, 0, slice);
        for (int ch = 0; ch < 4; ++ch) {
          if (linear)
            ASSERT_NEAR(out[i][ch], want[ch], 1e-5f) << "lane " << i << " ch " << ch;
          else
            ASSERT_EQ(std::bit_cast<u32>(out[i][ch]), std::bit_cast<u32>(want[ch]))
                << "mode " << mode << " lane " << i << " ch " << ch;
        }
      }
    }
  auto& at = hold(std::vector<Int4>());
  for (int z = 0; z < 12; ++z) at.push_back({z % 3, (z / 3) % 3, z, 0});
  auto& loaded = hold(std::vector<Float4>(at.size()));
  vgpu::isa::Launch l = launch1d(1, static_cast<u32>(at.size()));
  l.arg(buffer(t, "T#")).arg(buffer(at, "coords")).arg(buffer(loaded, "out"));
  run("image", "load_cube", l);
  for (std::size_t i = 0; i < at.size(); ++i)
    for (int ch = 0; ch < 4; ++ch)
      EXPECT_EQ(std::bit_cast<u32>(loaded[i][ch]),
                channelBits(im.f, im.texel(0, at[i].x, at[i].y, at[i].z), ch))
          << "slice " << at[i].z << " ch " << ch;
}

// A T# vgpu cannot honour faults like a bad memory access, naming the field.
// sRGB formats: every stored byte of each colour channel loads as its linear value (alpha as
// plain unorm), bilinear samples blend decoded texels (blending the encoded bytes and decoding
// after would differ by up to ~0.1 here), and a store into an sRGB image faults.
TEST_P(Images, SrgbFormatsDecodeColourChannelsBeforeFiltering) {
  for (const Format& f : {kR8Srgb, kRg8Srgb, kRgba8Srgb}) {
    Image& im = hold(Image(f, k1D, 256));
    im.allocate();
    for (int i = 0; i < 256; ++i)
      for (int c = 0; c < f.channels; ++c) im.texel(0, i, 0, 0)[c] = std::uint8_t(i + 85 * c);
    addImage(im, "image");
    auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
    auto& at = hold(std::vector<Int4>(256));
    for (int i = 0; i < 256; ++i) at[i] = {i, 0, 0, 0};
    auto& out = hold(std::vector<Float4>(256));
    vgpu::isa::Launch l = launch1d(1, 256);
    l.arg(buffer(t, "T#")).arg(1).arg(buffer(at, "coords")).arg(buffer(out, "out"));
    run("image", "load_image", l);
    for (int i = 0; i < 256; ++i)
      for (int c = 0; c < 4; ++c)
        ASSERT_EQ(std::bit_cast<u32>(out[i][c]), channelBits(f, im.texel(0, i, 0, 0), c))
            << "format " << f.code10 << " byte " << i << " channel " << c;
  }

  Image& im = hold(Image(kRgba8Srgb, k1D, 8));
  im.allocate();
  for (int i = 0; i < 8; ++i)
    for (int c = 0; c < 4; ++c) im.texel(0, i, 0, 0)[c] = std::uint8_t(i % 2 ? 250 - c : 10 + c);
  addImage(im, "image");
  auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
  auto& s = hold(std::vector<u32>(ssharp(/*clamp=*/2, /*linear=*/true)));
  auto& coords = hold(std::vector<Float4>(32));
  auto& d = hold(std::vector<Float4>(32));
  auto& out = hold(std::vector<Float4>(32));
  for (int i = 0; i < 32; ++i) coords[i] = {0.03f * i + 0.01f, 0, 0, 0};
  vgpu::isa::Launch l = launch1d(1, 32);
  l.arg(buffer(t, "T#")).arg(buffer(s, "S#")).arg(1).arg(0);
  l.arg(buffer(coords, "coords")).arg(buffer(d, "d")).arg(buffer(out, "out"));
  run("image", "sample_image", l);
  Reference ref{im, 2, 0, true};
  for (int i = 0; i < 32; ++i) {
    const std::array<float, 4> want = ref.sample(0, coords[i].x, 0, 0, 0);
    for (int c = 0; c < 4; ++c)
      ASSERT_NEAR(out[i][c], want[c], 1e-5f) << "lane " << i << " ch " << c;
  }

  Image& target = hold(Image(kRgba8Srgb, k2D, 4));
  target.height = 2;
  target.allocate();
  addImage(target, "store target");
  auto& targetT = hold(std::vector<u32>(tsharp(target, gfx11())));
  auto& at = hold(std::vector<Int4>(4, Int4{1, 1, 0, 0}));
  auto& values = hold(std::vector<Float4>(4, Float4{0.5f, 0.5f, 0.5f, 0.5f}));
  vgpu::isa::Launch store = launch1d(1, 4);
  store.arg(buffer(targetT, "T#")).arg(2).arg(buffer(at, "coords")).arg(buffer(values, "values"));
  vgpu::DispatchOutcome o = tryRun("image", "store_image", store);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::memoryViolation) << o.report;
  EXPECT_NE(o.report.find("sRGB"), std::string::npos) << o.report;
}

// A NaN coordinate addresses texel 0 (as 0.0 does) and infinities and huge values saturate to
// 2^20 texels: wrap, mirror and clamp all give a defined texel (before, the float-to-integer
// conversion was undefined).
TEST_P(Images, NanAndInfiniteCoordinatesAreDefined) {
  Image& im = hold(Image(kR32Float, k2D, 4));
  im.height = 4;
  im.allocate();
  fillPattern(im, 5);
  addImage(im, "image");
  auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
  const float nan = std::numeric_limits<float>::quiet_NaN(),
              inf = std::numeric_limits<float>::infinity();
  const float xs[4] = {nan, inf, -inf, 1e30f};
  for (int clamp : {0, 1, 2})
    for (bool linear : {false, true}) {
      auto& s = hold(std::vector<u32>(ssharp(clamp, linear)));
      auto& coords = hold(std::vector<Float4>(16));
      auto& d = hold(std::vector<Float4>(16));
      auto& out = hold(std::vector<Float4>(16));
      for (int i = 0; i < 16; ++i) coords[i] = {xs[i % 4], xs[i / 4], 0, 0};
      vgpu::isa::Launch l = launch1d(1, 16);
      l.arg(buffer(t, "T#")).arg(buffer(s, "S#")).arg(2).arg(0);
      l.arg(buffer(coords, "coords")).arg(buffer(d, "d")).arg(buffer(out, "out"));
      run("image", "sample_image", l);
      Reference ref{im, clamp, 0, linear};
      for (int i = 0; i < 16; ++i) {
        // The reference's conversion, with the saturation the hardware applies first.
        auto saturate = [](float v, int size) {
          const float x = std::isnan(v) ? 0.0f : v * size;
          return std::clamp(x, -1048576.0f, 1048576.0f) / size;
        };
        const std::array<float, 4> want =
            ref.sample(0, saturate(coords[i].x, 4), saturate(coords[i].y, 4), 0, 0);
        ASSERT_EQ(std::bit_cast<u32>(out[i].x), std::bit_cast<u32>(want[0]))
            << "clamp " << clamp << " linear " << linear << " lane " << i;
      }
    }
}

TEST_P(Images, MalformedDescriptorsFault) {
  Image& im = hold(Image(kR32Float, k2D, 4));
  im.height = 4;
  im.allocate();
  addImage(im, "image");
  struct Case {
    int word;
    u32 clear, set;
    const char* message;
  };
  for (const Case& k :
       {Case{3, 0xf0000000u, 0, "is not an image"},
        Case{1, 0x1ff00000u, 100u << 20, "FORMAT 100 is not implemented"},
        Case{3, 0, 3u << 20, "SW_MODE 3 ("},
        Case{3, 0xf0000000u, u32(k3D) << 28, "does not match the resource's TYPE"}}) {
    auto& t = hold(std::vector<u32>(tsharp(im, gfx11())));
    t[k.word] = (t[k.word] & ~k.clear) | k.set;
    auto& at = hold(std::vector<Int4>(4, Int4{1, 1, 0, 0}));
    auto& out = hold(std::vector<Float4>(4));
    vgpu::isa::Launch l = launch1d(1, 4);
    l.arg(buffer(t, "T#")).arg(2).arg(buffer(at, "coords")).arg(buffer(out, "out"));
    vgpu::DispatchOutcome o = tryRun("image", "load_image", l);
    EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::memoryViolation) << o.report;
    EXPECT_NE(o.report.find(k.message), std::string::npos) << o.report;
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Images, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
