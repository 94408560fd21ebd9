// hip_fp16.h on the device: every __half bit pattern to float and back, float->half in every
// rounding mode on all rounding boundaries, integer conversions, arithmetic, comparisons, math,
// shuffles and atomics, against the table-based reference of SmallFloatReference.h.
#include <hip/hip_fp16.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "IsaTestSupport.h"
#include "SmallFloatReference.h"

namespace isatest {
namespace {

const Format16& halfFormat() {
  static const ValueTable table(kHalf);
  static const Format16 f{kHalf, table};
  return f;
}
std::uint16_t toHalf(double x, Mode m = Mode::Nearest) {
  return halfFormat().round(x, m);
}
double fromHalf(std::uint16_t h) {
  return halfFormat().decode(h);
}
bool sameHalf(std::uint16_t got, std::uint16_t want) {
  return halfFormat().same(got, want);
}
int halfUlps(std::uint16_t a, std::uint16_t b) {
  return Format16::ulps(a, b);
}

class Half : public IsaTest {
 protected:
  unsigned blocksFor(int n) const { return unsigned((n + 255) / 256); }
};

TEST_P(Half, EveryBitPatternToFloatAndBack) {
  const int n = 65536;
  std::vector<std::uint16_t> in(n), back(n, 0xdead);
  std::vector<float> out(n, -1.0f);
  for (int i = 0; i < n; ++i) in[i] = std::uint16_t(i);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(buffer(back, "back")).arg(n);
  run("half", "_Z13half_to_floatPKtPfPti", l);
  for (int i = 0; i < n; ++i) {
    std::uint16_t h = std::uint16_t(i);
    if (kHalf.isNan(h)) {
      ASSERT_TRUE(std::isnan(out[i])) << std::hex << i;
      ASSERT_TRUE(kHalf.isNan(back[i])) << std::hex << i;
      continue;
    }
    ASSERT_EQ(floatBits(out[i]), floatBits(float(kHalf.decode(h)))) << "half " << std::hex << i;
    ASSERT_EQ(back[i], h) << "half " << std::hex << i;
  }
}

// Floats at and around every rounding boundary of half: each positive finite half, the
// midpoint to the next half, and the floats one ulp either side of both; then subnormal floats,
// values past the overflow threshold, infinities, NaNs and random patterns; both signs.
std::vector<float> boundaryFloats() {
  std::vector<float> v;
  const ValueTable& t = halfFormat().table;
  for (size_t k = 0; k + 1 < t.values.size(); k += 1) {
    float h = float(t.values[k]), mid = float((t.values[k] + t.values[k + 1]) / 2);
    for (float x :
         {h, mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 1e9f), std::nextafter(h, 1e9f)})
      v.push_back(x);
  }
  for (float x : {65504.0f, 65519.99f, 65520.0f, 65520.01f, 65536.0f, 1e10f, 3.4e38f, INFINITY, NAN,
                  bitsToFloat(0x7fa00001u), bitsToFloat(0x00000001u), bitsToFloat(0x007fffffu),
                  bitsToFloat(0x33000000u), bitsToFloat(0x33000001u), bitsToFloat(0x32ffffffu),
                  bitsToFloat(0x33800000u)})
    v.push_back(x);
  std::mt19937 rng(11);
  for (int i = 0; i < 4000; ++i) v.push_back(bitsToFloat(rng() & 0x7fffffffu));
  size_t positive = v.size();
  for (size_t i = 0; i < positive; ++i) v.push_back(-v[i]);
  return v;
}

TEST_P(Half, FloatToHalfEveryModeOnRoundingBoundaries) {
  std::vector<float> in = boundaryFloats();
  const int n = int(in.size());
  std::vector<std::uint16_t> out(size_t(n) * 5, 0xdead);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("half", "_Z13float_to_halfPKfPti", l);
  const Mode modes[4] = {Mode::Nearest, Mode::Zero, Mode::Down, Mode::Up};
  const char* names[5] = {"rn", "rz", "rd", "ru", "double rn"};
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 5; ++k) {
      std::uint16_t want = toHalf(in[i], modes[k % 4]);
      ASSERT_TRUE(sameHalf(out[size_t(i) * 5 + k], want))
          << names[k] << "(" << std::hexfloat << in[i] << ") = " << std::hex
          << out[size_t(i) * 5 + k] << ", want " << want;
    }
}

