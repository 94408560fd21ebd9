// Creating a stream's queue, kernarg ring and signal, and waiting for it.
#include "Stream.h"

#include "Device.h"
#include "HsaFailure.h"
#include "Limits.h"

#include <thread>
#include <utility>

namespace hipcore::core {

Status Stream::create(Device& device, HardwareQueue& hardware, std::unique_ptr<Stream>& out,
                      unsigned flags, int priority) {
  std::unique_ptr<Stream> q(new Stream(device, hardware));
  static std::atomic<uint64_t> lastId{0};
  q->flags_ = flags;
  q->priority_ = priority;
  q->id_ = lastId.fetch_add(1, std::memory_order_relaxed) + 1;
  auto kernelSignal = hsa::Signal::createPolled(PacketSubmitter::kKernelSignalStart);
  if (!kernelSignal) return hsaFailure(kernelSignal.error(), "stream kernel signal");
  q->kernelSignal_ = std::move(kernelSignal).value();
  q->stream_ = std::make_unique<PacketSubmitter>(hardware.packets(), hardware.kernargs(),
                                                 hardware.hidden(), *device.errorSlot());
  q->stream_->countKernelsIn(q->kernelSignal_->handle());
  q->stream_->countSubmissionsIn(device.submissionCounter());
  q->stream_->identify(device.agent().agent);
  out = std::move(q);
  return Status::success();
}

Stream::~Stream() {
  clearMagic(magic_);
  {
    // The stream was synchronized; a host function still running holds its record.
    std::lock_guard lock(hostFunctionsMutex_);
    for (auto& f : hostFunctions_)
      while (!f->finished.load(std::memory_order_acquire)) std::this_thread::yield();
  }
  // Blocks freed in stream order: the stream was synchronised (or is dead), nothing uses them.
  releaseDeferred(UINT64_MAX);
  stream_.reset();
}

Status Stream::synchronize() {
  if (device_.failed()) return device_.queueFailure();
  // Nothing of this stream is pending: no barrier and no lock (an idle hipStreamSynchronize is
  // three loads and two compares).
  uint64_t end = stream_->end();
  if (!hardware_.completedBefore(end)) {
    if (!kernelsCompleted(end, /*poll=*/true) && !hardware_.waitBefore(end))
      return device_.queueFailure();
    retireHostFunctions(end);
  }
  if (hasDeferred_.load(std::memory_order_acquire)) releaseDeferred(end);
  return Status::success();
}

Status Stream::query() {
  if (device_.failed()) return device_.queueFailure();
  uint64_t end = stream_->end();
  // From the stream's own last packet when it tells (a kernel or counted barrier, an event's
  // barrier); only otherwise a barrier at the end of the queue, which may also wait for later
  // packets of other streams sharing the queue.
  if (hardware_.completedBefore(end) || kernelsCompleted(end, /*poll=*/false) ||
      eventBarrierCompleted(end) || hardware_.queryBefore(end))
    return Status::success();
  if (device_.failed()) return device_.queueFailure();
  return Status{hipErrorNotReady, {}};
}

void Stream::noteEventBarrier(uint64_t end, const std::shared_ptr<EventSignal>& event,
                              uint64_t record) {
  std::shared_ptr<EventSignal> replaced;
  {
    std::lock_guard lock(eventBarrierLock_);
    if (end <= eventBarrier_.end) return;  // a concurrent record of this stream came later
    // The same event recorded again on this stream (the usual loop) keeps its reference: no
    // reference counts to touch, which were a third of hipEventRecord's instructions.
    if (eventBarrier_.event != event) replaced = std::exchange(eventBarrier_.event, event);
    eventBarrier_.end = end;
    eventBarrier_.record = record;
  }
  // `replaced` (the previous event's signal, perhaps its last reference) goes out of the lock.
}

bool Stream::eventBarrierCompleted(uint64_t end) {
  std::shared_ptr<EventSignal> event;
  uint64_t record = 0;
  {
    std::lock_guard lock(eventBarrierLock_);
    if (eventBarrier_.end != end) return false;
    event = eventBarrier_.event;
    record = eventBarrier_.record;
  }
  if (event->records.load() != record) return false;  // recorded again since: cannot tell
  bool done = event->signal->load() == 0;
  if (event->records.load() != record) return false;  // a new record may have reset and ended it
  if (done) hardware_.noteCompleted(end);
  return done;
}

bool Stream::kernelsCompleted(uint64_t end, bool poll) {
  PacketSubmitter::KernelMark mark = stream_->kernelMark(end);
  if (!mark.lastPacketIsKernel) return false;
  const int64_t bound = PacketSubmitter::kKernelSignalStart - static_cast<int64_t>(mark.issued);
  const bool done = poll ? kernelSignal_->pollAtMost(bound) : kernelSignal_->load() <= bound;
  if (done) hardware_.noteCompleted(end);
  return done;
}

void Stream::runHostFunction(void* call) {
  auto* record = static_cast<HostFunction*>(call);
  record->fn(record->userData);
  record->finished.store(true, std::memory_order_release);
  record->gate->store(0);
}

Status Stream::enqueueHostFunction(void (*fn)(void*), void* userData) {
  if (device_.failed()) return device_.queueFailure();
  auto record = std::make_unique<HostFunction>();
  record->fn = fn;
  record->userData = userData;
  auto done = hsa::Signal::create(1);
  auto gate = hsa::Signal::create(1);
  if (!done || !gate) return hsaFailure((done ? gate : done).error(), "host function signals");
  record->done = std::move(done).value();
  record->gate = std::move(gate).value();
  if (Status ordered = device_.prepareSubmission(*this); !ordered.ok()) return ordered;
  if (auto handler = hsa::onZero(record->done->handle(), runHostFunction, record.get()); !handler)
    return hsaFailure(handler.error(), "host function");
  std::lock_guard lock(stream_->syncMutex());
  // Both barriers go in back to back so that no other submission separates them.
  if (stream_->submitBarrier(record->done->handle()) == PacketSubmitter::kFailed)
    return device_.queueFailure();
  // The gate completes the stream's kernel signal like a kernel: a synchronize right after the
  // function returned reads that signal instead of submitting and waiting for a barrier of its
  // own (on vgpu 0.4 ms; hip-tests allows 100 us).
  record->gateIndex = stream_->submitCountedBarrier(/*dependency=*/record->gate->handle());
  if (record->gateIndex == PacketSubmitter::kFailed) return device_.queueFailure();
  std::lock_guard listLock(hostFunctionsMutex_);
  hostFunctions_.push_back(std::move(record));
  hasHostFunctions_.store(true, std::memory_order_release);
  return Status::success();
}

void Stream::retireHostFunctions(uint64_t completedIndex) {
  // Every packet before `completedIndex` completed, gate barriers included: those records are
  // unused now. Usually there are none: no lock then (a stream synchronize per launch).
  if (!hasHostFunctions_.load(std::memory_order_acquire)) return;
  std::lock_guard lock(hostFunctionsMutex_);
  std::erase_if(hostFunctions_, [completedIndex](const std::unique_ptr<HostFunction>& f) {
    return f->gateIndex < completedIndex && f->finished.load(std::memory_order_acquire);
  });
  if (hostFunctions_.empty()) hasHostFunctions_.store(false, std::memory_order_relaxed);
}

}  // namespace hipcore::core

