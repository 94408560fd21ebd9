// Conversion intrinsics (__float2int_rn ... __hiloint2double) in every rounding direction, on
// ties, signed zeros, subnormals, values just inside and outside each integer range, infinities,
// NaN and random inputs, against the host's own conversions under fesetround. Out-of-range and
// NaN inputs (undefined in CUDA) must give hipcore's documented result: saturation to the
// destination's minimum or maximum, and 0 for NaN.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "IsaTestSupport.h"
#include "RoundingModes.h"

namespace isatest {
namespace {

// The integer a value rounds to in the host's current mode, saturated: computed in long double,
// where every float, double and 64-bit integer bound is exact.
template <typename I>
std::uint64_t saturated(long double x, int mode) {
  if (std::isnan(x)) return 0;
  long double r = inMode(mode, [&] { return std::nearbyint(x); });
  long double low = (long double)std::numeric_limits<I>::min();
  long double high = (long double)std::numeric_limits<I>::max();
  I v = r < low ? std::numeric_limits<I>::min() : (r > high ? std::numeric_limits<I>::max() : (I)r);
  // Stored by the kernel through unsigned long long: 32-bit results zero-extended.
  if (sizeof(I) == 4) return (std::uint32_t)v;
  return (std::uint64_t)v;
}

template <typename F>
void expectIntegerRows(const std::vector<std::uint64_t>& row, F x, const char* from) {
  const char* names[4] = {"int", "uint", "ll", "ull"};
  for (int m = 0; m < 4; ++m) {
    std::uint64_t want[4] = {
        saturated<std::int32_t>(x, kHostModes[m]), saturated<std::uint32_t>(x, kHostModes[m]),
        saturated<std::int64_t>(x, kHostModes[m]), saturated<std::uint64_t>(x, kHostModes[m])};
    for (int t = 0; t < 4; ++t)
      EXPECT_EQ(row[t * 4 + m], want[t])
          << "__" << from << "2" << names[t] << kModeSuffix[m] << "(" << std::hexfloat << x << ")";
  }
}

class Conversions : public IsaTest {};

std::vector<float> floatInputs() {
  std::vector<float> v = {0.0f,
                          -0.0f,
                          0.5f,
                          -0.5f,
                          1.5f,
                          -1.5f,
                          2.5f,
                          -2.5f,
                          0.49999997f,
                          -0.49999997f,
                          1.0f,
                          -1.0f,
                          0.75f,
                          -0.75f,
                          8388607.5f,
                          -8388607.5f,
                          0x1p-149f,
                          -0x1p-149f,
                          0x1p-126f,
                          2147483520.0f,
                          0x1p31f,
                          -0x1p31f,
                          -2147483904.0f,
                          4294967040.0f,
                          0x1p32f,
                          0x1p63f,
                          9223371487098961920.0f,
                          -0x1p63f,
                          -9223373136366403584.0f,
                          0x1p64f,
                          18446742974197923840.0f,
                          std::numeric_limits<float>::max(),
                          -std::numeric_limits<float>::max(),
                          INFINITY,
                          -INFINITY,
                          NAN,
                          -NAN};
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> small(-40.0f, 40.0f), wide(-0x1p65f, 0x1p65f),
      mid(-0x1p33f, 0x1p33f);
  while (v.size() < 400) {
    v.push_back(small(rng));
    v.push_back(mid(rng));
    v.push_back(wide(rng));
    v.push_back(floatFrom(rng()));
  }
  return v;
}

TEST_P(Conversions, FloatToIntegerInEachRoundingMode) {
  std::vector<float> in = floatInputs();
  const int n = int(in.size());
  std::vector<std::uint64_t> out(n * 18, 0xdeadbeefdeadbeefull);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("conversions", "_Z10from_floatPKfPyi", l);
  for (int i = 0; i < n; ++i) {
    std::vector<std::uint64_t> row(out.begin() + i * 18, out.begin() + i * 18 + 18);
    expectIntegerRows(row, in[i], "float");
    EXPECT_EQ(row[16], bitsOf(in[i])) << "__float_as_int";
    EXPECT_EQ(row[17], 0xffffffffull) << "__float_as_uint / __uint_as_float round trip";
  }
}

TEST_P(Conversions, DoubleToIntegerAndFloatInEachRoundingMode) {
  std::vector<double> in = {0.0,
                            -0.0,
                            0.5,
                            -0.5,
                            1.5,
                            -1.5,
                            2.5,
                            -2.5,
                            0.49999999999999994,
                            4503599627370495.5,
                            -4503599627370495.5,
                            2147483647.0,
                            2147483647.5,
                            2147483647.9999998,
                            2147483648.0,
                            -2147483648.0,
                            -2147483648.5,
                            -2147483649.0,
                            4294967295.0,
                            4294967295.5,
                            4294967296.0,
                            -0.9999999999999999,
                            0x1p63,
                            9223372036854774784.0,
                            -0x1p63,
                            -9223372036854777856.0,
                            0x1p64,
                            18446744073709549568.0,
                            0x1p-1074,
                            -0x1p-1074,
                            0x1p-149,
                            0x1p-150,
                            0x1.8p-150,
                            0x1p-126,
                            0x1.fffffep127,
                            0x1.fffffefp127,
                            0x1.ffffffp127,
                            0x1p128,
                            -0x1p128,
                            1.0 + 0x1p-24,
                            1.0 + 0x1p-23 + 0x1p-24,
                            1.0 + 0x1p-30,
                            -1.0 - 0x1p-30,
                            std::numeric_limits<double>::max(),
                            INFINITY,
                            -INFINITY,
                            NAN,
                            -NAN};
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> small(-40.0, 40.0), mid(-0x1p33, 0x1p33),
      wide(-0x1p65, 0x1p65);
  while (in.size() < 400) {
    in.push_back(small(rng));
    in.push_back(mid(rng));
    in.push_back(wide(rng));
    in.push_back(doubleFrom(rng()));
  }
  const int n = int(in.size());
  std::vector<std::uint64_t> out(n * 24, 0xdeadbeefdeadbeefull);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("conversions", "_Z11from_doublePKdPyi", l);
  for (int i = 0; i < n; ++i) {
    double x = in[i];
    std::vector<std::uint64_t> row(out.begin() + i * 24, out.begin() + i * 24 + 24);
    expectIntegerRows(row, x, "double");
    for (int m = 0; m < 4; ++m) {
      volatile double vx = x;
      float want = inMode(kHostModes[m], [&] { return (float)vx; });
      EXPECT_TRUE(sameFloatBits(floatFrom(std::uint32_t(row[16 + m])), want))
          << "__double2float" << kModeSuffix[m] << "(" << std::hexfloat << x << ")";
    }
    std::uint64_t bits = bitsOf(x);
    EXPECT_EQ(row[20], bits >> 32) << "__double2hiint";
    EXPECT_EQ(row[21], bits & 0xffffffffu) << "__double2loint";
    EXPECT_EQ(row[22], bits) << "__double_as_longlong";
    EXPECT_EQ(row[23], (bits << 32) | (bits >> 32)) << "__hiloint2double(lo, hi)";
  }
}

TEST_P(Conversions, IntegerToFloatingPointInEachRoundingMode) {
  std::vector<std::uint64_t> in = {0,
                                   1,
                                   0xffffffffffffffffull,
                                   0x7fffffff,
                                   0x80000000,
                                   0xffffff,
                                   0x1000001,
                                   0x1000003,
                                   0x7fffffc0,
                                   0x7fffffbf,
                                   0xffffff7f,
                                   0xffffff80,
                                   0xffffffff,
                                   0x8000000000000000ull,
                                   0x7fffffffffffffffull,
                                   0x20000000000001ull,
                                   0x20000000000003ull,
                                   0xfffffffffffff800ull,
                                   0xfffffffffffffbffull,
                                   0x8000000000000001ull,
                                   0xffffffff80000000ull,
                                   0xffffffff7fffffffull};
  std::mt19937_64 rng(13);
  while (in.size() < 400) {
    std::uint64_t r = rng();
    in.push_back(r);
    in.push_back(r >> (r % 64));
    in.push_back(std::uint64_t(std::int64_t(std::int32_t(r))));
  }
  const int n = int(in.size());
  std::vector<std::uint64_t> out(n * 26, 0xdeadbeefdeadbeefull);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("conversions", "_Z12from_integerPKyPyi", l);
  for (int i = 0; i < n; ++i) {
    volatile std::uint64_t v = in[i];
    const std::uint64_t* row = &out[i * 26];
    for (int m = 0; m < 4; ++m) {
      const int mode = kHostModes[m];
      float wantF[4] = {inMode(mode, [&] { return (float)(std::int32_t)v; }),
                        inMode(mode, [&] { return (float)(std::uint32_t)v; }),
                        inMode(mode, [&] { return (float)(std::int64_t)v; }),
                        inMode(mode, [&] { return (float)(std::uint64_t)v; })};
      const char* fromNames[4] = {"__int2float", "__uint2float", "__ll2float", "__ull2float"};
      for (int t = 0; t < 4; ++t)
        EXPECT_EQ(row[t * 4 + m], bitsOf(wantF[t]))
            << fromNames[t] << kModeSuffix[m] << "(0x" << std::hex << in[i] << ")";
      double wantD[2] = {inMode(mode, [&] { return (double)(std::int64_t)v; }),
                         inMode(mode, [&] { return (double)(std::uint64_t)v; })};
      EXPECT_EQ(row[16 + m], bitsOf(wantD[0]))
          << "__ll2double" << kModeSuffix[m] << "(0x" << std::hex << in[i] << ")";
      EXPECT_EQ(row[20 + m], bitsOf(wantD[1]))
          << "__ull2double" << kModeSuffix[m] << "(0x" << std::hex << in[i] << ")";
    }
    EXPECT_EQ(row[24], bitsOf((double)(std::int32_t)v)) << "__int2double_rn";
    EXPECT_EQ(row[25], bitsOf((double)(std::uint32_t)v)) << "__uint2double_rn";
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, Conversions, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
