// A device's bounded pool of AQL queues, shared by all its streams.
//
// Each hardware queue costs the GPU a hardware queue descriptor the scheduler maps in and out
// (oversubscription slows every queue of the process), the driver a doorbell page, and hipcore a
// 256-packet ring plus a 2 MiB kernarg ring. So streams do not own queues: a stream is bound, at
// creation, to the least-used queue of its device, and a new queue is created (lazily) only while
// the pool holds fewer than its limit. clr follows the same idea (GPU_MAX_HW_QUEUES, 4 per
// device, bound by least use); hipcore's limit is 4 as well, HIPCORE_MAX_HW_QUEUES=1..64 changes
// it. Stream priorities share the pool (hipcore does not program queue priorities).
// Queues live until hipDeviceReset; a stream's destruction only unbinds it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "HardwareQueue.h"
#include "SpinLock.h"
#include "Status.h"

namespace hipcore::core {

class Device;

class QueuePool {
 public:
  static constexpr unsigned kDefaultLimit = 4;
  static constexpr unsigned kMaxLimit = 64;
  // The limit of every device's pool: HIPCORE_MAX_HW_QUEUES (core/Settings.h), 1..64, default 4.
  static unsigned configuredLimit();

  QueuePool(Device& device, hsa::QueueErrorSlot& errors) : device_(device), errors_(errors) {}
  // The queue a new stream is bound to: one no stream uses, else a new one while the pool is
  // below its limit, else the one with the fewest streams (the oldest of them on a tie).
  Status acquire(HardwareQueue*& out);
  // A queue for one stream alone, limited to the compute units of `mask` (a CU-masked stream):
  // a dedicated queue no stream uses any more, else a new one (they count against kMaxLimit, not
  // against the shared limit).
  Status acquireDedicated(const std::vector<uint32_t>& mask, HardwareQueue*& out);
  // Up to `count` shared queues other than `main`, the least used first, creating queues while
  // the pool is below its limit: the lanes an executable graph runs its independent branches on
  // (graph/GraphLanes.h). They bind no stream; fewer than `count` only when the limit is lower.
  Status lanesFor(const HardwareQueue* main, size_t count, std::vector<HardwareQueue*>& out);
  // Submissions whose packets on several queues wait for each other (a graph launch on lanes)
  // reserve their slots under this lock: any two of them are then in the same order on every
  // queue they share, so neither can wait for a packet queued behind the other's. Held for a
  // few atomic operations per queue; nothing else takes it.
  SpinLock& spanLock() { return spanLock_; }
  // A stream bound to `queue` went away; the queue stays for later streams.
  void release(HardwareQueue* queue);
  // Hardware queues created so far (tests check the bound).
  size_t size() const;
  // Whether every queue completed what was submitted to it (hipFree's common case: no lock, a
  // few loads per queue).
  bool idle() const noexcept;
  // Destroys every queue (hipDeviceReset, once no stream is bound).
  void clear();

 private:
  Status createQueue(size_t slot, HardwareQueue*& out);  // under mutex_
  Device& device_;
  hsa::QueueErrorSlot& errors_;
  std::mutex mutex_;  // stream creation and destruction, never the launch path
  // Only appended to (under mutex_) until clear(): readers take count_ entries without the lock.
  std::array<std::unique_ptr<HardwareQueue>, kMaxLimit> queues_;
  std::atomic<size_t> count_{0};
  SpinLock spanLock_;
};

}  // namespace hipcore::core
