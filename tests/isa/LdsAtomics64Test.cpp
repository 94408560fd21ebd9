// The 64-bit LDS atomics (RDNA2 ISA section 11.2 DS_*_B64/U64/I64 and their _RTN forms; gfx11's
// ds_storexchg/ds_cmpstore names) replayed on the host in the order the kernel serialises them.
#include <algorithm>
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

using u64 = unsigned long long;
using i64 = long long;

class LdsAtomics64 : public IsaTest {};

// Operation k of the kernel on cell value c with item value v (and compare value e for k = 10).
u64 step(int k, u64 c, u64 v, u64 e) {
  switch (k) {
    case 0:
    case 13:
      return c & v;
    case 1:
      return c | v;
    case 2:
    case 14:
      return c ^ v;
    case 3:
      return v;
    case 4:
      return c + v;
    case 5:
      return c - v;
    case 6:
      return static_cast<u64>(std::min(static_cast<i64>(c), static_cast<i64>(v)));
    case 7:
    case 15:
      return static_cast<u64>(std::max(static_cast<i64>(c), static_cast<i64>(v)));
    case 8:
      return std::min(c, v);
    case 9:
      return std::max(c, v);
    case 10:
      return c == e ? v : c;
    case 11:
      return c >= (v & 7) ? 0 : c + 1;  // DS_INC_RTN_U64
    case 12:
      return c == 0 || c > (v & 7) ? (v & 7) : c - 1;  // DS_DEC_RTN_U64
  }
  return c;
}

TEST_P(LdsAtomics64, SerialisedSequenceMatchesHostReplay) {
  const int n = 64;
  std::mt19937_64 rng(24);
  std::vector<u64> in(n), expected(n), initial(16), olds(13 * n, 0), finals(16, 0);
  for (u64& v : in) v = rng() >> (rng() % 40);  // wide spread of magnitudes and signs
  for (u64& v : initial) v = rng();
  initial[11] = initial[12] = 3;
  for (int t = 0; t < n; ++t) expected[t] = t % 2 ? in[t - 1] : rng();  // odd items succeed
  vgpu::isa::Launch l = launch1d(1, n);
  l.arg(buffer(in, "in"))
      .arg(buffer(expected, "expected"))
      .arg(buffer(initial, "initial"))
      .arg(buffer(olds, "olds"))
      .arg(buffer(finals, "finals"));
  run("lds_atomics64", "lds_atomics64", l);
  std::vector<u64> cells = initial;
  for (int t = 0; t < n; ++t)
    for (int k = 0; k < 16; ++k) {
      if (k < 13) ASSERT_EQ(olds[k * n + t], cells[k]) << "op " << k << " item " << t;
      cells[k] = step(k, cells[k], in[t], expected[t]);
    }
  for (int k = 0; k < 16; ++k) EXPECT_EQ(finals[k], cells[k]) << "op " << k;
}

INSTANTIATE_TEST_SUITE_P(AllTargets, LdsAtomics64, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
