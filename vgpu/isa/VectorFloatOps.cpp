// VALU floating point: f32, f64 and f16 arithmetic, transcendental approximations and
// conversions (RDNA2 ISA chapter 6; IEEE semantics as the host computes them, documented
// per instruction where hardware differs).
#include <cfenv>
#include <cmath>
#include <limits>
#include <optional>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i32 = std::int32_t;
using i64 = std::int64_t;
using f16 = _Float16;

template <int N, class F>
Handler vint(F) {
  return [](Wave& w, const MicroOp& u) { valu32<N>(w, u, F{}); };
}
template <int N, class F>
Handler vf32(F) {
  return [](Wave& w, const MicroOp& u) { valuF32<N>(w, u, F{}); };
}
template <int N, class F>
Handler vf64(F) {
  return [](Wave& w, const MicroOp& u) { valuF64<N>(w, u, F{}); };
}
template <int N, class F>
Handler vf16(F) {
  return [](Wave& w, const MicroOp& u) { valuF16<N>(w, u, F{}); };
}

// Hardware min/max return the other operand when one is NaN (IEEE mode, RDNA2 ISA 6.2).
float fmin32(float a, float b) {
  return std::fmin(a, b);
}
float fmax32(float a, float b) {
  return std::fmax(a, b);
}

// Float -> integer conversions saturate and map NaN to 0 (RDNA2 ISA v_cvt_i32_f32).
template <class I, class F>
u32 toInt(F x) {
  if (std::isnan(x)) return 0;
  if (x <= static_cast<F>(std::numeric_limits<I>::min()))
    return static_cast<u32>(std::numeric_limits<I>::min());
  if (x >= static_cast<F>(std::numeric_limits<I>::max()))
    return static_cast<u32>(std::numeric_limits<I>::max());
  return static_cast<u32>(static_cast<I>(x));
}

// Conversions between lane widths need their own loops: 32 -> 64 and 64 -> 32 bits.
template <class F>
Handler from32to64(F) {
  return [](Wave& w, const MicroOp& u) {
    Sources32 s;
    u64 mask = fetch32(w, u, 1, s);
    Lanes64 r;
    for (unsigned l = 0; l < w.lanes; ++l) r[l] = F{}(s.p[0][l], w.mode);
    store64(w, u.dst[0].index, r, mask);
  };
}
template <class F>
Handler from64to32(F) {
  return [](Wave& w, const MicroOp& u) {
    Lanes64 a;
    src64(w, u, 0, a);
    Lanes32 r;
    for (unsigned l = 0; l < w.lanes; ++l) r[l] = F{}(a[l]);
    if (u.clamp)
      for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF32(outputModifiers(u, asF32(r[l])));
    store32(w, u.dst[0].index, r, w.exec());
  };
}
// f64 op with a 32-bit second source (v_ldexp_f64).
void ldexp64(Wave& w, const MicroOp& u) {
  Lanes64 a, r;
  src64(w, u, 0, a);
  Lanes32 t;
  const u32* e = src32(w, u, 1, t);
  for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF64(std::ldexp(asF64(a[l]), i32(e[l])));
  store64(w, u.dst[0].index, r, w.exec());
}

// v_ldexp_f16: the exponent is an i16 in the second source's low half (not an f16).
void ldexp16(Wave& w, const MicroOp& u) {
  Sources32 s;
  u64 mask = fetch32(w, u, 2, s);
  Lanes32 r;
  const u32* d = w.vreg(u.dst[0].index);
  const bool slow = F64Mode::needed(w);
  std::optional<F64Mode> m;
  if (slow) [[unlikely]]
    m.emplace(w);
  for (unsigned l = 0; l < w.lanes; ++l) {
    double a = f16In(s.p[0][l] >> ((u.opSel & 1) ? 16 : 0), slow && m->flushIn);
    double x = std::ldexp(a, static_cast<std::int16_t>(s.p[1][l]));
    u32 bits = slow ? roundToF16(x, m->round, m->flushOut) : bitsF16(f16(x));
    r[l] = (u.opSel & 8) ? ((d[l] & 0xffffu) | (bits << 16)) : bits;
  }
  storeResult(w, u, r, mask);
}

// ---- conversions that honour MODE: denormal inputs flush by the source precision's half,
// rounding and output flushing by the destination's ----

