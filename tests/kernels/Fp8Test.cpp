// hip_fp8.h on the device: all 256 patterns of each of the four kinds decoded (to half, float and
// integers), floats on every rounding boundary and every half encoded with and without
// saturation, and the x2/x4 packs, against SmallFloatReference.h; plus host-side checks.
#include <hip/hip_fp8.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "IsaTestSupport.h"
#include "SmallFloatReference.h"

namespace isatest {
namespace {

const SmallFormat* const kKinds[4] = {&kE4M3, &kE5M2, &kE4M3Fnuz, &kE5M2Fnuz};
const char* const kKindNames[4] = {"E4M3", "E5M2", "E4M3_FNUZ", "E5M2_FNUZ"};

const ValueTable& table(int k) {
  static const ValueTable t[4] = {ValueTable(kE4M3), ValueTable(kE5M2), ValueTable(kE4M3Fnuz),
                                  ValueTable(kE5M2Fnuz)};
  return t[k];
}
const ValueTable& halfTable() {
  static const ValueTable t(kHalf);
  return t;
}
std::uint32_t encode(int k, double x, bool saturate) {
  return referenceRound(*kKinds[k], table(k), x, Mode::Nearest, saturate);
}
bool sameFp8(int k, std::uint32_t got, std::uint32_t want) {
  if (kKinds[k]->isNan(want)) return kKinds[k]->isNan(got);
  return got == want;
}
double decodeOrNan(const SmallFormat& f, std::uint32_t v) {
  return f.isNan(v) ? NAN : f.decode(v);
}
long long truncClamp(double x, double lo, double hi) {
  if (std::isnan(x)) return 0;
  double r = std::trunc(x);
  return (long long)(r < lo ? lo : r > hi ? hi : r);
}

class Fp8 : public IsaTest {};

TEST_P(Fp8, EveryPatternDecodesExactly) {
  const int n = 256;
  std::vector<std::uint32_t> in(n);
  for (int i = 0; i < n; ++i) in[i] = std::uint32_t(i);
  std::vector<std::uint16_t> halves(n * 4, 0xdead);
  std::vector<float> floats(n * 4, -1.0f);
  std::vector<int> ints(n * 4, 0x5a5a5a5a);
  vgpu::isa::Launch l = launch1d(1, 256);
  l.arg(buffer(in, "in")).arg(buffer(halves, "halves")).arg(buffer(floats, "floats"));
  l.arg(buffer(ints, "ints")).arg(n);
  run("fp8", "_Z10fp8_decodePKjPtPfPii", l);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 4; ++k) {
      const SmallFormat& f = *kKinds[k];
      double v = decodeOrNan(f, std::uint32_t(i));
      std::uint16_t wantHalf =
          std::uint16_t(referenceRound(kHalf, halfTable(), v, Mode::Nearest, false));
      std::uint16_t gotHalf = halves[i * 4 + k];
      if (std::isnan(v)) {
        ASSERT_TRUE(kHalf.isNan(gotHalf)) << kKindNames[k] << " " << i;
        ASSERT_TRUE(std::isnan(floats[i * 4 + k])) << kKindNames[k] << " " << i;
      } else {
        ASSERT_EQ(gotHalf, wantHalf) << kKindNames[k] << " pattern " << std::hex << i;
        ASSERT_EQ(floatBits(floats[i * 4 + k]), floatBits(float(v)))
            << kKindNames[k] << " pattern " << std::hex << i;
      }
      long long wantInt = k == 0 || k == 1 ? truncClamp(v, -2147483648.0, 2147483647.0)
                          : k == 2         ? truncClamp(v, 0, 255)
                                           : truncClamp(v, -32768, 32767);
      ASSERT_EQ(ints[i * 4 + k], int(wantInt)) << kKindNames[k] << " pattern " << std::hex << i;
    }
}

TEST_P(Fp8, FloatsOnEveryBoundaryEncodeWithAndWithoutSaturation) {
  std::vector<float> in;
  for (int k = 0; k < 4; ++k) {
    const ValueTable& t = table(k);
    for (size_t j = 0; j < t.values.size(); ++j) {
      float v = float(t.values[j]);
      double next =
          j + 1 < t.values.size() ? t.values[j + 1] : t.values[j] + (t.values[j] - t.values[j - 1]);
      float mid = float((t.values[j] + next) / 2);
      for (float x : {v, std::nextafter(v, INFINITY), mid, std::nextafter(mid, 0.0f),
                      std::nextafter(mid, INFINITY), float(next), float(next * 4)})
        in.push_back(x);
    }
  }
  for (float x : {INFINITY, NAN, 1e30f, 3.4e38f, 1e-30f, 1e-45f}) in.push_back(x);
  std::mt19937 rng(41);
  for (int i = 0; i < 3000; ++i) {
    std::uint32_t b = (rng() & 0x807fffffu) | ((100 + rng() % 60) << 23);  // 2^-27 .. 2^32
    float f;
    std::memcpy(&f, &b, 4);
    in.push_back(std::fabs(f));
  }
  size_t positive = in.size();
  for (size_t i = 0; i < positive; ++i) in.push_back(-in[i]);
  const int n = int(in.size());
  std::vector<std::uint8_t> out(size_t(n) * 12, 0xa5);
  vgpu::isa::Launch l = launch1d(unsigned((n + 255) / 256), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("fp8", "_Z10fp8_encodePKfPhi", l);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 4; ++k)
      for (int sat = 0; sat < 3; ++sat) {
        std::uint32_t got = out[size_t(i) * 12 + (sat < 2 ? k * 2 + sat : 8 + k)];
        std::uint32_t want = encode(k, in[i], sat != 0);
        ASSERT_TRUE(sameFp8(k, got, want))
            << kKindNames[k]
            << (sat == 0   ? " nosat"
                : sat == 1 ? " satfinite"
                           : " struct")
            << "(" << std::hexfloat << in[i] << ") = " << std::hex << got << ", want " << want;
      }
}

TEST_P(Fp8, EveryHalfEncodesAndPacksRoundTrip) {
  const int n = 65536;
  std::vector<std::uint16_t> in(n);
  for (int i = 0; i < n; ++i) in[i] = std::uint16_t(i);
  std::vector<std::uint8_t> out(size_t(n) * 8, 0xa5);
  std::vector<std::uint32_t> packs(size_t(n) * 3, 0xdeadbeef);
  vgpu::isa::Launch l = launch1d(n / 256, 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(buffer(packs, "packs")).arg(n);
  run("fp8", "_Z13fp8_from_halfPKtPhPji", l);
  for (int i = 0; i < n; ++i) {
    double h = decodeOrNan(kHalf, std::uint32_t(i));
    for (int k = 0; k < 4; ++k)
      for (int sat = 0; sat < 2; ++sat) {
        std::uint32_t got = out[size_t(i) * 8 + k * 2 + sat], want = encode(k, h, sat != 0);
        ASSERT_TRUE(sameFp8(k, got, want)) << kKindNames[k] << " sat " << sat << " of half "
                                           << std::hex << i << " = " << got << ", want " << want;
      }
    std::uint32_t lo = encode(0, h, true), hi = encode(0, -h, true);
    std::uint32_t p2 = packs[size_t(i) * 3];
    ASSERT_TRUE(sameFp8(0, p2 & 0xff, lo) && sameFp8(0, p2 >> 8, hi)) << std::hex << i;
    std::uint32_t p4 = packs[size_t(i) * 3 + 1];
    std::uint32_t e[4] = {encode(1, h, true), encode(1, -h, true), encode(1, -h, true),
                          encode(1, h, true)};
    for (int j = 0; j < 4; ++j)
      ASSERT_TRUE(sameFp8(1, (p4 >> (8 * j)) & 0xff, e[j])) << "x4 lane " << j << " of " << i;
    std::uint32_t back = packs[size_t(i) * 3 + 2];
    if (!kE4M3.isNan(lo)) {
      std::uint32_t wantLo =
          referenceRound(kHalf, halfTable(), kE4M3.decode(lo), Mode::Nearest, false);
      ASSERT_EQ(back & 0xffff, wantLo) << "x2 back to half of " << std::hex << i;
    }
  }
}

#if defined(__HIPCORE_HAVE_VECTOR_TYPES)
// hip_fp16.h, hip_bf16.h and hip_fp8.h's float2/float4 forms (compiled when hipcore's
// hip_vector_types.h is in the tree, in the kernels and here alike).
TEST_P(Fp8, VectorFormsConvertLaneByLane) {
  std::vector<float> in;
  std::mt19937 rng(47);
  for (int i = 0; i < 2048; ++i) {
    std::uint32_t b = (rng() & 0x807fffffu) | ((110 + rng() % 40) << 23);
    float f;
    std::memcpy(&f, &b, 4);
    in.push_back(f);
  }
  const int n = int(in.size()) / 2;
  std::vector<std::uint32_t> out(size_t(n) * 4, 0xdeadbeef);
  std::vector<float> back(size_t(n) * 4, -1.0f);
  vgpu::isa::Launch l = launch1d(unsigned((n + 255) / 256), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(buffer(back, "back")).arg(n);
  run("fp8", "_Z19small_float_vectorsPK15HIP_vector_typeIfLj2EEPjPS0_i", l);
  const ValueTable bf16(kBf16);
  for (int i = 0; i < n; ++i) {
    float x = in[size_t(i) * 2], y = in[size_t(i) * 2 + 1];
    std::uint32_t hx = referenceRound(kHalf, halfTable(), x, Mode::Nearest, false);
    std::uint32_t hy = referenceRound(kHalf, halfTable(), y, Mode::Nearest, false);
    std::uint32_t bx = referenceRound(kBf16, bf16, x, Mode::Nearest, false);
    std::uint32_t by = referenceRound(kBf16, bf16, y, Mode::Nearest, false);
    ASSERT_EQ(out[size_t(i) * 4], hx | hy << 16) << i;
    ASSERT_EQ(out[size_t(i) * 4 + 1], bx | by << 16) << i;
    ASSERT_EQ(out[size_t(i) * 4 + 2], encode(0, x, true) | encode(0, y, true) << 8) << i;
    ASSERT_EQ(out[size_t(i) * 4 + 3], encode(1, x, true) | encode(1, y, true) << 8 |
                                          encode(1, -x, true) << 16 | encode(1, -y, true) << 24)
        << i;
    ASSERT_EQ(floatBits(back[size_t(i) * 4]), floatBits(float(kHalf.decode(hx)))) << i;
    ASSERT_EQ(floatBits(back[size_t(i) * 4 + 1]), floatBits(float(kHalf.decode(hy)))) << i;
    ASSERT_EQ(floatBits(back[size_t(i) * 4 + 2]), floatBits(float(kBf16.decode(bx)))) << i;
    ASSERT_EQ(floatBits(back[size_t(i) * 4 + 3]), floatBits(float(kBf16.decode(by)))) << i;
  }
}
#endif

INSTANTIATE_TEST_SUITE_P(Variants, Fp8, ::testing::ValuesIn(kAllVariants), variantName);

// Host side: layouts, enum values and a conversion sweep with the host compiler.
static_assert(sizeof(__hip_fp8_e4m3) == 1 && sizeof(__hip_fp8x2_e5m2) == 2 &&
              sizeof(__hip_fp8x4_e4m3_fnuz) == 4);
static_assert(__HIP_E4M3 == 0 && __HIP_E5M2 == 1 && __HIP_E4M3_FNUZ == 2 && __HIP_E5M2_FNUZ == 3 &&
              __HIP_NOSAT == 0 && __HIP_SATFINITE == 1);

TEST(Fp8Host, ConversionsMatchTheReferenceOnTheHost) {
  std::mt19937 rng(43);
  for (int i = 0; i < 20000; ++i) {
    std::uint32_t b = (rng() & 0x807fffffu) | ((100 + rng() % 60) << 23);
    float f;
    std::memcpy(&f, &b, 4);
    for (int k = 0; k < 4; ++k)
      for (int sat = 0; sat < 2; ++sat) {
        std::uint32_t got = __hip_cvt_float_to_fp8(f, sat ? __HIP_SATFINITE : __HIP_NOSAT,
                                                   __hip_fp8_interpretation_t(k));
        ASSERT_TRUE(sameFp8(k, got, encode(k, f, sat))) << std::hexfloat << f << " kind " << k;
      }
  }
  EXPECT_EQ(float(__hip_fp8_e4m3(448.0f)), 448.0f);
  EXPECT_EQ(__hip_fp8_e4m3(1e9f).__x, 0x7e);  // saturates by default
  EXPECT_EQ(__hip_cvt_float_to_fp8(1e9f, __HIP_NOSAT, __HIP_E5M2), 0x7c);
  EXPECT_EQ(__hip_cvt_float_to_fp8(-0.0f, __HIP_NOSAT, __HIP_E4M3_FNUZ), 0x00);
}

}  // namespace
}  // namespace isatest
