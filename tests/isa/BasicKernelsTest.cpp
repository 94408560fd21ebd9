// Vector add, saxpy, a 3-D grid and integer edge cases through the interpreter.
#include <cmath>
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class BasicKernels : public IsaTest {};

TEST_P(BasicKernels, VectorAddWithPartialLastBlock) {
  const int n = 1000;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 1000.0f - 3.0f * i;
  }
  vgpu::isa::Launch l = launch1d(8, 128);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(n);
  run("basic", "vector_add", l);
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "i=" << i;
}

TEST_P(BasicKernels, PartialWorkgroupAtGridEdge) {
  // 1000 work-items in blocks of 128: the last workgroup has 104, its last wave is partial.
  const int n = 1000;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = 0.25f;
  }
  vgpu::isa::Launch l = launch1d(8, 128);
  l.gridItems[0] = n;
  l.arg(buffer(a, "a"))
      .arg(buffer(b, "b"))
      .arg(buffer(c, "c"))
      .arg(1 << 30);  // no bounds check in the kernel
  run("basic", "vector_add", l);
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + 0.25f) << i;
}

TEST_P(BasicKernels, Saxpy) {
  const int n = 777;
  std::vector<float> x(n), y(n), expect(n);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-10, 10);
  for (int i = 0; i < n; ++i) {
    x[i] = dist(rng);
    y[i] = dist(rng);
    expect[i] = std::fma(2.5f, x[i], y[i]);  // clang contracts a * x + y into v_fma/v_fmac
  }
  vgpu::isa::Launch l = launch1d(4, 256);
  l.arg(2.5f).arg(buffer(x, "x")).arg(buffer(y, "y")).arg(n);
  run("basic", "saxpy", l);
  for (int i = 0; i < n; ++i) ASSERT_EQ(y[i], expect[i]) << i;
}

TEST_P(BasicKernels, GridStrideSaxpyLoop) {
  const int n = 5000;
  std::vector<float> x(n), y(n), orig(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 17);
    y[i] = orig[i] = static_cast<float>(i % 5);
  }
  vgpu::isa::Launch l = launch1d(3, 64);
  l.arg(3.0f).arg(buffer(x, "x")).arg(buffer(y, "y")).arg(n);
  run("basic", "saxpy_loop", l);
  for (int i = 0; i < n; ++i) ASSERT_EQ(y[i], 3.0f * x[i] + orig[i]) << i;
}

TEST_P(BasicKernels, ThreeDimensionalGrid) {
  vgpu::isa::Launch l;
  l.grid[0] = 3;
  l.grid[1] = 2;
  l.grid[2] = 2;
  l.block[0] = 8;
  l.block[1] = 4;
  l.block[2] = 2;
  l.threads = 2;
  unsigned w = 24, h = 8, d = 4;
  std::vector<unsigned> out(4 * w * h * d, 0xdeadbeef);
  l.arg(buffer(out, "out"));
  run("basic", "grid3d", l);
  for (unsigned z = 0; z < d; ++z)
    for (unsigned y = 0; y < h; ++y)
      for (unsigned x = 0; x < w; ++x) {
        unsigned i = (z * h + y) * w + x;
        ASSERT_EQ(out[4 * i + 0], x);
        ASSERT_EQ(out[4 * i + 1], y);
        ASSERT_EQ(out[4 * i + 2], z);
        ASSERT_EQ(out[4 * i + 3], ((z / 2) * 2 + y / 4) * 3 + x / 8);
      }
}

