// hip_bf16.h and the legacy hip_bfloat16 on the device: every bfloat16 pattern to float and
// back, float->bfloat16 in every mode on all rounding boundaries, integer conversions,
// arithmetic, comparisons, math, shuffles and atomics, against SmallFloatReference.h; plus a
// host-side check of the types' layout and conversions.
#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "IsaTestSupport.h"
#include "SmallFloatReference.h"

namespace isatest {
namespace {

const Format16& bf16Format() {
  static const ValueTable table(kBf16);
  static const Format16 f{kBf16, table};
  return f;
}
std::uint16_t toBf16(double x, Mode m = Mode::Nearest) {
  return bf16Format().round(x, m);
}
double fromBf16(std::uint16_t h) {
  return bf16Format().decode(h);
}
bool sameBf16(std::uint16_t got, std::uint16_t want) {
  return bf16Format().same(got, want);
}
int bf16Ulps(std::uint16_t a, std::uint16_t b) {
  return Format16::ulps(a, b);
}
// Round in the mode (0 nearest even, 1 toward zero, 2 down, 3 up), NaN -> 0, clamp to [lo, hi].
long long toInteger(double x, int mode, double lo, double hi) {
  if (std::isnan(x)) return 0;
  double r = mode == 0   ? std::nearbyint(x)
             : mode == 1 ? std::trunc(x)
             : mode == 2 ? std::floor(x)
                         : std::ceil(x);
  if (r <= lo) return (long long)lo;
  if (r >= hi) return (long long)hi;
  return (long long)r;
}

class Bf16 : public IsaTest {
 protected:
  unsigned blocksFor(int n) const { return unsigned((n + 255) / 256); }
};

TEST_P(Bf16, EveryBitPatternToFloatAndBack) {
  const int n = 65536;
  std::vector<std::uint16_t> in(n), back(n, 0xdead);
  std::vector<float> out(n, -1.0f);
  for (int i = 0; i < n; ++i) in[i] = std::uint16_t(i);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(buffer(back, "back")).arg(n);
  run("bf16", "_Z13bf16_to_floatPKtPfPti", l);
  for (int i = 0; i < n; ++i) {
    std::uint16_t h = std::uint16_t(i);
    if (kBf16.isNan(h)) {
      ASSERT_TRUE(std::isnan(out[i])) << std::hex << i;
      ASSERT_TRUE(kBf16.isNan(back[i])) << std::hex << i;
      continue;
    }
    ASSERT_EQ(floatBits(out[i]), floatBits(float(kBf16.decode(h)))) << std::hex << i;
    ASSERT_EQ(back[i], h) << std::hex << i;
  }
}

TEST_P(Bf16, FloatToBf16EveryModeOnRoundingBoundaries) {
  std::vector<float> in;
  const ValueTable& t = bf16Format().table;
  for (size_t k = 0; k + 1 < t.values.size(); ++k) {
    float h = float(t.values[k]), mid = float((t.values[k] + t.values[k + 1]) / 2);
    for (float x : {h, mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY),
                    std::nextafter(h, INFINITY)})
      in.push_back(x);
  }
  for (float x : {3.4028235e38f, INFINITY, NAN, bitsToFloat(0x7f800001u), bitsToFloat(0x7fffffffu),
                  bitsToFloat(0x7f7fffffu), bitsToFloat(0x7f7f8000u), bitsToFloat(0x00000001u)})
    in.push_back(x);
  std::mt19937 rng(23);
  for (int i = 0; i < 4000; ++i) in.push_back(bitsToFloat(rng() & 0x7fffffffu));
  size_t positive = in.size();
  for (size_t i = 0; i < positive; ++i) in.push_back(-in[i]);
  const int n = int(in.size());
  std::vector<std::uint16_t> out(size_t(n) * 7, 0xdead);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("bf16", "_Z13float_to_bf16PKfPti", l);
  const char* names[7] = {"rn", "rz", "rd", "ru", "double", "legacy", "legacy truncate"};
  for (int i = 0; i < n; ++i) {
    float f = in[i];
    std::uint16_t trunc = std::uint16_t(floatBits(f) >> 16);
    std::uint16_t want[7] = {toBf16(f),
                             toBf16(f, Mode::Zero),
                             toBf16(f, Mode::Down),
                             toBf16(f, Mode::Up),
                             toBf16(double(f) * 1.0000001),
                             toBf16(f),
                             std::isnan(f) ? std::uint16_t(0x7fc0) : trunc};
    for (int k = 0; k < 7; ++k)
      ASSERT_TRUE(sameBf16(out[size_t(i) * 7 + k], want[k]))
          << names[k] << "(" << std::hexfloat << f << ") = " << std::hex << out[size_t(i) * 7 + k]
          << ", want " << want[k];
  }
}

TEST_P(Bf16, IntegerConversionsInEveryMode) {
  const int n = 65536;
  std::vector<std::uint16_t> in(n), back(size_t(n) * 5, 0xdead);
  std::vector<int> ints(n), out(size_t(n) * 6, 0x5a5a5a5a);
  std::mt19937 rng(29);
  for (int i = 0; i < n; ++i) {
    in[i] = std::uint16_t(i);
    ints[i] = i < 512 ? i - 256 : int(rng()) >> (rng() % 31);
  }
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(ints, "ints")).arg(buffer(out, "out"));
  l.arg(buffer(back, "back")).arg(n);
  run("bf16", "_Z9bf16_intsPKtPKiPiPti", l);
  for (int i = 0; i < n; ++i) {
    double x = fromBf16(std::uint16_t(i));
    int want[6] = {int(toInteger(x, 0, -2147483648.0, 2147483647.0)),
                   int(toInteger(x, 1, -2147483648.0, 2147483647.0)),
                   int(toInteger(x, 2, -2147483648.0, 2147483647.0)),
                   int(toInteger(x, 3, -2147483648.0, 2147483647.0)),
                   int(toInteger(x, 0, -32768.0, 32767.0)),
                   int((unsigned)toInteger(x, 1, 0.0, 4294967295.0))};
    for (int k = 0; k < 6; ++k)
      ASSERT_EQ(out[size_t(i) * 6 + k], want[k]) << "conversion " << k << " of " << std::hex << i;
    int v = ints[i];
    std::uint16_t wantBack[5] = {toBf16(v), toBf16(v, Mode::Zero), toBf16(v, Mode::Down),
                                 toBf16(v, Mode::Up), toBf16(double((long long)v * 1000003LL))};
    for (int k = 0; k < 5; ++k)
      ASSERT_EQ(back[size_t(i) * 5 + k], wantBack[k]) << "int conversion " << k << " of " << v;
  }
}