// To f32 from a 32-bit source (f32 rounding direction and output flushing).
template <class F>
Handler toF32(F) {
  return [](Wave& w, const MicroOp& u) {
    Sources32 s;
    u64 mask = fetch32(w, u, 1, s);
    Lanes32 r;
    std::optional<F32Mode> m;
    if (F32Mode::needed(w)) [[unlikely]]
      m.emplace(w, s, 0);
    for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF32(F{}(s.p[0][l], w.mode));
    if (m) m->flushOutputs(r);
    storeResult(w, u, r, mask);
  };
}
// To f16 from a 32-bit source: F gives the exact (or double-rounded in the same direction)
// value as a double.
template <class F>
Handler toF16(F) {
  return [](Wave& w, const MicroOp& u) {
    Sources32 s;
    u64 mask = fetch32(w, u, 1, s);
    Lanes32 r;
    const u32* d = w.vreg(u.dst[0].index);
    const bool slow = F64Mode::needed(w);
    std::optional<F64Mode> m;
    if (slow) [[unlikely]]
      m.emplace(w);
    for (unsigned l = 0; l < w.lanes; ++l) {
      double x = F{}(s.p[0][l], w.mode);
      u32 bits = slow ? roundToF16(x, m->round, m->flushOut) : bitsF16(f16(x));
      r[l] = (u.opSel & 8) ? ((d[l] & 0xffffu) | (bits << 16)) : bits;
    }
    storeResult(w, u, r, mask);
  };
}
// An f32 source as MODE delivers it (flushed when f32 denormal inputs flush).
float f32In(u32 a, u32 mode) {
  return asF32(mode & kModeDenormF32In ? a : flushF32(a));
}
// f32 -> integer (conversions, v_frexp_exp): the input as MODE delivers it, so a flushed
// denormal has the floor and exponent of a zero. Integer results neither round nor flush.
template <class F>
Handler fromF32(F) {
  return [](Wave& w, const MicroOp& u) {
    valu32<1>(w, u, [mode = w.mode](u32 a) { return F{}(f32In(a, mode)); });
  };
}
// ldexp(x, k) for f32: a normal x with a normal result is x with k added to its exponent
// field (exact, so the same in every rounding direction); anything else goes to libm.
inline float ldexpF32(u32 x, i32 k) {
  const i64 e = (x >> 23) & 0xff;
  const i64 r = e + k;
  if (e != 0 && e != 0xff && r >= 1 && r <= 0xfe) [[likely]]
    return asF32((x & 0x807fffffu) | static_cast<u32>(r) << 23);
  return std::ldexp(asF32(x), k);
}

// v_ldexp_f32: the exponent (second source) is an i32, so only the first source is an f32
// input MODE flushes; denormal results round in MODE's direction and flush as it says.
void ldexp32(Wave& w, const MicroOp& u) {
  Sources32 s;
  u64 mask = fetch32(w, u, 2, s);
  Lanes32 r;
  std::optional<F32Mode> m;
  if (F32Mode::needed(w)) [[unlikely]]
    m.emplace(w, s, 1);
  for (unsigned l = 0; l < w.lanes; ++l)
    r[l] = bitsF32(outputModifiers(u, ldexpF32(s.p[0][l], i32(s.p[1][l]))));
  if (m) m->flushOutputs(r);
  storeResult(w, u, r, mask);
}
// v_cvt_f32_f64: f64 input flushing, f32 rounding and output flushing.
void cvtF32F64(Wave& w, const MicroOp& u) {
  Lanes64 a;
  src64(w, u, 0, a);
  if (!(w.mode & kModeDenormF64In))
    for (unsigned l = 0; l < w.lanes; ++l) a[l] = flushF64(a[l]);
  Lanes32 r;
  Sources32 none;
  std::optional<F32Mode> m;
  if (F32Mode::needed(w)) [[unlikely]]
    m.emplace(w, none, 0);
  for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF32(float(asF64(a[l])));
  if (u.clamp)
    for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF32(outputModifiers(u, asF32(r[l])));
  if (m) m->flushOutputs(r);
  store32(w, u.dst[0].index, r, w.exec());
}

// Round to nearest integer, ties to even, whatever the host's rounding direction (v_rndne_*:
// MODE's rounding applies to inexact results, and these are exact).
double roundEven(double x) {
  return __builtin_roundeven(x);
}
// From the bits (libm's roundevenf is a call per lane on baseline x86-64): |x| < 0.5 gives a
// signed zero, [0.5, 1) one or zero, 2^23 and beyond (integers) x itself (NaN quietened as libm
// does), otherwise the fraction bits cleared and the integer part rounded up when the
// fraction is above half, or exactly half and the integer part odd.
float roundEvenF(float x) {
  const u32 b = bitsF32(x);
  const u32 e = (b >> 23) & 0xff;
  const u32 sign = b & 0x80000000u;
  if (e >= 150) return e == 0xff ? x + x : x;
  if (e < 126) return asF32(sign);
  if (e == 126) return asF32(sign | ((b & 0x7fffff) != 0 ? 0x3f800000u : 0u));
  const u32 shift = 150 - e;  // fraction bits: 1..23
  const u32 fraction = b & ((1u << shift) - 1);
  const u32 half = 1u << (shift - 1);
  u32 t = b - fraction;
  if (fraction > half || (fraction == half && ((t >> shift) & 1))) t += 1u << shift;
  return asF32(t);
}

