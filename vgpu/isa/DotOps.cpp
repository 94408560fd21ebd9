// Dot products: v_dot2/4/8 on packed 16-, 8- and 4-bit elements accumulated into 32 bits (RDNA2
// ISA section 6.5 and its VOP3P opcode table, v_dot2c/v_dot4c in VOP2; RDNA3 ISA VOP3P with
// gfx11's mixed-sign v_dot4_i32_iu8 / v_dot8_i32_iu4 and v_dot2acc_f32_f16).
#include <climits>
#include <cmath>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;
using i64 = std::int64_t;

// How a dot instruction reads its elements: a signed, b signed (fixed, or from neg_lo bits 0 and
// 1 for gfx11's iu forms, whose NEG field selects signedness), and its result's range.
enum class Sign { unsignedAll, signedAll, fromNegLo };

// Element e of a packed source: Bits wide, sign-extended when signed. Two-element (16-bit) dots
// pick each element's half through op_sel (element 0) and op_sel_hi (element 1) as packed math
// does (RDNA2 ISA section 6.5).
template <unsigned Bits>
i64 element(const MicroOp& u, int source, u32 x, unsigned e, bool isSigned) {
  unsigned shift = e * Bits;
  if (Bits == 16) shift = ((e == 0 ? u.opSel : u.opSelHi) >> source) & 1 ? 16 : 0;
  const u32 field = (x >> shift) & ((1u << Bits) - 1);
  if (isSigned && (field >> (Bits - 1)) & 1) return static_cast<i64>(field) - (i64{1} << Bits);
  return field;
}

// Inline constants of packed 16-bit sources apply to both halves, as for the other packed ops
// (PackedOps.cpp).
void replicateConstantHalves(const Wave& w, const MicroOp& u, Sources32& s) {
  for (int i = 0; i < 2; ++i) {
    if (u.src[i].kind != Operand::Kind::constant) continue;
    const u32 c = u.src[i].lo() & 0xffff;
    for (unsigned l = 0; l < w.lanes; ++l) s.tmp[i][l] = c | c << 16;
    s.p[i] = s.tmp[i];
  }
}

// D = sum over elements of a[e] * b[e] + c, exact, then wrapped to 32 bits or, with clamp,
// saturated to the result's range. Accumulate: c is the destination (VOP2 v_dot4c).
template <unsigned Bits, Sign S, bool SignedResult, bool Accumulate = false>
void dotInt(Wave& w, const MicroOp& u) {
  Sources32 s;
  const std::uint64_t mask = fetch32(w, u, Accumulate ? 2 : 3, s);
  if (Bits == 16) replicateConstantHalves(w, u, s);
  const u32* c = Accumulate ? w.vreg(u.dst[0].index) : s.p[2];
  const bool signA = S == Sign::signedAll || (S == Sign::fromNegLo && (u.negLo & 1));
  const bool signB = S == Sign::signedAll || (S == Sign::fromNegLo && (u.negLo & 2));
  Lanes32 r;
  for (unsigned l = 0; l < w.lanes; ++l) {
    i64 acc = SignedResult ? i64{static_cast<std::int32_t>(c[l])} : i64{c[l]};
    for (unsigned e = 0; e < 32 / Bits; ++e)
      acc += element<Bits>(u, 0, s.p[0][l], e, signA) * element<Bits>(u, 1, s.p[1][l], e, signB);
    if (u.clamp) {
      const i64 lo = SignedResult ? INT32_MIN : 0, hi = SignedResult ? INT32_MAX : UINT32_MAX;
      acc = acc < lo ? lo : acc > hi ? hi : acc;
    }
    r[l] = static_cast<u32>(acc);
  }
  storeResult(w, u, r, mask);
}

// f16 element e of source i as a double, with neg_lo / neg_hi applied (VOP3P float negation).
double halfElement(const MicroOp& u, int source, u32 x, unsigned e) {
  const bool hi = ((e == 0 ? u.opSel : u.opSelHi) >> source) & 1;
  double v = static_cast<double>(asF16(hi ? x >> 16 : x & 0xffff));
  return ((e == 0 ? u.negLo : u.negHi) >> source) & 1 ? -v : v;
}

// v_dot2_f32_f16: D.f32 = a.lo * b.lo + a.hi * b.hi + c, the f16 products exact, rounded once
// to f32. Accumulate: c is the destination (v_dot2c_f32_f16 / v_dot2acc_f32_f16, VOP2).
template <bool Accumulate>
void dot2F32F16(Wave& w, const MicroOp& u) {
  Sources32 s;
  const std::uint64_t mask = fetch32(w, u, Accumulate ? 2 : 3, s);
  replicateConstantHalves(w, u, s);
  const u32* c = Accumulate ? w.vreg(u.dst[0].index) : s.p[2];
  Lanes32 r;
  for (unsigned l = 0; l < w.lanes; ++l) {
    double acc = asF32(c[l]);
    if (!Accumulate && (u.negHi & 4)) acc = std::fabs(acc);  // src2 is f32: neg_hi is its abs
    if (!Accumulate && (u.negLo & 4)) acc = -acc;
    for (unsigned e = 0; e < 2; ++e)
      acc += halfElement(u, 0, s.p[0][l], e) * halfElement(u, 1, s.p[1][l], e);
    float f = static_cast<float>(acc);
    if (u.clamp) f = std::fmin(std::fmax(f, 0.0f), 1.0f);
    r[l] = bitsF32(f);
  }
  storeResult(w, u, r, mask);
}

}  // namespace

void registerDotOps(HandlerTable& t) {
  t.add("v_dot2_i32_i16", dotInt<16, Sign::signedAll, true>, 1);
  t.add("v_dot2_u32_u16", dotInt<16, Sign::unsignedAll, false>, 1);
  t.add("v_dot4_i32_i8", dotInt<8, Sign::signedAll, true>, 1);
  t.add("v_dot4_u32_u8", dotInt<8, Sign::unsignedAll, false>, 1);
  t.add("v_dot8_i32_i4", dotInt<4, Sign::signedAll, true>, 1);
  t.add("v_dot8_u32_u4", dotInt<4, Sign::unsignedAll, false>, 1);
  t.add("v_dot4_i32_iu8", dotInt<8, Sign::fromNegLo, true>, 1);
  t.add("v_dot8_i32_iu4", dotInt<4, Sign::fromNegLo, true>, 1);
  t.add("v_dot4c_i32_i8", dotInt<8, Sign::signedAll, true, true>, 1);
  // Sources 0 and 1 are packed f16; the accumulator is f32 (its constants read as f32).
  HandlerInfo& dot2 = t.add("v_dot2_f32_f16", dot2F32F16<false>, 1);
  dot2.mixedSource = 2;
  dot2.mixedType = DataType::f32;
  t.add("v_dot2c_f32_f16", dot2F32F16<true>, 1);
  t.add("v_dot2acc_f32_f16", dot2F32F16<true>, 1);
}

}  // namespace vgpu::isa