std::uint16_t satBf16(std::uint16_t h) {
  if (kBf16.isNan(h)) return 0;
  double v = kBf16.decode(h);
  return v > 1 ? 0x3f80 : v > 0 ? h : 0;
}

TEST_P(Bf16, ArithmeticAndComparisonsOnRandomPairs) {
  std::vector<std::uint16_t> a = {0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x3f80, 0x0001, 0x7f7f};
  std::vector<std::uint16_t> b = {0x8000, 0x0000, 0x7f80, 0x7f80, 0x3f80, 0x7fc0, 0x8001, 0x7f7f};
  std::vector<std::uint16_t> c(a.size(), 0x3f80);
  std::mt19937 rng(31);
  while (a.size() < 6000) {
    std::uint32_t r = rng();
    a.push_back(std::uint16_t(r));
    b.push_back(std::uint16_t((r & 0x10000) ? rng() : (r ^ (rng() & 0x807f))));
    c.push_back(std::uint16_t(rng()));
  }
  const int n = int(a.size());
  std::vector<std::uint16_t> out(size_t(n) * 16, 0xdead);
  std::vector<std::uint32_t> cmp(n, 0xffffffffu);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out"));
  l.arg(buffer(cmp, "cmp")).arg(n);
  run("bf16", "_Z10bf16_arithPKtS0_S0_PtPji", l);
  const char* names[16] = {"hadd",     "hsub",     "hmul",     "hdiv",    "hfma",      "hadd_sat",
                           "hmax",     "hmin",     "hneg",     "habs",    "operator+", "operator/",
                           "hmul2.lo", "hmul2.hi", "legacy *", "legacy -"};
  for (int i = 0; i < n; ++i) {
    double x = fromBf16(a[i]), y = fromBf16(b[i]), z = fromBf16(c[i]);
    std::uint16_t sum = toBf16(x + y);
    std::uint16_t maxv, minv;
    if (std::isnan(x) || std::isnan(y)) {
      maxv = minv = std::isnan(x) ? b[i] : a[i];
    } else {
      maxv = x > y ? a[i] : b[i];
      minv = x < y ? a[i] : b[i];
    }
    std::uint16_t want[16] = {sum,
                              toBf16(x - y),
                              toBf16(x * y),
                              toBf16(x / y),
                              toBf16(std::fma(float(x), float(y), float(z))),
                              satBf16(sum),
                              maxv,
                              minv,
                              std::uint16_t(a[i] ^ 0x8000),
                              std::uint16_t(a[i] & 0x7fff),
                              sum,
                              toBf16(x / y),
                              toBf16(x * y),
                              toBf16(y * z),
                              toBf16(x * y),
                              toBf16(x - y)};
    for (int k = 0; k < 16; ++k) {
      std::uint16_t got = out[size_t(i) * 16 + k];
      bool zeroTie = (k == 6 || k == 7) && x == 0 && y == 0 && (got & 0x7fff) == 0;
      ASSERT_TRUE(zeroTie || sameBf16(got, want[k]))
          << names[k] << "(" << std::hex << a[i] << ", " << b[i] << ", " << c[i] << ") = " << got
          << ", want " << want[k];
    }
    bool un = std::isnan(x) || std::isnan(y);
    std::uint32_t m = 0;
    m |= unsigned(x == y) << 0;
    m |= unsigned(x < y || x > y) << 1;
    m |= unsigned(x < y) << 2;
    m |= unsigned(x > y) << 3;
    m |= unsigned(x <= y) << 4;
    m |= unsigned(x >= y) << 5;
    m |= unsigned(un || x == y) << 6;
    m |= unsigned(!(x == y)) << 7;
    m |= unsigned(un || x < y) << 8;
    m |= unsigned(un || x > y) << 9;
    m |= unsigned(un || x <= y) << 10;
    m |= unsigned(un || x >= y) << 11;
    m |= unsigned(std::isnan(x)) << 12;
    m |= unsigned(std::isinf(x)) << 13;
    m |= unsigned(x == y) << 14;
    m |= unsigned(x < y) << 15;
    m |= unsigned(x == y && y == z) << 16;
    m |= unsigned(x < y && y < z) << 17;
    m |= unsigned(x < y) << 18;
    m |= unsigned(x == y) << 19;
    ASSERT_EQ(cmp[i], m) << "comparisons of " << std::hex << a[i] << ", " << b[i] << ", " << c[i];
  }
}

