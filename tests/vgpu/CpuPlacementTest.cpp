// cp::leaveCpu and cp::HostCpuAvoidance, on threads of their own (the test process's main thread
// keeps its affinity).
#include <gtest/gtest.h>
#include <sched.h>

#include <chrono>
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

TEST(CpuPlacement, AWorkerOnTheHostCpuLeavesItOncePerInterval) {
  bool moved = false, movedAgain = true;
  int afterMove = -1;
  Placement p = onThread([&](int cpu) {
    noteHostCpu(cpu);
    HostCpuAvoidance avoidance;
    auto now = std::chrono::steady_clock::now();
    moved = avoidance.check(now);
    afterMove = sched_getcpu();
    // Back on the host's CPU at once (as a wake-up could put it): not moved again so soon.
    cpu_set_t allowed, only;
    sched_getaffinity(0, sizeof allowed, &allowed);
    CPU_ZERO(&only);
    CPU_SET(cpu, &only);
    sched_setaffinity(0, sizeof only, &only);
    sched_setaffinity(0, sizeof allowed, &allowed);
    movedAgain = avoidance.check(now + HostCpuAvoidance::kMoveInterval / 2);
  });
  ASSERT_GE(p.before, 0);
  EXPECT_TRUE(moved);
  if (CPU_COUNT(&p.allowedBefore) >= 2)
    EXPECT_NE(afterMove, p.before);
  else
    EXPECT_EQ(afterMove, p.before);  // nowhere else to go
  EXPECT_FALSE(movedAgain);
  EXPECT_TRUE(CPU_EQUAL(&p.allowedBefore, &p.allowedAfter));
  noteHostCpu(-1);
}

TEST(CpuPlacement, AWorkerElsewhereStaysWhereItIs) {
  bool moved = true;
  Placement p = onThread([&](int cpu) {
    noteHostCpu(cpu + 1);  // another CPU (or none that exists)
    moved = HostCpuAvoidance().check(std::chrono::steady_clock::now());
    noteHostCpu(-1);
    moved = moved || HostCpuAvoidance().check(std::chrono::steady_clock::now());
  });
  EXPECT_FALSE(moved);
  EXPECT_TRUE(CPU_EQUAL(&p.allowedBefore, &p.allowedAfter));
}

}  // namespace
}  // namespace vgpu::cp
