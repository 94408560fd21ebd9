// gfx11's v_wmma_* instructions (VOP3P opcodes 0x40-0x45) against a host matrix product. The
// host lays out A, B and C in the lanes' registers as AMD's Matrix Instruction Calculator
// (InstCalcGfx11) gives them, lets one wave run one instruction (kernels/wmma.hip) and reads D
// back through the same layout. Every input is random and distinct, so a transposed source, a
// wrong lane or register mapping of D, or the wrong half of a 16-bit result changes the values
// compared.
#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

using u32 = std::uint32_t;
using i64 = long long;

// gfx1030 has no WMMA: these run on gfx1100 only, in both wave sizes.
const Variant kGfx11Variants[2] = {{"gfx1100", false}, {"gfx1100", true}};

// The helpers are public: the per-form checks below are free functions taking the fixture.
class Wmma : public IsaTest {
 public:
  using IsaTest::waveSize;
  unsigned groups() const { return waveSize() / 16; }  // rows of D per VGPR
  unsigned accRegs() const { return 16 / groups(); }   // VGPRs of C and D

  // A 16x16 source in the lanes' registers: lane l holds outer index l % 16 (A's row, B's
  // column); element k takes `bits` bits at bit k * bits of the lane's registers.
  std::vector<u32> packSource(const std::function<u32(int outer, int k)>& element,
                              unsigned bits) const {
    const unsigned regs = 16 * bits / 32;
    std::vector<u32> v(waveSize() * regs, 0);
    for (unsigned l = 0; l < waveSize(); ++l)
      for (unsigned k = 0; k < 16; ++k)
        v[l * regs + k * bits / 32] |= element(l % 16, k) << (k * bits % 32);
    return v;
  }

  // VGPR r of lane l holds C/D element [groups * r + l / 16][l % 16].
  int rowOf(unsigned r, unsigned l) const { return static_cast<int>(groups() * r + l / 16); }
  int colOf(unsigned l) const { return static_cast<int>(l % 16); }

  // Runs kernel with per-lane register images a, b, c; returns D's registers (lane-major).
  std::vector<u32> run(const char* kernel, std::vector<u32>& a, std::vector<u32>& b,
                       std::vector<u32>& c) {
    std::vector<u32> d(waveSize() * accRegs(), 0xdeadbeefu);
    vgpu::isa::Launch l = launch1d(1, waveSize());
    l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(d, "d"));
    IsaTest::run("wmma", kernel, l);
    return d;
  }
};

std::uint16_t halfBits(double x) {
  return std::bit_cast<std::uint16_t>(static_cast<_Float16>(x));
}
double halfValue(u32 bits) {
  return static_cast<double>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(bits)));
}
u32 floatBits(float x) {
  return std::bit_cast<u32>(x);
}
// bf16 is the high half of an f32; inputs here are chosen so that every value is exact.
std::uint16_t bf16Bits(double x) {
  const u32 f = floatBits(static_cast<float>(x));
  EXPECT_EQ(f & 0xffff, 0u) << x << " is not a bf16 value";
  return static_cast<std::uint16_t>(f >> 16);
}
double bf16Value(u32 bits) {
  return static_cast<double>(std::bit_cast<float>(bits << 16));
}

// Random multiples of `step` in [-range, range] * step.
struct Values {
  std::mt19937 rng;
  double next(int range, double step) {
    return (static_cast<int>(rng() % (2 * range + 1)) - range) * step;
  }
};

struct FloatMatrices {
  double a[16][16], b[16][16];  // a[row][k], b[k][column]
};
FloatMatrices randomMatrices(Values& v, int range, double step) {
  FloatMatrices m;
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      m.a[i][k] = v.next(range, step);
      m.b[k][i] = v.next(range, step);
    }
  return m;
}
double product(const FloatMatrices& m, int i, int j) {
  double s = 0;
  for (int k = 0; k < 16; ++k) s += m.a[i][k] * m.b[k][j];
  return s;
}

