// MODE's f32 half (FP_DENORM [5:4], FP_ROUND [1:0]; RDNA2 ISA section 3.8) on the f32 ops with
// handlers of their own rather than the common f32 lane loop: v_fmamk/v_fmaak_f32, v_ldexp_f32,
// v_fma_mix_f32 and the f32 -> i32 conversions that see a denormal's sign or exponent. Each
// runs on hand-assembled gfx1030 code (llvm-mc-19) under every denormal and rounding mode and
// is compared with the host computing the same IEEE operation, flushing as MODE says.
#include <cfenv>
#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

std::uint32_t bits(float x) {
  std::uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
float value(std::uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}
// A denormal becomes zero of its sign (MODE.FP_DENORM's flushing of inputs or results).
float flush(float x) {
  return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}

// The f32 bits of s_denorm_mode / s_round_mode (RDNA2 ISA "S_DENORM_MODE"): bit 0 keeps
// denormal inputs, bit 1 denormal results; rounding 0 nearest even, 1 +inf, 2 -inf, 3 zero.
struct Mode {
  unsigned denorm, round;
  bool flushIn() const { return !(denorm & 1); }
  bool flushOut() const { return !(denorm & 2); }
};

// Runs op, which reads v1 = a and v2 = b and writes v3, in mode and returns v3:
//   s_load_dwordx2 s[2:3], s[0:1], 0x0; s_waitcnt lgkmcnt(0)
//   s_denorm_mode (f16/f64 bits kept); s_round_mode
//   v_mov_b32 v1, a; v_mov_b32 v2, b; <op>
//   v_mov_b32 v0, 0; global_store_dword v0, v3, s[2:3]; s_endpgm
std::uint32_t runOp(const std::vector<std::uint32_t>& op, std::uint32_t a, std::uint32_t b,
                    Mode mode) {
  std::vector<std::uint32_t> words = {0xf4040080u,
                                      0xfa000000u,
                                      0xbf8cc07fu,
                                      0xbfa50000u | 0xcu | mode.denorm,
                                      0xbfa40000u | mode.round,
                                      0x7e0202ffu,
                                      a,
                                      0x7e0402ffu,
                                      b};
  words.insert(words.end(), op.begin(), op.end());
  words.insert(words.end(), {0x7e000280u, 0xdc708000u, 0x00020300u, 0xbf810000u});
  RawKernel k;
  k.code(words);
  std::uint32_t out = 0xaaaaaaaau;
  k.args[0] = reinterpret_cast<std::uint64_t>(&out);
  vgpu::DispatchOutcome o = k.run();
  EXPECT_TRUE(o.ok()) << o.report;
  return out;
}

// f evaluated on the host in mode's rounding direction. The operands go through volatile so
// the compiler can neither fold the operation nor move it out of the rounding mode's reach.
std::uint32_t hostF32(Mode mode, const std::function<float()>& f) {
  static constexpr int kDirection[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  std::fesetround(kDirection[mode.round]);
  volatile float r = f();
  std::fesetround(FE_TONEAREST);
  return bits(mode.flushOut() ? flush(r) : r);
}

struct Inputs {
  std::uint32_t a, b, k;  // k: the literal constant of fmamk/fmaak
};
// Denormal inputs, results that are denormal, and sums that round differently per direction.
const Inputs kFmaInputs[] = {
    {0x00800000u, 0x00000000u, 0x3f000000u},  // FLT_MIN * 0.5 + 0: denormal result
    {0x00400000u, 0x00000000u, 0x40000000u},  // denormal * 2: normal result from denormal input
    {0x80400000u, 0x00000001u, 0x40000000u},  // -denormal * 2 + smallest denormal
    {0x3f800000u, 0x33c00000u, 0x3f800000u},  // 1 * 1 + 0.75 ulp: rounding decides
    {0xbf800000u, 0xb3c00000u, 0x3f800000u},  // the same, negative
    {0x3f800000u, 0x00400000u, 0x00400000u},  // denormal addend and factor
};

float in(std::uint32_t x, Mode m) {
  return m.flushIn() ? flush(value(x)) : value(x);
}

const Mode kModes[] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}, {3, 2}, {3, 3}, {0, 3}, {2, 1}};

