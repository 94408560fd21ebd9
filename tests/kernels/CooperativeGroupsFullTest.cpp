// Cooperative groups in full: thread_block_tile<N> for every N from 1 to the wave size (full
// tiles, and the partial last tile of a 48-thread block), tiles of tiles, tile votes and matches
// with lanes switched off by a data-dependent branch, coalesced groups made inside such a
// branch, run-time partitions through thread_group handles, and thread_block's shape queries.
// Every expected value is recomputed here from the rank rules, not with the header's code.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

constexpr int kTileRow = 24;
constexpr int kDivergentRow = 8;
constexpr int kCoalescedRow = 26;
constexpr int kRuntimeRow = 12;

std::vector<int> randomValues(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(0, 99);
  std::vector<int> v(n);
  for (int& x : v) x = dist(rng);
  return v;
}

// The mangled name of a kernel taking (const int*, int*).
std::string kernelName(const std::string& name) {
  return "_Z" + std::to_string(name.size()) + name + "PKiPi";
}

std::uint64_t lowBits(unsigned count) {
  return count >= 64 ? ~0ull : (1ull << count) - 1;
}
int lo32(std::uint64_t m) {
  return int(std::uint32_t(m));
}
int hi32(std::uint64_t m) {
  return int(std::uint32_t(m >> 32));
}

// The members (block ranks) of a group and the values they hold, in rank order.
struct Members {
  std::vector<unsigned> ranks;
  std::vector<int> values;
  std::uint64_t where(bool (*pred)(int)) const {
    std::uint64_t m = 0;
    for (std::size_t j = 0; j < values.size(); ++j)
      if (pred(values[j])) m |= 1ull << j;
    return m;
  }
  std::uint64_t sameAs(int v, int (*key)(int)) const {
    std::uint64_t m = 0;
    for (std::size_t j = 0; j < values.size(); ++j)
      if (key(values[j]) == key(v)) m |= 1ull << j;
    return m;
  }
};

class CooperativeGroupsFull : public IsaTest {
 protected:
  // Runs tile_rows_<n> on one block of `block` (x, y, z) threads and checks each row.
  void checkTiles(unsigned n, unsigned bx, unsigned by, unsigned bz) {
    const unsigned threads = bx * by * bz;
    std::vector<int> in = randomValues(threads, 100 + n), out(threads * kTileRow, -7);
    vgpu::isa::Launch l;
    l.block[0] = bx;
    l.block[1] = by;
    l.block[2] = bz;
    l.arg(buffer(in, "in")).arg(buffer(out, "out"));
    run("cooperative_groups_full", kernelName("tile_rows_" + std::to_string(n)), l);
    for (unsigned r = 0; r < threads; ++r) {
      const unsigned tile = r / n, k = r % n, first = tile * n;
      Members m;
      for (unsigned j = first; j < std::min(first + n, threads); ++j) {
        m.ranks.push_back(j);
        m.values.push_back(in[j]);
      }
      const unsigned count = unsigned(m.values.size());
      const int v = in[r];
      const int* row = &out[r * kTileRow];
      const std::string where = "n=" + std::to_string(n) + " rank " + std::to_string(r);
      int sum = 0, prefix = 0, mn = 1 << 30, mx = -1, runMin = 1 << 30;
      unsigned xr = 0, andBefore = ~0u;
      for (unsigned j = 0; j < count; ++j) {
        int x = m.values[j];
        sum += x;
        mn = std::min(mn, x);
        mx = std::max(mx, x);
        xr ^= unsigned(x);
        if (j < k) andBefore &= unsigned(x) | 0x100u;
        if (j <= k) {
          prefix += x;
          runMin = std::min(runMin, x);
        }
      }
      EXPECT_EQ(row[0], int(k)) << where;
      EXPECT_EQ(row[1], int(tile)) << where;
      EXPECT_EQ(row[2], int((threads + n - 1) / n)) << where;
      EXPECT_EQ(row[3], sum) << where;
      EXPECT_EQ(row[4], prefix) << where;
      EXPECT_EQ(row[5], prefix - v) << where;
      EXPECT_EQ(row[6], mn) << where;
      EXPECT_EQ(row[7], mx) << where;
      // Shuffles whose source rank exists (a partial tile has no upper members).
      unsigned src = (k * 3 + 1) % n;
      if (src < count) {
        EXPECT_EQ(row[8], m.values[src]) << where;
      }
      EXPECT_EQ(row[9], k < 1 ? v : in[r - 1]) << where;
      if (k + 2 >= n) {
        EXPECT_EQ(row[10], v) << where;
      } else if (k + 2 < count) {
        EXPECT_EQ(row[10], in[r + 2]) << where;
      }
      unsigned x = n == 1 ? k : k ^ (n / 2);
      if (x < count) {
        EXPECT_EQ(row[11], m.values[x]) << where;
      }
      std::uint64_t even = m.where([](int a) { return a % 2 == 0; });
      EXPECT_EQ(row[12], lo32(even)) << where;
      EXPECT_EQ(row[13], hi32(even)) << where;
      bool any7 = std::find(m.values.begin(), m.values.end(), 7) != m.values.end();
      EXPECT_EQ(row[14], int(any7) * 2 + 1) << where;
      std::uint64_t same = m.sameAs(v, [](int a) { return a % 3; });
      EXPECT_EQ(row[15], lo32(same)) << where;
      EXPECT_EQ(row[16], hi32(same)) << where;
      bool mixed = same == lowBits(count);
      EXPECT_EQ(row[17], 1 + 2 * int(mixed)) << where;
      EXPECT_EQ(row[18], mixed ? lo32(lowBits(count)) : 0) << where;
      EXPECT_EQ(unsigned(row[19]), xr) << where;
      EXPECT_EQ(unsigned(row[20]), andBefore) << where;
      EXPECT_EQ(row[21], runMin) << where;
      EXPECT_EQ(row[22], int(n + 1000 * n)) << where;
      EXPECT_EQ(row[23], int(k + 100 * n)) << where;
    }
  }
};

