// Directed float cases: NaN, infinities, denormals, signed zeros, saturating conversions, f16.
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstring>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class FloatEdges : public IsaTest {};

::testing::AssertionResult sameDouble(double got, double want) {
  if ((std::isnan(got) && std::isnan(want)) || std::memcmp(&got, &want, 8) == 0)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << got << " != " << want;
}

// v_cvt_i32_f32 / v_cvt_u32_f32: saturate, NaN -> 0 (RDNA2 ISA).
int toI32(float x) {
  if (std::isnan(x)) return 0;
  if (x <= -2147483648.0f) return INT_MIN;
  if (x >= 2147483648.0f) return INT_MAX;
  return static_cast<int>(x);
}
unsigned toU32(float x) {
  if (std::isnan(x) || x <= 0) return 0;
  if (x >= 4294967296.0f) return 0xffffffffu;
  return static_cast<unsigned>(x);
}

TEST_P(FloatEdges, SinglePrecision) {
  const float nan = std::nanf(""), inf = INFINITY, den = 1e-40f;
  std::vector<float> a = {1.5f, -2.5f,   nan,  inf,   -inf,   0.0f, -0.0f, den,
                          -den, FLT_MAX, 3e9f, -3e9f, 1e-45f, 7.0f, inf};
  std::vector<float> b = {2.0f,  nan,     1.0f,  -inf, 5.0f, -0.0f, 3.0f, den,
                          1e30f, FLT_MAX, -1.0f, 0.5f, 0.5f, inf,   inf};
  int n = static_cast<int>(a.size());
  std::vector<float> out(6 * n, 0);
  std::vector<int> iout(4 * n, 0);
  vgpu::isa::Launch l = launch1d(1, 32);
  l.arg(buffer(a, "a"))
      .arg(buffer(b, "b"))
      .arg(buffer(out, "out"))
      .arg(buffer(iout, "iout"))
      .arg(n);
  run("floatedge", "float_edges", l);
  for (int i = 0; i < n; ++i) {
    float x = a[i], y = b[i];
    EXPECT_TRUE(sameFloatBits(out[6 * i + 0], x + y)) << "add " << i;
    EXPECT_TRUE(sameFloatBits(out[6 * i + 1], x * y)) << "mul " << i;
    if (!(x == 0 && y == 0)) {  // the sign of min/max of two zeros is unspecified
      EXPECT_TRUE(sameFloatBits(out[6 * i + 2], std::fmin(x, y))) << "min " << i;
      EXPECT_TRUE(sameFloatBits(out[6 * i + 3], std::fmax(x, y))) << "max " << i;
    }
    EXPECT_TRUE(sameFloatBits(out[6 * i + 4], std::fma(x, y, 1.0f))) << "fma " << i;
    EXPECT_TRUE(sameFloatBits(out[6 * i + 5], -std::fabs(x))) << "-fabs " << i;
    EXPECT_EQ(iout[4 * i + 0], toI32(x)) << "cvt_i32 " << i;
    EXPECT_EQ(iout[4 * i + 1], static_cast<int>(toU32(std::fabs(y)))) << "cvt_u32 " << i;
    EXPECT_EQ(iout[4 * i + 2], x < y ? 1 : 0) << "lt " << i;
    int cls =
        std::isnan(x) + 2 * (std::isinf(y) ? 1 : 0) + 4 * (std::fpclassify(x) == FP_SUBNORMAL);
    EXPECT_EQ(iout[4 * i + 3], cls) << "class " << i;
  }
}

TEST_P(FloatEdges, DoublePrecision) {
  const double nan = std::nan(""), inf = INFINITY;
  std::vector<double> a = {1.5,      -2.5,    nan,   inf,       0.0,  -0.0,
                           4.9e-324, DBL_MAX, 1e300, 3.0000001, 1e-30};
  std::vector<double> b = {2.0, nan, 1.0, -inf, -0.0, 3.0, 2.0, 2.0, 1e10, 1.0 / 3.0, 1e30};
  int n = static_cast<int>(a.size());
  std::vector<double> out(4 * n, 0);
  vgpu::isa::Launch l = launch1d(1, 32);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(out, "out")).arg(n);
  run("floatedge", "double_edges", l);
  for (int i = 0; i < n; ++i) {
    EXPECT_TRUE(sameDouble(out[4 * i + 0], a[i] + b[i])) << i;
    EXPECT_TRUE(sameDouble(out[4 * i + 1], a[i] * b[i])) << i;
    EXPECT_TRUE(sameDouble(out[4 * i + 2], std::fma(a[i], b[i], -1.0))) << i;
    EXPECT_TRUE(sameDouble(out[4 * i + 3], static_cast<double>(static_cast<float>(a[i])))) << i;
  }
}