// v_div_scale: scales numerator/denominator away from the denormal/overflow range and sets
// VCC when v_div_fmas must undo the scaling (RDNA3 ISA pseudo-code of V_DIV_SCALE_F32/F64;
// Scale is 64 for f32, 128 for f64; exponents are biased).
template <class F, int Scale, int Bias, int Mant, int Far>
F divScale(F s0, F s1, F s2, bool& vcc) {
  vcc = false;
  if (s2 == F(0) || s1 == F(0)) return std::numeric_limits<F>::quiet_NaN();
  auto biased = [](F x) { return std::fpclassify(x) == FP_NORMAL ? std::ilogb(x) + Bias : 0; };
  auto denorm = [](auto x) { return std::fpclassify(x) == FP_SUBNORMAL; };
  // "S2 / S1 == DENORM": the quotient lies below the smallest normal number. It is computed in
  // long double (x86's wider exponent and mantissa), so a quotient that F itself would round to
  // zero (2^-126 / FLT_MAX) counts as tiny too and gets the scaling it needs.
  auto tinyQuotient = [](F num, F den) {
    long double q = std::fabs(static_cast<long double>(num) / static_cast<long double>(den));
    return q != 0.0L && q < static_cast<long double>(std::numeric_limits<F>::min());
  };
  F r = s0;
  double inv = 1.0 / static_cast<double>(s1);
  bool invDenorm = sizeof(F) == 4 ? false : denorm(inv);
  if (biased(s2) - biased(s1) >= Far) {
    vcc = true;
    if (s0 == s1) r = std::ldexp(s0, Scale);
  } else if (denorm(s1)) {
    r = std::ldexp(s0, Scale);
  } else if (invDenorm && tinyQuotient(s2, s1)) {
    // A denominator whose reciprocal is subnormal (f64 only) is scaled down, as in the next
    // case; scaling it up, as the ISA's pseudo-code reads, overflows (x / DBL_MAX became inf).
    // v_div_fmas then scales the quotient, 2^Scale times too large, back down.
    vcc = true;
    if (s0 == s1) r = std::ldexp(s0, -Scale);
  } else if (invDenorm) {
    r = std::ldexp(s0, -Scale);
  } else if (tinyQuotient(s2, s1)) {
    vcc = true;
    if (s0 == s2) r = std::ldexp(s0, Scale);
  } else if (biased(s2) <= Mant) {
    r = std::ldexp(s0, Scale);
  }
  return r;
}

void divScale32(Wave& w, const MicroOp& u) {
  Sources32 s;
  u64 mask = fetch32(w, u, 3, s);
  Lanes32 r;
  u64 vcc = 0;
  std::optional<F32Mode> mode;
  if (F32Mode::needed(w)) [[unlikely]]
    mode.emplace(w, s, 3);
  for (unsigned l = 0; l < w.lanes; ++l) {
    bool v = false;
    r[l] = bitsF32(
        divScale<float, 64, 127, 23, 96>(asF32(s.p[0][l]), asF32(s.p[1][l]), asF32(s.p[2][l]), v));
    vcc |= u64(v) << l;
  }
  if (mode) mode->flushOutputs(r);
  storeResult(w, u, r, mask);
  writeMask(w, u.dst[1], vcc & mask);
}
void divScale64(Wave& w, const MicroOp& u) {
  Lanes64 a, b, c, r;
  src64(w, u, 0, a);
  src64(w, u, 1, b);
  src64(w, u, 2, c);
  u64 vcc = 0;
  for (unsigned l = 0; l < w.lanes; ++l) {
    bool v = false;
    r[l] = bitsF64(divScale<double, 128, 1023, 53, 768>(asF64(a[l]), asF64(b[l]), asF64(c[l]), v));
    vcc |= u64(v) << l;
  }
  store64(w, u.dst[0].index, r, w.exec());
  writeMask(w, u.dst[1], vcc & w.exec());
}
// v_div_fmas: fma(s0, s1, s2), where VCC is set scaled back by the 2^Scale v_div_scale applied
// (Scale 64 for f32, 128 for f64): up when the denominator was scaled (a quotient estimate s2
// of magnitude 2 or more), down when the numerator was. The fma and the scaling round once, as
// the hardware's single operation does: rounding the fma first and then again when the scaled
// result is subnormal would be off by one ulp. The long double fma (64-bit mantissa, x86) is
// exact for f32 inputs' products; the one rounding left is to F.
template <class F, int Scale>
F scaledFma(F s0, F s1, F s2, bool scaled) {
  if (!scaled) return std::fma(s0, s1, s2);
  long double x = std::fma(static_cast<long double>(s0), static_cast<long double>(s1),
                           static_cast<long double>(s2));
  return static_cast<F>(std::ldexp(x, std::fabs(s2) >= F(2) ? Scale : -Scale));
}

void divFmas32(Wave& w, const MicroOp& u) {
  u64 vcc = readMask(w, vccOperand());
  Sources32 s;
  u64 mask = fetch32(w, u, 3, s);
  Lanes32 r;
  std::optional<F32Mode> mode;
  if (F32Mode::needed(w)) [[unlikely]]
    mode.emplace(w, s, 3);
  for (unsigned l = 0; l < w.lanes; ++l) {
    r[l] = bitsF32(
        scaledFma<float, 64>(asF32(s.p[0][l]), asF32(s.p[1][l]), asF32(s.p[2][l]), (vcc >> l) & 1));
  }
  if (mode) mode->flushOutputs(r);
  storeResult(w, u, r, mask);
}
void divFmas64(Wave& w, const MicroOp& u) {
  u64 vcc = readMask(w, vccOperand());
  Lanes64 a, b, c, r;
  src64(w, u, 0, a);
  src64(w, u, 1, b);
  src64(w, u, 2, c);
  for (unsigned l = 0; l < w.lanes; ++l) {
    r[l] = bitsF64(scaledFma<double, 128>(asF64(a[l]), asF64(b[l]), asF64(c[l]), (vcc >> l) & 1));
  }
  store64(w, u.dst[0].index, r, w.exec());
}

