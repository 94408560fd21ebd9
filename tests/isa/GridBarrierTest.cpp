// Grid-wide barriers need every workgroup of the grid resident at once: vgpu's workers keep
// several workgroups resident and interleave them once the running ones all wait (s_sleep).
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class GridBarrier : public IsaTest {
 protected:
  // Runs grid_phases with `blocks` blocks of 64 work-items on `threads` workers and checks
  // every phase against the host.
  void check(unsigned blocks, unsigned threads) {
    const unsigned n = 64, total = blocks * n;
    std::vector<unsigned> counter(1, 0);
    std::vector<int> data(total, -1), sums(total, -1), shifted(total, -1);
    vgpu::isa::Launch l = launch1d(blocks, n);
    l.threads = threads;
    l.arg(buffer(counter, "counter"))
        .arg(buffer(data, "data"))
        .arg(buffer(sums, "sums"))
        .arg(buffer(shifted, "shifted"));
    run("grid_barrier", "grid_phases", l);
    EXPECT_EQ(counter[0], 2 * blocks);
    std::vector<int> want(total);
    for (unsigned b = 0; b < blocks; ++b)
      for (unsigned t = 0; t < n; ++t) {
        int s = 0;
        for (unsigned k = 0; k < blocks; ++k)
          s += static_cast<int>(k * 31 + t * 7) * static_cast<int>((k + b) % 5 + 1);
        want[b * n + t] = s;
      }
    for (unsigned b = 0; b < blocks; ++b)
      for (unsigned t = 0; t < n; ++t) {
        unsigned i = b * n + t;
        ASSERT_EQ(data[i], static_cast<int>(b * 31 + t * 7)) << i;
        ASSERT_EQ(sums[i], want[i]) << "block " << b << " thread " << t;
        ASSERT_EQ(shifted[i], want[((b + 1) % blocks) * n + t] - want[i]) << i;
      }
  }
};

TEST_P(GridBarrier, SixtyFourBlocksOnTwoWorkers) {
  check(64, 2);
}
TEST_P(GridBarrier, HundredTwentyEightBlocksOnTwoWorkers) {
  check(128, 2);
}
TEST_P(GridBarrier, HundredTwentyEightBlocksOnOneWorker) {
  check(128, 1);
}
// The guarantee: kCoResidentWorkgroups workgroups, whatever the worker count.
TEST_P(GridBarrier, GuaranteedGridOnThreeWorkers) {
  check(vgpu::kCoResidentWorkgroups, 3);
}

INSTANTIATE_TEST_SUITE_P(AllTargets, GridBarrier, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