TEST_P(FloatEdges, HalfPrecisionArithmetic) {
  std::vector<_Float16> a, b;
  for (int i = 0; i < 40; ++i) {
    a.push_back(static_cast<_Float16>((i - 20) * 0.375f));
    b.push_back(static_cast<_Float16>((i % 9) * 0.8125f - 3.0f));
  }
  int n = static_cast<int>(a.size());
  std::vector<_Float16> out(4 * n, static_cast<_Float16>(0));
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(out, "out")).arg(n);
  run("half", "half_ops", l);
  for (int i = 0; i < n; ++i) {
    double x = static_cast<double>(a[i]), y = static_cast<double>(b[i]);
    EXPECT_EQ(static_cast<double>(out[4 * i + 0]),
              static_cast<double>(static_cast<_Float16>(x + y)))
        << i;
    EXPECT_EQ(static_cast<double>(out[4 * i + 1]),
              static_cast<double>(static_cast<_Float16>(x * y)))
        << i;
    double fused = static_cast<double>(static_cast<_Float16>(x * y + 1.5));
    double twice = static_cast<double>(
        static_cast<_Float16>(static_cast<double>(static_cast<_Float16>(x * y)) + 1.5));
    double got = static_cast<double>(out[4 * i + 2]);
    EXPECT_TRUE(got == fused || got == twice) << i << ": " << got;
    EXPECT_EQ(static_cast<double>(out[4 * i + 3]), std::max(x, y)) << i;
  }
}

TEST_P(FloatEdges, PackedHalfFma) {
  struct half2 {
    _Float16 v[2];
    _Float16 operator[](int i) const { return v[i]; }
  };
  const int n = 50;
  std::vector<half2> a(n), b(n), c(n), out(n);
  for (int i = 0; i < n; ++i) {
    a[i] = half2{{static_cast<_Float16>(i * 0.25f), static_cast<_Float16>(-i * 0.5f)}};
    b[i] = half2{{static_cast<_Float16>(1.5f), static_cast<_Float16>((i % 5) * 0.125f)}};
    c[i] = half2{{static_cast<_Float16>(-3.0f), static_cast<_Float16>(i * 0.0625f)}};
  }
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out")).arg(n);
  run("half", "half2_fma", l);
  for (int i = 0; i < n; ++i)
    for (int h = 0; h < 2; ++h) {
      double expect = static_cast<double>(a[i][h]) * static_cast<double>(b[i][h]) +
                      static_cast<double>(c[i][h]);
      EXPECT_EQ(static_cast<double>(out[i][h]), static_cast<double>(static_cast<_Float16>(expect)))
          << i << "." << h;
    }
}

TEST_P(FloatEdges, HalfConversionRoundsToNearestEven) {
  std::vector<float> in = {
      0.0f,  -0.0f,   1.0f,           65504.0f,        70000.0f,      -1e6f,    1e-6f,
      6e-8f, 2.9e-8f, 1.00048828125f, 1.000732421875f, std::nanf(""), INFINITY, 0.333333f};
  int n = static_cast<int>(in.size());
  std::vector<float> out(n, 0);
  vgpu::isa::Launch l = launch1d(1, 32);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("half", "half_convert", l);
  for (int i = 0; i < n; ++i)
    EXPECT_TRUE(sameFloatBits(out[i], static_cast<float>(static_cast<_Float16>(in[i])))) << i;
}

TEST_P(FloatEdges, MixedPrecisionFma) {
  const int n = 64;
  std::vector<_Float16> a(n), b(n);
  std::vector<float> c(n), out(n, 0);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<_Float16>((i - 32) * 0.3f);
    b[i] = static_cast<_Float16>(1.0f / (i + 1));
    c[i] = 1e-3f * i - 0.01f;
  }
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out")).arg(n);
  run("half", "mixed_fma", l);
  for (int i = 0; i < n; ++i)
    EXPECT_TRUE(
        sameFloatBits(out[i], std::fma(static_cast<float>(a[i]), static_cast<float>(b[i]), c[i])))
        << i;
}

INSTANTIATE_TEST_SUITE_P(AllTargets, FloatEdges, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
