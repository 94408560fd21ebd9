// The fault state of one GPU: CUDA's sticky error. Set from ROCR's threads (the queue-error
// callback, the memory-fault event), read by every call on the device, cleared by
// hipDeviceReset. Kept per device, with the queue that stopped, so that with several GPUs each
// names its own kernel.
#pragma once

#include <atomic>
#include <cstdint>

#include "Status.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class DeviceFaults {
 public:
  // Non-zero once a kernel faulted: the device's queues are dead and every later call fails.
  bool failed() const noexcept { return slot_.status.load(std::memory_order_relaxed) != 0; }
  // What waits on the device watch (hsa::Signal::waitForZero) to return instead of hanging.
  const std::atomic<int>* errorStatus() const { return &slot_.status; }
  // Where the device's AQL queues report their errors (hsa::AqlQueue::create).
  hsa::QueueErrorSlot& queueErrors() { return slot_; }
  // A GPU memory fault reported by ROCR's event thread: the device fails with an illegal address.
  void recordMemoryFault(uint64_t address) noexcept;
  // The sticky error of the failed device `deviceIndex`, naming the kernel (from the packet its
  // queue stopped at), the address of a memory fault and, on vgpu, its full report (workgroup,
  // wave, lane, PC, instruction).
  Status failure(int deviceIndex) const;
  // hipDeviceReset, once the device's queues are destroyed: healthy again.
  void clear() noexcept;

 private:
  uint64_t failedQueue() const;  // slot_.queue, waiting briefly for it after a memory fault

  hsa::QueueErrorSlot slot_;
  mutable std::atomic<bool> queueWaited_{false};  // failedQueue() waited once for this fault
  std::atomic<uint64_t> faultAddress_{0};         // of the memory fault, if any
};

}  // namespace hipcore::core
