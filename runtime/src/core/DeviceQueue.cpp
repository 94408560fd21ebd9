// Creating a stream's queue, kernarg ring and signal, and waiting for it.
#include "DeviceQueue.h"

#include "Device.h"
#include "Limits.h"

#include <thread>

namespace hipcore::core {

Status DeviceQueue::create(Device& device, std::atomic<int>& errorSlot, std::unique_ptr<DeviceQueue>& out,
                           unsigned flags, int priority) {
  const hsa::GpuAgent& agent = device.agent();
  std::unique_ptr<DeviceQueue> q(new DeviceQueue(device, errorSlot));
  q->flags_ = flags;
  q->priority_ = priority;
  auto queue = hsa::AqlQueue::create(agent.agent, kQueuePackets, &errorSlot);
  if (!queue) return fail(hipErrorOutOfMemory, "device %d: %s", device.index(), queue.message().c_str());
  q->queue_ = std::move(queue).value();
  KernargRing ring{nullptr, kKernargSlotBytes, 2 * q->queue_->size()};
  auto kernargs = hsa::allocate(agent.kernargPool, size_t{ring.slotBytes} * ring.slotCount);
  if (!kernargs)
    return fail(hipErrorOutOfMemory, "device %d kernarg ring: %s", device.index(), kernargs.message().c_str());
  q->kernargMemory_ = *kernargs;
  if (auto access = hsa::allowAccess(agent.agent, q->kernargMemory_); !access)
    return fail(hipErrorOutOfMemory, "device %d kernarg ring: %s", device.index(), access.message().c_str());
  ring.base = static_cast<uint8_t*>(q->kernargMemory_);
  auto signal = hsa::Signal::create(0);
  if (!signal) return fail(hipErrorOutOfMemory, "device %d: %s", device.index(), signal.message().c_str());
  q->syncSignal_ = std::move(signal).value();
  auto querySignal = hsa::Signal::create(0);
  if (!querySignal) return fail(hipErrorOutOfMemory, "device %d: %s", device.index(), querySignal.message().c_str());
  q->querySignal_ = std::move(querySignal).value();
  loader::HiddenArgValues hidden;
  // Device printf/malloc: pointers to per-device buffers, copied into every kernarg segment.
  if (Status hostcall = device.hostcallArguments(hidden.hostcallBuffer, hidden.heap); !hostcall.ok())
    return hostcall;
  q->stream_ = std::make_unique<Stream>(*q->queue_, ring, hidden);
  q->stream_->countSubmissionsIn(device.submissionCounter());
  q->stream_->identify(agent.agent);
  out = std::move(q);
  return Status::success();
}

DeviceQueue::~DeviceQueue() {
  magic_ = 0;
  {
    // The stream was synchronized; a host function still running holds its record.
    std::lock_guard lock(hostFunctionsMutex_);
    for (auto& f : hostFunctions_)
      while (!f->finished.load(std::memory_order_acquire)) std::this_thread::yield();
  }
  // Blocks freed in stream order: the stream was synchronised (or is dead), nothing uses them.
  releaseDeferred(UINT64_MAX);
  stream_.reset();
  queue_.reset();
  if (kernargMemory_ != nullptr) (void)hsa::release(kernargMemory_);
}

Status DeviceQueue::synchronize() {
  if (device_.failed()) return device_.queueFailure();
  // Nothing submitted since the last synchronisation saw everything complete: no barrier
  // needed, and no lock (an idle hipStreamSynchronize is two loads and a compare).
  if (queue_->reserve(0) == completedThrough_.load(std::memory_order_acquire)) {
    if (hasDeferred_.load(std::memory_order_acquire)) releaseDeferred(completedThrough_.load(std::memory_order_acquire));
    return Status::success();
  }
  std::lock_guard lock(stream_->syncMutex());
  if (queue_->reserve(0) == completedThrough_.load(std::memory_order_relaxed)) {
    if (hasDeferred_.load(std::memory_order_acquire)) releaseDeferred(completedThrough_.load(std::memory_order_relaxed));
    return Status::success();
  }
  syncSignal_->store(1);
  uint64_t syncIndex = stream_->submitBarrier(syncSignal_->handle());
  if (syncSignal_->waitForZero(&errorSlot_) != 0) return device_.queueFailure();
  completedThrough_.store(syncIndex + 1, std::memory_order_release);
  retireHostFunctions(syncIndex);
  if (hasDeferred_.load(std::memory_order_acquire)) releaseDeferred(syncIndex + 1);
  return Status::success();
}

Status DeviceQueue::query() {
  if (device_.failed()) return device_.queueFailure();
  std::lock_guard lock(stream_->syncMutex());
  // A barrier with a signal tells when everything before it completed. Only submit a new one
  // when work arrived since the last; give a fresh one a moment, as an idle queue passes it
  // at once.
  uint64_t next = queue_->reserve(0);
  if (next == completedThrough_.load(std::memory_order_relaxed)) return Status::success();
  if (next != queryMarker_) {
    querySignal_->store(1);
    stream_->submitBarrier(querySignal_->handle());
    queryMarker_ = next + 1;
    if (querySignal_->waitForZeroBriefly(/*microseconds=*/50)) return Status::success();
  }
  if (querySignal_->load() == 0) return Status::success();
  if (device_.failed()) return device_.queueFailure();
  return Status{hipErrorNotReady, {}};
}

void DeviceQueue::runHostFunction(void* call) {
  auto* record = static_cast<HostFunction*>(call);
  record->fn(record->userData);
  record->finished.store(true, std::memory_order_release);
  record->gate->store(0);
}

Status DeviceQueue::enqueueHostFunction(void (*fn)(void*), void* userData) {
  if (device_.failed()) return device_.queueFailure();
  auto record = std::make_unique<HostFunction>();
  record->fn = fn;
  record->userData = userData;
  auto done = hsa::Signal::create(1);
  auto gate = hsa::Signal::create(1);
  if (!done || !gate)
    return fail(hipErrorOutOfMemory, "host function signals: %s", (done ? gate : done).message().c_str());
  record->done = std::move(done).value();
  record->gate = std::move(gate).value();
  if (Status ordered = device_.prepareSubmission(*this); !ordered.ok()) return ordered;
  if (auto handler = hsa::onZero(record->done->handle(), runHostFunction, record.get()); !handler)
    return fail(hipErrorOutOfMemory, "host function: %s", handler.message().c_str());
  std::lock_guard lock(stream_->syncMutex());
  // Both barriers go in back to back so that no other submission separates them.
  stream_->submitBarrier(record->done->handle());
  record->gateIndex = stream_->submitBarrier(/*signal=*/0, /*dependency=*/record->gate->handle());
  std::lock_guard listLock(hostFunctionsMutex_);
  hostFunctions_.push_back(std::move(record));
  return Status::success();
}

void DeviceQueue::retireHostFunctions(uint64_t completedIndex) {
  // Packet `completedIndex` completed, so every gate barrier before it did: those records are
  // unused now.
  std::lock_guard lock(hostFunctionsMutex_);
  std::erase_if(hostFunctions_, [completedIndex](const std::unique_ptr<HostFunction>& f) {
    return f->gateIndex < completedIndex && f->finished.load(std::memory_order_acquire);
  });
}

}  // namespace hipcore::core