TEST_P(Bf16, MathOnEveryBf16) {
  const int n = 65536;
  std::vector<std::uint16_t> in(n), out(size_t(n) * 8, 0xdead);
  for (int i = 0; i < n; ++i) in[i] = std::uint16_t(i);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("bf16", "_Z9bf16_mathPKtPti", l);
  const char* names[8] = {"hsqrt", "hexp2", "hlog2", "hsin", "hfloor", "hrint", "hrcp", "h2trunc"};
  for (int i = 0; i < n; ++i) {
    double x = fromBf16(std::uint16_t(i));
    double ref[8] = {std::sqrt(x),  std::exp2(x),      std::log2(x), std::sin(x),
                     std::floor(x), std::nearbyint(x), 1 / x,        std::trunc(x)};
    for (int k = 0; k < 8; ++k) {
      if (k == 3 && !(std::fabs(x) <= 1e4)) continue;  // huge-argument sin is not specified here
      std::uint16_t want = toBf16(ref[k]), got = out[size_t(i) * 8 + k];
      bool exact = k == 4 || k == 5 || k == 7;
      bool ok = kBf16.isNan(want)                                ? kBf16.isNan(got)
                : kBf16.isNan(got) || kBf16.isInf(want) || exact ? got == want
                                                                 : bf16Ulps(got, want) <= 1;
      ASSERT_TRUE(ok) << names[k] << "(" << std::hex << i << ") = " << got << ", want " << want;
    }
  }
}

