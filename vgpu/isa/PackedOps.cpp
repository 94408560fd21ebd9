// VOP3P packed 16-bit math: each of the two halves selects its source halves through op_sel /
// op_sel_hi and negates through neg_lo / neg_hi (RDNA2 ISA section 6.5).
#include <algorithm>
#include <cmath>
#include <optional>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;
using u16 = std::uint16_t;
using f16 = _Float16;

// Per lane and half: selects each source's half through op_sel / op_sel_hi, negates through
// neg_lo / neg_hi when Float, and stores f(inputs) (RDNA2 ISA section 6.5).
template <int N, bool Float, class F>
void packedLanes(Wave& w, const MicroOp& u, F f) {
  Sources32 s;
  for (int i = 0; i < N; ++i) {
    s.p[i] = src32(w, u, i, s.tmp[i]);
    // Inline constants apply to both halves.
    if (u.src[i].kind == Operand::Kind::constant) {
      u32 c = u.src[i].lo() & 0xffff;
      for (unsigned l = 0; l < w.lanes; ++l) s.tmp[i][l] = c | (c << 16);
      s.p[i] = s.tmp[i];
    }
  }
  Lanes32 r;
  for (unsigned l = 0; l < w.lanes; ++l) {
    u32 out = 0;
    for (int h = 0; h < 2; ++h) {
      u16 in[3] = {0, 0, 0};
      for (int i = 0; i < N; ++i) {
        bool hi = h == 0 ? (u.opSel >> i) & 1 : (u.opSelHi >> i) & 1;
        u16 v = static_cast<u16>(s.p[i][l] >> (hi ? 16 : 0));
        bool neg = h == 0 ? (u.negLo >> i) & 1 : (u.negHi >> i) & 1;
        if (Float && neg) v ^= 0x8000;
        in[i] = v;
      }
      out |= static_cast<u32>(f(in)) << (16 * h);
    }
    r[l] = out;
  }
  store32(w, u.dst[0].index, r, w.exec());
}

// Integer packed ops: F computes on the raw 16-bit halves and returns the exact result, which
// clamp saturates to the signed or unsigned 16-bit range and which otherwise wraps (RDNA2 ISA
// section 6.5: "clamp" on integer VOP3P ops).
template <int N, bool Signed, class F>
Handler packedInt(F) {
  return [](Wave& w, const MicroOp& u) {
    const bool clamp = u.clamp;
    packedLanes<N, false>(w, u, [clamp](const u16* in) {
      const std::int64_t r = F{}(in[0], in[1], in[2]);
      if (!clamp) return static_cast<u16>(r);
      const std::int64_t lo = Signed ? -32768 : 0, hi = Signed ? 32767 : 65535;
      return static_cast<u16>(r < lo ? lo : r > hi ? hi : r);
    });
  };
}

// Packed f16 arithmetic: F computes in double on the two halves' f16 inputs; MODE's f16/f64 half
// flushes denormal inputs and results and picks the rounding direction of each half's result.
template <int N, class F>
Handler packedF16(F) {
  return [](Wave& w, const MicroOp& u) {
    const bool slow = F64Mode::needed(w);
    std::optional<F64Mode> m;
    if (slow) [[unlikely]]
      m.emplace(w);
    const bool flushIn = slow && m->flushIn;
    auto round = [&](double x) -> u32 {
      return slow ? roundToF16(x, m->round, m->flushOut) : bitsF16(f16(x));
    };
    packedLanes<N, true>(w, u, [&](const u16* in) {
      double x[3] = {0, 0, 0};
      for (int i = 0; i < N; ++i) x[i] = f16In(in[i], flushIn);
      return static_cast<u16>(round(F{}(x[0], x[1], x[2])));
    });
  };
}

std::int64_t I(u16 x) {
  return std::int16_t(x);
}
std::int64_t U(u16 x) {
  return x;
}

// The packed 16-bit integer ops (RDNA2 ISA section 6.5 / 15.9 "VOP3P opcodes", the same in
// RDNA3): halves read as u16 (U) or i16 (I); shift amounts are the low 4 bits of the first source.
void registerPackedIntOps(HandlerTable& t) {
  using i64 = std::int64_t;
  t.add("v_pk_add_u16", packedInt<2, false>([](u16 a, u16 b, u16) { return U(a) + U(b); }), 1);
  t.add("v_pk_sub_u16", packedInt<2, false>([](u16 a, u16 b, u16) { return U(a) - U(b); }), 1);
  t.add("v_pk_add_i16", packedInt<2, true>([](u16 a, u16 b, u16) { return I(a) + I(b); }), 1);
  t.add("v_pk_sub_i16", packedInt<2, true>([](u16 a, u16 b, u16) { return I(a) - I(b); }), 1);
  t.add("v_pk_mul_lo_u16", packedInt<2, false>([](u16 a, u16 b, u16) { return U(a) * U(b); }), 1);
  t.add("v_pk_mad_u16", packedInt<3, false>([](u16 a, u16 b, u16 c) { return U(a) * U(b) + U(c); }),
        1);
  t.add("v_pk_mad_i16", packedInt<3, true>([](u16 a, u16 b, u16 c) { return I(a) * I(b) + I(c); }),
        1);
  t.add("v_pk_lshlrev_b16",
        packedInt<2, false>([](u16 a, u16 b, u16) { return i64(u16(b << (a & 15))); }), 1);
  t.add("v_pk_lshrrev_b16", packedInt<2, false>([](u16 a, u16 b, u16) { return U(b) >> (a & 15); }),
        1);
  t.add("v_pk_ashrrev_i16", packedInt<2, true>([](u16 a, u16 b, u16) { return I(b) >> (a & 15); }),
        1);
  t.add("v_pk_max_u16", packedInt<2, false>([](u16 a, u16 b, u16) { return std::max(U(a), U(b)); }),
        1);
  t.add("v_pk_min_u16", packedInt<2, false>([](u16 a, u16 b, u16) { return std::min(U(a), U(b)); }),
        1);
  t.add("v_pk_max_i16", packedInt<2, true>([](u16 a, u16 b, u16) { return std::max(I(a), I(b)); }),
        1);
  t.add("v_pk_min_i16", packedInt<2, true>([](u16 a, u16 b, u16) { return std::min(I(a), I(b)); }),
        1);
}

}  // namespace

void registerPackedOps(HandlerTable& t) {
  t.add("v_pk_fma_f16",
        packedF16<3>([](double a, double b, double c) { return std::fma(a, b, c); }), 1);
  t.add("v_pk_add_f16", packedF16<2>([](double a, double b, double) { return a + b; }), 1);
  t.add("v_pk_mul_f16", packedF16<2>([](double a, double b, double) { return a * b; }), 1);
  t.add("v_pk_max_f16", packedF16<2>([](double a, double b, double) { return std::fmax(a, b); }),
        1);
  t.add("v_pk_min_f16", packedF16<2>([](double a, double b, double) { return std::fmin(a, b); }),
        1);
  registerPackedIntOps(t);
}

}  // namespace vgpu::isa