namespace hipcore::core {

Status DeviceQueue::freeInStreamOrder(const Allocation& allocation, Chunk* chunk, uint32_t block) {
  if (device_.failed()) return device_.queueFailure();
  uint64_t after = queue_->reserve(0);
  // Nothing of this stream is pending: nothing can use the block any more.
  if (after == completedThrough_.load(std::memory_order_acquire))
    return releaseToPool(allocation, chunk, block, /*streamOrdered=*/true);
  std::lock_guard lock(deferredMutex_);
  deferred_.push_back({allocation, chunk, block, after});
  hasDeferred_.store(true, std::memory_order_release);
  return Status::success();
}

void* DeviceQueue::reuseFreed(size_t bytes, const DeviceMemoryPool& pool) {
  if (!hasDeferred_.load(std::memory_order_acquire)) return nullptr;
  std::lock_guard lock(deferredMutex_);
  for (auto it = deferred_.rbegin(); it != deferred_.rend(); ++it) {
    if (it->chunk == nullptr || it->chunk->pool != &pool || !it->chunk->pool->reassign(it->chunk, it->block, bytes))
      continue;
    void* pointer = it->allocation.base;
    deferred_.erase(std::next(it).base());
    hasDeferred_.store(!deferred_.empty(), std::memory_order_release);
    return pointer;
  }
  return nullptr;
}

void DeviceQueue::releaseDeferred(uint64_t completedIndex) {
  std::vector<DeferredFree> ready;
  {
    std::lock_guard lock(deferredMutex_);
    std::erase_if(deferred_, [&](const DeferredFree& f) {
      if (f.afterIndex > completedIndex) return false;
      ready.push_back(f);
      return true;
    });
    hasDeferred_.store(!deferred_.empty(), std::memory_order_release);
  }
  for (const DeferredFree& f : ready) (void)releaseToPool(f.allocation, f.chunk, f.block, /*streamOrdered=*/true);
}

}  // namespace hipcore::core