TEST_P(Bf16, ShufflesMoveBf16AndAtomicsAdd) {
  const unsigned wave = waveSize();
  for (int delta : {1, 2, 7}) {
    std::vector<std::uint16_t> out(wave * 4, 0xdead);
    std::vector<std::uint32_t> acc2(1, 0), acc(1, 0x12340000u);  // low half must stay untouched
    vgpu::isa::Launch l = launch1d(1, wave);
    l.arg(buffer(out, "out")).arg(buffer(acc2, "acc2")).arg(buffer(acc, "acc")).arg(delta);
    run("bf16", "_Z10bf16_lanesPtP15__hip_bfloat162P14__hip_bfloat16i", l);
    for (unsigned lane = 0; lane < wave; ++lane) {
      unsigned x = lane ^ unsigned(delta), src = unsigned(delta) % wave;
      unsigned down = lane + delta < wave ? lane + delta : lane;
      std::uint16_t want[4] = {toBf16(x * 3.0 + 1), toBf16(down * 3.0 + 1), toBf16(double(src)),
                               toBf16(double(-int(src)))};
      for (int k = 0; k < 4; ++k)
        ASSERT_EQ(out[lane * 4 + k], want[k]) << "lane " << lane << " kind " << k;
    }
    EXPECT_EQ(acc2[0], toBf16(double(wave)) | std::uint32_t(toBf16(wave * 0.5)) << 16);
    // 0x1234 in the high half is a bfloat16 too (tiny); wave additions of 0.25 round it away.
    double sum = fromBf16(0x1234);
    for (unsigned k = 0; k < wave; ++k) sum = fromBf16(toBf16(sum + 0.25));
    EXPECT_EQ(acc[0], 0x0000u | std::uint32_t(toBf16(sum)) << 16);
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, Bf16, ::testing::ValuesIn(kAllVariants), variantName);

// Host side: the types' layout and conversions compiled by the host compiler.
static_assert(sizeof(__hip_bfloat16) == 2 && alignof(__hip_bfloat16) == 2);
static_assert(sizeof(__hip_bfloat162) == 4 && alignof(__hip_bfloat162) == 4);
static_assert(sizeof(hip_bfloat16) == 2 && std::is_trivial<hip_bfloat16>::value);

TEST(Bf16Host, ConversionsAndArithmeticOnTheHost) {
  std::mt19937 rng(37);
  for (int i = 0; i < 20000; ++i) {
    // Every fourth input is a tie (low 16 bits 0x8000), half of them with an odd bfloat16 lsb.
    std::uint32_t r = rng();
    float f = bitsToFloat(i % 4 ? r : (r & 0xffff0000u) | 0x8000u);
    for (int mode = 0; mode < 4; ++mode) {
      __hip_bfloat16 got = mode == 0   ? __float2bfloat16(f)
                           : mode == 1 ? __float2bfloat16_rz(f)
                           : mode == 2 ? __float2bfloat16_rd(f)
                                       : __float2bfloat16_ru(f);
      ASSERT_TRUE(sameBf16(__bfloat16_as_ushort(got), toBf16(f, Mode(mode))))
          << std::hexfloat << f << " mode " << mode;
    }
    ASSERT_TRUE(sameBf16(hip_bfloat16(f).data, toBf16(f)));
  }
  // All quotients, on the host side of the header too.
  for (int i = 0; i < 20000; ++i) {
    std::uint16_t p = std::uint16_t(rng()), q = std::uint16_t(rng()), r = std::uint16_t(rng());
    __hip_bfloat16 x = __ushort_as_bfloat16(p), y = __ushort_as_bfloat16(q),
                   z = __ushort_as_bfloat16(r);
    double dx = fromBf16(p), dy = fromBf16(q), dz = fromBf16(r);
    ASSERT_TRUE(sameBf16(__bfloat16_as_ushort(__hdiv(x, y)), toBf16(dx / dy)))
        << std::hex << p << " / " << q;
    ASSERT_TRUE(sameBf16(__bfloat16_as_ushort(x * y), toBf16(dx * dy)));
    ASSERT_TRUE(sameBf16(__bfloat16_as_ushort(__hfma(x, y, z)),
                         toBf16(std::fma(float(dx), float(dy), float(dz)))));
  }
  __hip_bfloat16 a = 1.5f, b = 2.25f;
  EXPECT_EQ(float(a + b), 3.75f);
  EXPECT_TRUE(__hlt(a, b));
  hip_bfloat16 x(3.0f), y(0.5f);
  EXPECT_EQ(float(x / y), 6.0f);
}

}  // namespace
}  // namespace isatest