TEST_P(CooperativeGroupsFull, TilesOfEverySizeInFullTiles) {
  for (unsigned n = 1; n <= waveSize(); n *= 2) checkTiles(n, 2 * waveSize(), 1, 1);
}

// 48 threads in a 3-D block: the last wave is partial, and so is the last tile of 32 (wave32)
// or the only tile of 64 (wave64).
TEST_P(CooperativeGroupsFull, TilesOfEverySizeInA3DBlockWithAPartialTile) {
  for (unsigned n = 1; n <= waveSize(); n *= 2) checkTiles(n, 8, 3, 2);
}

TEST_P(CooperativeGroupsFull, TilesOfTiles) {
  const unsigned threads = 2 * waveSize();
  std::vector<int> in = randomValues(threads, 7), out(threads * 7, -7);
  vgpu::isa::Launch l = launch1d(1, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("cooperative_groups_full", "_Z12nested_tilesPKiPi", l);
  for (unsigned r = 0; r < threads; ++r) {
    int sum = 0;
    for (unsigned j = r / 4 * 4; j < r / 4 * 4 + 4; ++j) sum += in[j];
    const int* row = &out[r * 7];
    EXPECT_EQ(row[0], int(r % 4)) << r;
    EXPECT_EQ(row[1], int(r % 16 / 4)) << r;
    EXPECT_EQ(row[2], 4) << r;
    EXPECT_EQ(row[3], sum) << r;
    EXPECT_EQ(row[4], int(r % 2)) << r;
    EXPECT_EQ(row[5], int(r % 16 / 2 * 100 + 8)) << r;
    EXPECT_EQ(row[6], 2) << r;
  }
}

// Lanes whose value is 3 mod 4 skip the collectives; the others see only each other.
TEST_P(CooperativeGroupsFull, TileVotesAndMatchesUnderDivergence) {
  for (unsigned n : {4u, 32u}) {
    const unsigned threads = 2 * waveSize();
    std::vector<int> in = randomValues(threads, 300 + n), out(threads * kDivergentRow, -7);
    vgpu::isa::Launch l = launch1d(1, threads);
    l.arg(buffer(in, "in")).arg(buffer(out, "out"));
    run("cooperative_groups_full", kernelName("divergent_tiles_" + std::to_string(n)), l);
    for (unsigned r = 0; r < threads; ++r) {
      const int* row = &out[r * kDivergentRow];
      const std::string where = "n=" + std::to_string(n) + " rank " + std::to_string(r);
      if (in[r] % 4 == 3) {
        for (int k = 0; k < kDivergentRow; ++k) EXPECT_EQ(row[k], -1) << where;
        continue;
      }
      std::uint64_t even = 0, same = 0, active = 0;
      bool any5 = false;
      for (unsigned j = 0; j < n; ++j) {
        int x = in[r / n * n + j];
        if (x % 4 == 3) continue;
        active |= 1ull << j;
        if (x % 2 == 0) even |= 1ull << j;
        if (x % 3 == in[r] % 3) same |= 1ull << j;
        any5 |= x % 5 == 0;
      }
      EXPECT_EQ(row[0], lo32(even)) << where;
      EXPECT_EQ(row[1], hi32(even)) << where;
      EXPECT_EQ(row[2], int(any5) * 2 + 1) << where;
      EXPECT_EQ(row[3], lo32(same)) << where;
      EXPECT_EQ(row[4], hi32(same)) << where;
      EXPECT_EQ(row[5], 1) << where;
      EXPECT_EQ(row[6], lo32(active)) << where;
      EXPECT_EQ(row[7], hi32(active)) << where;
    }
  }
}

TEST_P(CooperativeGroupsFull, CoalescedGroupInsideABranch) {
  const unsigned wave = waveSize(), threads = 2 * wave;
  std::vector<int> in = randomValues(threads, 5), out(threads * kCoalescedRow, -7);
  in[3] = 42;  // some lane votes yes in any()
  vgpu::isa::Launch l = launch1d(1, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("cooperative_groups_full", "_Z9coalescedPKiPi", l);
  for (unsigned t = 0; t < threads; ++t) {
    const int* row = &out[t * kCoalescedRow];
    const std::string where = "thread " + std::to_string(t);
    if (in[t] % 4 == 3) {
      for (int k = 0; k < kCoalescedRow; ++k) EXPECT_EQ(row[k], -1) << where;
      continue;
    }
    // The group: this wave's lanes that took the branch, in lane order.
    Members m;
    for (unsigned j = t / wave * wave; j < t / wave * wave + wave; ++j)
      if (in[j] % 4 != 3) {
        m.ranks.push_back(j);
        m.values.push_back(in[j]);
      }
    const unsigned c = unsigned(m.values.size());
    const unsigned rank = unsigned(std::find(m.ranks.begin(), m.ranks.end(), t) - m.ranks.begin());
    const int v = in[t];
    EXPECT_EQ(row[0], int(c)) << where;
    EXPECT_EQ(row[1], int(rank)) << where;
    EXPECT_EQ(row[2], m.values[0]) << where;
    EXPECT_EQ(row[3], m.values[c - 1]) << where;
    EXPECT_EQ(row[4], m.values[(rank + 2) % c]) << where;
    EXPECT_EQ(row[5], rank < 1 ? v : m.values[rank - 1]) << where;
    EXPECT_EQ(row[6], rank + 3 < c ? m.values[rank + 3] : v) << where;
    std::uint64_t even = m.where([](int a) { return a % 2 == 0; });
    EXPECT_EQ(row[7], lo32(even)) << where;
    EXPECT_EQ(row[8], hi32(even)) << where;
    bool any42 = std::find(m.values.begin(), m.values.end(), 42) != m.values.end();
    EXPECT_EQ(row[9], int(any42) * 2 + 1) << where;
    std::uint64_t same = m.sameAs(v, [](int a) { return a % 3; });
    EXPECT_EQ(row[10], lo32(same)) << where;
    EXPECT_EQ(row[11], hi32(same)) << where;
    int sum = 0, prefix = 0, mx = -1;
    bool allEqual = true;
    for (unsigned j = 0; j < c; ++j) {
      sum += m.values[j];
      mx = std::max(mx, m.values[j]);
      if (j <= rank) prefix += m.values[j];
      allEqual &= m.values[j] == m.values[0];
    }
    EXPECT_EQ(row[12], sum) << where;
    EXPECT_EQ(row[13], prefix) << where;
    EXPECT_EQ(row[14], prefix - v) << where;
    EXPECT_EQ(row[15], mx) << where;
    EXPECT_EQ(row[16], 10) << where;
    const unsigned q = rank / 4, quadSize = std::min(c, q * 4 + 4) - q * 4;
    int quadSum = 0;
    for (unsigned j = q * 4; j < q * 4 + quadSize; ++j) quadSum += m.values[j];
    EXPECT_EQ(row[17], int(rank % 4)) << where;
    EXPECT_EQ(row[18], int(quadSize)) << where;
    EXPECT_EQ(row[19], int(q)) << where;
    EXPECT_EQ(row[20], int((c + 3) / 4)) << where;
    EXPECT_EQ(row[21], quadSum) << where;
    unsigned sameSide = 0, sideRank = 0;
    for (unsigned j = 0; j < c; ++j)
      if ((m.values[j] >= 50) == (v >= 50)) {
        if (j < rank) ++sideRank;
        ++sameSide;
      }
    EXPECT_EQ(row[22], int(sameSide)) << where;
    EXPECT_EQ(row[23], int(sideRank)) << where;
    EXPECT_EQ(row[24], int(allEqual) + 2) << where;
    EXPECT_EQ(row[25], lo32(lowBits(c))) << where;
  }
}

TEST_P(CooperativeGroupsFull, RuntimePartitionsThroughHandles) {
  const unsigned wave = waveSize(), threads = 48;  // 8 x 3 x 2
  std::vector<unsigned> sizes = {1, 2, 4, 8, 16, 32, 3, 0, 2 * wave};
  if (wave == 64) sizes.push_back(64);
  for (unsigned n : sizes) {
    std::vector<int> out(threads * kRuntimeRow, -7);
    vgpu::isa::Launch l;
    l.block[0] = 8;
    l.block[1] = 3;
    l.block[2] = 2;
    l.arg(buffer(out, "out")).arg(n);
    run("cooperative_groups_full", "_Z13runtime_tilesPij", l);
    const bool valid = n != 0 && (n & (n - 1)) == 0 && n <= wave;
    for (unsigned r = 0; r < threads; ++r) {
      const int* row = &out[r * kRuntimeRow];
      const std::string where = "n=" + std::to_string(n) + " rank " + std::to_string(r);
      const unsigned h = n / 2 ? n / 2 : 1;
      if (valid) {
        const unsigned first = r / n * n, count = std::min(first + n, threads) - first, k = r % n;
        const unsigned subFirst = k / h * h, subCount = std::min(subFirst + h, count) - subFirst;
        EXPECT_EQ(row[0], int(count)) << where;
        EXPECT_EQ(row[1], int(k)) << where;
        EXPECT_EQ(row[2], 3) << where;
        EXPECT_EQ(row[4], int(subCount)) << where;
        EXPECT_EQ(row[5], int(k % h)) << where;
        EXPECT_EQ(row[6], int(count * 100 + k)) << where;
      } else {
        EXPECT_EQ(row[0], 0) << where;
        EXPECT_EQ(row[2], 0) << where;
        EXPECT_EQ(row[4], 0) << where;
        EXPECT_EQ(row[6] / 100, 0) << where;
      }
      EXPECT_EQ(row[3], 4) << where;  // cg_tiled_group
      EXPECT_EQ(row[7], int(r + 1000 * threads)) << where;
      EXPECT_EQ(row[8], 8 + 30 + 200) << where;
      if (r % 3 == 0) {
        for (int k = 9; k < 12; ++k) EXPECT_EQ(row[k], -1) << where;
        continue;
      }
      // Active: this wave's threads with rank % 3 != 0.
      unsigned activeRank = 0, activeCount = 0;
      for (unsigned j = r / wave * wave; j < std::min(r / wave * wave + wave, threads); ++j)
        if (j % 3 != 0) {
          if (j < r) ++activeRank;
          ++activeCount;
        }
      const unsigned pairFirst = activeRank / 2 * 2,
                     pairSize = std::min(pairFirst + 2, activeCount) - pairFirst;
      EXPECT_EQ(row[9], int(activeRank + 100 * activeCount)) << where;
      EXPECT_EQ(row[10], int(activeRank % 2 + 100 * pairSize)) << where;
      EXPECT_EQ(row[11], 5) << where;  // cg_coalesced_group
    }
  }
}

TEST_P(CooperativeGroupsFull, ThreadBlockShape) {
  vgpu::isa::Launch l;
  l.grid[0] = 3;
  l.grid[1] = 2;
  l.block[0] = 4;
  l.block[1] = 3;
  l.block[2] = 2;
  const unsigned perBlock = 24, blocks = 6;
  std::vector<unsigned> out(blocks * perBlock * 12, 0xdeadu);
  l.arg(buffer(out, "out"));
  run("cooperative_groups_full", "_Z11block_shapePj", l);
  for (unsigned by = 0; by < 2; ++by)
    for (unsigned bx = 0; bx < 3; ++bx)
      for (unsigned tz = 0; tz < 2; ++tz)
        for (unsigned ty = 0; ty < 3; ++ty)
          for (unsigned tx = 0; tx < 4; ++tx) {
            unsigned rank = tx + 4 * ty + 12 * tz, b = by * 3 + bx;
            const unsigned* row = &out[(b * perBlock + rank) * 12];
            const unsigned want[12] = {bx, by, 0, tx, ty, tz, 40302, 40302, 24, rank, 10, 1};
            for (int k = 0; k < 12; ++k)
              EXPECT_EQ(row[k], want[k]) << "block " << b << " rank " << rank << " field " << k;
          }
}

// A non-commutative operator (joining decimal digits) shows the rank order of reduce and scan.
TEST_P(CooperativeGroupsFull, ReduceAndScanCombineInRankOrder) {
  const unsigned wave = waveSize(), threads = 2 * wave;
  std::vector<int> in = randomValues(threads, 77);
  std::vector<unsigned long long> out(threads * 3, 0);
  vgpu::isa::Launch l = launch1d(1, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("cooperative_groups_full", "_Z14ordered_reducePKiPy", l);
  auto join = [&](const std::vector<unsigned>& ranks, std::size_t count) {
    unsigned long long v = 0;
    for (std::size_t j = 0; j < count; ++j) v = v * 10 + unsigned(in[ranks[j]] % 10);
    return v;
  };
  for (unsigned t = 0; t < threads; ++t) {
    std::vector<unsigned> tile;
    for (unsigned j = t / 8 * 8; j < t / 8 * 8 + 8; ++j) tile.push_back(j);
    EXPECT_EQ(out[t * 3 + 0], join(tile, 8)) << t;
    EXPECT_EQ(out[t * 3 + 1], join(tile, t % 8 + 1)) << t;
    if (in[t] % 4 == 3) {
      EXPECT_EQ(out[t * 3 + 2], ~0ull) << t;
      continue;
    }
    std::vector<unsigned> active;
    for (unsigned j = t / wave * wave; j < t / wave * wave + wave; ++j)
      if (in[j] % 4 != 3) active.push_back(j);
    const std::size_t rank = std::find(active.begin(), active.end(), t) - active.begin();
    std::vector<unsigned> eight(active.begin() + rank / 8 * 8,
                                active.begin() + std::min(active.size(), rank / 8 * 8 + 8));
    EXPECT_EQ(out[t * 3 + 2], join(eight, eight.size())) << t;
  }
}

TEST_P(CooperativeGroupsFull, ShufflesOfStructsCharsAndDoubles) {
  const unsigned wave = waveSize(), threads = 2 * wave;
  std::vector<int> in = randomValues(threads, 78), out(threads * 6, -7);
  vgpu::isa::Launch l = launch1d(1, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out"));
  run("cooperative_groups_full", "_Z12odd_shufflesPKiPi", l);
  for (unsigned t = 0; t < threads; ++t) {
    const int* row = &out[t * 6];
    const int x = in[t ^ 1];
    EXPECT_EQ(row[0], x) << t;
    EXPECT_EQ(row[1], std::bit_cast<int>(0.5f * float(x))) << t;
    EXPECT_EQ(row[2], x) << t;
    EXPECT_EQ(row[3], -x) << t;
    EXPECT_EQ(row[4], in[t / 8 * 8 + 2] - 50) << t;
    EXPECT_EQ(row[5], t % 16 == 15 ? in[t] : in[t + 1]) << t;
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, CooperativeGroupsFull, ::testing::ValuesIn(kAllVariants),
                         variantName);

}  // namespace
}  // namespace isatest
