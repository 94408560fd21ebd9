// v_rcp/v_rsq/v_sqrt/v_log/v_exp/v_sin/v_cos (f32), v_rcp/v_rsq/v_sqrt (f64, f16) on special
// inputs (+-0, +-inf, NaN, negatives, denormals) and ordinary ones, with f32 denormals kept and
// flushed. rcp and sqrt must be correctly rounded; the others within 1 ULP of a long double
// reference (the RDNA ISA guides' bound for f32); specials exactly.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Distance in ULPs between two floats of the same sign class; NaN only matches NaN. (Checks go
// through double, which keeps every class and sign of f16 and f32 values.)
template <class F, class I>
std::int64_t ulps(F a, F b) {
  const double x = static_cast<double>(a), y = static_cast<double>(b);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y) ? 0 : 1 << 30;
  if (x == y) return 0;  // also +0 == -0 for non-special results
  if (std::isinf(x) || std::isinf(y) || std::signbit(x) != std::signbit(y)) return 1 << 30;
  I ia, ib;
  std::memcpy(&ia, &a, sizeof a);
  std::memcpy(&ib, &b, sizeof b);
  return ia > ib ? std::int64_t(ia - ib) : std::int64_t(ib - ia);
}
// Bitwise equality (so -0 differs from +0), any NaN matching any NaN.
template <class F>
bool same(F a, F b) {
  const double x = static_cast<double>(a), y = static_cast<double>(b);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

float flush(float x, bool ftz) {
  return ftz && std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}

class Transcendentals : public IsaTest {
 protected:
  void checkF32(const std::string& stem, bool ftz);
};

void Transcendentals::checkF32(const std::string& stem, bool ftz) {
  std::vector<float> x = {0.0f,  -0.0f,     kInf,   -kInf,  kNaN,   1.0f,    -1.0f,   4.0f,
                          0.25f, 0.5f,      0.125f, 2.5f,   -2.5f,  1e-40f,  -1e-40f, FLT_MIN,
                          3e38f, 1e-30f,    100.0f, 126.5f, 128.0f, -149.0f, -126.5f, 0.1f,
                          7.3f,  1234.567f, -0.75f, 0.3f,   -0.2f,  255.9f,  1e-45f,  2.0f};
  const int n = static_cast<int>(x.size());
  std::vector<float> out(7 * n, 0);
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(x, "x")).arg(buffer(out, "out")).arg(n);
  run(stem, "transcendental_f32", l);
  static const char* const names[7] = {"rcp", "rsq", "sqrt", "log", "exp", "sin", "cos"};
  const long double twoPi = 6.283185307179586476925286766559L;
  for (int i = 0; i < n; ++i) {
    const float v = flush(x[i], ftz);
    const long double d = v;
    // sin/cos take revolutions; whole quarter turns are exact (0, +-1; the sign of those zeros
    // is asserted only for sin(+-0) = +-0).
    auto sinTurns = [&](long double t) {
      const long double r = t - std::round(t), q = 4 * r;
      if (q == std::trunc(q)) return q == 1 ? 1.0L : q == -1 ? -1.0L : std::copysign(0.0L, t);
      return std::sin(twoPi * r);
    };
    const long double want[7] = {1.0L / d,           1.0L / std::sqrt(d), std::sqrt(d),
                                 std::log2(d),       std::exp2(d),        sinTurns(d),
                                 sinTurns(d + 0.25L)};
    for (int k = 0; k < 7; ++k) {
      const float got = out[7 * i + k];
      const float ref = flush(static_cast<float>(want[k]), ftz);
      const bool exact = k == 0 || k == 2 || std::isinf(ref) || std::isnan(ref) ||
                         (ref == 0.0f && k < 5) || v == 0.0f || std::isinf(v);
      if (exact)
        EXPECT_TRUE(same(got, ref)) << names[k] << "(" << x[i] << ") = " << got << ", want " << ref
                                    << (ftz ? " flushing" : "");
      else
        EXPECT_LE((ulps<float, std::uint32_t>(got, ref)), 1)
            << names[k] << "(" << x[i] << ") = " << got << ", want " << ref
            << (ftz ? " flushing" : "");
    }
  }
}

TEST_P(Transcendentals, F32DenormalsKept) {
  checkF32("transcendental", false);
}
TEST_P(Transcendentals, F32DenormalsFlushed) {
  checkF32("transcendental_ftz", true);
}

TEST_P(Transcendentals, F64) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> x = {0.0, -0.0,   inf,     -inf,    std::nan(""), 1.0, -4.0,      4.0,
                           0.1, 1e-310, -1e-310, DBL_MIN, 1.7e308,      3.0, 12345.678, 1e-300};
  const int n = static_cast<int>(x.size());
  std::vector<double> out(3 * n, 0);
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(x, "x")).arg(buffer(out, "out")).arg(n);
  run("transcendental", "transcendental_f64", l);
  for (int i = 0; i < n; ++i) {
    const double v = x[i];  // f64 denormals are never flushed by these kernels' MODE
    EXPECT_TRUE(same(out[3 * i + 0], 1.0 / v)) << "rcp(" << v << ") = " << out[3 * i];
    const double rsq = static_cast<double>(1.0L / std::sqrt(static_cast<long double>(v)));
    if (std::isnan(rsq) || std::isinf(rsq) || rsq == 0)
      EXPECT_TRUE(same(out[3 * i + 1], rsq)) << "rsq(" << v << ")";
    else
      EXPECT_LE((ulps<double, std::uint64_t>(out[3 * i + 1], rsq)), 1) << "rsq(" << v << ")";
    EXPECT_TRUE(same(out[3 * i + 2], std::sqrt(v))) << "sqrt(" << v << ")";
  }
}

TEST_P(Transcendentals, F16) {
  using h = _Float16;
  const float inf = kInf;
  std::vector<h> x = {h(0.0f),   h(-0.0f),   h(inf),      h(-inf), h(kNaN),
                      h(1.0f),   h(-4.0f),   h(4.0f),     h(0.1f), h(6e-8f),
                      h(-6e-8f), h(6.1e-5f), h(65504.0f), h(3.0f), h(0.3f)};
  const int n = static_cast<int>(x.size());
  std::vector<h> out(3 * n, h(0.0f));
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(x, "x")).arg(buffer(out, "out")).arg(n);
  run("transcendental", "transcendental_f16", l);
  for (int i = 0; i < n; ++i) {
    const double v = static_cast<double>(x[i]);  // f16 denormals are kept by these kernels
    EXPECT_TRUE(same(out[3 * i + 0], h(1.0 / v))) << "rcp(" << v << ")";
    const h rsq = h(1.0 / std::sqrt(v));
    if (std::isnan(float(rsq)) || std::isinf(float(rsq)) || float(rsq) == 0)
      EXPECT_TRUE(same(out[3 * i + 1], rsq)) << "rsq(" << v << ")";
    else
      EXPECT_LE((ulps<h, std::uint16_t>(out[3 * i + 1], rsq)), 1) << "rsq(" << v << ")";
    EXPECT_TRUE(same(out[3 * i + 2], h(std::sqrt(v)))) << "sqrt(" << v << ")";
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Transcendentals, ::testing::ValuesIn(kAllVariants),
                         variantName);

}  // namespace
}  // namespace isatest