long long roundInMode(double x, int mode) {
  double r = mode == 0   ? std::nearbyint(x)
             : mode == 1 ? std::trunc(x)
             : mode == 2 ? std::floor(x)
                         : std::ceil(x);
  return (long long)r;  // |x| <= 65504 here
}
template <typename T>
T saturatingInt(double x, int mode, double lo, double hi) {
  if (std::isnan(x)) return 0;
  if (std::isinf(x)) return T(x > 0 ? hi : lo);
  long long r = roundInMode(x, mode);
  if (double(r) < lo) return T(lo);
  if (double(r) > hi) return T(hi);
  return T(r);
}

TEST_P(Half, HalfToIntegersSaturateInEveryMode) {
  const int n = 65536;
  std::vector<std::uint16_t> in(n);
  for (int i = 0; i < n; ++i) in[i] = std::uint16_t(i);
  std::vector<int> out(size_t(n) * 9, 0x5a5a5a5a);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("half", "_Z11half_to_intPKtPii", l);
  for (int i = 0; i < n; ++i) {
    double x = fromHalf(std::uint16_t(i));
    int want[9] = {
        saturatingInt<int>(x, 0, -2147483648.0, 2147483647.0),
        saturatingInt<int>(x, 1, -2147483648.0, 2147483647.0),
        saturatingInt<int>(x, 2, -2147483648.0, 2147483647.0),
        saturatingInt<int>(x, 3, -2147483648.0, 2147483647.0),
        saturatingInt<short>(x, 0, -32768.0, 32767.0),
        saturatingInt<unsigned short>(x, 1, 0.0, 65535.0),
        int(saturatingInt<unsigned>(x, 3, 0.0, 4294967295.0)),
        int(std::isinf(x) ? (x > 0 ? -1 : 0) : saturatingInt<long long>(x, 2, -9.3e18, 9.3e18)),
        int(std::isinf(x) ? (x > 0 ? -1 : 0)
                          : saturatingInt<unsigned long long>(x, 1, 0.0, 1.9e19)),
    };
    for (int k = 0; k < 9; ++k)
      ASSERT_EQ(out[size_t(i) * 9 + k], want[k])
          << "conversion " << k << " of half " << std::hex << i;
  }
}

TEST_P(Half, IntegersToHalfInEveryMode) {
  std::vector<int> in = {
      0,     1,      -1,    2047,  2048,  2049,  2050,   2051,   4097,       4099,
      65504, 65505,  65519, 65520, 65521, 70000, -65520, -65519, 0x7fffffff, -0x7fffffff - 1,
      32767, -32768, 65535, 12345};
  std::mt19937 rng(3);
  while (in.size() < 4000) in.push_back(int(rng()) >> (rng() % 28));
  const int n = int(in.size());
  std::vector<std::uint16_t> out(size_t(n) * 9, 0xdead);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("half", "_Z11int_to_halfPKiPti", l);
  for (int i = 0; i < n; ++i) {
    int v = in[i];
    long long wide = (long long)v * 1000003LL;
    std::uint16_t want[9] = {
        toHalf(v, Mode::Nearest),
        toHalf(v, Mode::Zero),
        toHalf(v, Mode::Down),
        toHalf(v, Mode::Up),
        toHalf(double(unsigned(v)), Mode::Zero),
        toHalf(double(short(v)), Mode::Down),
        toHalf(double((unsigned short)v), Mode::Up),
        toHalf(double(wide), Mode::Nearest),
        toHalf(double((unsigned long long)wide), Mode::Up),
    };
    for (int k = 0; k < 9; ++k)
      ASSERT_EQ(out[size_t(i) * 9 + k], want[k]) << "conversion " << k << " of " << v;
  }
}

