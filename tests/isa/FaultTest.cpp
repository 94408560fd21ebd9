// Faults are reported, never crash: out-of-bounds stores, traps, undecodable code.
#include <cstring>

#include "IsaTestSupport.h"
#include "isa/Dispatch.h"

namespace isatest {
namespace {

class Faults : public IsaTest {};

TEST_P(Faults, OutOfBoundsStoreNamesKernelLanePcInstructionAndAddress) {
  std::vector<int> out(128, -1);
  memory.add(out.data(), 100 * sizeof(int), "out[100]");  // the kernel writes 128 elements
  vgpu::isa::Launch l = launch1d(1, 128);
  l.arg(out.data()).arg(7);
  vgpu::DispatchOutcome o = tryRun("faults", "store_past_end", l);
  ASSERT_EQ(o.kind, vgpu::DispatchOutcome::Kind::memoryViolation) << o.report;
  EXPECT_EQ(o.faultAddress, reinterpret_cast<std::uint64_t>(out.data() + 100));
  unsigned wave = waveSize();
  EXPECT_NE(o.report.find("store_past_end"), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("wave " + std::to_string(100 / wave)), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("lane " + std::to_string(100 % wave)), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("PC 0x"), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("global_store"), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("out[100]"), std::string::npos) << o.report;
  for (int i = 100; i < 128; ++i) EXPECT_EQ(out[i], -1) << "the faulting store must not happen";
}

TEST_P(Faults, TrapIsReportedAsTrap) {
  std::vector<int> in(64, 0);
  in[5] = 42;
  vgpu::isa::Launch l = launch1d(1, 64);
  l.arg(buffer(in, "in"));
  vgpu::DispatchOutcome o = tryRun("faults", "trap_if", l);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::trap) << o.report;
  EXPECT_NE(o.report.find("s_trap"), std::string::npos) << o.report;
  in[5] = 0;
  EXPECT_TRUE(tryRun("faults", "trap_if", l).ok());
}

INSTANTIATE_TEST_SUITE_P(AllTargets, Faults, ::testing::ValuesIn(kAllVariants), variantName);

}  // namespace
}  // namespace isatest
