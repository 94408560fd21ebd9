// Operand fetch, DPP, modifiers and EXEC blending shared by every instruction family.
//
// Each handler body states only the per-lane arithmetic; these helpers read the sources once
// per instruction into 64-lane arrays, apply input modifiers (VOP3 neg/abs, DPP) and write
// results only to lanes enabled in EXEC (RDNA2 ISA sections 6.2 "VOP3", 6.2.3 "DPP").
#pragma once

#include <emmintrin.h>

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>

#include "isa/MicroOp.h"
#include "isa/Wave.h"

namespace vgpu::isa {

using Lanes32 = std::uint32_t[64];
using Lanes64 = std::uint64_t[64];

inline float asF32(std::uint32_t x) {
  return std::bit_cast<float>(x);
}
inline std::uint32_t bitsF32(float x) {
  return std::bit_cast<std::uint32_t>(x);
}
inline double asF64(std::uint64_t x) {
  return std::bit_cast<double>(x);
}
inline std::uint64_t bitsF64(double x) {
  return std::bit_cast<std::uint64_t>(x);
}
inline _Float16 asF16(std::uint32_t x) {
  return std::bit_cast<_Float16>(static_cast<std::uint16_t>(x));
}
inline std::uint32_t bitsF16(_Float16 x) {
  return std::bit_cast<std::uint16_t>(x);
}

// Packs lanes' 0/1 flags into a lane mask, four lanes per SSE2 movemask (the hot step of every
// compare and carry-out).
inline std::uint64_t packMask(const std::uint32_t* flags, unsigned lanes) {
  std::uint64_t m = 0;
  for (unsigned l = 0; l < lanes; l += 4) {
    __m128i v = _mm_slli_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(flags + l)), 31);
    m |= static_cast<std::uint64_t>(_mm_movemask_ps(_mm_castsi128_ps(v))) << l;
  }
  return m;
}

// Unpacks a lane mask into 0/1 per lane, four lanes per 16-byte store from a table indexed by
// the mask's nibbles (a per-lane variable shift does not vectorise on SSE2).
struct NibbleLanes {
  alignas(16) std::uint32_t lanes[16][4];
  constexpr NibbleLanes() : lanes() {
    for (unsigned n = 0; n < 16; ++n)
      for (unsigned b = 0; b < 4; ++b) lanes[n][b] = (n >> b) & 1u;
  }
};
inline constexpr NibbleLanes kNibbleLanes{};
inline void unpackMask(std::uint64_t m, std::uint32_t* out, unsigned lanes) {
  for (unsigned l = 0; l < lanes; l += 4)
    std::memcpy(out + l, kNibbleLanes.lanes[(m >> l) & 15], 16);
}

// The same for a write mask: all ones per enabled lane, so a partial store is a 16-byte blend.
struct NibbleSelect {
  alignas(16) std::uint32_t lanes[16][4];
  constexpr NibbleSelect() : lanes() {
    for (unsigned n = 0; n < 16; ++n)
      for (unsigned b = 0; b < 4; ++b) lanes[n][b] = (n >> b) & 1u ? ~0u : 0u;
  }
};
inline constexpr NibbleSelect kNibbleSelect{};
// A lane mask as all-ones / zero lanes (v_cndmask's select, without a branch per lane).
inline void unpackSelect(std::uint64_t m, std::uint32_t* out, unsigned lanes) {
  for (unsigned l = 0; l < lanes; l += 4)
    std::memcpy(out + l, kNibbleSelect.lanes[(m >> l) & 15], 16);
}

