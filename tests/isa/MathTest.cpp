// libm (ocml) f32/f64 functions against host double-precision references.
//
// ULP bounds: ocml documents at most 4 ULP for these functions (sqrt, division: correctly
// rounded with clang's defaults); the interpreter evaluates the hardware's approximate
// instructions (v_exp_f32, v_rcp_f32, ...) exactly, so results must stay inside those bounds.
#include <cmath>
#include <cstring>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class Math : public IsaTest {};

// Distance in units in the last place of float, between a result and a reference.
double ulpsF32(float got, double ref) {
  float r = static_cast<float>(ref);
  if (std::isnan(got) || std::isnan(r)) return std::isnan(got) && std::isnan(r) ? 0 : 1e9;
  double ulp = std::nextafter(std::fabs(r), INFINITY) - std::fabs(r);
  return std::fabs(static_cast<double>(got) - ref) / ulp;
}
double ulpsF64(double got, long double ref) {
  if (std::isnan(got)) return 1e9;
  double r = static_cast<double>(ref);
  double ulp = std::nextafter(std::fabs(r), INFINITY) - std::fabs(r);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - ref) / ulp);
}

TEST_P(Math, SinglePrecisionFunctions) {
  const int n = 300;
  std::vector<float> x(n), out(9 * n, 0);
  for (int i = 0; i < n; ++i) x[i] = -30.0f + 60.0f * i / n + 0.001f * i;
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(x, "x")).arg(buffer(out, "out")).arg(n);
  run("mathlib", "math_f32", l);
  const char* names[9] = {"sinf", "cosf", "expf", "logf", "powf", "sqrtf", "rsqrtf", "erff", "div"};
  const double bound[9] = {4, 4, 4, 4, 4, 1, 4, 4, 1};
  for (int i = 0; i < n; ++i) {
    double v = x[i];
    double ref[9] = {
        std::sin(v),
        std::cos(v),
        std::exp(static_cast<double>(x[i] * 0.1f)),
        std::log(static_cast<double>(std::fabs(x[i]) + 1.0f)),
        std::pow(static_cast<double>(std::fabs(x[i]) + 0.5f), static_cast<double>(1.7f)),
        std::sqrt(std::fabs(v)),
        1.0 / std::sqrt(static_cast<double>(std::fabs(x[i]) + 1.0f)),
        std::erf(static_cast<double>(x[i] * 0.1f)),
        v / static_cast<double>(std::fma(x[i], x[i], 3.0f))};
    for (int f = 0; f < 9; ++f) {
      double u = ulpsF32(out[9 * i + f], ref[f]);
      // Division: clang may or may not contract v*v+3; accept the reference of either.
      if (f == 8 && u > bound[f])
        u = ulpsF32(out[9 * i + f], v / static_cast<double>(x[i] * x[i] + 3.0f));
      ASSERT_LE(u, bound[f]) << names[f] << "(" << x[i] << ") = " << out[9 * i + f] << ", expected "
                             << ref[f];
    }
  }
}

TEST_P(Math, DoublePrecisionFunctions) {
  const int n = 200;
  std::vector<double> x(n), out(8 * n, 0);
  for (int i = 0; i < n; ++i) x[i] = -25.0 + 50.0 * i / n + 1e-3 * i;
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(x, "x")).arg(buffer(out, "out")).arg(n);
  run("mathlib", "math_f64", l);
  const char* names[8] = {"sin", "cos", "exp", "log", "pow", "sqrt", "erf", "div"};
  const double bound[8] = {4, 4, 4, 4, 4, 1, 4, 1};
  for (int i = 0; i < n; ++i) {
    long double v = x[i];
    long double ref[8] = {std::sin(v),
                          std::cos(v),
                          std::exp(static_cast<long double>(x[i] * 0.1)),
                          std::log(static_cast<long double>(std::fabs(x[i]) + 1.0)),
                          std::pow(static_cast<long double>(std::fabs(x[i]) + 0.5), 1.7L),
                          std::sqrt(std::fabs(v)),
                          std::erf(static_cast<long double>(x[i] * 0.1)),
                          v / static_cast<long double>(std::fma(x[i], x[i], 3.0))};
    for (int f = 0; f < 8; ++f) {
      double u = ulpsF64(out[8 * i + f], ref[f]);
      if (f == 4 && u > bound[f])  // pow's exponent 1.7 is the double 1.7, not 1.7L
        u = ulpsF64(out[8 * i + f], std::pow(static_cast<long double>(std::fabs(x[i]) + 0.5),
                                             static_cast<long double>(1.7)));
      if (f == 7 && u > bound[f])
        u = ulpsF64(out[8 * i + f], v / static_cast<long double>(x[i] * x[i] + 3.0));
      ASSERT_LE(u, bound[f]) << names[f] << "(" << x[i] << ") = " << out[8 * i + f];
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Math, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
