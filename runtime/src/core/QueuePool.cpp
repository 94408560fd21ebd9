// Binding streams to a device's bounded set of AQL queues.
#include "QueuePool.h"

#include "Device.h"
#include "Settings.h"

namespace hipcore::core {

unsigned QueuePool::configuredLimit() {
  return settings().maxHardwareQueues;
}

Status QueuePool::acquire(HardwareQueue*& out) {
  std::lock_guard lock(mutex_);
  size_t count = count_.load(std::memory_order_relaxed);
  HardwareQueue* leastUsed = nullptr;
  for (size_t i = 0; i < count; ++i)
    if (leastUsed == nullptr || queues_[i]->users < leastUsed->users) leastUsed = queues_[i].get();
  if ((leastUsed == nullptr || leastUsed->users > 0) && count < configuredLimit()) {
    loader::HiddenArgValues hidden;
    // Device printf/malloc: pointers to per-device buffers, copied into every kernarg segment.
    if (Status hostcall = device_.hostcallArguments(hidden.hostcallBuffer, hidden.heap);
        !hostcall.ok())
      return hostcall;
    std::unique_ptr<HardwareQueue> queue;
    if (Status created = HardwareQueue::create(device_.agent(), device_.index(), errors_,
                                               device_.submissionCounter(), hidden, queue);
        !created.ok())
      return created;
    out = queue.get();
    queues_[count] = std::move(queue);
    count_.store(count + 1, std::memory_order_release);
  } else {
    out = leastUsed;
  }
  ++out->users;
  return Status::success();
}

void QueuePool::release(HardwareQueue* queue) {
  std::lock_guard lock(mutex_);
  --queue->users;
}

size_t QueuePool::size() const {
  return count_.load(std::memory_order_acquire);
}

void QueuePool::pending(std::vector<QueueFence>& out) const {
  size_t count = count_.load(std::memory_order_acquire);
  for (size_t i = 0; i < count; ++i) {
    uint64_t end = queues_[i]->writeIndex();
    if (!queues_[i]->completedBefore(end)) out.push_back({queues_[i].get(), end});
  }
}

bool QueuePool::idle() const noexcept {
  size_t count = count_.load(std::memory_order_acquire);
  for (size_t i = 0; i < count; ++i)
    if (!queues_[i]->completedBefore(queues_[i]->writeIndex())) return false;
  return true;
}

void QueuePool::clear() {
  std::lock_guard lock(mutex_);
  size_t count = count_.exchange(0, std::memory_order_acq_rel);
  for (size_t i = 0; i < count; ++i) queues_[i].reset();
}

}  // namespace hipcore::core
