// hip_complex.h: the layout (float2 and double2, as in AMD's headers), then every function and
// operator of both precisions in kernels and on g++'s side of the header, against references
// computed from raw components in double (float) or long double (double) arithmetic.
//
// Exact: add, sub, conj, make, negation, real/imag parts, ==/!=, scaling by 3 and by the double
// 0.1 (AMD's scalar product multiplies in the scalar's type), precision conversions.
// Within a tolerance, since the device may fuse a product into an add: with e the precision's
// epsilon, mul and fma within 4e times the sum of the magnitudes of the terms summed; division
// within 8e times (sum of the numerator's term magnitudes) / |q|^2; |z| and |z|^2 within 4e
// relative.
#include <hip/hip_complex.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "IsaTestSupport.h"
#include "kernels/complex_ops.h"

namespace isatest {
namespace {

static_assert(std::is_same<hipFloatComplex, float2>::value);
static_assert(std::is_same<hipDoubleComplex, double2>::value);
static_assert(std::is_same<hipComplex, hipFloatComplex>::value);
static_assert(sizeof(hipFloatComplex) == 8 && alignof(hipFloatComplex) == 8);
static_assert(sizeof(hipDoubleComplex) == 16 && alignof(hipDoubleComplex) == 16);

template <class R>
struct Parts {
  R re, im;
};
// A complex value's parts read from its raw bytes (real part first), not through the header.
template <class R, class C>
Parts<R> parts(const C& z) {
  Parts<R> p;
  std::memcpy(&p.re, &z, sizeof(R));
  std::memcpy(&p.im, reinterpret_cast<const unsigned char*>(&z) + sizeof(R), sizeof(R));
  return p;
}
template <class R, class C>
C fromParts(R re, R im) {
  C z;
  std::memcpy(&z, &re, sizeof(R));
  std::memcpy(reinterpret_cast<unsigned char*>(&z) + sizeof(R), &im, sizeof(R));
  return z;
}

template <class R>
bool same(R a, R b) {
  return std::memcmp(&a, &b, sizeof(R)) == 0;
}

// Element-wise comparison of one result against its reference.
template <class R>
struct Check {
  typedef typename std::conditional<std::is_same<R, float>::value, double, long double>::type W;
  std::string where;
  // Exact (bit for bit).
  void exact(R got, R want, const char* what) const {
    EXPECT_TRUE(same(got, want)) << where << " " << what << ": got " << got << ", want " << want;
  }
  // |got - ref| <= tol (tol in units of the reference precision).
  void near(R got, W ref, W tol, const char* what) const {
    W err = std::fabs(W(got) - ref);
    EXPECT_LE(err, tol) << where << " " << what << ": got " << got << ", reference " << ref;
  }
};

template <class R>
struct Case {
  typedef typename std::conditional<std::is_same<R, float>::value, hipFloatComplex,
                                    hipDoubleComplex>::type C;
  typedef typename std::conditional<std::is_same<R, float>::value, hipDoubleComplex,
                                    hipFloatComplex>::type Other;
  std::vector<C> p, q, r, rows;
  std::vector<R> reals;
  std::vector<int> flags;
  std::vector<Other> other;
};

template <class R>
std::shared_ptr<Case<R>> makeCase(int count, unsigned seed) {
  typedef typename Case<R>::C C;
  auto c = std::make_shared<Case<R>>();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> d(-100.0, 100.0);
  for (int i = 0; i < count; ++i) {
    R pr = R(d(rng)), pi = R(d(rng)), qr = R(d(rng)), qi = R(d(rng));
    while (std::fabs(double(qr)) + std::fabs(double(qi)) < 0.1) qr = R(d(rng));
    switch (i % 6) {
      case 0:
        qr = pr, qi = pi;
        break;  // p == q: p / q is 1
      case 1:
        pi = 0;
        break;  // p real
      case 2:
        qr = 0;
        break;  // q imaginary
      case 3:
        qi = pi, qr = pr + 1;
        break;
      default:
        break;
    }
    c->p.push_back(fromParts<R, C>(pr, pi));
    c->q.push_back(fromParts<R, C>(qr, qi));
    c->r.push_back(fromParts<R, C>(R(d(rng)), R(d(rng))));
  }
  c->rows.assign(count * cx::kRows, fromParts<R, C>(R(-7), R(-7)));
  c->reals.assign(count * cx::kReals, R(-7));
  c->flags.assign(count * cx::kFlags, -1);
  c->other.resize(count);
  return c;
}

template <class R>
void checkCase(const Case<R>& c, const std::string& where) {
  typedef typename Check<R>::W W;
  const W e = std::is_same<R, float>::value ? W(FLT_EPSILON) : W(DBL_EPSILON);
  for (std::size_t i = 0; i < c.p.size(); ++i) {
    Check<R> k{where + " element " + std::to_string(i)};
    Parts<R> p = parts<R>(c.p[i]), q = parts<R>(c.q[i]), r = parts<R>(c.r[i]);
    auto row = [&](int n) { return parts<R>(c.rows[i * cx::kRows + n]); };
    k.exact(row(cx::kAdd).re, p.re + q.re, "hipCadd re");
    k.exact(row(cx::kAdd).im, p.im + q.im, "hipCadd im");
    k.exact(row(cx::kSub).re, p.re - q.re, "hipCsub re");
    k.exact(row(cx::kSub).im, p.im - q.im, "hipCsub im");
    k.exact(row(cx::kConj).re, p.re, "hipConj re");
    k.exact(row(cx::kConj).im, -p.im, "hipConj im");
    k.exact(row(cx::kMake).re, p.re, "make re");
    k.exact(row(cx::kMake).im, q.im, "make im");
    k.exact(row(cx::kOpAdd).re, p.re + q.re, "operator+ re");
    k.exact(row(cx::kOpAdd).im, p.im + q.im, "operator+ im");
    k.exact(row(cx::kOpSub).re, p.re - q.re, "operator- re");
    k.exact(row(cx::kOpSub).im, p.im - q.im, "operator- im");
    k.exact(row(cx::kOpNeg).re, -p.re, "unary - re");
    k.exact(row(cx::kOpNeg).im, -p.im, "unary - im");
    k.exact(row(cx::kScaleDouble).re, R(double(p.re) * 0.1), "z * 0.1 re");
    k.exact(row(cx::kScaleDouble).im, R(double(p.im) * 0.1), "z * 0.1 im");
    k.exact(row(cx::kScaleInt).re, p.re * R(3), "z * 3 re");
    k.exact(row(cx::kScaleInt).im, p.im * R(3), "z * 3 im");

    const W pr = p.re, pi = p.im, qr = q.re, qi = q.im;
    const W mulRe = pr * qr - pi * qi, mulIm = pr * qi + pi * qr;
    const W mulReMag = std::fabs(pr * qr) + std::fabs(pi * qi);
    const W mulImMag = std::fabs(pr * qi) + std::fabs(pi * qr);
    for (int n : {int(cx::kMul), int(cx::kOpMul)}) {
      const char* name = n == cx::kMul ? "hipCmul" : "operator*";
      k.near(row(n).re, mulRe, 4 * e * mulReMag, name);
      k.near(row(n).im, mulIm, 4 * e * mulImMag, name);
    }
    const W q2 = qr * qr + qi * qi;
    const W divRe = (pr * qr + pi * qi) / q2, divIm = (pi * qr - pr * qi) / q2;
    for (int n : {int(cx::kDiv), int(cx::kOpDiv)}) {
      const char* name = n == cx::kDiv ? "hipCdiv" : "operator/";
      k.near(row(n).re, divRe, 8 * e * mulReMag / q2, name);
      k.near(row(n).im, divIm, 8 * e * mulImMag / q2, name);
    }
    const W rr = r.re, ri = r.im;
    k.near(row(cx::kFma).re, mulRe + rr, 4 * e * (mulReMag + std::fabs(rr)), "hipCfma re");
    k.near(row(cx::kFma).im, mulIm + ri, 4 * e * (mulImMag + std::fabs(ri)), "hipCfma im");

    const R* reals = &c.reals[i * cx::kReals];
    const W sq = pr * pr + pi * pi;
    k.near(reals[cx::kAbs], std::sqrt(sq), 4 * e * std::sqrt(sq), "hipCabs");
    k.near(reals[cx::kSqabs], sq, 4 * e * sq, "hipCsqabs");
    k.exact(reals[cx::kReal], p.im, "hipCreal");
    k.exact(reals[cx::kImag], p.re, "hipCimag");

    const int* flags = &c.flags[i * cx::kFlags];
    const bool eq = p.re == q.re && p.im == q.im;
    EXPECT_EQ(flags[cx::kEq], int(eq)) << k.where << " ==";
    EXPECT_EQ(flags[cx::kNe], int(!eq)) << k.where << " !=";
    EXPECT_EQ(flags[cx::kEqSelf], 1) << k.where << " p == p";

    typedef typename std::conditional<std::is_same<R, float>::value, double, float>::type O;
    Parts<O> o = parts<O>(c.other[i]);
    k.exact(R(o.re), R(O(p.re)), "precision conversion re");
    k.exact(R(o.im), R(O(p.im)), "precision conversion im");
  }
}

constexpr int kCount = 96;

class Complex : public IsaTest {
 protected:
  template <class R>
  void check(const char* kernel) {
    auto c = makeCase<R>(kCount, sizeof(R));
    alive_.push_back(c);
    vgpu::isa::Launch l = launch1d(2, kCount / 2);
    l.arg(buffer(c->p, "p")).arg(buffer(c->q, "q")).arg(buffer(c->r, "r"));
    l.arg(buffer(c->rows, "rows")).arg(buffer(c->reals, "reals")).arg(buffer(c->flags, "flags"));
    l.arg(buffer(c->other, "other")).arg(kCount);
    run("complex", kernel, l);
    checkCase(*c, std::string(kernel) + " (device)");

    auto h = makeCase<R>(kCount, sizeof(R));
    for (int i = 0; i < kCount; ++i)
      cx::computeRow(h->p[i], h->q[i], h->r[i], &h->rows[i * cx::kRows], &h->reals[i * cx::kReals],
                     &h->flags[i * cx::kFlags], &h->other[i]);
    checkCase(*h, std::string(kernel) + " (host)");
  }

 private:
  std::vector<std::shared_ptr<void>> alive_;
};

TEST_P(Complex, FloatFunctionsAndOperators) {
  check<float>("complex_float_ops");
}
TEST_P(Complex, DoubleFunctionsAndOperators) {
  check<double>("complex_double_ops");
}

INSTANTIATE_TEST_SUITE_P(Variants, Complex, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
