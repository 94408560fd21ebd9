// Ballot-based stream compaction and wave votes.
#include <algorithm>
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class Votes : public IsaTest {};

TEST_P(Votes, BallotPopcountCompaction) {
  const int n = 1000;
  std::vector<int> in(n), out(n, -1);
  std::mt19937 rng(9);
  for (int& v : in) v = static_cast<int>(rng() % 100000);
  std::vector<unsigned> count(1, 0);
  vgpu::isa::Launch l = launch1d((n + 127) / 128, 128);
  l.arg(buffer(in, "in")).arg(n).arg(buffer(out, "out")).arg(buffer(count, "count"));
  run("scan", "compact_even", l);
  std::vector<int> expect;
  for (int v : in)
    if (v % 2 == 0) expect.push_back(v);
  ASSERT_EQ(count[0], expect.size());
  std::vector<int> got(out.begin(), out.begin() + count[0]);
  std::sort(got.begin(), got.end());
  std::sort(expect.begin(), expect.end());
  EXPECT_EQ(got, expect);
}

TEST_P(Votes, AnyAllCount) {
  const int threads = 256;
  unsigned wave = waveSize();
  std::vector<int> in(threads);
  for (int i = 0; i < threads; ++i)
    in[i] = (i / static_cast<int>(wave)) == 1 ? 100 : (i % 7 == 0 ? 60 : 10);
  std::vector<int> out(3 * threads / wave, -1);
  vgpu::isa::Launch l = launch1d(1, threads);
  l.arg(buffer(in, "in")).arg(50).arg(buffer(out, "out"));
  run("scan", "votes", l);
  for (unsigned w = 0; w < threads / wave; ++w) {
    int cnt = 0;
    for (unsigned k = 0; k < wave; ++k) cnt += in[w * wave + k] > 50;
    EXPECT_EQ(out[3 * w + 0], cnt > 0) << w;
    EXPECT_EQ(out[3 * w + 1], cnt == static_cast<int>(wave)) << w;
    EXPECT_EQ(out[3 * w + 2], cnt) << w;
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Votes, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