namespace hipcore::core {

Status Stream::freeInStreamOrder(const Allocation& allocation, Chunk* chunk, uint32_t block) {
  if (device_.failed()) return device_.queueFailure();
  uint64_t after = stream_->end();
  // Nothing of this stream is pending: nothing can use the block any more.
  if (hardware_.completedBefore(after))
    return releaseToPool(allocation, chunk, block, /*streamOrdered=*/true);
  std::lock_guard lock(deferredMutex_);
  deferred_.push_back({allocation, chunk, block, after});
  hasDeferred_.store(true, std::memory_order_release);
  return Status::success();
}

void* Stream::reuseFreed(size_t bytes, const DeviceMemoryPool& pool) {
  if (!hasDeferred_.load(std::memory_order_acquire)) return nullptr;
  std::lock_guard lock(deferredMutex_);
  for (auto it = deferred_.rbegin(); it != deferred_.rend(); ++it) {
    if (it->chunk == nullptr || it->chunk->pool != &pool ||
        !it->chunk->pool->reassign(it->chunk, it->block, bytes))
      continue;
    void* pointer = it->allocation.base;
    deferred_.erase(std::next(it).base());
    hasDeferred_.store(!deferred_.empty(), std::memory_order_release);
    return pointer;
  }
  return nullptr;
}

void Stream::releaseDeferred(uint64_t completedIndex) {
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
  for (const DeferredFree& f : ready)
    (void)releaseToPool(f.allocation, f.chunk, f.block, /*streamOrdered=*/true);
}

}  // namespace hipcore::core