// v_div_fixup: special cases of the division (signs, zeros, infinities, NaN) around the
// quotient estimate s0 of s2 / s1.
template <class F>
F divFixup(F s0, F s1, F s2) {
  bool neg = std::signbit(s1) != std::signbit(s2);
  if (std::isnan(s1)) return s1;
  if (std::isnan(s2)) return s2;
  if (s1 == F(0) && s2 == F(0)) return std::numeric_limits<F>::quiet_NaN();
  if (std::isinf(s1) && std::isinf(s2)) return std::numeric_limits<F>::quiet_NaN();
  if (s1 == F(0) || std::isinf(s2))
    return neg ? -std::numeric_limits<F>::infinity() : std::numeric_limits<F>::infinity();
  if (std::isinf(s1) || s2 == F(0)) return neg ? -F(0) : F(0);
  if (std::isnan(s0))
    return neg ? -std::numeric_limits<F>::infinity() : std::numeric_limits<F>::infinity();
  return neg ? -std::fabs(s0) : std::fabs(s0);
}

// v_frexp_mant / v_frexp_exp: mantissa in [0.5, 1) and exponent (inf/NaN: mantissa itself, 0).
float frexpMant(float x) {
  if (std::isnan(x) || std::isinf(x)) return x;
  int e;
  return std::frexp(x, &e);
}
u32 frexpExp(float x) {
  if (std::isnan(x) || std::isinf(x)) return 0;
  int e;
  std::frexp(x, &e);
  return u32(e);
}
double frexpMant64(double x) {
  if (std::isnan(x) || std::isinf(x)) return x;
  int e;
  return std::frexp(x, &e);
}

// v_rcp/v_rsq/v_sqrt/v_exp/v_log/v_sin/v_cos are approximations on hardware (1 ULP for f32, see
// README "Transcendentals"); here they are computed in double and rounded once to f32, which is
// exact for rcp and sqrt and within 1 ULP (in practice correctly rounded) for the others.
// Special inputs follow IEEE: rcp(+-0) = +-inf, rsq(-0) = -inf, sqrt(-0) = -0, log(+-0) = -inf,
// negative inputs of rsq/sqrt/log give NaN, sin/cos of an infinity give NaN.
float rcp(float x) {
  return 1.0f / x;
}
float rsq32(float x) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
}
// sin(2 pi x) for x in revolutions (v_sin/v_cos take revolutions): the integer part is dropped
// exactly, as the hardware's range reduction does, and multiples of a quarter revolution give
// exact zeros and +-1 (a radian angle could not: 2 pi is not a double).
double sinRevolutions(double x) {
  const double r = x - std::round(x);  // [-0.5, 0.5], exact; NaN for infinities
  const double q = 4 * r;
  if (q == std::trunc(q)) return q == 1 ? 1.0 : q == -1 ? -1.0 : std::copysign(0.0, x);
  return std::sin(6.283185307179586476925 * r);
}
double cosRevolutions(double x) {
  return sinRevolutions(x + 0.25);  // exact for f16 and f32 inputs
}
float fract32(float x) {
  if (std::isinf(x)) return std::numeric_limits<float>::quiet_NaN();
  return std::fmin(x - std::floor(x), 0x1.fffffep-1f);
}
double fract64(double x) {
  if (std::isinf(x)) return std::numeric_limits<double>::quiet_NaN();
  return std::fmin(x - std::floor(x), 0x1.fffffffffffffp-1);
}

// 2/pi as 1280 fraction bits, most significant first (computed with Machin's formula in
// integer arithmetic): the table v_trig_preop_f64 reads for Payne-Hanek range reduction.
constexpr std::uint64_t kTwoOverPi[20] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull,
    0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull, 0x7527bac7ebe5f17bull,
    0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b6babull, 0xf0cfbc209af4361dull};

// 53 bits of 2/pi starting `shift` bits after the binary point.
u64 twoOverPiBits(unsigned shift) {
  u64 r = 0;
  for (unsigned i = 0; i < 53; ++i) {
    unsigned bit = shift + i;
    u64 b = bit < 1280 ? (kTwoOverPi[bit / 64] >> (63 - bit % 64)) & 1 : 0;
    r = (r << 1) | b;
  }
  return r;
}

// v_trig_preop_f64 (RDNA2 ISA 6.3): segment S1 of 2/pi, scaled, for an argument's exponent.
void trigPreop(Wave& w, const MicroOp& u) {
  Lanes64 a, r;
  src64(w, u, 0, a);
  Lanes32 t;
  const u32* seg = src32(w, u, 1, t);
  for (unsigned l = 0; l < w.lanes; ++l) {
    int exponent = static_cast<int>((a[l] >> 52) & 0x7ff);
    int shift = static_cast<int>(seg[l] & 31) * 53;
    if (exponent > 1077) shift += exponent - 1077;
    int scale = -53 - shift;
    if (exponent >= 1968) scale += 128;
    r[l] = bitsF64(
        std::ldexp(static_cast<double>(twoOverPiBits(static_cast<unsigned>(shift))), scale));
  }
  store64(w, u.dst[0].index, r, w.exec());
}

