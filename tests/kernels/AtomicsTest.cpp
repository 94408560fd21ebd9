// Every atomic of the device library under contention from many blocks on two host threads;
// final values recomputed on the host (each operation's result is independent of the order).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

// Mirrors the kernel's struct Counters (natural alignment on both sides).
struct Counters {
  int add_i;
  unsigned add_u;
  unsigned long long add_ull;
  long long sub_ll;
  float add_f;
  double add_d;
  int min_i;
  int max_i;
  unsigned long long max_ull;
  float min_f;
  double max_d;
  unsigned and_u;
  unsigned or_u;
  unsigned xor_u;
  unsigned inc_u;
  unsigned dec_u;
  int cas_i;
  int exch_i;
  int add_block;
  unsigned long long add_system;
};

class Atomics : public IsaTest {};

TEST_P(Atomics, EveryOperationUnderContention) {
  const unsigned blocks = 16, threads = 128, n = blocks * threads;
  std::vector<Counters> c(1);
  Counters& v = c[0];
  v = Counters{};
  v.min_i = 1 << 30;
  v.max_i = -(1 << 30);
  v.and_u = 0xffffffffu;
  std::vector<unsigned> seen(n + 1, 0);
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(c, "counters")).arg(buffer(seen, "exch_seen"));
  run("atomics", "_Z7contendP8CountersPj", l);

  long long sum = 0;
  unsigned xr = 0, inc = 0, dec = 0;
  for (unsigned t = 0; t < n; ++t) {
    sum += t;
    xr ^= t;
    inc = inc >= 100u ? 0u : inc + 1;
    dec = (dec == 0 || dec > 50u) ? 50u : dec - 1;
  }
  EXPECT_EQ(v.add_i, int(sum));
  EXPECT_EQ(v.add_u, 3u * n);
  EXPECT_EQ(v.add_ull, static_cast<unsigned long long>(n) << 33);
  EXPECT_EQ(v.sub_ll, -sum);
  EXPECT_EQ(v.add_f, 0.5f * n);
  EXPECT_EQ(v.add_d, 0.25 * n);
  EXPECT_EQ(v.min_i, 1000 - int(n - 1));
  EXPECT_EQ(v.max_i, 3 * int(n - 1) - 7);
  EXPECT_EQ(v.max_ull, static_cast<unsigned long long>(n - 1) << 35);
  EXPECT_EQ(v.min_f, -0.5f * (n - 1));
  EXPECT_EQ(v.max_d, 1.5 * (n - 1));
  EXPECT_EQ(v.and_u, 0u);
  EXPECT_EQ(v.or_u, (1u << 29) - 1);
  EXPECT_EQ(v.xor_u, xr);
  EXPECT_EQ(v.inc_u, inc);
  EXPECT_EQ(v.dec_u, dec);
  EXPECT_EQ(v.cas_i, int(2 * n));
  EXPECT_EQ(v.add_block, int(n));
  EXPECT_EQ(v.add_system, 2ull * n);
  // Exchange: every value stored is returned exactly once as "previous", except the last one,
  // which is still in memory; the initial 0 is returned once too.
  ASSERT_GE(v.exch_i, 1);
  ASSERT_LE(v.exch_i, int(n));
  for (unsigned value = 0; value <= n; ++value)
    EXPECT_EQ(seen[value], value == unsigned(v.exch_i) ? 0u : 1u) << "value " << value;
}

INSTANTIATE_TEST_SUITE_P(Variants, Atomics, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
