// gfx11's wave matrix multiply-accumulate, v_wmma_* (RDNA3 ISA, "Wave Matrix Multiply
// Accumulate"; VOP3P opcodes 0x40-0x45 as LLVM MC encodes them): D = A x B + C on 16x16 matrices
// spread over the wave's lanes.
//
// Register layout (AMD's Matrix Instruction Calculator, class InstCalcGfx11; the C/D mapping is
// the one ROCm/FlyDSL pull request 485 checked on gfx1151 hardware):
// - A and B: lane l holds row l % 16 of A and column l % 16 of B; element k sits in the k-th
//   16-bit half (f16, bf16: 8 VGPRs), byte (iu8: 4 VGPRs) or nibble (iu4: 2 VGPRs) of the
//   lane's registers, counting from the low end of the first. The other lane groups (16-31, and
//   32-63 in wave64) must hold copies of lanes 0-15; vgpu reads lanes 0-15.
// - C and D: with G = lanes / 16 lane groups, VGPR r of lane l holds element
//   [G * r + l / 16][l % 16]: 8 VGPRs in wave32, 4 in wave64. The 16-bit forms use the same
//   registers, only the half OPSEL[2] selects (op_sel:[0,0,1]: the high halves) for C and D; the
//   other half of D keeps its value (LLVM review D158059 packs two results into one register set).
// - NEG, float forms: neg_lo negates the low halves of A's (bit 0) and B's (bit 1) registers,
//   neg_hi their high halves; neg_lo[2] negates C and neg_hi[2] takes |C| (first). Integer forms:
//   neg_lo[0] / [1] make A / B signed (otherwise unsigned), and clamp saturates the i32 results.
//
// Arithmetic: each element of D is the sum of its 16 products and C, computed in double (exact
// for these inputs unless the products' magnitudes span more than 53 bits) and rounded once to
// the result's format, to nearest even with denormals kept; integer results wrap modulo 2^32
// unless clamped. No source consulted fixes an intermediate rounding, and rounding once is what
// a fused dot product gives; MODE is not consulted. Anything the model cannot vouch for (partial
// EXEC, modifiers the forms do not define) is refused by name instead of guessed.
#include <algorithm>
#include <climits>
#include <cmath>
#include <string>
#include <type_traits>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;
using i64 = std::int64_t;

enum class In : std::uint8_t { f16, bf16, iu8, iu4 };
enum class Out : std::uint8_t { f32, f16, bf16, i32 };

constexpr unsigned elementBits(In t) {
  return t == In::iu8 ? 8 : t == In::iu4 ? 4 : 16;
}
constexpr bool isFloat(In t) {
  return t == In::f16 || t == In::bf16;
}
constexpr bool isHalf(Out t) {
  return t == Out::f16 || t == Out::bf16;
}

double halfValue(u32 bits, bool bf16) {
  return bf16 ? static_cast<double>(asF32(bits << 16)) : static_cast<double>(asF16(bits));
}

// Why u cannot run as vgpu models v_wmma, or null. A wave with lanes off is refused: WMMA mixes
// every lane's registers, AMD's CDNA5 ISA (section 7.12) requires EXEC all ones for it, and no
// RDNA3 behaviour for partial EXEC was found to model instead.
template <In I, Out O>
const char* unsupported(const Wave& w, const MicroOp& u) {
  const unsigned sourceRegs = 16 * elementBits(I) / 32, accRegs = 16 / (w.lanes / 16);
  auto vgprs = [](const Operand& o, unsigned n) {
    return o.kind == Operand::Kind::vgpr && o.dwords == n;
  };
  if (w.exec() != w.laneMask()) return "v_wmma needs every lane of the wave enabled in EXEC";
  if (!vgprs(u.dst[0], accRegs) || !vgprs(u.src[0], sourceRegs) || !vgprs(u.src[1], sourceRegs))
    return "v_wmma register operands do not match the form and wave size";
  if (!vgprs(u.src[2], accRegs) && u.src[2].kind != Operand::Kind::constant)
    return "v_wmma C is neither VGPRs nor an inline constant";
  if ((u.opSel & (isHalf(O) ? 3 : 7)) != 0 || u.opSelHi != 7)
    return "v_wmma op_sel other than OPSEL[2] of a 16-bit form";
  if (isFloat(I) ? u.clamp : (u.negHi != 0 || (u.negLo & 4) != 0))
    return isFloat(I) ? "clamp on a float v_wmma" : "neg_hi or neg_lo[2] on an integer v_wmma";
  // An inline float constant's bf16 value is not documented; 0 is 0 in every format.
  if (O == Out::bf16 && u.src[2].kind == Operand::Kind::constant && u.src[2].lo() != 0)
    return "v_wmma bf16 C constant other than 0";
  return nullptr;
}