TEST_P(BasicKernels, IntegerEdgeCases) {
  std::vector<unsigned> a = {0u,     1u,          0xffffffffu, 0x80000000u, 0x7fffffffu,
                             12345u, 0xdeadbeefu, 31u,         3u};
  std::vector<unsigned> b = {0u, 0xffffffffu, 1u, 0x80000000u, 1u, 33u, 40u, 63u, 0x7fffffffu};
  int n = static_cast<int>(a.size());
  std::vector<unsigned> out(12 * n, 0);
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(out, "out")).arg(n);
  run("basic", "int_ops", l);
  for (int i = 0; i < n; ++i) {
    unsigned x = a[i], y = b[i];
    const unsigned* o = &out[12 * i];
    EXPECT_EQ(o[0], x + y) << i;
    EXPECT_EQ(o[1], static_cast<unsigned>((static_cast<unsigned long long>(x) + y) >> 32)) << i;
    EXPECT_EQ(o[2], x << (y & 31)) << i;
    EXPECT_EQ(o[3], static_cast<unsigned>((static_cast<unsigned long long>(x) << (y & 63)) >> 32))
        << i;
    EXPECT_EQ(o[4], static_cast<unsigned>(static_cast<int>(x) >> (y & 31))) << i;
    EXPECT_EQ(o[5], x + y) << i;
    EXPECT_EQ(o[6], static_cast<int>(x) < static_cast<int>(y) ? x : y) << i;
    EXPECT_EQ(o[7], x > y ? x : y) << i;
    EXPECT_EQ(o[8], static_cast<unsigned>((static_cast<unsigned long long>(x) * y) >> 32)) << i;
    EXPECT_EQ(o[9], static_cast<unsigned>(__builtin_popcount(x) + __builtin_clz(x | 1))) << i;
    EXPECT_EQ(o[10], x * y) << i;
    EXPECT_EQ(o[11], static_cast<unsigned>(
                         (static_cast<long long>(static_cast<int>(x)) * static_cast<int>(y)) >> 32))
        << i;
  }
}

TEST_P(BasicKernels, ScalarAluEdgeCases) {
  struct Case {
    unsigned a, b;
    unsigned long long c, d;
  };
  const Case cases[] = {{0xffffffffu, 1u, ~0ull, 1ull},
                        {0x7fffffffu, 1u, 0x8000000000000000ull, 0x7fffffffffffffffull},
                        {0x80000000u, 0xffffffffu, 0x123456789abcdefull, 0xfedcba9876543210ull},
                        {12345u, 40u, 1ull << 40, 3ull},
                        {7u, 7u, 5ull, 5ull}};
  for (const Case& k : cases) {
    std::vector<unsigned long long> out(17, 0);
    vgpu::isa::Launch l = launch1d(1, 32);
    l.arg(k.a).arg(k.b).arg(k.c).arg(k.d).arg(buffer(out, "out"));
    run("scalar", "scalar_ops", l);
    unsigned long long reversed = 0;  // bit i moves to bit 63 - i
    for (int i = 0; i < 64; ++i) reversed |= ((k.c >> i) & 1) << (63 - i);
    unsigned a = k.a, b = k.b;
    unsigned long long c = k.c, d = k.d;
    EXPECT_EQ(out[0], static_cast<unsigned long long>(a) + b);
    EXPECT_EQ(out[1], c + d);
    EXPECT_EQ(out[2], c - d);
    EXPECT_EQ(out[3], static_cast<unsigned long long>(a + b));
    EXPECT_EQ(out[4], static_cast<unsigned long long>(a << (b & 31)));
    EXPECT_EQ(out[5], c << (b & 63));
    EXPECT_EQ(out[6], c >> (b & 63));
    EXPECT_EQ(out[7], static_cast<unsigned long long>(static_cast<long long>(c) >> (b & 63)));
    EXPECT_EQ(out[8],
              static_cast<unsigned long long>(static_cast<int>(a) < static_cast<int>(b) ? a : b));
    EXPECT_EQ(out[9], static_cast<unsigned long long>(a > b ? a : b));
    EXPECT_EQ(out[10], static_cast<unsigned long long>((a >> 5) & 0x3ff));
    EXPECT_EQ(out[11], static_cast<unsigned long long>(__builtin_popcountll(c) +
                                                       __builtin_ctzll(d | 1) * 100));
    EXPECT_EQ(out[12], static_cast<unsigned long long>(a * b));
    EXPECT_EQ(out[13], c * d);
    EXPECT_EQ(out[14], static_cast<unsigned long long>(
                           (a == b) + 2 * (c < d) +
                           4 * (static_cast<long long>(c) < static_cast<long long>(d))));
    EXPECT_EQ(out[15],
              static_cast<unsigned long long>(__builtin_clz(a | 1) + 64 * __builtin_clzll(c | 1)));
    EXPECT_EQ(out[16], reversed);
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, BasicKernels, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