// a*b + c exactly (halves are integers times 2^-24), rounded to odd at 53 bits so that the one
// rounding to half that follows is the correctly rounded fma.
double exactFma(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
  double x = fromHalf(a), y = fromHalf(b), z = fromHalf(c);
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return x * y + z;
  __int128 n = (__int128)(long long)std::ldexp(x, 24) * (long long)std::ldexp(y, 24) +
               ((__int128)(long long)std::ldexp(z, 24) << 24);
  if (n == 0) return (std::signbit(x * y) && std::signbit(z)) ? -0.0 : 0.0;
  bool neg = n < 0;
  unsigned __int128 m = neg ? (unsigned __int128)(-n) : (unsigned __int128)n;
  int len = 0;
  while (len < 128 && (m >> len) != 0) ++len;
  int shift = len > 53 ? len - 53 : 0;
  unsigned __int128 top = m >> shift;
  if (shift && (m & (((unsigned __int128)1 << shift) - 1))) top |= 1;
  double r = std::ldexp(double((unsigned long long)top), shift - 48);
  return neg ? -r : r;
}

std::uint16_t satHalf(std::uint16_t h) {
  if (kHalf.isNan(h)) return 0;
  double v = kHalf.decode(h);
  if (v > 1) return 0x3c00;
  if (v > 0) return h;
  return 0;
}

TEST_P(Half, ArithmeticAndComparisonsOnRandomPairs) {
  std::vector<std::uint16_t> a = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x3c00,
                                  0x0001, 0x7bff, 0x3c00, 0x4000, 0xbc00, 0x3800};
  std::vector<std::uint16_t> b = {0x8000, 0x0000, 0x7c00, 0x7c00, 0x3c00, 0x7e00,
                                  0x8001, 0x7bff, 0x3c00, 0x4000, 0x3c00, 0x3800};
  std::vector<std::uint16_t> c(a.size(), 0x3c00);
  std::mt19937 rng(17);
  while (a.size() < 6000) {
    std::uint32_t r = rng();
    a.push_back(std::uint16_t(r));
    // Half the pairs close in magnitude so that sums cancel and products stay in range.
    b.push_back(std::uint16_t((r & 0x10000) ? rng() : (r ^ (rng() & 0x83ff))));
    c.push_back(std::uint16_t(rng()));
  }
  const int n = int(a.size());
  std::vector<std::uint16_t> out(size_t(n) * 16, 0xdead);
  std::vector<std::uint32_t> cmp(n, 0xffffffffu);
  std::vector<float> dot(size_t(n) * 2, -7.0f);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out"));
  l.arg(buffer(cmp, "cmp")).arg(buffer(dot, "dot")).arg(n);
  run("half", "_Z10half_arithPKtS0_S0_PtPjPfi", l);
  const char* names[16] = {"hadd",      "hsub",     "hmul",     "hdiv",    "hfma", "hadd_sat",
                           "hmul_sat",  "hmax",     "hmin",     "hneg",    "habs", "operator+",
                           "operator-", "hadd2.lo", "hadd2.hi", "hfma2.hi"};
  for (int i = 0; i < n; ++i) {
    double x = fromHalf(a[i]), y = fromHalf(b[i]), z = fromHalf(c[i]);
    std::uint16_t sum = toHalf(x + y), prod = toHalf(x * y);
    std::uint16_t maxv, minv;
    if (std::isnan(x) || std::isnan(y)) {
      maxv = minv = std::isnan(x) ? b[i] : a[i];
    } else {
      maxv = x > y ? a[i] : b[i];
      minv = x < y ? a[i] : b[i];
    }
    std::uint16_t want[16] = {sum,
                              toHalf(x - y),
                              prod,
                              toHalf(x / y),
                              toHalf(exactFma(a[i], b[i], c[i])),
                              satHalf(sum),
                              satHalf(prod),
                              maxv,
                              minv,
                              std::uint16_t(a[i] ^ 0x8000),
                              std::uint16_t(a[i] & 0x7fff),
                              sum,
                              toHalf(x - y),
                              sum,
                              toHalf(y + z),
                              toHalf(exactFma(b[i], c[i], a[i]))};
    for (int k = 0; k < 16; ++k) {
      std::uint16_t got = out[size_t(i) * 16 + k];
      bool zeroTie = (k == 7 || k == 8) && x == 0 && y == 0 && (got & 0x7fff) == 0;
      ASSERT_TRUE(zeroTie || sameHalf(got, want[k]))
          << names[k] << "(" << std::hex << a[i] << ", " << b[i] << ", " << c[i] << ") = " << got
          << ", want " << want[k];
    }
    bool un = std::isnan(x) || std::isnan(y);
    bool un2 = un || std::isnan(z);
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
    m |= unsigned((un || x >= y) && (std::isnan(y) || std::isnan(z) || y >= z)) << 18;
    m |= unsigned(x < y) << 19;
    m |= unsigned(x < y) << 20;
    m |= unsigned(!(y == z)) << 21;
    m |= unsigned(std::isinf(y)) << 22;
    m |= 1u << 23;
    // amd_mixed_dot: two fmas in float (products of halves are exact in float).
    float d = std::fma(float(y), float(z), std::fma(float(x), float(y), 0.5f));
    float ds = std::isnan(d) ? 0.0f : d > 1 ? 1.0f : d > 0 ? d : 0.0f;
    ASSERT_TRUE(std::isnan(d) ? std::isnan(dot[size_t(i) * 2]) : dot[size_t(i) * 2] == d)
        << "amd_mixed_dot of " << std::hex << a[i] << ", " << b[i] << ", " << c[i];
    ASSERT_TRUE(dot[size_t(i) * 2 + 1] == ds ||
                (std::isnan(d) && std::isnan(dot[size_t(i) * 2 + 1])))
        << "saturated amd_mixed_dot of " << std::hex << a[i] << ", " << b[i] << ", " << c[i];
    (void)un2;
    ASSERT_EQ(cmp[i], m) << "comparisons of " << std::hex << a[i] << ", " << b[i] << ", " << c[i];
  }
}

