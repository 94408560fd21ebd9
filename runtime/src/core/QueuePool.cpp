// Binding streams to a device's bounded set of AQL queues.
#include "QueuePool.h"

#include <algorithm>

#include "Device.h"
#include "Settings.h"

namespace hipcore::core {

unsigned QueuePool::configuredLimit() {
  return settings().maxHardwareQueues;
}

Status QueuePool::createQueue(size_t slot, HardwareQueue*& out) {
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
  queues_[slot] = std::move(queue);
  count_.store(slot + 1, std::memory_order_release);
  return Status::success();
}

Status QueuePool::acquire(HardwareQueue*& out) {
  std::lock_guard lock(mutex_);
  size_t count = count_.load(std::memory_order_relaxed);
  HardwareQueue* leastUsed = nullptr;
  size_t shared = 0;
  for (size_t i = 0; i < count; ++i) {
    if (queues_[i]->dedicated) continue;
    ++shared;
    if (leastUsed == nullptr || queues_[i]->users < leastUsed->users) leastUsed = queues_[i].get();
  }
  if ((leastUsed == nullptr || leastUsed->users > 0) && shared < configuredLimit() &&
      count < kMaxLimit) {
    if (Status created = createQueue(count, out); !created.ok()) return created;
  } else if (leastUsed != nullptr) {
    out = leastUsed;
  } else {
    return fail(hipErrorOutOfMemory, "device %d has %u hardware queues already", device_.index(),
                kMaxLimit);
  }
  ++out->users;
  return Status::success();
}

Status QueuePool::acquireDedicated(const std::vector<uint32_t>& mask, HardwareQueue*& out) {
  std::lock_guard lock(mutex_);
  size_t count = count_.load(std::memory_order_relaxed);
  out = nullptr;
  for (size_t i = 0; i < count && out == nullptr; ++i)
    if (queues_[i]->dedicated && queues_[i]->users == 0) out = queues_[i].get();
  if (out == nullptr) {
    if (count == kMaxLimit)
      return fail(hipErrorOutOfMemory, "device %d has %u hardware queues already", device_.index(),
                  kMaxLimit);
    if (Status created = createQueue(count, out); !created.ok()) return created;
    out->dedicated = true;
  }
  if (Status masked = out->setComputeUnitMask(mask); !masked.ok()) return masked;
  ++out->users;
  return Status::success();
}

Status QueuePool::lanesFor(const HardwareQueue* main, size_t count,
                           std::vector<HardwareQueue*>& out) {
  std::lock_guard lock(mutex_);
  out.clear();
  size_t total = count_.load(std::memory_order_relaxed);
  size_t shared = 0;
  bool mainShared = false;  // `main` is one of the shared queues (not a dedicated one)
  for (size_t i = 0; i < total; ++i) {
    if (queues_[i]->dedicated) continue;
    ++shared;
    mainShared |= queues_[i].get() == main;
  }
  while (shared - (mainShared ? 1 : 0) < count && shared < configuredLimit() && total < kMaxLimit) {
    HardwareQueue* created = nullptr;
    if (Status made = createQueue(total, created); !made.ok()) return made;
    ++total;
    ++shared;
  }
  for (size_t i = 0; i < total; ++i)
    if (!queues_[i]->dedicated && queues_[i].get() != main) out.push_back(queues_[i].get());
  std::stable_sort(out.begin(), out.end(), [](const HardwareQueue* a, const HardwareQueue* b) {
    return a->users < b->users;
  });
  if (out.size() > count) out.resize(count);
  return Status::success();
}

void QueuePool::release(HardwareQueue* queue) {
  std::lock_guard lock(mutex_);
  --queue->users;
}

size_t QueuePool::size() const {
  return count_.load(std::memory_order_acquire);
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