// ---- scalar operands ----
inline std::uint32_t readScalar(const Wave& w, const Operand& o) {
  switch (o.kind) {
    case Operand::Kind::sgpr:
      return w.s[o.index];
    case Operand::Kind::scc:
      return w.scc;
    default:
      return o.lo();
  }
}
inline std::uint64_t readScalar64(const Wave& w, const Operand& o) {
  if (o.kind == Operand::Kind::sgpr)
    return w.s[o.index] | (std::uint64_t{w.s[(o.index + 1)]} << 32);
  if (o.kind == Operand::Kind::scc) return w.scc;
  return o.value;
}
inline void writeScalar(Wave& w, const Operand& o, std::uint32_t x) {
  w.s[o.index] = x;
}
inline void writeScalar64(Wave& w, const Operand& o, std::uint64_t x) {
  w.s[o.index] = static_cast<std::uint32_t>(x);
  w.s[(o.index + 1)] = static_cast<std::uint32_t>(x >> 32);
}
// VCC as an operand, for instructions that read it implicitly (v_div_fmas, VOPD cndmask).
inline Operand vccOperand() {
  Operand o;
  o.kind = Operand::Kind::sgpr;
  o.index = kVccLo;
  o.dwords = 2;
  return o;
}

// A lane mask operand (VCC, an SGPR or pair): one SGPR in wave32, two in wave64.
inline std::uint64_t readMask(const Wave& w, const Operand& o) {
  return w.wave64 ? readScalar64(w, o) : readScalar(w, o);
}
inline void writeMask(Wave& w, const Operand& o, std::uint64_t m) {
  if (w.wave64)
    writeScalar64(w, o, m);
  else
    writeScalar(w, o, static_cast<std::uint32_t>(m));
}

// ---- DPP: lane permutation of src0 (RDNA2 ISA section 6.2.3) ----
// Returns the lanes that may be written; fills out[] with the permuted source.
std::uint64_t applyDpp(const Wave& w, const MicroOp& u, const std::uint32_t* in,
                       std::uint32_t* out);

// ---- vector operands ----
// 32-bit source i as a lane array (tmp is used when the value must be materialised).
[[gnu::always_inline]] inline const std::uint32_t* src32(Wave& w, const MicroOp& u, int i,
                                                         std::uint32_t* tmp) {
  const Operand& o = u.src[i];
  const std::uint32_t* p;
  if (o.kind == Operand::Kind::vgpr) {
    p = w.vreg(o.index);
  } else {
    std::uint32_t x = readScalar(w, o);
    const unsigned n = w.lanes;
    for (unsigned l = 0; l < n; ++l) tmp[l] = x;
    p = tmp;
  }
  if (o.neg || o.abs) {
    std::uint32_t sign = u.type == DataType::f16 ? 0x8000u : 0x80000000u;
    for (unsigned l = 0; l < w.lanes; ++l) {
      std::uint32_t x = p[l];
      if (o.abs) x &= ~sign;
      if (o.neg) x ^= sign;
      tmp[l] = x;
    }
    p = tmp;
  }
  return p;
}

inline void src64(Wave& w, const MicroOp& u, int i, std::uint64_t* out) {
  const Operand& o = u.src[i];
  const unsigned n = w.lanes;
  if (o.kind == Operand::Kind::vgpr) {
    const std::uint32_t* lo = w.vreg(o.index);
    const std::uint32_t* hi = w.vreg(o.index + 1);
    for (unsigned l = 0; l < n; ++l) out[l] = lo[l] | (std::uint64_t{hi[l]} << 32);
  } else {
    std::uint64_t x = readScalar64(w, o);
    for (unsigned l = 0; l < w.lanes; ++l) out[l] = x;
  }
  if (o.neg || o.abs) {
    const std::uint64_t sign = std::uint64_t{1} << 63;
    for (unsigned l = 0; l < w.lanes; ++l) {
      if (o.abs) out[l] &= ~sign;
      if (o.neg) out[l] ^= sign;
    }
  }
}

// Lanes an instruction writes: EXEC, narrowed by DPP row/bank masks when present.
inline std::uint64_t writeMaskOf(const Wave& w) {
  return w.exec();
}

