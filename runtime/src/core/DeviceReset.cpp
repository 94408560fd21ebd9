// hipDeviceReset on one device: the way back from a device fault. A faulting kernel stops its
// ROCR queue for good and makes every later call fail (CUDA's sticky error); reset destroys the
// device's queues (user streams included, as CUDA destroys them), forgets the fault and lets
// the null stream's queue be created again on next use. The device's flags go back to the
// default (hipDeviceScheduleAuto, as CUDA resets the primary context's). Allocations, modules
// and events stay; the sub-allocator's cache of freed blocks is handed back.
#include "Device.h"

namespace hipcore::core {

Status Device::reset() {
  // A healthy device finishes its work first; a failed one has nothing more to finish.
  if (!failed()) {
    if (Status synced = synchronize(); !synced.ok() && !failed()) return synced;
  }
  {
    std::lock_guard lock(queuesMutex_);
    for (const auto& queue : userQueues_) gridBarriers_.release(queue.get());
    userQueues_.clear();
    retiredQueues_.clear();
  }
  {
    std::lock_guard lock(nullMutex_);
    nullReady_.store(nullptr, std::memory_order_release);
    if (nullQueue_) gridBarriers_.release(nullQueue_.get());
    nullQueue_.reset();
  }
  // Blocks hipFree held for kernels in flight: those finished (or died with the device), and
  // their fences name queues about to be destroyed. The allocator's cache of freed blocks goes
  // back to ROCR too (DeviceMemoryPool.h).
  memory_.reset();
  queuePool_.clear();  // no stream is bound any more
  {
    // Cross-queue markers belonged to the queues just destroyed.
    std::lock_guard lock(markersMutex_);
    markersRetired_ += markers_.size();
    markers_.clear();
  }
  nullSubmissions_.store(0, std::memory_order_relaxed);
  unjoinedBlocking_.store(0, std::memory_order_relaxed);
  faults_.clear();
  flags_.store(0, std::memory_order_relaxed);
  resets_.fetch_add(1, std::memory_order_release);
  // A grid barrier of a kernel that faulted mid-sync may hold a partial count.
  return gridBarriers_.reset();
}

}  // namespace hipcore::core
