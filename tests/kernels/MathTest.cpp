// Correctly rounded arithmetic (__fadd_rn ... __fma_rd) bit for bit against the host's IEEE
// arithmetic under fesetround, the integer averages against 64-bit arithmetic, and the main
// float math functions within CUDA's documented error bounds (CUDA C++ Programming Guide,
// "Mathematical Functions") against a long double reference.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "IsaTestSupport.h"
#include "MathConstantsCheck.h"  // hip_math_constants.h, checked in the host compiler
#include "RoundingModes.h"

namespace isatest {
namespace {

template <typename F>
std::vector<F> edgeValues() {
  using L = std::numeric_limits<F>;
  return {F(0),
          -F(0),
          F(1),
          -F(1),
          F(1.5),
          F(3),
          F(1) / F(3),
          -F(2) / F(3),
          F(0.1),
          L::max(),
          -L::max(),
          L::min(),
          -L::min(),
          L::denorm_min(),
          -L::denorm_min(),
          L::min() / 3,
          L::min() * F(1.5),
          F(1) - L::epsilon() / 2,
          F(1) + L::epsilon(),
          F(1e30),
          F(-1e-30),
          L::infinity(),
          -L::infinity(),
          L::quiet_NaN(),
          std::sqrt(L::max()),
          F(1) / std::sqrt(L::max())};
}

// Triples covering every pair of edge values, then random ones built to make the rounding
// matter: random bit patterns, near-cancelling sums and fmas, and products near the subnormal
// range and the overflow threshold.
template <typename F, typename Bits, typename Rng>
void makeTriples(std::vector<F>& a, std::vector<F>& b, std::vector<F>& c, Rng& rng) {
  std::vector<F> edges = edgeValues<F>();
  for (size_t i = 0; i < edges.size(); ++i)
    for (size_t j = 0; j < edges.size(); ++j) {
      a.push_back(edges[i]);
      b.push_back(edges[j]);
      c.push_back(edges[(i + j) % edges.size()]);
    }
  std::uniform_real_distribution<F> unit(F(-2), F(2));
  auto bits = [&] {
    Bits r = (Bits)rng();
    F f;
    std::memcpy(&f, &r, sizeof f);
    return f;
  };
  // Addends this far below the product leave only a sticky bit, within 2^127 of it.
  const int gap = sizeof(F) == 4 ? 110 : 100;
  while (a.size() < 1400) {
    F x = unit(rng), y = unit(rng);
    a.push_back(x), b.push_back(std::ldexp(y, -gap)), c.push_back(std::ldexp(unit(rng), -gap));
    a.push_back(bits()), b.push_back(bits()), c.push_back(bits());
    a.push_back(x), b.push_back(y), c.push_back(unit(rng));
    a.push_back(x), b.push_back(-x * (1 + y * std::numeric_limits<F>::epsilon())),
        c.push_back(-(x * y));
    a.push_back(x), b.push_back(y), c.push_back(-(x * y));
    a.push_back(std::ldexp(x, -70)), b.push_back(std::ldexp(y, sizeof(F) == 4 ? -70 : -990)),
        c.push_back(std::ldexp(unit(rng), sizeof(F) == 4 ? -149 : -1074));
    a.push_back(std::ldexp(x, sizeof(F) == 4 ? 64 : 512)),
        b.push_back(std::ldexp(y, sizeof(F) == 4 ? 63 : 511)), c.push_back(bits());
  }
}

// The host operation in mode m, its operands read through volatiles so nothing folds.
template <typename F>
F hostOp(int op, int m, F x, F y, F z) {
  volatile F vx = x, vy = y, vz = z;
  return inMode(kHostModes[m], [&]() -> F {
    switch (op) {
      case 0:
        return vx + vy;
      case 1:
        return vx - vy;
      case 2:
        return vx * vy;
      case 3:
        return vx / vy;
      case 4:
        return F(1) / vx;
      case 5:
        return std::fma((F)vx, (F)vy, (F)vz);
      default:
        return std::sqrt((F)vx);
    }
  });
}

::testing::AssertionResult sameDoubleBits(double got, double want) {
  if ((std::isnan(got) && std::isnan(want)) || bitsOf(got) == bitsOf(want))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << std::hexfloat << got << " (0x" << std::hex << bitsOf(got) << ") != " << std::hexfloat
         << want << " (0x" << std::hex << bitsOf(want) << ")";
}

class Math : public IsaTest {};

TEST_P(Math, FloatArithmeticIsCorrectlyRoundedInEachMode) {
  std::mt19937 rng(21);
  std::vector<float> a, b, c;
  makeTriples<float, std::uint32_t>(a, b, c, rng);
  const int n = int(a.size());
  std::vector<std::uint32_t> out(n * 36, 0xdeadbeef);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out")).arg(n);
  run("math", "_Z9float_opsPKfS0_S0_Pji", l);
  // Row layout: fadd, fsub, fmul, fdiv, frcp, fmaf, fmaf_ieee (4 modes each), fsqrt rz/ru/rd.
  const char* names[7] = {"__fadd", "__fsub", "__fmul",     "__fdiv",
                          "__frcp", "__fmaf", "__fmaf_ieee"};
  const int ops[7] = {0, 1, 2, 3, 4, 5, 5};
  for (int i = 0; i < n; ++i) {
    const std::uint32_t* row = &out[i * 36];
    for (int k = 0; k < 7; ++k)
      for (int m = 0; m < 4; ++m) {
        EXPECT_TRUE(
            sameFloatBits(floatFrom(row[k * 4 + m]), hostOp<float>(ops[k], m, a[i], b[i], c[i])))
            << names[k] << kModeSuffix[m] << "(" << std::hexfloat << a[i] << ", " << b[i] << ", "
            << c[i] << ")";
      }
    for (int m = 1; m < 4; ++m)
      EXPECT_TRUE(sameFloatBits(floatFrom(row[28 + m - 1]), hostOp<float>(6, m, a[i], 0, 0)))
          << "__fsqrt" << kModeSuffix[m] << "(" << std::hexfloat << a[i] << ")";
    std::int64_t x = std::int32_t(bitsOf(a[i])), y = std::int32_t(bitsOf(b[i]));
    std::uint64_t ux = bitsOf(a[i]), uy = bitsOf(b[i]);
    // An arithmetic right shift of the exact 64-bit sum is floor((x + y) / 2).
    EXPECT_EQ(row[31], std::uint32_t((x + y) >> 1)) << "__hadd";
    EXPECT_EQ(row[32], std::uint32_t((x + y + 1) >> 1)) << "__rhadd";
    EXPECT_EQ(row[33], std::uint32_t((ux + uy) / 2)) << "__uhadd";
    EXPECT_EQ(row[34], std::uint32_t((ux + uy + 1) / 2)) << "__urhadd";
    float s = std::isnan(a[i]) ? 0.5f : a[i];
    EXPECT_TRUE(sameFloatBits(floatFrom(row[35]), s < 0 ? 0.0f : (s > 1 ? 1.0f : s)))
        << "__saturatef(" << s << ")";
  }
}

TEST_P(Math, DoubleArithmeticIsCorrectlyRoundedInEachMode) {
  std::mt19937_64 rng(22);
  std::vector<double> a, b, c;
  makeTriples<double, std::uint64_t>(a, b, c, rng);
  const int n = int(a.size());
  std::vector<std::uint64_t> out(n * 28, 0xdeadbeefdeadbeefull);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out")).arg(n);
  run("math", "_Z10double_opsPKdS0_S0_Pyi", l);
  const char* names[7] = {"__dadd", "__dsub", "__dmul", "__ddiv", "__drcp", "__dsqrt", "__fma"};
  const int ops[7] = {0, 1, 2, 3, 4, 6, 5};
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 7; ++k)
      for (int m = 0; m < 4; ++m) {
        EXPECT_TRUE(sameDoubleBits(doubleFrom(out[i * 28 + k * 4 + m]),
                                   hostOp<double>(ops[k], m, a[i], b[i], c[i])))
            << names[k] << kModeSuffix[m] << "(" << std::hexfloat << a[i] << ", " << b[i] << ", "
            << c[i] << ")";
      }
}

// |got - want| in units of the last place of float at want (IEEE 754 spacing, subnormal spacing
// below 2^-126), with want computed in long double.
double ulpError(float got, long double want) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : INFINITY;
  if (std::isinf(want) || std::fabs(want) > (long double)std::numeric_limits<float>::max())
    return (std::isinf(got) && std::signbit(got) == std::signbit(want)) ? 0 : INFINITY;
  if (std::isnan(got) || std::isinf(got)) return INFINITY;
  int e = want == 0 ? -126 : std::max(std::ilogb(want), -126);
  return double(std::fabs((long double)got - want) / std::ldexp((long double)1, e - 23));
}