[[gnu::always_inline]] inline void store32(Wave& w, unsigned reg, const std::uint32_t* r,
                                           std::uint64_t mask) {
  std::uint32_t* d = w.vreg(reg);
  if (mask == w.laneMask()) {
    if (w.wave64)
      std::memcpy(d, r, 256);
    else
      std::memcpy(d, r, 128);
    return;
  }
  const unsigned n = w.lanes;
  for (unsigned l = 0; l < n; ++l)
    if ((mask >> l) & 1) d[l] = r[l];
}
// SDWA's dst_sel/dst_unused placement of a VOP result (rare: out of line, so that the common
// path below inlines into every handler).
[[gnu::noinline]] inline void storeResultSdwa(Wave& w, const MicroOp& u, const std::uint32_t* r,
                                              std::uint64_t mask) {
  const SdwaControl::Sel sel = u.sdwa.dst;
  unsigned shift = sel <= SdwaControl::byte3 ? 8u * sel : (sel == SdwaControl::word1 ? 16u : 0u);
  unsigned bits = sel <= SdwaControl::byte3 ? 8u : 16u;
  std::uint32_t field = ((1u << bits) - 1) << shift;
  const std::uint32_t* old = w.vreg(u.dst[0].index);
  Lanes32 out;
  for (unsigned l = 0; l < w.lanes; ++l) {
    std::uint32_t v = (r[l] << shift) & field;
    if (u.sdwa.unused == SdwaControl::preserve) {
      v |= old[l] & ~field;
    } else if (u.sdwa.unused == SdwaControl::sext) {
      if ((v >> (shift + bits - 1)) & 1)
        v |= ~((1u << (shift + bits)) - 1) & ~field;  // above the field
    }
    out[l] = v;
  }
  store32(w, u.dst[0].index, out, mask);
}

// Writes a VOP result to dst[0], placing it as SDWA's dst_sel/dst_unused say when present.
[[gnu::always_inline]] inline void storeResult(Wave& w, const MicroOp& u, const std::uint32_t* r,
                                               std::uint64_t mask) {
  if (!u.sdwa.on || u.sdwa.dst == SdwaControl::dword) [[likely]] {
    store32(w, u.dst[0].index, r, mask);
    return;
  }
  storeResultSdwa(w, u, r, mask);
}

inline void store64(Wave& w, unsigned reg, const std::uint64_t* r, std::uint64_t mask) {
  std::uint32_t* lo = w.vreg(reg);
  std::uint32_t* hi = w.vreg(reg + 1);
  const unsigned n = w.lanes;
  if (mask == w.laneMask()) {
    for (unsigned l = 0; l < n; ++l) {
      lo[l] = static_cast<std::uint32_t>(r[l]);
      hi[l] = static_cast<std::uint32_t>(r[l] >> 32);
    }
    return;
  }
  for (unsigned l = 0; l < n; ++l)
    if ((mask >> l) & 1) {
      lo[l] = static_cast<std::uint32_t>(r[l]);
      hi[l] = static_cast<std::uint32_t>(r[l] >> 32);
    }
}

// SDWA source select: the chosen byte/word, zero- or sign-extended (RDNA2 ISA 6.2.2).
inline std::uint32_t sdwaSelect(std::uint32_t x, SdwaControl::Sel sel, bool sext) {
  if (sel == SdwaControl::dword) return x;
  unsigned shift = sel <= SdwaControl::byte3 ? 8u * sel : (sel == SdwaControl::word1 ? 16u : 0u);
  unsigned bits = sel <= SdwaControl::byte3 ? 8u : 16u;
  std::uint32_t v = (x >> shift) & ((1u << bits) - 1);
  if (sext && ((v >> (bits - 1)) & 1)) v |= ~((1u << bits) - 1);
  return v;
}