// Source i (0: A, 1: B) as m[row or column][k], read from lanes 0-15, NEG applied.
template <In I, class T>
void readSource(Wave& w, const MicroOp& u, int i, T (&m)[16][16]) {
  constexpr unsigned bits = elementBits(I), perReg = 32 / bits;
  constexpr u32 fieldMask = (1u << bits) - 1;
  const bool isSigned = (u.negLo >> i) & 1;  // integer forms
  for (unsigned k = 0; k < 16; ++k) {
    const u32* reg = w.vreg(u.src[i].index + k / perReg);
    const unsigned shift = (k % perReg) * bits;
    for (unsigned lane = 0; lane < 16; ++lane) {
      const u32 field = (reg[lane] >> shift) & fieldMask;
      if constexpr (isFloat(I)) {
        const double v = halfValue(field, I == In::bf16);
        m[lane][k] = (((k % 2 ? u.negHi : u.negLo) >> i) & 1) ? -v : v;
      } else {
        m[lane][k] = isSigned && (field >> (bits - 1)) ? i64(field) - (i64{1} << bits) : i64(field);
      }
    }
  }
}

// C's element from its 32 bits (already shifted to the selected half for 16-bit forms).
template <Out O>
auto accumulator(const MicroOp& u, u32 c) {
  if constexpr (O == Out::i32) {
    return i64{static_cast<std::int32_t>(c)};
  } else {
    double v =
        O == Out::f32 ? static_cast<double>(asF32(c)) : halfValue(c & 0xffff, O == Out::bf16);
    if (u.negHi & 4) v = std::fabs(v);
    return (u.negLo & 4) ? -v : v;
  }
}

// The register bits of result x; 16-bit forms merge it into the half of old that op_sel picks.
template <Out O, class T>
u32 resultBits(const MicroOp& u, T x, u32 old, unsigned half) {
  if constexpr (O == Out::i32) {
    if (u.clamp) x = std::clamp<i64>(x, INT32_MIN, INT32_MAX);
    return static_cast<u32>(x);
  } else if constexpr (O == Out::f32) {
    return bitsF32(static_cast<float>(x));
  } else {
    const u32 bits = O == Out::f16 ? bitsF16(static_cast<_Float16>(x)) : roundToBf16(x);
    return (old & ~(0xffffu << half)) | bits << half;
  }
}

template <In I, Out O>
void wmma(Wave& w, const MicroOp& u) {
  if (const char* why = unsupported<I, O>(w, u)) {
    w.fail(DispatchOutcome::Kind::illegalInstruction, -1, u.address, why);
    return;
  }
  using T = std::conditional_t<isFloat(I), double, i64>;
  T a[16][16], b[16][16];  // a[row][k], b[column][k]
  readSource<I>(w, u, 0, a);
  readSource<I>(w, u, 1, b);
  const unsigned groups = w.lanes / 16, accRegs = 16 / groups;
  const unsigned half = (u.opSel & 4) ? 16 : 0;
  const bool constantC = u.src[2].kind == Operand::Kind::constant;
  // Every result is computed before any is written: D may be C (it usually is).
  Lanes32 out[8];
  for (unsigned r = 0; r < accRegs; ++r) {
    const u32* c = constantC ? nullptr : w.vreg(u.src[2].index + r);
    const u32* old = w.vreg(u.dst[0].index + r);
    for (unsigned l = 0; l < w.lanes; ++l) {
      const unsigned row = groups * r + l / 16, col = l % 16;
      // An inline constant is every element's value, in whichever half is selected.
      T acc = accumulator<O>(u, constantC ? u.src[2].lo() : c[l] >> half);
      for (unsigned k = 0; k < 16; ++k) acc += a[row][k] * b[col][k];
      out[r][l] = resultBits<O>(u, acc, old[l], half);
    }
  }
  for (unsigned r = 0; r < accRegs; ++r) store32(w, u.dst[0].index + r, out[r], w.laneMask());
}

}  // namespace

void registerWmmaOps(HandlerTable& t) {
  // C and D of the f32 forms are f32 (constants read as f32), whatever A and B hold.
  t.add("v_wmma_f32_16x16x16_f16", wmma<In::f16, Out::f32>, 1).type = DataType::f32;
  t.add("v_wmma_f32_16x16x16_bf16", wmma<In::bf16, Out::f32>, 1).type = DataType::f32;
  t.add("v_wmma_f16_16x16x16_f16", wmma<In::f16, Out::f16>, 1);
  t.add("v_wmma_bf16_16x16x16_bf16", wmma<In::bf16, Out::bf16>, 1);
  t.add("v_wmma_i32_16x16x16_iu8", wmma<In::iu8, Out::i32>, 1);
  t.add("v_wmma_i32_16x16x16_iu4", wmma<In::iu4, Out::i32>, 1);
}

}  // namespace vgpu::isa