// f32 = f16 x f16 + f32 and f32 = bf16 x bf16 + f32: quarters in [-8, 8] and C in sixteenths
// keep every sum exact in f32.
void checkF32(Wmma& t, const char* kernel, bool bf16, std::uint32_t seed) {
  Values v{std::mt19937(seed)};
  const FloatMatrices m = randomMatrices(v, 32, 0.25);
  auto bits = [&](double x) -> u32 { return bf16 ? bf16Bits(x) : halfBits(x); };
  std::vector<u32> a = t.packSource([&](int i, int k) { return bits(m.a[i][k]); }, 16);
  std::vector<u32> b = t.packSource([&](int j, int k) { return bits(m.b[k][j]); }, 16);
  double c[16][16];
  for (auto& row : c)
    for (double& x : row) x = v.next(16000, 1.0 / 16);
  std::vector<u32> cr(t.waveSize() * t.accRegs());
  for (unsigned l = 0; l < t.waveSize(); ++l)
    for (unsigned r = 0; r < t.accRegs(); ++r)
      cr[l * t.accRegs() + r] = floatBits(static_cast<float>(c[t.rowOf(r, l)][t.colOf(l)]));
  const std::vector<u32> d = t.run(kernel, a, b, cr);
  for (unsigned l = 0; l < t.waveSize(); ++l)
    for (unsigned r = 0; r < t.accRegs(); ++r) {
      const int i = t.rowOf(r, l), j = t.colOf(l);
      const float want = static_cast<float>(product(m, i, j) + c[i][j]);
      ASSERT_TRUE(sameFloatBits(std::bit_cast<float>(d[l * t.accRegs() + r]), want))
          << kernel << " D[" << i << "][" << j << "] in v" << r << " lane " << l;
    }
}

TEST_P(Wmma, F32FromF16IsTheMatrixProductPlusC) {
  checkF32(*this, "wmma_f32_f16", /*bf16=*/false, 1);
}

TEST_P(Wmma, F32FromBf16IsTheMatrixProductPlusC) {
  checkF32(*this, "wmma_f32_bf16", /*bf16=*/true, 2);
}

// The 16-bit forms: C and D live in the half of each register that OPSEL[2] selects; the other
// half of D keeps what the register held (here C's register: the builtins tie D to C).
// Halves in [-1.5, 1.5] and C in quarters keep every result exact in f16 and in bf16.
struct HalfForm {
  const char* kernel;
  bool bf16;
  bool high;
  // Float NEG fields as the kernel's inline asm sets them (bit 0 A, 1 B, 2 C).
  unsigned negLo = 0, negHi = 0;
  bool constantOne = false;  // C is the inline constant 1.0
};
void checkHalf(Wmma& t, const HalfForm& f, std::uint32_t seed) {
  Values v{std::mt19937(seed)};
  const FloatMatrices m = randomMatrices(v, 3, 0.5);
  auto bits = [&](double x) -> u32 { return f.bf16 ? bf16Bits(x) : halfBits(x); };
  auto value = [&](u32 x) { return f.bf16 ? bf16Value(x) : halfValue(x); };
  std::vector<u32> a = t.packSource([&](int i, int k) { return bits(m.a[i][k]); }, 16);
  std::vector<u32> b = t.packSource([&](int j, int k) { return bits(m.b[k][j]); }, 16);
  const unsigned shift = f.high ? 16 : 0;
  std::vector<u32> cr(t.waveSize() * t.accRegs());
  std::vector<double> c(cr.size());
  for (std::size_t n = 0; n < cr.size(); ++n) {
    c[n] = v.next(32, 0.25);
    const u32 other = v.rng() & 0xffff;  // must survive in the unselected half
    cr[n] = bits(c[n]) << shift | other << (16 - shift);
  }
  const std::vector<u32> d = t.run(f.kernel, a, b, cr);
  // neg_lo / neg_hi negate elements in the low / high halves of A's and B's registers: even and
  // odd k.
  auto sign = [&](int source, int k) {
    return (((k % 2 ? f.negHi : f.negLo) >> source) & 1) ? -1.0 : 1.0;
  };
  for (unsigned l = 0; l < t.waveSize(); ++l)
    for (unsigned r = 0; r < t.accRegs(); ++r) {
      const std::size_t n = l * t.accRegs() + r;
      const int i = t.rowOf(r, l), j = t.colOf(l);
      double acc = f.constantOne ? 1.0 : c[n];  // c[] is indexed like the registers
      if (f.negHi & 4) acc = std::abs(acc);
      if (f.negLo & 4) acc = -acc;
      for (int k = 0; k < 16; ++k) acc += sign(0, k) * m.a[i][k] * sign(1, k) * m.b[k][j];
      const u32 want = bits(acc) << shift | (cr[n] & (0xffffu << (16 - shift)));
      ASSERT_EQ(d[n], want) << f.kernel << " D[" << i << "][" << j << "] in v" << r << " lane " << l
                            << ": got " << value(d[n] >> shift) << ", want " << acc;
    }
}