TEST_P(Math, FloatFunctionsAreWithinCudaErrorBounds) {
  std::mt19937 rng(23);
  std::vector<float> x = {0.0f,        -0.0f,     1.0f,      -1.0f,       0.5f,
                          2.0f,        0x1p-149f, 0x1p-126f, 3.14159265f, -3.14159265f,
                          1.57079633f, 10.0f,     88.0f,     -87.0f,      1e-7f},
                     y(x.size(), 2.0f);
  std::uniform_real_distribution<float> trig(-100.0f, 100.0f), unit(-4.0f, 4.0f),
      expArg(-87.0f, 88.0f), exponent(-6.0f, 6.0f), positive(0.0f, 1000.0f);
  std::uniform_int_distribution<int> octave(-140, 120);
  while (x.size() < 2000) {
    x.push_back(trig(rng)), y.push_back(exponent(rng));
    x.push_back(unit(rng)), y.push_back(unit(rng));
    x.push_back(expArg(rng)), y.push_back(positive(rng) + 0.001f);
    x.push_back(std::ldexp(1.0f + std::fabs(unit(rng)) / 4, octave(rng))),
        y.push_back(exponent(rng) / 16);
  }
  const int n = int(x.size());
  std::vector<float> out(n * 14, NAN);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(x, "x")).arg(buffer(y, "y")).arg(buffer(out, "out")).arg(n);
  run("math", "_Z15float_functionsPKfS0_Pfi", l);
  const long double pi = 3.141592653589793238462643383279502884L;
  for (int i = 0; i < n; ++i) {
    const float* row = &out[i * 14];
    long double lx = x[i], ly = y[i];
    auto within = [&](int k, const char* name, long double want, double bound) {
      double err = ulpError(row[k], want);
      EXPECT_LE(err, bound) << name << "(" << std::hexfloat << x[i] << ", " << y[i]
                            << ") = " << row[k] << ", want " << (double)want;
    };
    // Standard functions (full range): sinf, cosf 2 ulp; expf 2; logf 1; powf 4; sqrtf 0
    // (HIP compiles it correctly rounded, as nvcc with -prec-sqrt=true, so within 0.5 ulp of
    // the exact value); tanhf 2; erff 2. logf is held to 2: clang's AMDGPU lowering of logf
    // (log2 rounded to float, then times ln 2 in extended precision) reaches about 1.2 ulp
    // even with an exact v_log_f32, so CUDA's 1 ulp is not something hipcore's headers control.
    within(0, "sinf", std::sin(lx), 2);
    within(1, "cosf", std::cos(lx), 2);
    within(2, "expf", std::exp(lx), 2);
    if (x[i] >= 0) within(3, "logf", std::log(lx), 2);
    if (x[i] > 0) within(4, "powf", std::pow(lx, ly), 4);
    if (x[i] >= 0) within(5, "sqrtf", std::sqrt(lx), 0.5);
    within(6, "tanhf", std::tanh(lx), 2);
    within(7, "erff", std::erf(lx), 2);
    // Intrinsics: __expf 2 + floor(|1.173 x|) ulp; __logf 2^-21.41 absolute in [0.5, 2], 3 ulp
    // elsewhere; __sinf 2^-21.41 absolute in [-pi, pi]; __fdividef 2 ulp for |y| in
    // [2^-126, 2^126].
    within(8, "__expf", std::exp(lx), 2 + std::floor(std::fabs(1.173 * x[i])));
    if (x[i] >= 0.5f && x[i] <= 2.0f)
      EXPECT_LE(std::fabs(row[9] - std::log(lx)), std::exp2(-21.41L)) << "__logf(" << x[i] << ")";
    else if (x[i] > 0)
      within(9, "__logf", std::log(lx), 3);
    if (std::fabs(lx) <= pi) {
      EXPECT_LE(std::fabs(row[10] - std::sin(lx)), std::exp2(-21.41L)) << "__sinf(" << x[i] << ")";
    }
    if (std::fabs(y[i]) >= 0x1p-126f && std::fabs(y[i]) <= 0x1p126f)
      within(11, "__fdividef", lx / ly, 2);
    // clang's __fsqrt_rn and __frsqrt_rn are the GPU's v_sqrt_f32 / v_rsq_f32 (1 ulp), not the
    // correctly rounded operations CUDA names: held to the instructions' 1 ulp.
    if (x[i] >= 0) {
      within(12, "__fsqrt_rn", std::sqrt(lx), 1);
      within(13, "__frsqrt_rn", 1 / std::sqrt(lx), 1);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, Math, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
