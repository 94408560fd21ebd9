// leaveCpu: one affinity change away from a CPU and one back; the host-CPU hint and the
// worker's check against it.
#include "cp/CpuPlacement.h"

#include <sched.h>

#include <atomic>

namespace vgpu::cp {
namespace {

std::atomic<int> lastHostCpu{-1};

}  // namespace

void leaveCpu(int cpu) {
  cpu_set_t allowed;
  if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  if (!CPU_ISSET(cpu, &allowed) || CPU_COUNT(&allowed) < 2) return;
  cpu_set_t elsewhere = allowed;
  CPU_CLR(cpu, &elsewhere);
  if (sched_setaffinity(0, sizeof elsewhere, &elsewhere) != 0) return;  // moves the thread now
  sched_setaffinity(0, sizeof allowed, &allowed);
}

void noteHostCpu(int cpu) {
  if (lastHostCpu.load(std::memory_order_relaxed) != cpu)
    lastHostCpu.store(cpu, std::memory_order_relaxed);  // no store (and line transfer) if same
}

int hostCpu() {
  return lastHostCpu.load(std::memory_order_relaxed);
}

bool HostCpuAvoidance::check(std::chrono::steady_clock::time_point now) {
  const int host = hostCpu();
  if (host < 0 || sched_getcpu() != host) return false;
  if (lastMove_ != std::chrono::steady_clock::time_point{} && now - lastMove_ < kMoveInterval)
    return false;
  lastMove_ = now;
  leaveCpu(host);
  return true;
}

}  // namespace vgpu::cp
