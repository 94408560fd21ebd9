// Integer intrinsics (__popc ... __usad) on edge and random inputs, against their definitions in
// the CUDA math API evaluated on the host.
#include <cstdint>
#include <random>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

std::uint32_t reverse32(std::uint32_t x) {
  std::uint32_t r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}

int leadingZeros(std::uint64_t x, int bits) {
  int n = 0;
  for (int i = bits - 1; i >= 0 && !((x >> i) & 1); --i) ++n;
  return n;
}

int firstSet(std::uint64_t x) {
  for (int i = 0; i < 64; ++i)
    if ((x >> i) & 1) return i + 1;
  return 0;
}

std::uint32_t bytePerm(std::uint32_t x, std::uint32_t y, std::uint32_t s) {
  std::uint8_t bytes[8];
  for (int i = 0; i < 4; ++i) {
    bytes[i] = std::uint8_t(x >> (8 * i));
    bytes[4 + i] = std::uint8_t(y >> (8 * i));
  }
  std::uint32_t r = 0;
  for (int i = 0; i < 4; ++i) r |= std::uint32_t(bytes[(s >> (4 * i)) & 7]) << (8 * i);
  return r;
}

std::int32_t signExtend24(std::uint32_t v) {
  v &= 0xffffffu;
  return (v & 0x800000u) ? std::int32_t(v | 0xff000000u) : std::int32_t(v);
}

std::vector<std::uint32_t> expectedRow(std::uint32_t x, std::uint32_t y) {
  std::uint64_t wide = (std::uint64_t(x) << 32) | y;
  std::uint64_t funnel = (std::uint64_t(y) << 32) | x;  // {hi = y : lo = x}
  std::uint32_t shift = y % 40, wrapped = shift & 31u, clamped = shift > 32 ? 32 : shift;
  unsigned __int128 product = (unsigned __int128)wide * (wide * 3 + 1);
  std::int64_t diff = std::int64_t(std::int32_t(x)) - std::int32_t(y);
  return {
      std::uint32_t(__builtin_popcount(x)),
      std::uint32_t(__builtin_popcountll(wide)),
      std::uint32_t(firstSet(x)),
      std::uint32_t(firstSet(wide)),
      std::uint32_t(leadingZeros(x, 32)),
      std::uint32_t(leadingZeros(wide, 64)),
      reverse32(x),
      reverse32(y),  // the high word of the reversed {x:y} is the reversed low word
      bytePerm(x, y, y & 0x7777u),
      std::uint32_t((funnel << wrapped) >> 32),
      std::uint32_t(clamped == 32 ? funnel : (funnel << clamped) >> 32),
      std::uint32_t(funnel >> wrapped),
      std::uint32_t(clamped == 32 ? funnel >> 32 : funnel >> clamped),
      std::uint32_t(std::int64_t(signExtend24(x)) * signExtend24(y)),
      (x & 0xffffffu) * (y & 0xffffffu),
      std::uint32_t((std::int64_t(std::int32_t(x)) * std::int32_t(y)) >> 32),
      std::uint32_t((std::uint64_t(x) * y) >> 32),
      std::uint32_t(std::uint64_t(product >> 64) >> 7),
      std::uint32_t((diff < 0 ? -diff : diff) + 5),
      (x > y ? x - y : y - x) + 5,
  };
}

class Bits : public IsaTest {};

TEST_P(Bits, MatchDefinitionsOnEdgeAndRandomInputs) {
  std::vector<std::uint32_t> a = {0,           1,           0x80000000u, 0xffffffffu,
                                  0x7fffffffu, 0x00ffffffu, 0x800000u};
  std::vector<std::uint32_t> b = {0, 0xffffffffu, 1, 0x80000000u, 31, 32, 33};
  std::mt19937 rng(5);
  while (a.size() < 300) {
    a.push_back(rng());
    b.push_back(rng());
  }
  const int n = int(a.size());
  std::vector<std::uint32_t> out(n * 20, 0xdeadbeef);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(out, "out")).arg(n);
  run("bits", "_Z7bit_opsPKjS0_Pji", l);
  const char* names[20] = {"popc",
                           "popcll",
                           "ffs",
                           "ffsll",
                           "clz",
                           "clzll",
                           "brev",
                           "brevll",
                           "byte_perm",
                           "funnelshift_l",
                           "funnelshift_lc",
                           "funnelshift_r",
                           "funnelshift_rc",
                           "mul24",
                           "umul24",
                           "mulhi",
                           "umulhi",
                           "umul64hi",
                           "sad",
                           "usad"};
  for (int i = 0; i < n; ++i) {
    std::vector<std::uint32_t> expect = expectedRow(a[i], b[i]);
    for (int k = 0; k < 20; ++k)
      ASSERT_EQ(out[i * 20 + k], expect[k])
          << names[k] << "(" << std::hex << a[i] << ", " << b[i] << ")";
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, Bits, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