// Lane-wise fma, compiled twice: with FMA3 instructions (chosen when the host CPU has them) and
// portable (libm's fmaf). Both are exactly rounded, so results do not depend on the choice.
__attribute__((target("fma"))) void fmaLanesFma3(const u32* a, const u32* b, const u32* c, u32* r,
                                                 unsigned n) {
  for (unsigned l = 0; l < n; ++l)
    r[l] = bitsF32(__builtin_fmaf(asF32(a[l]), asF32(b[l]), asF32(c[l])));
}
void fmaLanesPortable(const u32* a, const u32* b, const u32* c, u32* r, unsigned n) {
  for (unsigned l = 0; l < n; ++l) r[l] = bitsF32(std::fma(asF32(a[l]), asF32(b[l]), asF32(c[l])));
}
using FmaLanes = void (*)(const u32*, const u32*, const u32*, u32*, unsigned);
FmaLanes fmaLanes() {
  static const FmaLanes f = __builtin_cpu_supports("fma") ? fmaLanesFma3 : fmaLanesPortable;
  return f;
}
// The same for the wave32 path: 32 lanes known at compile time.
__attribute__((target("fma"))) void fmaLanes32Fma3(const u32* a, const u32* b, const u32* c,
                                                   u32* r) {
  for (unsigned l = 0; l < kWave32; ++l)
    r[l] = bitsF32(__builtin_fmaf(asF32(a[l]), asF32(b[l]), asF32(c[l])));
}
void fmaLanes32Portable(const u32* a, const u32* b, const u32* c, u32* r) {
  fmaLanesPortable(a, b, c, r, kWave32);
}
using FmaLanes32 = void (*)(const u32*, const u32*, const u32*, u32*);
FmaLanes32 fmaLanes32() {
  static const FmaLanes32 f = __builtin_cpu_supports("fma") ? fmaLanes32Fma3 : fmaLanes32Portable;
  return f;
}

// r = fma(s0, s1, s2) with output modifiers, in the wave's MODE (checked once per micro-op).
void fmaWithMode(Wave& w, const MicroOp& u, Sources32& s, std::uint64_t mask) {
  Lanes32 r;
  if (!F32Mode::needed(w)) [[likely]] {
    fmaLanes()(s.p[0], s.p[1], s.p[2], r, w.lanes);
    if (u.clamp || u.omod)
      for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF32(outputModifiers(u, asF32(r[l])));
  } else {
    F32Mode m(w, s, 3);
    fmaLanes()(s.p[0], s.p[1], s.p[2], r, w.lanes);
    if (u.clamp || u.omod)
      for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF32(outputModifiers(u, asF32(r[l])));
    m.flushOutputs(r);
  }
  storeResult(w, u, r, mask);
}

// The wave32 path of both below: sources already in s.
void fmaPlain(Wave& w, const MicroOp& u, const Sources32Plain& s) {
  alignas(16) Lanes32 r;
  fmaLanes32()(s.p[0], s.p[1], s.p[2], r);
  store32Plain(w, u.dst[0].index, r);
}

// v_fmac_f32: d = a * b + d (the destination is the third source).
void fmac32(Wave& w, const MicroOp& u) {
  if (u.plain32 && !F32Mode::needed(w)) [[likely]] {
    Sources32Plain s;
    fetch32Plain<2>(w, u, s);
    s.p[2] = w.vreg(u.dst[0].index);
    fmaPlain(w, u, s);
    return;
  }
  Sources32 s;
  std::uint64_t mask = fetch32(w, u, 2, s);
  s.p[2] = w.vreg(u.dst[0].index);
  fmaWithMode(w, u, s, mask);
}

// v_fma_f32 / v_fmaak_f32 / v_fmamk_f32: three explicit sources.
void fma32(Wave& w, const MicroOp& u) {
  if (u.plain32 && !F32Mode::needed(w)) [[likely]] {
    Sources32Plain s;
    fetch32Plain<3>(w, u, s);
    fmaPlain(w, u, s);
    return;
  }
  Sources32 s;
  std::uint64_t mask = fetch32(w, u, 3, s);
  fmaWithMode(w, u, s, mask);
}

// One v_fma_mix source: f32, or f16 when op_sel_hi selects it (op_sel: its high half), flushed
// when MODE flushes denormal inputs of its precision; neg_hi takes |x|, then neg_lo negates.
double mixSource(const MicroOp& u, int i, u32 bits, u32 mode) {
  double x = ((u.opSelHi >> i) & 1)
                 ? f16In(bits >> (((u.opSel >> i) & 1) ? 16 : 0), !(mode & kModeDenormF64In))
                 : double(f32In(bits, mode));
  if ((u.negHi >> i) & 1) x = std::fabs(x);
  if ((u.negLo >> i) & 1) x = -x;
  return x;
}

// v_fma_mix_f32: an f32 fma (every source is exactly an f32) in MODE's f32 rounding, with its
// output flushing.
void fmaMixF32(Wave& w, const MicroOp& u) {
  Sources32 s;
  std::uint64_t mask = fetch32(w, u, 3, s);
  Lanes32 r;
  Sources32 none;
  std::optional<F32Mode> m;
  if (F32Mode::needed(w)) [[unlikely]]
    m.emplace(w, none, 0);  // sources are flushed by their own precision in mixSource
  for (unsigned l = 0; l < w.lanes; ++l) {
    float in[3];
    for (int i = 0; i < 3; ++i) in[i] = float(mixSource(u, i, s.p[i][l], w.mode));
    r[l] = bitsF32(outputModifiers(u, std::fma(in[0], in[1], in[2])));
  }
  if (m) m->flushOutputs(r);
  storeResult(w, u, r, mask);
}

