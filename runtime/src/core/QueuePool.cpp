// Binding streams to a device's bounded set of AQL queues.
#include "QueuePool.h"

#include <cstdlib>

#include "Device.h"

namespace hipcore::core {

unsigned QueuePool::configuredLimit() {
  static const unsigned limit = [] {
    const char* text = std::getenv("HIPCORE_MAX_HW_QUEUES");
    if (text == nullptr) return kDefaultLimit;
    char* end = nullptr;
    unsigned long value = std::strtoul(text, &end, 10);
    if (end == text || *end != '\0' || value < 1 || value > kMaxLimit) return kDefaultLimit;
    return static_cast<unsigned>(value);
  }();
  return limit;
}

Status QueuePool::acquire(HardwareQueue*& out) {
  std::lock_guard lock(mutex_);
  HardwareQueue* leastUsed = nullptr;
  for (const auto& queue : queues_)
    if (leastUsed == nullptr || queue->users < leastUsed->users) leastUsed = queue.get();
  if ((leastUsed == nullptr || leastUsed->users > 0) && queues_.size() < configuredLimit()) {
    loader::HiddenArgValues hidden;
    // Device printf/malloc: pointers to per-device buffers, copied into every kernarg segment.
    if (Status hostcall = device_.hostcallArguments(hidden.hostcallBuffer, hidden.heap); !hostcall.ok())
      return hostcall;
    std::unique_ptr<HardwareQueue> queue;
    if (Status created = HardwareQueue::create(device_.agent(), device_.index(), errorSlot_,
                                               device_.submissionCounter(), hidden, queue);
        !created.ok())
      return created;
    queues_.push_back(std::move(queue));
    out = queues_.back().get();
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
  std::lock_guard lock(mutex_);
  return queues_.size();
}

void QueuePool::pending(std::vector<QueueFence>& out) const {
  std::lock_guard lock(mutex_);
  for (const auto& queue : queues_) {
    uint64_t end = queue->writeIndex();
    if (!queue->completedBefore(end)) out.push_back({queue.get(), end});
  }
}

void QueuePool::clear() {
  std::lock_guard lock(mutex_);
  queues_.clear();
}

}  // namespace hipcore::core
