// Parked helper threads that one dispatch at a time borrows to run its workgroups.
//
// Creating and joining std::threads per dispatch cost tens of microseconds, more than an empty
// kernel's whole dispatch. A crew's helpers are created once and sleep on a futex (C++20
// atomic wait) between dispatches; the thread calling executeDispatch works as worker 0.
// Crews are taken per dispatch, not shared: dispatches from several queues running at once
// each get workers of their own, so neither waits for the other's workgroups to end and the
// co-residency guarantee (Dispatch.h, grid-wide barriers) holds for each of them.
// Crews and their threads are never destroyed: HIP 5.2.3 never calls hsa_shut_down, so queue
// threads may still dispatch while the process runs its static destructors.
// A thread keeps the crew it released last for its next dispatch (back to the shared pool when
// the thread ends): a queue's dispatches take no lock for their crew, and find its caches warm.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "isa/Workgroup.h"

namespace vgpu::isa {

class WorkerCrew {
 public:
  // One worker's share of a dispatch; must not throw.
  using Body = void (*)(void* context, unsigned worker);

  // An idle crew (a new one when all are busy); hand it back with release().
  static WorkerCrew& acquire();
  void release();

  // Makes sure workers - 1 helpers exist; returns how many workers (the caller included) can
  // run, fewer than asked only when the system refuses a thread or memory. Never throws.
  unsigned reserve(unsigned workers);

  // Runs body(context, 0) on the calling thread and body(context, k), k in [1, workers), on
  // helpers, and returns when all that started have returned. A helper that has not started
  // when worker 0 returns is skipped: the body must be a worker pulling from shared work, so
  // that worker 0 returning means nothing is left to start.
  void run(unsigned workers, Body body, void* context);

  // Storage of worker k, kept between dispatches (only worker k touches it during run).
  WorkerCache& cache(unsigned worker);

 private:
  // A helper's state word (the futex both sides wait on).
  enum : std::uint32_t { kIdle, kPosted, kRunning, kRunningWatched };
  struct Helper {
    std::atomic<std::uint32_t> state{kIdle};
    WorkerCache cache;
  };
  WorkerCrew() = default;
  void helperLoop(Helper& helper, unsigned worker);
  void finish(Helper& helper);

  std::vector<std::unique_ptr<Helper>> helpers_;
  WorkerCache callerCache_;
  // The job of the current run(), written before helpers are posted.
  Body body_ = nullptr;
  void* context_ = nullptr;
};

}  // namespace vgpu::isa
