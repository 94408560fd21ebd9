// LDS accesses beyond the workgroup's allocation: dropped as on hardware (reads return 0,
// stores and atomics change nothing, nothing else in LDS is touched), each lane counted as a
// warning; DispatchRequest::Strictness::fault (VGPU_STRICT=1) makes the first a memory violation.
#include "IsaTestSupport.h"

namespace isatest {
namespace {

class LdsRange : public IsaTest {};

constexpr unsigned kLanes = 96, kTileInts = 64;  // the kernel's __shared__ int tile[64]

TEST_P(LdsRange, AccessesPastTheAllocationAreDroppedAndWarn) {
  std::vector<int> out(kLanes, -1), old(kLanes, -1), tile(kTileInts, -1);
  vgpu::isa::Launch l = launch1d(1, kLanes);
  l.strictness = vgpu::DispatchRequest::Strictness::warn;
  l.arg(buffer(out, "out")).arg(buffer(old, "old")).arg(buffer(tile, "tile"));
  vgpu::DispatchOutcome o = tryRun("lds_range", "lds_range", l);
  ASSERT_TRUE(o.ok()) << o.report;
  for (unsigned i = 0; i < kLanes; ++i) {
    const bool inside = i < kTileInts;
    ASSERT_EQ(old[i], inside ? static_cast<int>(1000 + i) : 0) << "ds_add_rtn lane " << i;
    ASSERT_EQ(out[i], inside ? static_cast<int>(1001 + i) : 0) << "ds_read lane " << i;
  }
  // The dropped stores and adds of lanes 64..95 did not land anywhere in the tile.
  for (unsigned i = 0; i < kTileInts; ++i) ASSERT_EQ(tile[i], static_cast<int>(1001 + i)) << i;
  // Lanes 64..95, three accesses each.
  EXPECT_EQ(o.warnings, 3u * (kLanes - kTileInts));
  EXPECT_NE(o.warning.find("vgpu: warning in kernel lds_range"), std::string::npos) << o.warning;
  EXPECT_NE(o.warning.find("LDS access beyond the workgroup's 256 bytes"), std::string::npos)
      << o.warning;
}

TEST_P(LdsRange, StrictMakesTheFirstAccessPastTheAllocationAFault) {
  std::vector<int> out(kLanes, -1), old(kLanes, -1), tile(kTileInts, -1);
  vgpu::isa::Launch l = launch1d(1, kLanes);
  l.strictness = vgpu::DispatchRequest::Strictness::fault;
  l.arg(buffer(out, "out")).arg(buffer(old, "old")).arg(buffer(tile, "tile"));
  vgpu::DispatchOutcome o = tryRun("lds_range", "lds_range", l);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::memoryViolation) << o.report;
  EXPECT_NE(o.report.find("4-byte LDS access beyond the workgroup's 256 bytes"), std::string::npos)
      << o.report;
}

INSTANTIATE_TEST_SUITE_P(AllTargets, LdsRange, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
