// The v_dot* instructions (RDNA2 ISA section 6.5 VOP3P opcodes and VOP2 v_dot2c/v_dot4c; RDNA3
// ISA VOP3P with the iu forms whose NEG bits make a source signed) against a host reference
// written from the element definitions: sum of element products plus the accumulator.
#include <algorithm>
#include <bit>
#include <cstring>
#include <random>
#include <string>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class Dot : public IsaTest {};

// Element e of x, Bits wide, sign-extended when isSigned.
long long element(unsigned x, unsigned bits, unsigned e, bool isSigned) {
  const unsigned f = (x >> (e * bits)) & ((1u << bits) - 1);
  return isSigned && (f >> (bits - 1)) ? static_cast<long long>(f) - (1ll << bits) : f;
}

long long dotInt(unsigned a, unsigned b, unsigned c, unsigned bits, bool signA, bool signB,
                 bool signedResult) {
  long long acc = signedResult ? static_cast<long long>(static_cast<int>(c)) : c;
  for (unsigned e = 0; e < 32 / bits; ++e)
    acc += element(a, bits, e, signA) * element(b, bits, e, signB);
  return acc;
}

float f32(unsigned x) {
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}
unsigned bits(float f) {
  unsigned x;
  std::memcpy(&x, &f, 4);
  return x;
}
double half(unsigned x) {
  return static_cast<double>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(x)));
}

// Whether slot k of dot.hip exists on the target (the others keep the fill value).
bool has(int k, bool gfx11) {
  const bool both = k == 3 || k == 5 || k == 6 || k == 9 || k == 13;
  return both || (gfx11 ? k >= 10 && k <= 12 : k <= 8);
}

unsigned reference(int k, unsigned a, unsigned b, unsigned c) {
  const auto wrap = [](long long v) { return static_cast<unsigned>(v); };
  switch (k) {
    case 0:
      return wrap(dotInt(a, b, c, 16, true, true, true));
    case 1:
      return wrap(dotInt(a, b, c, 16, false, false, false));
    case 2:
    case 8:
      return wrap(dotInt(a, b, c, 8, true, true, true));
    case 3:
      return wrap(dotInt(a, b, c, 8, false, false, false));
    case 4:
      return wrap(dotInt(a, b, c, 4, true, true, true));
    case 5:
      return wrap(dotInt(a, b, c, 4, false, false, false));
    case 6:
    case 9:
      return bits(static_cast<float>(half(a) * half(b) + half(a >> 16) * half(b >> 16) + f32(c)));
    case 7:
      return wrap(std::clamp(dotInt(a, b, c, 16, true, true, true), -2147483648ll, 2147483647ll));
    case 10:
      return wrap(dotInt(a, b, c, 8, true, true, true));
    case 11:
      return wrap(dotInt(a, b, c, 8, true, false, true));
    case 12:
      return wrap(dotInt(a, b, c, 4, false, true, true));
    case 13:
      return wrap(std::min(dotInt(a, b, c, 8, false, false, false), 4294967295ll));
  }
  return 0;
}

TEST_P(Dot, EveryFormMatchesElementwiseReference) {
  const int n = 128, slots = 14;
  const bool gfx11 = std::string(GetParam().arch) == "gfx1100";
  std::mt19937 rng(2);
  std::vector<unsigned> a(n), b(n), c(n), out(slots * n, 0xdeadbeefu);
  for (int i = 0; i < n; ++i) {
    a[i] = rng();
    b[i] = i % 4 == 0 ? 0x7fff7fffu : rng();  // extremes drive the clamped forms to saturate
    c[i] = i % 4 == 0 ? 0x7fffff00u : rng();
  }
  vgpu::isa::Launch l = launch1d(2, n / 2);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(buffer(out, "out")).arg(n);
  // f16 slots (6, 9) read these as halves: exact small values, so the sum is exact too.
  std::vector<unsigned> fa(a), fb(b), fc(c);
  for (int i = 0; i < n; ++i) {
    auto h = [&](int k) { return std::bit_cast<std::uint16_t>(static_cast<_Float16>(k / 4.0)); };
    fa[i] = h(int(rng() % 129) - 64) | h(int(rng() % 129) - 64) << 16;
    fb[i] = h(int(rng() % 129) - 64) | h(int(rng() % 129) - 64) << 16;
    fc[i] = bits(static_cast<float>(int(rng() % 2001) - 1000));
  }
  run("dot", "dot_products", l);
  std::vector<unsigned> fout(slots * n, 0xdeadbeefu);
  vgpu::isa::Launch lf = launch1d(2, n / 2);
  lf.arg(buffer(fa, "fa"))
      .arg(buffer(fb, "fb"))
      .arg(buffer(fc, "fc"))
      .arg(buffer(fout, "fout"))
      .arg(n);
  run("dot", "dot_products", lf);
  for (int k = 0; k < slots; ++k) {
    if (!has(k, gfx11)) continue;
    const bool isFloat = k == 6 || k == 9;
    for (int i = 0; i < n; ++i) {
      if (isFloat)
        ASSERT_EQ(fout[k * n + i], reference(k, fa[i], fb[i], fc[i]))
            << "slot " << k << " item " << i;
      else
        ASSERT_EQ(out[k * n + i], reference(k, a[i], b[i], c[i]))
            << "slot " << k << " item " << i << std::hex << " a=" << a[i] << " b=" << b[i]
            << " c=" << c[i];
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Dot, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
