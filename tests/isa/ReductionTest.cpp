// Wave and block reductions: ds_bpermute shuffles, DPP, LDS trees, readfirstlane.
#include <random>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class Reductions : public IsaTest {};

std::vector<int> randomInts(int n, int lo, int hi, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<int> v(n);
  for (int& x : v) x = d(rng);
  return v;
}

TEST_P(Reductions, ShuffleReductionWithBpermute) {
  const int blocks = 6, threads = 128;
  std::vector<int> in = randomInts(blocks * threads, -1000, 1000, 1);
  std::vector<int> out(blocks, 0);
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("reduce", "reduce_shuffle", l);
  for (int b = 0; b < blocks; ++b) {
    int expect = 0;
    for (int t = 0; t < threads; ++t) expect += in[b * threads + t];
    EXPECT_EQ(out[b], expect) << "block " << b;
  }
}

TEST_P(Reductions, LdsTreeReduction) {
  const int blocks = 5;
  std::vector<float> in(blocks * 256), out(blocks, -1.0f);
  for (std::size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<float>(static_cast<int>(i * 7919 % 201) - 100);
  vgpu::isa::Launch l = launch1d(blocks, 256);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("reduce", "reduce_lds", l);
  for (int b = 0; b < blocks; ++b) {
    float expect = 0;  // small integers: every partial sum is exact in any order
    for (int t = 0; t < 256; ++t) expect += in[b * 256 + t];
    EXPECT_EQ(out[b], expect) << "block " << b;
  }
}

TEST_P(Reductions, DppRowScanAndReadlane) {
  const int blocks = 2, threads = 128;
  unsigned wave = waveSize();
  std::vector<int> in = randomInts(blocks * threads, -50, 50, 2);
  std::vector<int> out(blocks * threads + blocks * threads / wave, 0);
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("reduce", "reduce_dpp", l);
  for (int i = 0; i < blocks * threads; ++i) {
    int expect = 0;
    for (int k = i & ~15; k <= i; ++k) expect += in[k];
    ASSERT_EQ(out[i], expect) << "lane " << i;
  }
  for (unsigned w = 0; w < blocks * threads / wave; ++w) {
    int expect = 0;
    for (unsigned k = 0; k < wave; ++k) expect += in[w * wave + k];
    EXPECT_EQ(out[blocks * threads + w], expect) << "wave " << w;
  }
}

TEST_P(Reductions, DppPatternsAndFirstActiveLane) {
  const int blocks = 2, threads = 64;
  unsigned wave = waveSize();
  std::vector<int> in = randomInts(blocks * threads, 0, 1 << 20, 3);
  std::vector<int> out(4 * blocks * threads, -1);
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("reduce", "dpp_patterns", l);
  for (int i = 0; i < blocks * threads; ++i) {
    int t = i % threads, waveStart = i - static_cast<int>(t % wave);
    EXPECT_EQ(out[4 * i + 0], in[(i & ~3) | (3 - (i & 3))]) << i;
    EXPECT_EQ(out[4 * i + 1], in[(i & ~15) | (15 - (i & 15))]) << i;
    EXPECT_EQ(out[4 * i + 2], in[waveStart]) << i;
    int first = waveStart;
    while ((first % threads) % 3 != 1) ++first;
    EXPECT_EQ(out[4 * i + 3], t % 3 == 1 ? in[first] : 0) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Reductions, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
