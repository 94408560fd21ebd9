// ds_swizzle_b32 against each mode's definition in lane terms (RDNA2 ISA section 11.2
// "DS_SWIZZLE_B32"; AMDGPU assembler syntax for the mode names), on every target and wave size.
#include <functional>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

class Swizzle : public IsaTest {};

// The lane each mode reads, from the mode's meaning rather than from the bit encoding.
using SourceLane = std::function<unsigned(unsigned)>;
const SourceLane kModes[] = {
    [](unsigned i) { return (i & ~3u) + 3 - (i & 3); },          // QUAD_PERM 3,2,1,0
    [](unsigned i) { return (i & ~31u) + 15; },                  // BROADCAST 32,15
    [](unsigned i) { return (i & ~3u) + 1; },                    // BROADCAST 4,1
    [](unsigned i) { return i ^ 8u; },                           // SWAP 8
    [](unsigned i) { return (i & ~15u) + 15 - (i & 15); },       // REVERSE 16
    [](unsigned i) {                                             // BITMASK_PERM "01pip"
      return (i & ~31u) | 8u | (i & 4u) | (~i & 2u) | (i & 1u);  // bit 4 = 0, 3 = 1, 1 inverted
    },
};

TEST_P(Swizzle, EveryModeMatchesItsLaneFormula) {
  const int blocks = 2, threads = 128, n = blocks * threads;
  std::vector<int> in(n), out(7 * n, -1);
  for (int i = 0; i < n; ++i) in[i] = i * 7 + 3;
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("swizzle", "swizzle_modes", l);
  for (unsigned m = 0; m < 6; ++m)
    for (unsigned i = 0; i < static_cast<unsigned>(n); ++i)
      ASSERT_EQ(out[m * n + i], in[kModes[m](i)]) << "mode " << m << " lane " << i;
}

// A disabled source lane contributes 0 ("thread_valid"); disabled lanes keep their old value.
TEST_P(Swizzle, DisabledSourceLanesReadZero) {
  const int blocks = 2, threads = 128, n = blocks * threads;
  std::vector<int> in(n), out(7 * n, -1);
  for (int i = 0; i < n; ++i) in[i] = i * 7 + 3;
  vgpu::isa::Launch l = launch1d(blocks, threads);
  l.arg(buffer(in, "in")).arg(buffer(out, "out")).arg(n);
  run("swizzle", "swizzle_modes", l);
  for (unsigned i = 0; i < static_cast<unsigned>(n); ++i) {
    const unsigned src = kModes[1](i);
    const int want = i % 3 == 0 ? -1 : src % 3 == 0 ? 0 : in[src];
    ASSERT_EQ(out[6 * n + i], want) << "lane " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Swizzle, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