TEST_P(Half, MathOnEveryHalf) {
  const int n = 65536;
  std::vector<std::uint16_t> in(n), out(size_t(n) * 16, 0xdead);
  for (int i = 0; i < n; ++i) in[i] = std::uint16_t(i);
  vgpu::isa::Launch l = launch1d(blocksFor(n), 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("half", "_Z9half_mathPKtPti", l);
  const char* names[16] = {"hsqrt",  "hrsqrt", "hrcp",   "hexp2", "hlog2", "hsin",
                           "hfloor", "hceil",  "htrunc", "hrint", "h2sqrt"};
  for (int i = 0; i < n; ++i) {
    double x = fromHalf(std::uint16_t(i));
    double ref[16] = {std::sqrt(x),  1 / std::sqrt(x),  1 / x,         std::exp2(x),
                      std::log2(x),  std::sin(x),       std::floor(x), std::ceil(x),
                      std::trunc(x), std::nearbyint(x), std::sqrt(x),  std::cos(x),
                      std::exp(x),   std::pow(10.0, x), std::log(x),   std::log10(x)};
    for (int k = 0; k < 16; ++k) {
      if ((k == 5 || k == 11) && !(std::fabs(x) <= 64))
        continue;  // large-argument sin is not specified here
      std::uint16_t want = toHalf(ref[k]);
      std::uint16_t got = out[size_t(i) * 16 + k];
      bool exact = k >= 6 && k <= 9;
      bool ok = kHalf.isNan(want)                                ? kHalf.isNan(got)
                : kHalf.isNan(got) || kHalf.isInf(want) || exact ? got == want
                                                                 : halfUlps(got, want) <= 1;
      ASSERT_TRUE(ok) << names[k] << "(" << std::hex << i << ") = " << got << ", want " << want;
    }
  }
}

TEST_P(Half, ShufflesMoveHalvesAndAtomicsAdd) {
  const unsigned wave = waveSize();
  for (int delta : {1, 3, 5}) {
    std::vector<std::uint16_t> out(wave * 6, 0xdead);
    std::vector<std::uint32_t> acc2(1, 0), acc(1, 0);  // (0, 0) and two zero halves
    vgpu::isa::Launch l = launch1d(1, wave);
    l.arg(buffer(out, "out")).arg(buffer(acc2, "acc2")).arg(buffer(acc, "acc")).arg(delta);
    run("half", "_Z10half_lanesPtP7__half2P6__halfi", l);
    for (unsigned lane = 0; lane < wave; ++lane) {
      auto value = [](unsigned src) { return toHalf(double(src * 3 + 1)); };
      unsigned x = lane ^ unsigned(delta);
      unsigned down = lane + delta < wave ? lane + delta : lane;
      unsigned up = lane >= unsigned(delta) ? lane - delta : lane;
      std::uint16_t want[6] = {
          value(unsigned(delta)), value(x), value(down), value(up), toHalf(double(x)),
          toHalf(double(-int(x)))};
      for (int k = 0; k < 6; ++k)
        ASSERT_EQ(out[lane * 6 + k], want[k]) << "lane " << lane << " kind " << k;
    }
    // wave additions of 1 and 0.5 (exact in half for wave <= 64), 0.25 and 0.5 in the word pair
    std::uint32_t want2 = toHalf(double(wave)) | std::uint32_t(toHalf(wave * 0.5)) << 16;
    std::uint32_t want1 = toHalf(wave * 0.25) | std::uint32_t(toHalf(wave * 0.5)) << 16;
    EXPECT_EQ(acc2[0], want2);
    EXPECT_EQ(acc[0], want1);
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, Half, ::testing::ValuesIn(kAllVariants), variantName);

// Host side: AMD's layout under this compiler and the conversions compiled for the host.
static_assert(sizeof(__half) == 2 && alignof(__half) == 2);
static_assert(sizeof(__half2) == 4 && sizeof(__half2_raw) == 4);
#if defined(__clang__)
static_assert(alignof(__half2) == 4);
#else
static_assert(alignof(__half2) == 2);  // AMD's g++ layout: two __half
#endif

TEST(HalfHost, ConversionsAndArithmeticOnTheHost) {
  std::vector<float> in = boundaryFloats();
  for (float f : in) {
    __half got[4] = {__float2half_rn(f), __float2half_rz(f), __float2half_rd(f),
                     __float2half_ru(f)};
    for (int k = 0; k < 4; ++k)
      ASSERT_TRUE(sameHalf(__half_as_ushort(got[k]), toHalf(f, Mode(k))))
          << std::hexfloat << f << " mode " << k;
  }
  for (int i = 0; i < 65536; ++i) {
    __half h = __ushort_as_half(std::uint16_t(i));
    double x = fromHalf(std::uint16_t(i));
    if (!std::isnan(x)) ASSERT_EQ(floatBits(__half2float(h)), floatBits(float(x))) << i;
    ASSERT_EQ(__half2int_rd(h), saturatingInt<int>(x, 2, -2147483648.0, 2147483647.0)) << i;
    ASSERT_EQ(__half2short_ru(h), saturatingInt<short>(x, 3, -32768.0, 32767.0)) << i;
  }
  std::mt19937 rng(53);
  for (int i = 0; i < 20000; ++i) {
    std::uint16_t a = std::uint16_t(rng()), b = std::uint16_t(rng()), c = std::uint16_t(rng());
    __half x = __ushort_as_half(a), y = __ushort_as_half(b), z = __ushort_as_half(c);
    ASSERT_TRUE(sameHalf(__half_as_ushort(x * y), toHalf(fromHalf(a) * fromHalf(b))));
    ASSERT_TRUE(sameHalf(__half_as_ushort(__hdiv(x, y)), toHalf(fromHalf(a) / fromHalf(b))));
    ASSERT_TRUE(sameHalf(__half_as_ushort(__hfma(x, y, z)), toHalf(exactFma(a, b, c))))
        << std::hex << a << " " << b << " " << c;
    ASSERT_EQ(__hlt(x, y), fromHalf(a) < fromHalf(b));
    ASSERT_EQ(__hneu(x, y), !(fromHalf(a) == fromHalf(b)));
  }
}

}  // namespace
}  // namespace isatest