// Sources 0..n-1 as 32-bit lane arrays, with DPP applied to src0; returns the write mask.
struct Sources32 {
  Lanes32 tmp[4];
  const std::uint32_t* p[4];
};
// The SDWA source selects and DPP's permutation of src0: rare, out of line (fetch32 inlines).
[[gnu::noinline]] inline void sdwaSources(Wave& w, const MicroOp& u, int n, Sources32& s) {
  for (int i = 0; i < n && i < 2; ++i) {
    const std::uint32_t* in = s.p[i];
    Lanes32 sel;
    for (unsigned l = 0; l < w.lanes; ++l) sel[l] = sdwaSelect(in[l], u.sdwa.src[i], u.src[i].sext);
    std::memcpy(s.tmp[i], sel, sizeof sel);
    s.p[i] = s.tmp[i];
  }
}
[[gnu::noinline]] inline std::uint64_t dppSource0(Wave& w, const MicroOp& u, Sources32& s) {
  Lanes32 permuted;
  std::uint64_t mask = applyDpp(w, u, s.p[0], permuted);
  std::memcpy(s.tmp[0], permuted, sizeof permuted);
  s.p[0] = s.tmp[0];
  return mask;
}
[[gnu::always_inline]] inline std::uint64_t fetch32(Wave& w, const MicroOp& u, int n,
                                                    Sources32& s) {
  for (int i = 0; i < n; ++i) s.p[i] = src32(w, u, i, s.tmp[i]);
  if (u.sdwa.on) [[unlikely]]
    sdwaSources(w, u, n, s);
  std::uint64_t mask = w.exec();
  if (u.dpp.kind != DppControl::Kind::none) [[unlikely]]
    mask &= dppSource0(w, u, s);
  return mask;
}

// ---- the wave32 path (MicroOp::plain32) ----
// A plain micro-op has no SDWA, DPP, op_sel or modifiers, so its sources are VGPRs read in
// place or one scalar value for every lane, and its result goes to EXEC's lanes of dst[0]: the
// same values the general path computes, with the lane count a compile-time 32.
inline constexpr unsigned kWave32 = 32;

[[gnu::always_inline]] inline const std::uint32_t* src32Plain(Wave& w, const Operand& o,
                                                              std::uint32_t* tmp) {
  if (o.kind == Operand::Kind::vgpr) return w.vreg(o.index);
  const std::uint32_t x = readScalar(w, o);
  for (unsigned l = 0; l < kWave32; ++l) tmp[l] = x;
  return tmp;
}

// r into EXEC's lanes of VGPR reg (the other lanes keep their value).
[[gnu::always_inline]] inline void store32Plain(Wave& w, unsigned reg, const std::uint32_t* r) {
  std::uint32_t* d = w.vreg(reg);
  const std::uint32_t exec = w.s[kExecLo];
  if (exec == ~0u) {
    std::memcpy(d, r, kWave32 * 4);
    return;
  }
  for (unsigned l = 0; l < kWave32; l += 4) {
    const __m128i m =
        _mm_load_si128(reinterpret_cast<const __m128i*>(kNibbleSelect.lanes[(exec >> l) & 15]));
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(r + l));
    const __m128i old = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + l));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d + l),
                     _mm_or_si128(_mm_and_si128(m, x), _mm_andnot_si128(m, old)));
  }
}

struct Sources32Plain {
  alignas(16) std::uint32_t tmp[3][kWave32];
  const std::uint32_t* p[3];
};
template <int N>
[[gnu::always_inline]] inline void fetch32Plain(Wave& w, const MicroOp& u, Sources32Plain& s) {
  for (int i = 0; i < N; ++i) s.p[i] = src32Plain(w, u.src[i], s.tmp[i]);
}

template <int N, class F>
[[gnu::always_inline]] inline void lanes32Plain(const Sources32Plain& s, std::uint32_t* r, F f) {
  for (unsigned l = 0; l < kWave32; ++l) {
    if constexpr (N == 1)
      r[l] = f(s.p[0][l]);
    else if constexpr (N == 2)
      r[l] = f(s.p[0][l], s.p[1][l]);
    else
      r[l] = f(s.p[0][l], s.p[1][l], s.p[2][l]);
  }
}