TEST(F32ModeOps, FmamkHonoursMode) {
  for (const Mode& m : kModes)
    for (const Inputs& i : kFmaInputs) {
      // v_fmamk_f32 v3, v1, K, v2: v1 * K + v2
      std::uint32_t got = runOp({0x58060501u, i.k}, i.a, i.b, m);
      volatile float a = in(i.a, m), k = in(i.k, m), b = in(i.b, m);
      EXPECT_EQ(got, hostF32(m, [&] { return std::fma(a, k, b); }))
          << std::hex << "a " << i.a << " K " << i.k << " b " << i.b << " denorm " << m.denorm
          << " round " << m.round;
    }
}

TEST(F32ModeOps, FmaakHonoursMode) {
  for (const Mode& m : kModes)
    for (const Inputs& i : kFmaInputs) {
      // v_fmaak_f32 v3, v1, v2, K: v1 * v2 + K
      std::uint32_t got = runOp({0x5a060501u, i.k}, i.a, i.b, m);
      volatile float a = in(i.a, m), b = in(i.b, m), k = in(i.k, m);
      EXPECT_EQ(got, hostF32(m, [&] { return std::fma(a, b, k); }))
          << std::hex << "a " << i.a << " b " << i.b << " K " << i.k << " denorm " << m.denorm
          << " round " << m.round;
    }
}

TEST(F32ModeOps, FmaMixF32HonoursMode) {
  for (const Mode& m : kModes)
    for (const Inputs& i : kFmaInputs) {
      // v_fma_mix_f32 v3, v1, v2, v1 (op_sel_hi 0: every source f32): v1 * v2 + v1
      std::uint32_t got = runOp({0xcc200003u, 0x04060501u}, i.a, i.b, m);
      volatile float a = in(i.a, m), b = in(i.b, m);
      EXPECT_EQ(got, hostF32(m, [&] { return std::fma(a, b, a); }))
          << std::hex << "a " << i.a << " b " << i.b << " denorm " << m.denorm << " round "
          << m.round;
    }
}

TEST(F32ModeOps, LdexpHonoursMode) {
  const struct {
    std::uint32_t a;
    int e;
  } cases[] = {
      {0x00000001u, 149},   // smallest denormal up to 1.0: 0 when inputs flush
      {0x3f800000u, -140},  // 1.0 down to a denormal result
      {0x3fc00000u, -149},  // 1.5 * 2^-149: halfway, rounding decides
      {0xbfc00000u, -149},  // the same, negative
      {0x80600000u, 1},     // denormal in, normal out
      {0x3f800000u, 3},     // exact
  };
  for (const Mode& m : kModes)
    for (const auto& c : cases) {
      // v_ldexp_f32 v3, v1, v2
      std::uint32_t got =
          runOp({0xd7620003u, 0x00020501u}, c.a, static_cast<std::uint32_t>(c.e), m);
      volatile float a = in(c.a, m);
      volatile int e = c.e;
      EXPECT_EQ(got, hostF32(m, [&] { return std::ldexp(a, e); }))
          << std::hex << "a " << c.a << std::dec << " e " << c.e << " denorm " << m.denorm
          << " round " << m.round;
    }
}

// f32 -> integer results see a denormal input's sign (floor) or exponent (frexp): flushed
// inputs give those of a zero.
TEST(F32ModeOps, IntegerResultsSeeFlushedInputs) {
  const std::uint32_t inputs[] = {0x80000001u, 0x00000001u, 0x807fffffu, 0x3fc00000u};
  for (const Mode& m : kModes)
    for (std::uint32_t a : inputs) {
      float x = in(a, m);
      // v_cvt_flr_i32_f32 v3, v1
      EXPECT_EQ(static_cast<std::int32_t>(runOp({0x7e061b01u}, a, 0, m)),
                static_cast<std::int32_t>(std::floor(x)))
          << std::hex << a << " denorm " << m.denorm;
      // v_frexp_exp_i32_f32 v3, v1
      int e = 0;
      std::frexp(x, &e);
      EXPECT_EQ(static_cast<std::int32_t>(runOp({0x7e067f01u}, a, 0, m)), e)
          << std::hex << a << " denorm " << m.denorm;
    }
}

}  // namespace
}  // namespace isatest
