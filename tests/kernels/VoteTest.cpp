// __ballot, __any, __all, __activemask, __lane_id, __reduce_*_sync and __syncthreads_count/and/or
// under divergence, against host-computed masks and reductions.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class Votes : public IsaTest {};

TEST_P(Votes, BallotAnyAllActiveMaskUnderDivergence) {
  const unsigned wave = waveSize();
  std::vector<unsigned> out(wave * 7, 0);
  vgpu::isa::Launch l = launch1d(1, wave);
  l.arg(buffer(out, "out"));
  run("votes", "_Z5votesPj", l);
  std::uint64_t ballot = 0, active = 0;
  for (unsigned lane = 0; lane < wave; ++lane) {
    if (lane % 4 == 3) continue;
    active |= 1ull << lane;
    if (lane % 3 == 0) ballot |= 1ull << lane;
  }
  for (unsigned lane = 0; lane < wave; ++lane) {
    const unsigned* row = &out[lane * 7];
    EXPECT_EQ(row[0], lane);
    if (lane % 4 == 3) {
      for (int k = 1; k < 7; ++k) EXPECT_EQ(row[k], 0xffffffffu) << "inactive lane " << lane;
      continue;
    }
    EXPECT_EQ(row[1], std::uint32_t(ballot)) << lane;
    EXPECT_EQ(row[2], std::uint32_t(ballot >> 32)) << lane;
    EXPECT_EQ(row[3], 1u) << lane;
    EXPECT_EQ(row[4], 1u) << lane;
    EXPECT_EQ(row[5], std::uint32_t(active)) << lane;
    EXPECT_EQ(row[6], std::uint32_t(active >> 32)) << lane;
  }
}

TEST_P(Votes, WarpReductionsOverMasks) {
  const unsigned wave = waveSize();
  const std::uint64_t full = wave == 64 ? ~0ull : 0xffffffffull;
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> dist(-100000, 100000);
  for (std::uint64_t mask :
       {full, full & std::uint64_t{0x5555555555555555}, full & std::uint64_t{0xf0f0000000000f01}}) {
    std::vector<int> in(wave), out(wave * 8, 0);
    for (int& v : in) v = dist(rng);
    vgpu::isa::Launch l = launch1d(1, wave);
    l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(static_cast<unsigned long long>(mask));
    run("votes", "_Z10reductionsPKiPiy", l);
    std::int64_t sum = 0;
    int mn = 1 << 30, mx = -(1 << 30);
    unsigned umn = ~0u, band = ~0u, bor = 0, bxor = 0;
    for (unsigned lane = 0; lane < wave; ++lane) {
      if (!((mask >> lane) & 1)) continue;
      int v = in[lane];
      sum += v;
      mn = std::min(mn, v);
      mx = std::max(mx, v);
      umn = std::min(umn, unsigned(v));
      band &= unsigned(v);
      bor |= unsigned(v);
      bxor ^= unsigned(v);
    }
    for (unsigned lane = 0; lane < wave; ++lane) {
      const int* row = &out[lane * 8];
      if (!((mask >> lane) & 1)) {
        EXPECT_EQ(row[0], 0x7eadbeef) << lane;
        continue;
      }
      EXPECT_EQ(row[0], int(sum)) << "mask " << std::hex << mask << std::dec << " lane " << lane;
      EXPECT_EQ(row[1], mn);
      EXPECT_EQ(row[2], mx);
      EXPECT_EQ(unsigned(row[3]), unsigned(sum));
      EXPECT_EQ(unsigned(row[4]), umn);
      EXPECT_EQ(unsigned(row[5]), band);
      EXPECT_EQ(unsigned(row[6]), bor);
      EXPECT_EQ(unsigned(row[7]), bxor);
    }
  }
}

TEST_P(Votes, BlockCountAndOr) {
  const unsigned threads = 96, blocks = 3;  // several waves per block, and a partial wave64
  for (int divisor : {1, 2, 7, 97}) {
    std::vector<int> out(blocks * 4, -1);
    vgpu::isa::Launch l = launch1d(blocks, threads);
    l.arg(buffer(out, "out")).arg(divisor);
    run("votes", "_Z11block_votesPii", l);
    int count = 0;
    for (unsigned t = 0; t < threads; ++t) count += t % divisor == 0;
    for (unsigned b = 0; b < blocks; ++b) {
      EXPECT_EQ(out[b * 4 + 0], count) << "divisor " << divisor;
      EXPECT_EQ(out[b * 4 + 1] != 0, count == int(threads)) << "divisor " << divisor;
      EXPECT_EQ(out[b * 4 + 2] != 0, count > 0) << "divisor " << divisor;
      EXPECT_EQ(out[b * 4 + 3], 0);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, Votes, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