// r = f(sources) on the wave32 path. A constant or SGPR in src0 (VOP2's only place for one)
// reaches f as one value rather than a broadcast lane array, so that the loop over the other
// sources vectorises with it as a scalar (a shift by a constant count becomes one SSE shift).
template <int N, class F>
[[gnu::always_inline]] inline void compute32Plain(Wave& w, const MicroOp& u, std::uint32_t* r,
                                                  F f) {
  Sources32Plain s;
  if (N >= 2 && u.src[0].kind != Operand::Kind::vgpr) {
    const std::uint32_t x = readScalar(w, u.src[0]);
    for (int i = 1; i < N; ++i) s.p[i] = src32Plain(w, u.src[i], s.tmp[i]);
    for (unsigned l = 0; l < kWave32; ++l) {
      if constexpr (N == 2)
        r[l] = f(x, s.p[1][l]);
      else if constexpr (N == 3)
        r[l] = f(x, s.p[1][l], s.p[2][l]);
    }
    return;
  }
  fetch32Plain<N>(w, u, s);
  lanes32Plain<N>(s, r, f);
}

// d = f(a, b, c) on 32-bit lanes.
template <int N, class F>
inline void valu32(Wave& w, const MicroOp& u, F f) {
  if (u.plain32) [[likely]] {
    alignas(16) std::uint32_t r[kWave32];
    compute32Plain<N>(w, u, r, f);
    store32Plain(w, u.dst[0].index, r);
    return;
  }
  Sources32 s;
  std::uint64_t mask = fetch32(w, u, N, s);
  Lanes32 r;
  const unsigned n = w.lanes;
  for (unsigned l = 0; l < n; ++l) {
    if constexpr (N == 1)
      r[l] = f(s.p[0][l]);
    else if constexpr (N == 2)
      r[l] = f(s.p[0][l], s.p[1][l]);
    else
      r[l] = f(s.p[0][l], s.p[1][l], s.p[2][l]);
  }
  storeResult(w, u, r, mask);
}

// Output modifiers of VOP3 float results (omod then clamp, RDNA2 ISA section 6.2.1).
inline float outputModifiers(const MicroOp& u, float x) {
  if (u.omod == 1)
    x *= 2.0f;
  else if (u.omod == 2)
    x *= 4.0f;
  else if (u.omod == 3)
    x *= 0.5f;
  if (u.clamp) x = std::isnan(x) ? 0.0f : std::fmin(std::fmax(x, 0.0f), 1.0f);
  return x;
}
inline double outputModifiers64(const MicroOp& u, double x) {
  if (u.omod == 1)
    x *= 2.0;
  else if (u.omod == 2)
    x *= 4.0;
  else if (u.omod == 3)
    x *= 0.5;
  if (u.clamp) x = std::isnan(x) ? 0.0 : std::fmin(std::fmax(x, 0.0), 1.0);
  return x;
}

// A denormal f32 (exponent field 0, mantissa not 0) flushed to zero of the same sign.
inline std::uint32_t flushF32(std::uint32_t x) {
  return (x & 0x7f800000u) == 0 ? x & 0x80000000u : x;
}

