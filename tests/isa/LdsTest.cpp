// LDS transpose, LDS and global atomics, dynamic shared memory.
#include <algorithm>
#include <climits>
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class Lds : public IsaTest {};

TEST_P(Lds, TiledTranspose) {
  const int rows = 48, cols = 64;
  std::vector<float> in(rows * cols), out(rows * cols, -1.0f);
  for (int i = 0; i < rows * cols; ++i) in[i] = static_cast<float>(i);
  vgpu::isa::Launch l;
  l.grid[0] = cols / 16;
  l.grid[1] = rows / 16;
  l.block[0] = 16;
  l.block[1] = 16;
  l.threads = 2;
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(rows).arg(cols);
  run("lds", "transpose", l);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) ASSERT_EQ(out[x * rows + y], in[y * cols + x]) << x << "," << y;
}

TEST_P(Lds, TiledMatmul) {
  const int m = 32, n = 48, k = 64;
  std::vector<float> a(m * k), b(k * n), c(m * n, -1.0f);
  for (int i = 0; i < m * k; ++i)
    a[i] = static_cast<float>(i % 7 - 3);  // small integers: exact sums
  for (int i = 0; i < k * n; ++i) b[i] = static_cast<float>(i % 5 - 2);
  vgpu::isa::Launch l;
  l.grid[0] = n / 16;
  l.grid[1] = m / 16;
  l.block[0] = 16;
  l.block[1] = 16;
  l.threads = 2;
  l.arg(buffer(a, "a")).arg(buffer(b, "b")).arg(buffer(c, "c")).arg(m).arg(n).arg(k);
  run("lds", "matmul", l);
  for (int r = 0; r < m; ++r)
    for (int col = 0; col < n; ++col) {
      float expect = 0;
      for (int i = 0; i < k; ++i) expect += a[r * k + i] * b[i * n + col];
      ASSERT_EQ(c[r * n + col], expect) << r << "," << col;
    }
}

TEST_P(Lds, HistogramWithLdsAndGlobalAtomics) {
  const int n = 10007;
  std::vector<unsigned char> data(n);
  std::mt19937 rng(11);
  for (auto& d : data) d = static_cast<unsigned char>(rng());
  std::vector<unsigned> bins(64, 0), expect(64, 0);
  for (unsigned char d : data) ++expect[d & 63];
  vgpu::isa::Launch l = launch1d(7, 96);
  l.arg(buffer(data, "data")).arg(n).arg(buffer(bins, "bins"));
  run("lds", "histogram", l);
  EXPECT_EQ(bins, expect);
}

TEST_P(Lds, GlobalAtomicsAcrossWorkgroups) {
  const int n = 1000;
  std::vector<int> in(n);
  std::mt19937 rng(5);
  for (int& v : in) v = static_cast<int>(rng() % 2001) - 1000;
  std::vector<unsigned> count(1, 0);
  std::vector<unsigned long long> sum(1, 0);
  std::vector<int> maxv(1, INT_MIN);
  std::vector<float> fsum(1, 0.0f);
  vgpu::isa::Launch l = launch1d(8, 128);
  l.threads = 2;
  l.arg(buffer(in, "in"))
      .arg(n)
      .arg(buffer(count, "count"))
      .arg(buffer(sum, "sum"))
      .arg(buffer(maxv, "max"))
      .arg(buffer(fsum, "fsum"));
  run("lds", "global_atomics", l);
  unsigned long long s = 0;
  for (int v : in) s += static_cast<unsigned long long>(static_cast<long long>(v));
  EXPECT_EQ(count[0], static_cast<unsigned>(n));
  EXPECT_EQ(sum[0], s);
  EXPECT_EQ(maxv[0], *std::max_element(in.begin(), in.end()));
  EXPECT_EQ(fsum[0], static_cast<float>(n));
}

TEST_P(Lds, DynamicSharedMemoryRotate) {
  const int blocks = 3, threads = 96;
  std::vector<int> in(blocks * threads), out(blocks * threads, 0);
  for (int i = 0; i < blocks * threads; ++i) in[i] = i * 3 + 1;
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.dynamicLds = threads * 4;
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("lds", "lds_rotate", l);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t)
      ASSERT_EQ(out[b * threads + t], in[b * threads + (t + 1) % threads]);
}

TEST_P(Lds, DynamicSharedMemoryWithPartialWorkgroup) {
  // 250 work-items in blocks of 96: hidden remainder_x is non-zero, sharing a dword with
  // group_size_x (gfx10 reads it through an SDWA word select).
  const int blocks = 3, threads = 96, items = 250;
  std::vector<int> in(items), out(items, 0);
  for (int i = 0; i < items; ++i) in[i] = i * 5 - 7;
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.gridItems[0] = items;
  l.dynamicLds = threads * 4;
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("lds", "lds_rotate", l);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads && b * threads + t < items; ++t) {
      // blockDim.x is the launch's block size, so the last block rotates over 96 slots, of which
      // only the first items - 2 * 96 were written: compare only reads of written slots.
      int src = (t + 1) % threads;
      if (b * threads + src < items) {
        ASSERT_EQ(out[b * threads + t], in[b * threads + src]) << b << "," << t;
      }
    }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Lds, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest

namespace isatest {
namespace {

class DppAtomics : public IsaTest {};

TEST_P(DppAtomics, WaveReducedAtomicsMatchSerialResults) {
  const int blocks = 4, threads = 128, n = blocks * threads;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 1001 - 500;
  std::vector<int> total(1, 0), maximum(1, -1000000);
  std::vector<unsigned> count(1, 0);
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(in, "in"))
      .arg(buffer(total, "total"))
      .arg(buffer(maximum, "max"))
      .arg(buffer(count, "count"));
  run("atomic_dpp", "atomic_sum", l);
  int sum = 0, mx = -1000000;
  for (int v : in) {
    sum += v;
    mx = std::max(mx, v);
  }
  EXPECT_EQ(total[0], sum);
  EXPECT_EQ(maximum[0], mx);
  EXPECT_EQ(count[0], static_cast<unsigned>(n));
}

TEST_P(DppAtomics, ReturnedTicketsAreAPermutation) {
  const int blocks = 3, threads = 256, n = blocks * threads;
  std::vector<unsigned> counter(1, 0), tickets(n, ~0u);
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(counter, "counter")).arg(buffer(tickets, "tickets"));
  run("atomic_dpp", "atomic_ticket", l);
  EXPECT_EQ(counter[0], static_cast<unsigned>(n));
  std::sort(tickets.begin(), tickets.end());
  for (int i = 0; i < n; ++i) ASSERT_EQ(tickets[i], static_cast<unsigned>(i));
}

INSTANTIATE_TEST_SUITE_P(AllTargets, DppAtomics, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
