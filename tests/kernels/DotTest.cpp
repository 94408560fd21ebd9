// amd_mixed_dot against a host reference: the word split into 16-, 8- or 4-bit fields, signed or
// unsigned, their products summed with c in 64 bits, then wrapped or clamped to 32 bits.
#include <cstdint>
#include <random>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

std::uint32_t referenceDot(std::uint32_t x, std::uint32_t y, std::uint32_t c, int bits,
                           bool isSigned, bool saturate) {
  long long sum = isSigned ? (long long)std::int32_t(c) : (long long)c;
  for (int n = 0; n < 32 / bits; ++n) {
    long long fx = (x >> (n * bits)) & ((1ull << bits) - 1),
              fy = (y >> (n * bits)) & ((1ull << bits) - 1);
    if (isSigned && fx >= (1ll << (bits - 1))) fx -= 1ll << bits;
    if (isSigned && fy >= (1ll << (bits - 1))) fy -= 1ll << bits;
    sum += fx * fy;
  }
  if (saturate) {
    long long lo = isSigned ? INT32_MIN : 0, hi = isSigned ? INT32_MAX : UINT32_MAX;
    sum = sum < lo ? lo : sum > hi ? hi : sum;
  }
  return std::uint32_t(sum);
}

class Dot : public IsaTest {};

TEST_P(Dot, EveryFormWrapsOrSaturatesLikeTheReference) {
  std::vector<std::uint32_t> a = {0,           0x7fff7fffu, 0x80008000u, 0x7f7f7f7fu,
                                  0x80808080u, 0xffffffffu, 0x77777777u, 0x88888888u};
  std::vector<std::uint32_t> b = a, c = {0, 0x7fffffffu, 0x80000000u, 0xffffffffu,
                                         1, 5,           0x7ffffff0u, 0x80000010u};
  std::mt19937 rng(11);
  while (a.size() < 256) {
    a.push_back(rng());
    b.push_back(rng());
    c.push_back(rng() % 4 == 0 ? 0x7fffff00u + rng() % 512 : rng());
  }
  const int n = int(a.size());
  std::vector<std::uint32_t> out(n * 12, 0xdeadbeef);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out")).arg(n);
  run("dot", "_Z7dot_opsPKjS0_S0_Pji", l);
  const int bits[6] = {16, 16, 8, 8, 4, 4};
  for (int i = 0; i < n; ++i)
    for (int s = 0; s < 2; ++s)
      for (int f = 0; f < 6; ++f)
        ASSERT_EQ(out[i * 12 + 6 * s + f],
                  referenceDot(a[i], b[i], c[i], bits[f], f % 2 == 0, s == 1))
            << "form " << f << (s ? " saturating" : "") << " a=" << std::hex << a[i]
            << " b=" << b[i] << " c=" << c[i];
}

INSTANTIATE_TEST_SUITE_P(Variants, Dot, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
