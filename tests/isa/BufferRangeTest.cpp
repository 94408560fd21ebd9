// Buffer range checking (RDNA2 ISA chapter 8, buffer "range checking"; RDNA3 ISA chapter 9):
// out-of-range lanes of a raw buffer load read 0 and their stores are dropped, as on hardware,
// and vgpu reports them as a warning; DispatchRequest::Strictness::fault (VGPU_STRICT=1) turns
// the first into a memory violation.
#include "IsaTestSupport.h"

namespace isatest {
namespace {

class BufferRange : public IsaTest {};

constexpr unsigned kItems = 96, kRecords = 256;  // bytes: elements 0..63 are in range

TEST_P(BufferRange, OutOfRangeLanesReadZeroDropStoresAndWarn) {
  std::vector<int> data(128), out(kItems, -1), stored(128);
  for (int i = 0; i < 128; ++i) data[i] = 7 * i + 1;
  for (int i = 0; i < 128; ++i) stored[i] = -3 * i;
  vgpu::isa::Launch l = launch1d(1, kItems);
  l.strictness = vgpu::DispatchRequest::Strictness::warn;
  l.arg(buffer(data, "data")).arg(kRecords).arg(buffer(out, "out")).arg(buffer(stored, "stored"));
  vgpu::DispatchOutcome o = tryRun("buffer_range", "buffer_range", l);
  ASSERT_TRUE(o.ok()) << o.report;
  for (unsigned i = 0; i < kItems; ++i)
    ASSERT_EQ(out[i], i < kRecords / 4 ? data[i] : 0) << "load lane " << i;
  for (unsigned e = 0; e < 128; ++e) {
    const bool written = e >= 32 && e < kRecords / 4;  // lanes 0..31 store to elements 32..63
    ASSERT_EQ(stored[e], written ? static_cast<int>(1000 + e - 32) : -3 * static_cast<int>(e))
        << "element " << e;
  }
  // Loads of lanes 64..95 and stores of lanes 32..95.
  EXPECT_EQ(o.warnings, 32u + 64u);
  EXPECT_NE(o.warning.find("vgpu: warning in kernel buffer_range"), std::string::npos) << o.warning;
  EXPECT_NE(o.warning.find("num_records 256"), std::string::npos) << o.warning;
}

TEST_P(BufferRange, StrictMakesTheFirstOutOfRangeLaneAFault) {
  std::vector<int> data(128, 3), out(kItems, -1), stored(128, 0);
  vgpu::isa::Launch l = launch1d(1, kItems);
  l.strictness = vgpu::DispatchRequest::Strictness::fault;
  l.arg(buffer(data, "data")).arg(kRecords).arg(buffer(out, "out")).arg(buffer(stored, "stored"));
  vgpu::DispatchOutcome o = tryRun("buffer_range", "buffer_range", l);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::memoryViolation) << o.report;
  EXPECT_NE(o.report.find("buffer access past its descriptor's range"), std::string::npos)
      << o.report;
  EXPECT_NE(o.report.find("num_records 256"), std::string::npos) << o.report;
}

TEST_P(BufferRange, InRangeAccessesDoNotWarn) {
  std::vector<int> data(128, 5), out(kItems, -1), stored(128, 0);
  vgpu::isa::Launch l = launch1d(1, kItems);
  l.strictness = vgpu::DispatchRequest::Strictness::fault;
  l.arg(buffer(data, "data")).arg(128u * 4).arg(buffer(out, "out")).arg(buffer(stored, "stored"));
  vgpu::DispatchOutcome o = tryRun("buffer_range", "buffer_range", l);
  ASSERT_TRUE(o.ok()) << o.report;
  EXPECT_EQ(o.warnings, 0u);
  EXPECT_EQ(out[kItems - 1], 5);
  EXPECT_EQ(stored[32 + kItems - 1], static_cast<int>(1000 + kItems - 1));
}

INSTANTIATE_TEST_SUITE_P(AllTargets, BufferRange, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
