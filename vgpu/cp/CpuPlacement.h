// Where a queue's worker thread runs, relative to the host threads that wait for it.
#pragma once

#include <chrono>

namespace vgpu::cp {

// Moves the calling thread off `cpu` when its affinity allows another CPU, and leaves that
// affinity as it was (the thread stays where it was moved to until the scheduler moves it).
// A new thread often starts on its creator's CPU, and a queue's creator is usually the thread
// that submits to it and then polls for completion. The worker and it then shared one CPU,
// each spinning out its poll while the other waited: 25 us round trips instead of 1 on a 2-CPU
// VM, for the first 10-20 ms of a process, until the load balancer moved one of them (it spares
// cache-hot threads, and a wake-up does not move one either while the idle vCPU reads as
// preempted). A negative `cpu` (unknown) changes nothing.
void leaveCpu(int cpu);

// The CPU a host thread that waits for the device was last seen on after a wake-up (-1 before
// any). The same pairing recurs after every sleep: a host thread woken from the thunk's event
// wait by a worker is placed on the worker's CPU when no CPU is idle (a busy background job,
// even at nice 19, leaves none idle), and the two then stay together, since neither sleeps
// again while copies come back to back: each 4 KiB copy cost ~23 us instead of ~1.5 (the
// host's 10 us spin, then the worker's), bench/README.md 2026-12-02.
void noteHostCpu(int cpu);
int hostCpu();

// A worker's side of it: keeps the worker off hostCpu(). check() is cheap (sched_getcpu reads
// the CPU from rseq or the vDSO) and moves at most once per kMoveInterval, so two host threads
// on two CPUs cannot have a worker bounce between them at more than that rate.
class HostCpuAvoidance {
 public:
  static constexpr auto kMoveInterval = std::chrono::milliseconds(1);
  // `now`: a clock the caller read anyway. True if it was on hostCpu() and left (or tried to:
  // leaveCpu stays when the affinity allows no other CPU).
  bool check(std::chrono::steady_clock::time_point now);

 private:
  std::chrono::steady_clock::time_point lastMove_{};
};

}  // namespace vgpu::cp