// MODE for one f32 micro-op outside the default mode (round to nearest even, denormals kept):
// flushes the denormal inputs the mode flushes and sets the host rounding direction (SSE
// MXCSR, which host float arithmetic, sqrt and fma obey) until destroyed. Chosen once per
// micro-op, so the default mode's lane loops stay as they were.
class F32Mode {
 public:
  F32Mode(const Wave& w, Sources32& s, int n) : mode_(w.mode), lanes_(w.lanes) {
    if (!(mode_ & kModeDenormF32In))
      for (int i = 0; i < n; ++i) {
        for (unsigned l = 0; l < lanes_; ++l) s.tmp[i][l] = flushF32(s.p[i][l]);
        s.p[i] = s.tmp[i];
      }
    static constexpr int kDirection[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    if (mode_ & kModeRoundF32) {
      saved_ = std::fegetround();
      std::fesetround(kDirection[mode_ & kModeRoundF32]);
    }
  }
  ~F32Mode() {
    if (mode_ & kModeRoundF32) std::fesetround(saved_);
  }
  F32Mode(const F32Mode&) = delete;
  F32Mode& operator=(const F32Mode&) = delete;
  void flushOutputs(std::uint32_t* r) const {
    if (!(mode_ & kModeDenormF32Out))
      for (unsigned l = 0; l < lanes_; ++l) r[l] = flushF32(r[l]);
  }
  static bool needed(const Wave& w) {
    return (w.mode & kModeF32Bits) != (kModeDenormF32In | kModeDenormF32Out);
  }

 private:
  std::uint32_t mode_;
  unsigned lanes_;
  int saved_ = FE_TONEAREST;
};

template <int N, class F>
inline void lanesF32(const Sources32& s, std::uint32_t* r, unsigned n, F f) {
  for (unsigned l = 0; l < n; ++l) {
    float x;
    if constexpr (N == 1)
      x = f(asF32(s.p[0][l]));
    else if constexpr (N == 2)
      x = f(asF32(s.p[0][l]), asF32(s.p[1][l]));
    else
      x = f(asF32(s.p[0][l]), asF32(s.p[1][l]), asF32(s.p[2][l]));
    r[l] = bitsF32(x);
  }
}

template <int N, class F>
inline void valuF32(Wave& w, const MicroOp& u, F f) {
  if (u.plain32 && !F32Mode::needed(w)) [[likely]] {
    alignas(16) std::uint32_t r[kWave32];
    compute32Plain<N>(w, u, r, [f](auto... x) { return bitsF32(f(asF32(x)...)); });
    store32Plain(w, u.dst[0].index, r);
    return;
  }
  Sources32 s;
  std::uint64_t mask = fetch32(w, u, N, s);
  Lanes32 r;
  if (!F32Mode::needed(w)) [[likely]] {
    lanesF32<N>(s, r, w.lanes, f);
    if (u.clamp || u.omod)
      for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF32(outputModifiers(u, asF32(r[l])));
  } else {
    F32Mode m(w, s, N);
    lanesF32<N>(s, r, w.lanes, f);
    if (u.clamp || u.omod)
      for (unsigned l = 0; l < w.lanes; ++l) r[l] = bitsF32(outputModifiers(u, asF32(r[l])));
    m.flushOutputs(r);
  }
  storeResult(w, u, r, mask);
}

// A denormal f64 / f16 flushed to zero of the same sign.
inline std::uint64_t flushF64(std::uint64_t x) {
  return (x & 0x7ff0000000000000ull) == 0 ? x & 0x8000000000000000ull : x;
}
inline std::uint32_t flushF16(std::uint32_t x) {
  return (x & 0x7c00u) == 0 ? x & 0x8000u : x & 0xffffu;
}

// The f64/f16 half of MODE (FP_ROUND [3:2], FP_DENORM [7:6]; the two precisions share it, RDNA2
// ISA 3.8) for one micro-op outside the default mode: which sides flush, the rounding direction
// (0 nearest even, 1 +inf, 2 -inf, 3 toward zero), and the host direction set for f64
// arithmetic until destroyed. f16 results are computed in double and rounded by roundToF16.
class F64Mode {
 public:
  explicit F64Mode(const Wave& w)
      : round((w.mode & kModeRoundF64) >> 2),
        flushIn(!(w.mode & kModeDenormF64In)),
        flushOut(!(w.mode & kModeDenormF64Out)) {
    static constexpr int kDirection[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    if (round) {
      saved_ = std::fegetround();
      std::fesetround(kDirection[round]);
    }
  }
  ~F64Mode() {
    if (round) std::fesetround(saved_);
  }
  F64Mode(const F64Mode&) = delete;
  F64Mode& operator=(const F64Mode&) = delete;
  static bool needed(const Wave& w) {
    return (w.mode & kModeF64Bits) != (kModeDenormF64In | kModeDenormF64Out);
  }

  const unsigned round;
  const bool flushIn, flushOut;

 private:
  int saved_ = FE_TONEAREST;
};

// x rounded to f16 in direction `round` (as F64Mode::round), with MODE's output flushing.
// The host's _Float16 conversions ignore the rounding direction, hence this function; x comes
// from double arithmetic on f16 values, which is exact or rounded in the same direction, so
// the second rounding gives the correctly rounded f16 result.
std::uint32_t roundToF16(double x, unsigned round, bool flushOut);
// x rounded to bf16 (the high half of an f32), nearest even; denormals kept.
std::uint32_t roundToBf16(double x);

// f16 bits (low 16 of x) as a double, flushed when MODE flushes f16 inputs.
inline double f16In(std::uint32_t x, bool flush) {
  return static_cast<double>(asF16(flush ? flushF16(x) : x));
}

template <int N, class F>
inline void valuF64(Wave& w, const MicroOp& u, F f) {
  Lanes64 a, b, c, r;
  if (N > 0) src64(w, u, 0, a);
  if (N > 1) src64(w, u, 1, b);
  if (N > 2) src64(w, u, 2, c);
  auto lanes = [&] {
    for (unsigned l = 0; l < w.lanes; ++l) {
      double x;
      if constexpr (N == 1)
        x = f(asF64(a[l]));
      else if constexpr (N == 2)
        x = f(asF64(a[l]), asF64(b[l]));
      else
        x = f(asF64(a[l]), asF64(b[l]), asF64(c[l]));
      r[l] = bitsF64(u.clamp || u.omod ? outputModifiers64(u, x) : x);
    }
  };
  if (!F64Mode::needed(w)) [[likely]] {
    lanes();
  } else {
    F64Mode m(w);
    if (m.flushIn)
      for (unsigned l = 0; l < w.lanes; ++l) {
        a[l] = flushF64(a[l]);
        if (N > 1) b[l] = flushF64(b[l]);
        if (N > 2) c[l] = flushF64(c[l]);
      }
    lanes();
    if (m.flushOut)
      for (unsigned l = 0; l < w.lanes; ++l) r[l] = flushF64(r[l]);
  }
  store64(w, u.dst[0].index, r, w.exec());
}

// f16 operations on the low halves (op_sel picks high halves on VOP3, RDNA2 ISA 6.2.1): f
// computes in double on the f16 inputs; the result is rounded to f16 in MODE's direction.
// Sources come prepared in s (v_fmac_f16 puts its destination there as the third source).
template <int N, class F>
inline void lanesF16(Wave& w, const MicroOp& u, const Sources32& s, std::uint64_t mask, F f) {
  Lanes32 r;
  std::uint32_t* d = w.vreg(u.dst[0].index);
  const bool slow = F64Mode::needed(w);
  std::optional<F64Mode> m;
  if (slow) [[unlikely]]
    m.emplace(w);
  const bool flushIn = slow && m->flushIn;
  for (unsigned l = 0; l < w.lanes; ++l) {
    double in[3];
    for (int i = 0; i < N; ++i) in[i] = f16In(s.p[i][l] >> ((u.opSel >> i) & 1 ? 16 : 0), flushIn);
    double x;
    if constexpr (N == 1)
      x = f(in[0]);
    else if constexpr (N == 2)
      x = f(in[0], in[1]);
    else
      x = f(in[0], in[1], in[2]);
    std::uint32_t bits = slow ? roundToF16(x, m->round, m->flushOut) : bitsF16(_Float16(x));
    if (u.clamp) {
      double y = static_cast<double>(asF16(bits));
      bits = y != y ? 0u : (y < 0 ? 0u : (y > 1 ? 0x3c00u : bits));
    }
    // gfx10 VOP1/2/3 f16 results zero the high half unless op_sel[3] writes it (RDNA2 6.2.1).
    r[l] = (u.opSel & 8) ? ((d[l] & 0xffffu) | (bits << 16)) : bits;
  }
  storeResult(w, u, r, mask);
}

template <int N, class F>
inline void valuF16(Wave& w, const MicroOp& u, F f) {
  Sources32 s;
  std::uint64_t mask = fetch32(w, u, N, s);
  lanesF16<N>(w, u, s, mask, f);
}

// Per-lane compare into a lane mask: VCC/SGPR destination, or EXEC for v_cmpx.
void writeCompare(Wave& w, const MicroOp& u, std::uint64_t result);

}  // namespace vgpu::isa
