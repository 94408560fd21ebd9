// Grid barriers for cooperative launches: one zeroed barrier (an arrival counter and a
// generation, hip_cooperative_groups.h) per queue, in device memory the device's blocks
// reach with agent-scope atomics. A queue runs its kernels one after another, so its
// cooperative kernels can share one barrier; the barrier leaves its counter at 0 after every
// grid sync, so it needs no reset between launches.
#pragma once

#include <cstdint>
#include <mutex>

#include "Status.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class GridBarriers {
 public:
  // Barriers for this many queues doing cooperative launches at the same time.
  static constexpr int kSlots = 64;
  static constexpr uint32_t kSlotBytes = 64;  // one per cache line: no false sharing

  explicit GridBarriers(const hsa::GpuAgent& agent) : agent_(agent) {}
  ~GridBarriers();
  GridBarriers(const GridBarriers&) = delete;
  GridBarriers& operator=(const GridBarriers&) = delete;

  // The device address of `queue`'s barrier; the first call allocates and zeroes the slots.
  Status barrierFor(const void* queue, uint64_t& address);
  // The queue is gone: its slot may serve another.
  void release(const void* queue);
  // Zeroes every barrier (a device reset: a faulted kernel may have left a count behind).
  Status reset();

 private:
  Status zero();  // caller holds mutex_

  const hsa::GpuAgent& agent_;
  std::mutex mutex_;  // cooperative launches only, never the plain launch path
  void* memory_ = nullptr;
  const void* owners_[kSlots] = {};
};

}  // namespace hipcore::core