TEST_P(Wmma, F16ResultGoesToTheHalfOpSelPicks) {
  checkHalf(*this, {"wmma_f16_f16_lo", false, false}, 3);
  checkHalf(*this, {"wmma_f16_f16_hi", false, true}, 4);
}

TEST_P(Wmma, Bf16ResultGoesToTheHalfOpSelPicks) {
  checkHalf(*this, {"wmma_bf16_bf16_lo", true, false}, 5);
  checkHalf(*this, {"wmma_bf16_bf16_hi", true, true}, 6);
}

TEST_P(Wmma, FloatNegFieldsNegateHalvesOfAAndBAndC) {
  // bf16, op_sel:[0,0,1] neg_lo:[0,1,1] neg_hi:[1,1,0]: A's odd k, all of B, and C negated.
  checkHalf(*this, {"wmma_bf16_bf16_neg_hi", true, true, 0b110, 0b011}, 7);
}

TEST_P(Wmma, InlineConstantCIsEveryElement) {
  checkHalf(*this, {"wmma_f16_f16_const_hi", false, true, 0, 0, true}, 8);
}

// f32 with neg_lo:[1,0,1] neg_hi:[1,1,1] (A negated, B's odd k negated: the products of even k
// change sign, those of odd k do not; C becomes -|C|) and with C = 1.0.
TEST_P(Wmma, F32NegFieldsAndConstantC) {
  Values v{std::mt19937(9)};
  const FloatMatrices m = randomMatrices(v, 32, 0.25);
  std::vector<u32> a = packSource([&](int i, int k) { return u32{halfBits(m.a[i][k])}; }, 16);
  std::vector<u32> b = packSource([&](int j, int k) { return u32{halfBits(m.b[k][j])}; }, 16);
  std::vector<u32> c(waveSize() * accRegs());
  for (u32& x : c) x = floatBits(static_cast<float>(v.next(16000, 1.0 / 16)));
  const std::vector<u32> neg = run("wmma_f32_f16_neg", a, b, c);
  const std::vector<u32> one = run("wmma_f32_f16_const", a, b, c);
  for (unsigned l = 0; l < waveSize(); ++l)
    for (unsigned r = 0; r < accRegs(); ++r) {
      const std::size_t n = l * accRegs() + r;
      const int i = rowOf(r, l), j = colOf(l);
      double p = 0;
      for (int k = 0; k < 16; ++k) p += (k % 2 ? 1 : -1) * m.a[i][k] * m.b[k][j];
      const double cij = std::bit_cast<float>(c[n]);
      ASSERT_TRUE(sameFloatBits(std::bit_cast<float>(neg[n]), float(p - std::abs(cij))))
          << "neg D[" << i << "][" << j << "]";
      ASSERT_TRUE(sameFloatBits(std::bit_cast<float>(one[n]), float(product(m, i, j) + 1.0)))
          << "constant D[" << i << "][" << j << "]";
    }
}

// A bf16 result is the exact sum rounded once, to nearest even: 1 + 2^-8 + 2^-8 is 1 + 2^-7
// (rounding each partial sum would give 1), 1 + 2^-8 ties to 1 and 1 + 3 * 2^-8 to 1 + 2^-6.
TEST_P(Wmma, Bf16ResultIsRoundedOnceToNearestEven) {
  const double tiny = 1.0 / 256;
  // Row i of A is [1, x_i, y_i, 0...], every column of B is [1, 1, 1, 0...], C is 0.
  const double x[3] = {tiny, tiny, 3 * tiny}, y[3] = {tiny, 0, 0};
  const double want[3] = {1 + 2 * tiny, 1, 1 + 4 * tiny};
  std::vector<u32> a = packSource(
      [&](int i, int k) -> u32 {
        if (i >= 3) return 0;
        const double e = k == 0 ? 1.0 : k == 1 ? x[i] : k == 2 ? y[i] : 0.0;
        return std::bit_cast<u32>(static_cast<float>(e)) >> 16;
      },
      16);
  std::vector<u32> b = packSource([](int, int k) -> u32 { return k < 3 ? 0x3f80u : 0u; }, 16);
  std::vector<u32> c(waveSize() * accRegs(), 0);
  const std::vector<u32> d = run("wmma_bf16_bf16_lo", a, b, c);
  for (unsigned l = 0; l < waveSize(); ++l)
    for (unsigned r = 0; r < accRegs(); ++r) {
      const int i = rowOf(r, l);
      const double w = i < 3 ? want[i] : 0.0;
      ASSERT_EQ(d[l * accRegs() + r], u32{bf16Bits(w)}) << "D[" << i << "][" << colOf(l) << "]";
    }
}

