// Cooperative groups basics: thread_block ranks in 3-D blocks, and thread_block_tile<4/16>
// shuffles, ballots and votes against the host's view of which lanes form each tile.
#include <cstdint>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class CooperativeGroups : public IsaTest {
 protected:
  void checkTiles(unsigned size, const char* kernel) {
    const unsigned threads = 64;
    std::vector<int> in(threads), out(threads * 8, -1);
    for (unsigned i = 0; i < threads; ++i) in[i] = int((i * 5 + 3) % 11);
    vgpu::isa::Launch l = launch1d(1, threads);
    l.arg(buffer(in, "in")).arg(buffer(out, "out"));
    run("cooperative", kernel, l);
    for (unsigned i = 0; i < threads; ++i) {
      unsigned base = i / size * size, rank = i % size;
      int sum = 0, any7 = 0, allNonNegative = 1;
      std::uint32_t ballot = 0;
      for (unsigned j = 0; j < size; ++j) {
        int v = in[base + j];
        sum += v;
        any7 |= v == 7;
        allNonNegative &= v >= 0;
        if (v % 2 == 0) ballot |= 1u << j;
      }
      const int* row = &out[i * 8];
      EXPECT_EQ(row[0], int(rank)) << i;
      EXPECT_EQ(row[1], int(i / size)) << i;
      EXPECT_EQ(row[2], sum) << i;
      EXPECT_EQ(row[3], in[base]) << i;
      EXPECT_EQ(row[4], rank < 1 ? in[i] : in[i - 1]) << i;
      EXPECT_EQ(row[5], rank + 1 >= size ? in[i] : in[i + 1]) << i;
      EXPECT_EQ(std::uint32_t(row[6]), ballot) << i;
      EXPECT_EQ(row[7], any7 * 2 + allNonNegative) << i;
    }
  }
};

TEST_P(CooperativeGroups, TilesOfFour) {
  checkTiles(4, "_Z6tiles4PKiPi");
}
TEST_P(CooperativeGroups, TilesOfSixteen) {
  checkTiles(16, "_Z7tiles16PKiPi");
}

TEST_P(CooperativeGroups, ThreadRankIn3DBlock) {
  vgpu::isa::Launch l;
  l.block[0] = 4;
  l.block[1] = 3;
  l.block[2] = 2;
  l.threads = 1;
  std::vector<unsigned> out(24, 0);
  l.arg(buffer(out, "out"));
  run("cooperative", "_Z10block_rankPj", l);
  for (unsigned i = 0; i < 24; ++i) EXPECT_EQ(out[i], i * 1000 + 24) << i;
}

INSTANTIATE_TEST_SUITE_P(Variants, CooperativeGroups, ::testing::ValuesIn(kAllVariants),
                         variantName);

}  // namespace
}  // namespace isatest
