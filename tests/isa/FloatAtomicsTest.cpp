// The float atomics that return the old value (kernels/float_atomics.hip): global and LDS f32
// and f64 min, max and compare-exchange, replayed on the host in the order the kernel
// serialises them. The compare-exchanges compare as floats: -0 matches +0 (a bit compare
// would not), NaN matches nothing, not even itself.
#include <cmath>
#include <cstring>
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

using u64 = unsigned long long;

class FloatAtomics : public IsaTest {};

unsigned bits32(float f) {
  unsigned x;
  std::memcpy(&x, &f, 4);
  return x;
}
float f32(unsigned x) {
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}
u64 bits64(double d) {
  u64 x;
  std::memcpy(&x, &d, 8);
  return x;
}
double f64(u64 x) {
  double d;
  std::memcpy(&d, &x, 8);
  return d;
}

// Operation k (0 min, 1 max, 2 compare-exchange) on a cell, as the ISA defines it.
template <class Bits, class Float>
Bits step(int k, Bits cell, Bits value, Bits next, Bits compare, Float (*as)(Bits),
          Bits (*bits)(Float)) {
  if (k == 0) return bits(std::fmin(as(cell), as(value)));
  if (k == 1) return bits(std::fmax(as(cell), as(value)));
  return as(cell) == as(compare) ? next : cell;
}

TEST_P(FloatAtomics, SerialisedSequenceMatchesHostReplay) {
  const int n = 48;
  const bool gfx11 = std::string(GetParam().arch) == "gfx1100";
  std::mt19937 rng(24);
  std::uniform_real_distribution<double> spread(-1000.0, 1000.0);
  // Min/max operands: non-zero (which of +0/-0 min returns is not what this tests).
  std::vector<unsigned> v32(n);
  std::vector<u64> v64(n);
  for (int t = 0; t < n; ++t) {
    double d = spread(rng);
    if (d == 0) d = 1;
    v64[t] = bits64(d);
    v32[t] = bits32(static_cast<float>(d));
  }
  // Compare-exchange new values: every fourth a signed zero, so that cells become zeros.
  std::vector<unsigned> new32(n), cmp32(n);
  std::vector<u64> new64(n), cmp64(n);
  for (int t = 0; t < n; ++t) {
    const double d = t % 4 == 0 ? (t % 8 ? -0.0 : 0.0) : spread(rng);
    new64[t] = bits64(d);
    new32[t] = bits32(static_cast<float>(d));
  }
  std::vector<unsigned> init32 = {bits32(500.f), bits32(-500.f), bits32(0.f),
                                  bits32(400.f), bits32(-400.f), bits32(-0.f)};
  std::vector<u64> init64 = {bits64(500.), bits64(-500.), bits64(0.),
                             bits64(400.), bits64(-400.), bits64(-0.)};
  // Compare values chosen against the replayed cell: equal (t % 3 == 0), the other zero when
  // the cell is a zero (equal as floats only), a NaN (t % 3 == 2 when t % 6 == 5), or a miss.
  {
    unsigned c32[2] = {init32[2], init32[5]};
    u64 c64[2] = {init64[2], init64[5]};
    for (int t = 0; t < n; ++t) {
      // One compare value serves the global and the LDS cell: both hold the same value
      // sequence only when they start equal as floats, which +0 and -0 do.
      const unsigned cell32 = c32[0];
      const u64 cell64 = c64[0];
      if (t % 3 == 0) {
        cmp32[t] = cell32;
        cmp64[t] = cell64;
      } else if (t % 3 == 1 && f32(cell32) == 0.f) {
        cmp32[t] = cell32 ^ 0x80000000u;
        cmp64[t] = cell64 ^ (u64{1} << 63);
      } else if (t % 6 == 5) {
        cmp32[t] = 0x7fc00000u;
        cmp64[t] = 0x7ff8000000000000ull;
      } else {
        cmp32[t] = bits32(12345.f);
        cmp64[t] = bits64(12345.);
      }
      for (int c = 0; c < 2; ++c) {
        c32[c] = step<unsigned, float>(2, c32[c], 0, new32[t], cmp32[t], f32, bits32);
        c64[c] = step<u64, double>(2, c64[c], 0, new64[t], cmp64[t], f64, bits64);
      }
    }
  }
  const unsigned kFill = 0xdeadbeef;
  std::vector<unsigned> cells32 = init32, olds32(6 * n, kFill);
  std::vector<u64> cells64 = init64, olds64(6 * n, kFill);
  vgpu::isa::Launch l = launch1d(1, n);
  l.arg(buffer(v32, "f32"))
      .arg(buffer(v64, "f64"))
      .arg(buffer(new32, "new32"))
      .arg(buffer(cmp32, "cmp32"))
      .arg(buffer(new64, "new64"))
      .arg(buffer(cmp64, "cmp64"))
      .arg(buffer(cells32, "cells32"))
      .arg(buffer(cells64, "cells64"))
      .arg(buffer(olds32, "olds32"))
      .arg(buffer(olds64, "olds64"));
  run("float_atomics", "float_atomics", l);

  std::vector<unsigned> r32 = init32;
  std::vector<u64> r64 = init64;
  int successes = 0, zeroMatches = 0;
  for (int t = 0; t < n; ++t) {
    for (int cell = 0; cell < 6; ++cell) {
      const int k = cell % 3;
      const bool global64Missing = gfx11 && cell < 3;  // gfx11 has no f64 global atomics
      ASSERT_EQ(olds32[cell * n + t], r32[cell]) << "f32 cell " << cell << " item " << t;
      if (global64Missing) {
        ASSERT_EQ(olds64[cell * n + t], kFill) << "f64 cell " << cell << " item " << t;
      } else {
        ASSERT_EQ(olds64[cell * n + t], r64[cell]) << "f64 cell " << cell << " item " << t;
      }
      if (k == 2 && cell == 2) {
        successes += f32(r32[cell]) == f32(cmp32[t]);
        zeroMatches += f32(r32[cell]) == 0.f && r32[cell] != cmp32[t] && f32(cmp32[t]) == 0.f;
      }
      r32[cell] = step<unsigned, float>(k, r32[cell], v32[t], new32[t], cmp32[t], f32, bits32);
      if (!global64Missing)
        r64[cell] = step<u64, double>(k, r64[cell], v64[t], new64[t], cmp64[t], f64, bits64);
    }
  }
  for (int cell = 0; cell < 6; ++cell) {
    EXPECT_EQ(cells32[cell], r32[cell]) << "f32 cell " << cell;
    EXPECT_EQ(cells64[cell], r64[cell]) << "f64 cell " << cell;
  }
  // The sequence exercises what it means to: exchanges that happen, and -0/+0 matches.
  EXPECT_GT(successes, n / 4);
  EXPECT_GT(zeroMatches, 0);
}

INSTANTIATE_TEST_SUITE_P(AllTargets, FloatAtomics, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