// The integer forms: neg_lo[0] / neg_lo[1] make A / B signed, clamp saturates to i32, and
// without clamp the sum wraps. C holds values near both ends of i32 so that some results
// overflow.
struct IntForm {
  const char* kernel;
  unsigned bits;  // 8 or 4
  bool signA, signB, clamp;
};
void checkInt(Wmma& t, const IntForm& f, std::uint32_t seed) {
  std::mt19937 rng(seed);
  const u32 mask = (1u << f.bits) - 1;
  u32 a[16][16], b[16][16];  // raw fields: a[row][k], b[k][column]
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      a[i][k] = rng() & mask;
      b[k][i] = rng() & mask;
    }
  auto value = [&](u32 x, bool isSigned) -> i64 {
    return isSigned && (x >> (f.bits - 1)) ? i64(x) - (i64{1} << f.bits) : i64(x);
  };
  std::vector<u32> ar = t.packSource([&](int i, int k) { return a[i][k]; }, f.bits);
  std::vector<u32> br = t.packSource([&](int j, int k) { return b[k][j]; }, f.bits);
  std::vector<u32> cr(t.waveSize() * t.accRegs());
  for (std::size_t n = 0; n < cr.size(); ++n) {
    const u32 low = static_cast<u32>(rng() & 0xff), any = static_cast<u32>(rng());
    const u32 edge[3] = {0x7fffff00u + low, 0x80000000u + low, any};
    cr[n] = edge[n % 3];
  }
  const std::vector<u32> d = t.run(f.kernel, ar, br, cr);
  for (unsigned l = 0; l < t.waveSize(); ++l)
    for (unsigned r = 0; r < t.accRegs(); ++r) {
      const std::size_t n = l * t.accRegs() + r;
      const int i = t.rowOf(r, l), j = t.colOf(l);
      i64 acc = static_cast<std::int32_t>(cr[n]);
      for (int k = 0; k < 16; ++k) acc += value(a[i][k], f.signA) * value(b[k][j], f.signB);
      if (f.clamp) acc = std::clamp<i64>(acc, INT32_MIN, INT32_MAX);
      ASSERT_EQ(d[n], static_cast<u32>(acc))
          << f.kernel << " D[" << i << "][" << j << "] in v" << r << " lane " << l;
    }
}

TEST_P(Wmma, Iu8SignednessFromNegLoAndClamp) {
  checkInt(*this, {"wmma_iu8_ss", 8, true, true, false}, 10);
  checkInt(*this, {"wmma_iu8_uu", 8, false, false, false}, 11);
  checkInt(*this, {"wmma_iu8_su_clamp", 8, true, false, true}, 12);
}

TEST_P(Wmma, Iu4SignednessFromNegLoAndClamp) {
  checkInt(*this, {"wmma_iu4_us", 4, false, true, false}, 13);
  checkInt(*this, {"wmma_iu4_ss_clamp", 4, true, true, true}, 14);
}

// WMMA is defined for whole waves: a wave with lanes off is refused by name, not guessed.
TEST_P(Wmma, PartialExecIsRefused) {
  std::vector<u32> a(waveSize() * 8), b(waveSize() * 8), c(waveSize() * accRegs());
  std::vector<u32> d(c.size());
  vgpu::isa::Launch l = launch1d(1, 16);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(d, "d"));
  vgpu::DispatchOutcome o = tryRun("wmma", "wmma_f32_f16", l);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::illegalInstruction) << o.report;
  EXPECT_NE(o.report.find("EXEC"), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("v_wmma_f32_16x16x16_f16"), std::string::npos) << o.report;
}

INSTANTIATE_TEST_SUITE_P(Gfx11, Wmma, ::testing::ValuesIn(kGfx11Variants), variantName);

}  // namespace
}  // namespace isatest
