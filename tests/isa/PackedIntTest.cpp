// The packed 16-bit integer ops (RDNA2 ISA section 6.5 and the VOP3P opcode table; the same ops in
// RDNA3) against a host reference per half: wrapping, clamp saturation, op_sel half selection.
#include <algorithm>
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class PackedInt : public IsaTest {};

using u16 = std::uint16_t;
long S(unsigned x) {
  return static_cast<std::int16_t>(x & 0xffff);
}
long U(unsigned x) {
  return x & 0xffff;
}
unsigned sat(long v, bool isSigned) {
  const long lo = isSigned ? -32768 : 0, hi = isSigned ? 32767 : 65535;
  return static_cast<unsigned>(std::clamp(v, lo, hi)) & 0xffff;
}

// Operation k of packed_int.hip on one half (x, y, z: the halves the instruction selects).
unsigned half(int k, unsigned x, unsigned y, unsigned z) {
  switch (k) {
    case 0:
      return static_cast<unsigned>(S(x) + S(y)) & 0xffff;
    case 1:
    case 13:
      return static_cast<unsigned>(S(x) - S(y)) & 0xffff;
    case 2:
      return sat(S(x) + S(y), true);
    case 3:
      return sat(S(x) - S(y), true);
    case 4:
      return sat(U(x) + U(y), false);
    case 5:
      return sat(U(x) - U(y), false);
    case 6:
      return static_cast<unsigned>(std::max(S(x), S(y))) & 0xffff;
    case 7:
      return static_cast<unsigned>(std::min(S(x), S(y))) & 0xffff;
    case 8:
      return static_cast<unsigned>(S(y) >> (x & 15)) & 0xffff;
    case 9:
      return static_cast<unsigned>(U(x) * U(y)) & 0xffff;
    case 10:
      return static_cast<unsigned>(S(x) * S(y) + S(z)) & 0xffff;
    case 11:
      return static_cast<unsigned>(U(x) * U(y) + U(z)) & 0xffff;
    case 12:
      return sat(U(x) * U(y) + U(z), false);
  }
  return 0;
}

unsigned reference(int k, unsigned a, unsigned b, unsigned c) {
  if (k == 13)  // op_sel:[1,0] op_sel_hi:[0,1]: low = a.hi - b.lo, high = a.lo - b.hi
    return half(k, a >> 16, b, 0) | half(k, a, b >> 16, 0) << 16;
  return half(k, a, b, c) | half(k, a >> 16, b >> 16, c >> 16) << 16;
}

TEST_P(PackedInt, EveryOpMatchesHostReferencePerHalf) {
  const int n = 256, ops = 14;
  std::mt19937 rng(16);
  std::vector<unsigned> a(n), b(n), c(n), out(ops * n, 0);
  const unsigned edges[] = {0x0000, 0x0001, 0x7fff, 0x8000, 0xffff, 0x8001, 0x00ff, 0x0010};
  for (int i = 0; i < n; ++i) {
    a[i] = i < 64 ? edges[i % 8] | edges[i / 8] << 16 : rng();
    b[i] = i < 64 ? edges[i / 8] | edges[i % 8] << 16 : rng();
    c[i] = rng();
  }
  vgpu::isa::Launch l = launch1d(2, n / 2);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out")).arg(n);
  run("packed_int", "packed_int", l);
  for (int k = 0; k < ops; ++k)
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(out[k * n + i], reference(k, a[i], b[i], c[i]))
          << "op " << k << " a=" << std::hex << a[i] << " b=" << b[i] << " c=" << c[i];
}

INSTANTIATE_TEST_SUITE_P(AllTargets, PackedInt, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
