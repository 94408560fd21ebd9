// cp::leaveCpu, on threads of their own (the test process's main thread keeps its affinity).
#include <gtest/gtest.h>
#include <sched.h>

#include <thread>

#include "cp/CpuPlacement.h"

namespace vgpu::cp {
namespace {

struct Placement {
  int before = -1;
  int after = -1;
  cpu_set_t allowedBefore;
  cpu_set_t allowedAfter;
};

// Runs `body` on a new thread between two looks at its CPU and affinity.
template <typename Body>
Placement onThread(Body body) {
  Placement p;
  std::thread([&] {
    sched_getaffinity(0, sizeof p.allowedBefore, &p.allowedBefore);
    p.before = sched_getcpu();
    body(p.before);
    p.after = sched_getcpu();
    sched_getaffinity(0, sizeof p.allowedAfter, &p.allowedAfter);
  }).join();
  return p;
}

TEST(CpuPlacement, LeavesTheCpuItIsGivenAndKeepsItsAffinity) {
  Placement p = onThread([](int cpu) { leaveCpu(cpu); });
  ASSERT_GE(p.before, 0);
  if (CPU_COUNT(&p.allowedBefore) >= 2)
    EXPECT_NE(p.after, p.before);
  else
    EXPECT_EQ(p.after, p.before);  // nowhere else to go
  EXPECT_TRUE(CPU_EQUAL(&p.allowedBefore, &p.allowedAfter));
}

TEST(CpuPlacement, StaysWhenItsAffinityAllowsNoOtherCpu) {
  cpu_set_t only;
  Placement p = onThread([&](int cpu) {
    CPU_ZERO(&only);
    CPU_SET(cpu, &only);
    ASSERT_EQ(sched_setaffinity(0, sizeof only, &only), 0);
    leaveCpu(cpu);
  });
  EXPECT_EQ(p.after, p.before);
  EXPECT_TRUE(CPU_EQUAL(&only, &p.allowedAfter));
}

TEST(CpuPlacement, AnUnknownCpuChangesNothing) {
  Placement p = onThread([](int) { leaveCpu(-1); });
  EXPECT_TRUE(CPU_EQUAL(&p.allowedBefore, &p.allowedAfter));
}

}  // namespace
}  // namespace vgpu::cp