// v_fma_mixlo_f16 / v_fma_mixhi_f16 (High: the result goes to the high half): computed in double
// (the product of two f32 is exact there) and rounded to f16 by MODE's f16 half.
template <bool High>
void fmaMixF16(Wave& w, const MicroOp& u) {
  Sources32 s;
  std::uint64_t mask = fetch32(w, u, 3, s);
  Lanes32 r;
  const std::uint32_t* d = w.vreg(u.dst[0].index);
  const bool slow = F64Mode::needed(w);
  std::optional<F64Mode> m;
  if (slow) [[unlikely]]
    m.emplace(w);
  for (unsigned l = 0; l < w.lanes; ++l) {
    double in[3];
    for (int i = 0; i < 3; ++i) in[i] = mixSource(u, i, s.p[i][l], w.mode);
    double x = outputModifiers64(u, std::fma(in[0], in[1], in[2]));
    u32 bits = slow ? roundToF16(x, m->round, m->flushOut) : bitsF16(f16(x));
    r[l] = High ? (d[l] & 0xffffu) | (bits << 16) : (d[l] & 0xffff0000u) | bits;
  }
  storeResult(w, u, r, mask);
}

}  // namespace

namespace {

void registerVectorFloatOpsPart1(HandlerTable& t) {
  t.add("v_trig_preop_f64", trigPreop, 1).mixedSource = 1;
  t.add(
       "v_pack_b32_f16",
       [](Wave& w, const MicroOp& u) {
         valu32<2>(w, u, [&u](u32 a, u32 b) {
           u32 lo = (a >> ((u.opSel & 1) ? 16 : 0)) & 0xffff,
               hi = (b >> ((u.opSel & 2) ? 16 : 0)) & 0xffff;
           return lo | (hi << 16);
         });
       },
       1)
      .type = DataType::f16;
  // ---- f32 ----
  t.add("v_add_f32", vf32<2>([](float a, float b) { return a + b; }), 1);
  t.add("v_sub_f32", vf32<2>([](float a, float b) { return a - b; }), 1);
  t.add("v_subrev_f32", vf32<2>([](float a, float b) { return b - a; }), 1);
  t.add("v_mul_f32", vf32<2>([](float a, float b) { return a * b; }), 1);
  t.add("v_mul_legacy_f32",
        vf32<2>([](float a, float b) { return (a == 0.0f || b == 0.0f) ? 0.0f : a * b; }), 1);
  t.add("v_max_f32", vf32<2>([](float a, float b) { return fmax32(a, b); }), 1);
  t.add("v_min_f32", vf32<2>([](float a, float b) { return fmin32(a, b); }), 1);
  t.add("v_fma_f32", fma32, 1);
  t.add("v_mad_f32", vf32<3>([](float a, float b, float c) { return a * b + c; }), 1);
  t.add("v_fmac_f32", fmac32, 1);
  t.add("v_fmaak_f32", fma32, 1);  // d = a * b + K
  t.add("v_fmamk_f32", fma32, 1);  // d = a * K + b: K is printed (and fetched) second
  t.add("v_ldexp_f32", ldexp32, 1);
  t.add("v_min3_f32",
        vf32<3>([](float a, float b, float c) { return std::fmin(std::fmin(a, b), c); }), 1);
  t.add("v_max3_f32",
        vf32<3>([](float a, float b, float c) { return std::fmax(std::fmax(a, b), c); }), 1);
  t.add("v_med3_f32", vf32<3>([](float a, float b, float c) {
          return std::fmax(std::fmin(a, b), std::fmin(std::fmax(a, b), c));
        }),
        1);
  t.add("v_rcp_f32", vf32<1>([](float a) { return rcp(a); }), 1);
  t.add("v_rcp_iflag_f32", vf32<1>([](float a) { return rcp(a); }), 1);
  t.add("v_rsq_f32", vf32<1>([](float a) { return rsq32(a); }), 1);
  t.add("v_sqrt_f32", vf32<1>([](float a) { return std::sqrt(a); }), 1);
  t.add("v_exp_f32", vf32<1>([](float a) { return float(std::exp2(double(a))); }), 1);
  t.add("v_log_f32", vf32<1>([](float a) { return float(std::log2(double(a))); }), 1);
  t.add("v_sin_f32", vf32<1>([](float a) { return float(sinRevolutions(a)); }), 1);
  t.add("v_cos_f32", vf32<1>([](float a) { return float(cosRevolutions(a)); }), 1);
  t.add("v_rndne_f32", vf32<1>([](float a) { return roundEvenF(a); }), 1);
  t.add("v_trunc_f32", vf32<1>([](float a) { return std::trunc(a); }), 1);
  t.add("v_ceil_f32", vf32<1>([](float a) { return std::ceil(a); }), 1);
  t.add("v_floor_f32", vf32<1>([](float a) { return std::floor(a); }), 1);
  t.add("v_fract_f32", vf32<1>([](float a) { return fract32(a); }), 1);
  t.add("v_frexp_mant_f32", vf32<1>([](float a) { return frexpMant(a); }), 1);
  t.add("v_frexp_exp_i32_f32", fromF32([](float a) { return frexpExp(a); }), 1).type =
      DataType::f32;
}

void registerVectorFloatOpsPart2(HandlerTable& t) {
  t.add("v_div_scale_f32", divScale32, 2);
  t.add("v_div_fmas_f32", divFmas32, 1);
  t.add("v_div_fixup_f32",
        vf32<3>([](float a, float b, float c) { return divFixup<float>(a, b, c); }), 1);
  // ---- conversions ----
  t.add("v_cvt_f32_i32", toF32([](u32 a, u32) { return float(i32(a)); }), 1);
  t.add("v_cvt_f32_u32", toF32([](u32 a, u32) { return float(a); }), 1);
  t.add("v_cvt_i32_f32", fromF32([](float a) { return toInt<i32>(a); }), 1).type = DataType::f32;
  t.add("v_cvt_u32_f32", fromF32([](float a) { return toInt<u32>(a); }), 1).type = DataType::f32;
  t.add("v_cvt_f32_ubyte0", vint<1>([](u32 a) { return bitsF32(float(a & 0xff)); }), 1);
  t.add("v_cvt_f32_ubyte1", vint<1>([](u32 a) { return bitsF32(float((a >> 8) & 0xff)); }), 1);
  t.add("v_cvt_f32_ubyte2", vint<1>([](u32 a) { return bitsF32(float((a >> 16) & 0xff)); }), 1);
  t.add("v_cvt_f32_ubyte3", vint<1>([](u32 a) { return bitsF32(float(a >> 24)); }), 1);
  t.add("v_cvt_f16_f32", toF16([](u32 a, u32 mode) { return double(f32In(a, mode)); }), 1).type =
      DataType::f32;
  t.add("v_cvt_f32_f16",
        toF32([](u32 a, u32 mode) { return float(f16In(a, !(mode & kModeDenormF64In))); }), 1)
      .type = DataType::f16;
  t.add("v_cvt_f64_i32", from32to64([](u32 a, u32) { return bitsF64(double(i32(a))); }), 1);
  t.add("v_cvt_f64_u32", from32to64([](u32 a, u32) { return bitsF64(double(a)); }), 1);
  t.add("v_cvt_f64_f32",
        from32to64([](u32 a, u32 mode) { return bitsF64(double(f32In(a, mode))); }), 1)
      .type = DataType::f32;
  t.add("v_cvt_f32_f64", cvtF32F64, 1);
  t.add("v_cvt_i32_f64", from64to32([](u64 a) { return toInt<i32>(asF64(a)); }), 1);
  t.add("v_cvt_u32_f64", from64to32([](u64 a) { return toInt<u32>(asF64(a)); }), 1);
  t.add("v_frexp_exp_i32_f64", from64to32([](u64 a) {
          double x = asF64(a);
          if (std::isnan(x) || std::isinf(x)) return 0u;
          int e;
          std::frexp(x, &e);
          return u32(e);
        }),
        1);
  // ---- f64 ----
  t.add("v_add_f64", vf64<2>([](double a, double b) { return a + b; }), 1);
  t.add("v_mul_f64", vf64<2>([](double a, double b) { return a * b; }), 1);
  t.add("v_fma_f64", vf64<3>([](double a, double b, double c) { return std::fma(a, b, c); }), 1);
  t.add("v_max_f64", vf64<2>([](double a, double b) { return std::fmax(a, b); }), 1);
  t.add("v_min_f64", vf64<2>([](double a, double b) { return std::fmin(a, b); }), 1);
  t.add("v_rcp_f64", vf64<1>([](double a) { return 1.0 / a; }), 1);
  t.add("v_rsq_f64", vf64<1>([](double a) { return 1.0 / std::sqrt(a); }), 1);
  t.add("v_sqrt_f64", vf64<1>([](double a) { return std::sqrt(a); }), 1);
  t.add("v_rndne_f64", vf64<1>([](double a) { return roundEven(a); }), 1);
  t.add("v_trunc_f64", vf64<1>([](double a) { return std::trunc(a); }), 1);
  t.add("v_ceil_f64", vf64<1>([](double a) { return std::ceil(a); }), 1);
  t.add("v_floor_f64", vf64<1>([](double a) { return std::floor(a); }), 1);
  t.add("v_fract_f64", vf64<1>([](double a) { return fract64(a); }), 1);
  t.add("v_frexp_mant_f64", vf64<1>([](double a) { return frexpMant64(a); }), 1);
  t.add("v_ldexp_f64", ldexp64, 1).mixedSource = 1;
  t.add("v_div_scale_f64", divScale64, 2);
  t.add("v_div_fmas_f64", divFmas64, 1);
  t.add("v_div_fixup_f64",
        vf64<3>([](double a, double b, double c) { return divFixup<double>(a, b, c); }), 1);
  // ---- f16: computed in double on the f16 inputs, rounded once to f16 in MODE's direction ----
  t.add("v_add_f16", vf16<2>([](double a, double b) { return a + b; }), 1);
  t.add("v_sub_f16", vf16<2>([](double a, double b) { return a - b; }), 1);
  t.add("v_mul_f16", vf16<2>([](double a, double b) { return a * b; }), 1);
  // f16 products are exact in double and the double fma's own rounding never moves an f16
  // rounding decision (the sum's bits span at most 53 unless c dwarfs the product).
  t.add("v_fma_f16", vf16<3>([](double a, double b, double c) { return std::fma(a, b, c); }), 1);
  t.add(
      "v_fmac_f16",
      [](Wave& w, const MicroOp& u) {
        // d = a * b + d: the destination is the third source.
        Sources32 s;
        std::uint64_t mask = fetch32(w, u, 2, s);
        s.p[2] = w.vreg(u.dst[0].index);
        lanesF16<3>(w, u, s, mask, [](double a, double b, double c) { return std::fma(a, b, c); });
      },
      1);
}

void registerVectorFloatOpsPart3(HandlerTable& t) {
  t.add("v_fmamk_f16", vf16<3>([](double a, double k, double b) { return std::fma(a, k, b); }), 1);
  t.add("v_fmaak_f16", vf16<3>([](double a, double b, double k) { return std::fma(a, b, k); }), 1);
  t.add("v_max_f16", vf16<2>([](double a, double b) { return std::fmax(a, b); }), 1);
  t.add("v_min_f16", vf16<2>([](double a, double b) { return std::fmin(a, b); }), 1);
  // As the f32 forms: a NaN operand yields to the others (IEEE mode); the result is an input.
  t.add("v_min3_f16",
        vf16<3>([](double a, double b, double c) { return std::fmin(std::fmin(a, b), c); }), 1);
  t.add("v_max3_f16",
        vf16<3>([](double a, double b, double c) { return std::fmax(std::fmax(a, b), c); }), 1);
  t.add("v_med3_f16", vf16<3>([](double a, double b, double c) {
          return std::fmax(std::fmin(a, b), std::fmin(std::fmax(a, b), c));
        }),
        1);
  t.add("v_rcp_f16", vf16<1>([](double a) { return 1.0 / a; }), 1);
  t.add("v_sqrt_f16", vf16<1>([](double a) { return std::sqrt(a); }), 1);
  t.add("v_rsq_f16", vf16<1>([](double a) { return 1.0 / std::sqrt(a); }), 1);
  t.add("v_log_f16", vf16<1>([](double a) { return std::log2(a); }), 1);
  t.add("v_exp_f16", vf16<1>([](double a) { return std::exp2(a); }), 1);
  t.add("v_sin_f16", vf16<1>([](double a) { return sinRevolutions(a); }), 1);
  t.add("v_cos_f16", vf16<1>([](double a) { return cosRevolutions(a); }), 1);
  t.add("v_floor_f16", vf16<1>([](double a) { return std::floor(a); }), 1);
  t.add("v_ceil_f16", vf16<1>([](double a) { return std::ceil(a); }), 1);
  t.add("v_trunc_f16", vf16<1>([](double a) { return std::trunc(a); }), 1);
  t.add("v_rndne_f16", vf16<1>([](double a) { return roundEven(a); }), 1);
  t.add("v_fract_f16",
        vf16<1>([](double a) { return std::fmin(a - std::floor(a), 0.99951171875); }), 1);
  t.add("v_frexp_mant_f16", vf16<1>([](double a) { return frexpMant64(a); }), 1);
  t.add("v_subrev_f16", vf16<2>([](double a, double b) { return b - a; }), 1);
  t.add("v_div_fixup_f16",
        vf16<3>([](double a, double b, double c) { return divFixup<double>(a, b, c); }), 1);
  t.add("v_ldexp_f16", ldexp16, 1);
  t.add("v_cvt_f16_u16", toF16([](u32 a, u32) { return double(a & 0xffff); }), 1);
  t.add("v_cvt_f16_i16", toF16([](u32 a, u32) { return double(std::int16_t(a)); }), 1);
  t.add("v_cvt_u16_f16", vint<1>([](u32 a) {
          float x = float(asF16(a));
          return std::isnan(x) || x <= 0 ? 0u : (x >= 65535.0f ? 65535u : u32(x));
        }),
        1)
      .type = DataType::f16;
  t.add("v_cvt_i16_f16", vint<1>([](u32 a) {
          float x = float(asF16(a));
          if (std::isnan(x)) return 0u;
          return u32(std::uint16_t(
              std::int16_t(x <= -32768.0f ? -32768.0f : (x >= 32767.0f ? 32767.0f : x))));
        }),
        1)
      .type = DataType::f16;
  t.add("v_cvt_i32_f16", vint<1>([](u32 a) { return toInt<i32>(float(asF16(a))); }), 1).type =
      DataType::f16;
  t.add("v_cvt_u32_f16", vint<1>([](u32 a) { return toInt<u32>(float(asF16(a))); }), 1).type =
      DataType::f16;
}

void registerVectorFloatOpsPart4(HandlerTable& t) {
  t.add("v_cvt_flr_i32_f32", fromF32([](float a) { return toInt<i32>(std::floor(a)); }), 1).type =
      DataType::f32;
  t.add("v_cvt_rpi_i32_f32", fromF32([](float a) { return toInt<i32>(std::floor(a + 0.5f)); }), 1)
      .type = DataType::f32;
  t.add("v_mul_dx9_zero_f32",
        vf32<2>([](float a, float b) { return (a == 0.0f || b == 0.0f) ? 0.0f : a * b; }), 1);
  // v_fma_mix*: each source is f32, or f16 when op_sel_hi selects it (op_sel: its high half);
  // neg_lo negates and neg_hi takes the absolute value (RDNA2 ISA 6.5 "V_FMA_MIX_F32").
  t.add("v_fma_mix_f32", fmaMixF32, 1);
  t.add("v_fma_mixlo_f16", fmaMixF16<false>, 1);
  t.add("v_fma_mixhi_f16", fmaMixF16<true>, 1);
}

}  // namespace

void registerVectorFloatOps(HandlerTable& t) {
  registerVectorFloatOpsPart1(t);
  registerVectorFloatOpsPart2(t);
  registerVectorFloatOpsPart3(t);
  registerVectorFloatOpsPart4(t);
}

}  // namespace vgpu::isa
