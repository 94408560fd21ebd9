// One AQL queue of a device's queue pool (QueuePool.h) and what the streams bound to it share:
// its kernarg ring, and the barriers that tell when a prefix of its packets has completed.
//
// Every packet hipcore submits has the barrier bit, so a queue runs its packets in order and a
// stream's work is complete once every packet of the queue before its end (PacketSubmitter::end)
// has completed. A stream waiting on a shared queue may therefore also wait for another stream's
// earlier packets on it: that is the price of a bounded number of queues, and never wrong.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "PacketSubmitter.h"
#include "Status.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class HardwareQueue {
 public:
  // `errors` receives a queue error (one slot per device: a fault is sticky for the whole
  // device, as in CUDA); `hidden` are the hidden kernel arguments every launch copies.
  static Status create(const hsa::GpuAgent& agent, int deviceIndex, hsa::QueueErrorSlot& errors,
                       std::atomic<uint64_t>* submissionCounter,
                       const loader::HiddenArgValues& hidden, std::unique_ptr<HardwareQueue>& out);
  ~HardwareQueue();
  HardwareQueue(const HardwareQueue&) = delete;
  HardwareQueue& operator=(const HardwareQueue&) = delete;

  hsa::PacketQueue& packets() const { return *queue_; }
  const KernargRing& kernargs() const { return ring_; }
  const loader::HiddenArgValues& hidden() const { return hidden_; }
  uint64_t writeIndex() const noexcept { return queue_->reserve(0); }
  // The device's queue error status (0 while healthy), for submitters of this queue.
  const std::atomic<int>& errorStatus() const { return errorStatus_; }

  // True when every packet before `end` is known to have completed without submitting anything:
  // a barrier at or after `end` completed. (The read index is no proof: a packet processor may
  // move it past a packet it has fetched but not yet started, e.g. one waiting on its barrier bit.)
  bool completedBefore(uint64_t end) const noexcept {
    return end <= completedEnd_.load(std::memory_order_acquire);
  }
  // Waits until every packet before `end` has completed. One barrier serves every stream waiting
  // at the same time. False when the queue failed instead (the device's error slot is set).
  bool waitBefore(uint64_t end);
  // hipStreamQuery: whether every packet before `end` has completed; submits at most one barrier
  // per call and none while an earlier query barrier is still pending.
  bool queryBefore(uint64_t end);
  // Every packet before `end` was seen complete (a barrier, or a stream's kernel signal).
  // completedEnd_ only grows; no lock needed.
  void noteCompleted(uint64_t end) noexcept;

  // Restricts the queue to the compute units of `mask` (hsa::AqlQueue::setComputeUnitMask).
  Status setComputeUnitMask(const std::vector<uint32_t>& mask);

  // Streams bound to the queue (QueuePool, under its mutex).
  int users = 0;
  // The queue of one CU-masked stream (QueuePool::acquireDedicated): never shared, since the
  // mask belongs to the queue.
  bool dedicated = false;

 private:
  explicit HardwareQueue(std::atomic<int>& errorStatus) : errorStatus_(errorStatus) {}

  std::atomic<int>& errorStatus_;
  std::unique_ptr<hsa::AqlQueue> queue_;
  void* kernargMemory_ = nullptr;
  KernargRing ring_;
  loader::HiddenArgValues hidden_;
  std::unique_ptr<PacketSubmitter> submitter_;  // the synchronisation barriers
  std::mutex mutex_;  // one waiter submits, the others find their end passed
  std::unique_ptr<hsa::Signal> syncSignal_;
  std::unique_ptr<hsa::Signal> querySignal_;
  uint64_t queryEnd_ = 0;  // one past the last query barrier
  // One past the last packet known complete; raised with compare-and-exchange, read without lock.
  std::atomic<uint64_t> completedEnd_{0};
};

}  // namespace hipcore::core
