// v_min3/max3/med3 of f16, i16 and u16 against a host reference: the least, greatest and middle
// of three low halves, over edge values (signed and unsigned extremes, ±0, infinities, the
// smallest denormal, the largest finite half) and random halves. NaN is left out: the f16 forms
// follow the f32 forms' rule there (a NaN yields to the other operands), which no test here pins.
#include <algorithm>
#include <bit>
#include <cmath>
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class MinMax3 : public IsaTest {};

using f16 = _Float16;

double half(unsigned bits) {
  return static_cast<double>(std::bit_cast<f16>(static_cast<std::uint16_t>(bits)));
}
long S(unsigned x) {
  return static_cast<std::int16_t>(x & 0xffff);
}
long U(unsigned x) {
  return x & 0xffff;
}
template <class T>
T median(T a, T b, T c) {
  return std::max(std::min(a, b), std::min(std::max(a, b), c));
}
unsigned bitsOf(double v) {
  return std::bit_cast<std::uint16_t>(static_cast<f16>(v));
}

// Op k of the kernel on the low halves of a, b, c.
unsigned reference(int k, unsigned a, unsigned b, unsigned c) {
  const double x = half(a), y = half(b), z = half(c);
  switch (k) {
    case 0:
      return bitsOf(std::min({x, y, z}));
    case 1:
      return bitsOf(std::max({x, y, z}));
    case 2:
      return bitsOf(median(x, y, z));
    case 3:
      return static_cast<unsigned>(std::min({S(a), S(b), S(c)})) & 0xffff;
    case 4:
      return static_cast<unsigned>(std::max({S(a), S(b), S(c)})) & 0xffff;
    case 5:
      return static_cast<unsigned>(median(S(a), S(b), S(c))) & 0xffff;
    case 6:
      return static_cast<unsigned>(std::min({U(a), U(b), U(c)}));
    case 7:
      return static_cast<unsigned>(std::max({U(a), U(b), U(c)}));
    default:
      return static_cast<unsigned>(median(U(a), U(b), U(c)));
  }
}

bool isNanHalf(unsigned bits) {
  return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0;
}

TEST_P(MinMax3, EveryOpMatchesTheHostReference) {
  const int n = 512, ops = 9;
  std::mt19937 rng(3);
  // 0, -0, 1, -1, +inf, -inf, the smallest denormal, the largest finite half, i16/u16 extremes.
  const unsigned edges[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x0001, 0x7bff, 0xffff};
  std::vector<unsigned> a(n), b(n), c(n), out(ops * n, 0);
  for (int i = 0; i < n; ++i) {
    if (i < 243) {  // triples of edge values (c among the first three), then random halves
      a[i] = edges[i % 9];
      b[i] = edges[(i / 9) % 9];
      c[i] = edges[i / 81];
    } else {
      do a[i] = rng() & 0xffff;
      while (isNanHalf(a[i]));
      do b[i] = rng() & 0xffff;
      while (isNanHalf(b[i]));
      do c[i] = rng() & 0xffff;
      while (isNanHalf(c[i]));
    }
    // High halves must not matter.
    a[i] |= (rng() & 0xffff) << 16;
    b[i] |= (rng() & 0xffff) << 16;
    c[i] |= (rng() & 0xffff) << 16;
  }
  vgpu::isa::Launch l = launch1d(2, n / 2);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out")).arg(n);
  run("minmax3", "minmax3", l);
  for (int k = 0; k < ops; ++k)
    for (int i = 0; i < n; ++i) {
      // 0xffff, the unsigned extreme, is a NaN half: the f16 ops are not compared on it.
      if (k < 3 &&
          (isNanHalf(a[i] & 0xffff) || isNanHalf(b[i] & 0xffff) || isNanHalf(c[i] & 0xffff)))
        continue;
      const unsigned want = reference(k, a[i], b[i], c[i]);
      // ±0 compare equal: either zero is a correct minimum or maximum of {+0, -0}.
      if (k < 3 && (want & 0x7fff) == 0) {
        ASSERT_EQ(out[k * n + i] & 0x7fff, 0u) << "op " << k << " item " << i;
        continue;
      }
      ASSERT_EQ(out[k * n + i], want)
          << "op " << k << " a=" << std::hex << a[i] << " b=" << b[i] << " c=" << c[i];
    }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, MinMax3, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
