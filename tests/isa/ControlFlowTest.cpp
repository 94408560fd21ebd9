// 64-bit division, private arrays and calls, divergent loops and nested branches.
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class ControlFlow : public IsaTest {};

TEST_P(ControlFlow, Int64DivisionAndRemainder) {
  std::vector<long long> a = {0,
                              1,
                              -1,
                              7,
                              -7,
                              1LL << 62,
                              -(1LL << 62),
                              123456789012345LL,
                              -987654321098765LL,
                              0x7fffffffffffffffLL,
                              1000000007LL,
                              -3,
                              5};
  std::vector<long long> b = {
      1, 3, 2, -2, 2, 12345, 7, -1000003, 65536, 3, 0x100000000LL, 0x7fffffffffffffffLL, -1};
  int n = static_cast<int>(a.size());
  std::vector<long long> out(4 * n, 0);
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(out, "out")).arg(n);
  run("int64", "div64", l);
  for (int i = 0; i < n; ++i) {
    unsigned long long ux = static_cast<unsigned long long>(a[i]),
                       uy = static_cast<unsigned long long>(b[i]);
    EXPECT_EQ(out[4 * i + 0], a[i] / b[i]) << i;
    EXPECT_EQ(out[4 * i + 1], a[i] % b[i]) << i;
    EXPECT_EQ(static_cast<unsigned long long>(out[4 * i + 2]), ux / uy) << i;
    EXPECT_EQ(static_cast<unsigned long long>(out[4 * i + 3]), ux % uy) << i;
  }
}

TEST_P(ControlFlow, PrivateArrayAndCallWithPointer) {
  const int n = 200;
  std::vector<int> idx(n), out(2 * n, 0);
  std::mt19937 rng(4);
  for (int& v : idx) v = static_cast<int>(rng() % 1000);
  vgpu::isa::Launch l = launch1d((n + 63) / 64, 64);
  l.arg(buffer(idx, "idx")).arg(buffer(out, "out")).arg(n);
  run("calls", "private_array", l);
  for (int i = 0; i < n; ++i) {
    int arr[32];
    for (int k = 0; k < 32; ++k) arr[k] = k * k + i;
    int j = idx[i] & 31;
    arr[j] += 1000;
    int s = 0;
    for (int k = 0; k < (i % 32) + 1; ++k) s += arr[k] * (k + 1);
    EXPECT_EQ(out[2 * i + 0], arr[(j * 7 + 3) & 31] + arr[j]) << i;
    EXPECT_EQ(out[2 * i + 1], s) << i;
  }
}

TEST_P(ControlFlow, SmallArrayWithDynamicIndex) {
  const int n = 100;
  std::vector<int> idx(n), out(n, 0);
  for (int i = 0; i < n; ++i) idx[i] = (i * 13) % 64;
  vgpu::isa::Launch l = launch1d(2, 64);
  l.arg(buffer(idx, "idx")).arg(buffer(out, "out")).arg(n);
  run("calls", "register_array", l);
  for (int i = 0; i < n; ++i) {
    int arr[8];
    for (int k = 0; k < 8; ++k) arr[k] = k * 10 + i;
    arr[idx[i] & 7] = -1;
    EXPECT_EQ(out[i], arr[(idx[i] >> 3) & 7]) << i;
  }
}

TEST_P(ControlFlow, FlatPointersIntoLdsAndScratch) {
  const int blocks = 2;
  std::vector<int> in(blocks * 64), out(blocks * 64, 0);
  for (int i = 0; i < blocks * 64; ++i) in[i] = i * 3 - 50;
  vgpu::isa::Launch l = launch1d(blocks, 64);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("calls", "flat_apertures", l);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < 64; ++t) {
      int u = 63 - t;  // out[t] = shared[63 - t] = 2 * priv_u[u % 4] = 6 * in[(u / 4) * 4 + u % 4]
      ASSERT_EQ(out[b * 64 + t], 6 * in[b * 64 + u]) << b << "," << t;
    }
}

TEST_P(ControlFlow, NoinlineFloatFunction) {
  const int n = 100;
  std::vector<float> x(n), out(n, 0);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 7) * 0.5f - 1.5f;  // exact products
  vgpu::isa::Launch l = launch1d(2, 64);
  l.arg(buffer(x, "x")).arg(buffer(out, "out")).arg(n);
  run("calls", "call_float", l);
  for (int i = 0; i < n; ++i) {
    float r = 0;
    for (int d = i % 5; d >= 0; --d) r = r * x[i] + static_cast<float>(d + 1);
    EXPECT_EQ(out[i], r) << i;
  }
}

TEST_P(ControlFlow, DivergentLoopsWithEarlyExit) {
  const int n = 300;
  std::vector<unsigned> in(n), out(n, 0);
  for (int i = 0; i < n; ++i) in[i] = static_cast<unsigned>(i * 37 + 1);
  in[5] = 0xffffffffu;
  in[77] = 0;  // never reaches 1: capped
  vgpu::isa::Launch l = launch1d(5, 64);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("divergence", "collatz", l);
  for (int i = 0; i < n; ++i) {
    unsigned v = in[i], steps = 0;
    while (v != 1) {
      if (v == 0xffffffffu || steps >= 500) {
        steps = 0xffffffffu;
        break;
      }
      v = (v & 1) ? 3 * v + 1 : v / 2;
      ++steps;
    }
    ASSERT_EQ(out[i], steps) << "in=" << in[i];
  }
}

TEST_P(ControlFlow, NestedBranchesAndSwitch) {
  const int n = 256;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 401 - 200;
  vgpu::isa::Launch l = launch1d(4, 64);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("divergence", "nested", l);
  for (int i = 0; i < n; ++i) {
    int v = in[i], r;
    if (v < 0) {
      r = -v;
      if (r > 100) r = 100;
    } else if (v % 3 == 0) {
      r = 0;
      for (int k = 0; k < v % 17; ++k) r += k;
    } else {
      switch (v % 4) {
        case 0:
          r = v * 2;
          break;
        case 1:
          r = v + 7;
          break;
        default:
          r = v ^ 0x55;
          break;
      }
    }
    ASSERT_EQ(out[i], r) << "in=" << v;
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, ControlFlow, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
