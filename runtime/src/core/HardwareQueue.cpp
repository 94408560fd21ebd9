// Creating a pooled AQL queue with its kernarg ring, and waiting for a prefix of its packets.
#include "HardwareQueue.h"

#include "HsaFailure.h"
#include "Limits.h"

namespace hipcore::core {

Status HardwareQueue::create(const hsa::GpuAgent& agent, int deviceIndex,
                             hsa::QueueErrorSlot& errors, std::atomic<uint64_t>* submissionCounter,
                             const loader::HiddenArgValues& hidden,
                             std::unique_ptr<HardwareQueue>& out) {
  std::unique_ptr<HardwareQueue> q(new HardwareQueue(errors.status));
  auto queue = hsa::AqlQueue::create(agent.agent, kQueuePackets, &errors);
  if (!queue) return hsaFailure(queue.error(), "device " + std::to_string(deviceIndex));
  q->queue_ = std::move(queue).value();
  // Kernarg slots are tied to packet indices, so the streams sharing the queue share its ring.
  q->ring_ = KernargRing{nullptr, kKernargSlotBytes, 2 * q->queue_->size()};
  auto kernargs = hsa::allocate(agent.kernargPool, size_t{q->ring_.slotBytes} * q->ring_.slotCount);
  if (!kernargs)
    return hsaFailure(kernargs.error(), "device " + std::to_string(deviceIndex) + " kernarg ring");
  q->kernargMemory_ = *kernargs;
  if (auto access = hsa::allowAccess(agent.agent, q->kernargMemory_); !access)
    return hsaFailure(access.error(), "device " + std::to_string(deviceIndex) + " kernarg ring");
  q->ring_.base = static_cast<uint8_t*>(q->kernargMemory_);
  auto syncSignal = hsa::Signal::create(0);
  auto querySignal = hsa::Signal::create(0);
  if (!syncSignal || !querySignal)
    return hsaFailure((syncSignal ? querySignal : syncSignal).error(),
                      "device " + std::to_string(deviceIndex));
  q->syncSignal_ = std::move(syncSignal).value();
  q->querySignal_ = std::move(querySignal).value();
  q->hidden_ = hidden;
  q->submitter_ = std::make_unique<PacketSubmitter>(*q->queue_, q->ring_, hidden, errors.status);
  q->submitter_->countSubmissionsIn(submissionCounter);
  q->submitter_->identify(agent.agent);
  out = std::move(q);
  return Status::success();
}

Status HardwareQueue::setComputeUnitMask(const std::vector<uint32_t>& mask) {
  if (auto set = queue_->setComputeUnitMask(mask); !set) return hsaFailure(set.error(), "CU mask");
  return Status::success();
}

HardwareQueue::~HardwareQueue() {
  submitter_.reset();
  queue_.reset();
  if (kernargMemory_ != nullptr) (void)hsa::release(kernargMemory_);
}

void HardwareQueue::noteCompleted(uint64_t end) noexcept {
  uint64_t known = completedEnd_.load(std::memory_order_relaxed);
  while (known < end && !completedEnd_.compare_exchange_weak(known, end, std::memory_order_release,
                                                             std::memory_order_relaxed)) {
  }
}

bool HardwareQueue::waitBefore(uint64_t end) {
  if (completedBefore(end)) return true;
  std::lock_guard lock(mutex_);
  // Another stream's barrier may have covered `end` while this one waited for the mutex.
  if (completedBefore(end)) return true;
  syncSignal_->store(1);
  uint64_t barrier = submitter_->submitBarrier(syncSignal_->handle());
  if (barrier == PacketSubmitter::kFailed || syncSignal_->waitForZero(&errorStatus_) != 0)
    return false;
  noteCompleted(barrier + 1);
  return true;
}

bool HardwareQueue::queryBefore(uint64_t end) {
  if (completedBefore(end)) return true;
  std::lock_guard lock(mutex_);
  if (completedBefore(end)) return true;
  // A pending query barrier keeps its signal: a second barrier on it would let the first one's
  // completion answer for both. Until it completes, not everything before it has.
  if (querySignal_->load() != 0) return false;
  noteCompleted(queryEnd_);
  if (completedBefore(end)) return true;
  // A fresh barrier; an idle queue passes it at once, so give it a moment.
  querySignal_->store(1);
  uint64_t barrier = submitter_->submitBarrier(querySignal_->handle());
  if (barrier == PacketSubmitter::kFailed) return false;
  queryEnd_ = barrier + 1;
  if (!querySignal_->waitForZeroBriefly(/*microseconds=*/50)) return false;
  noteCompleted(queryEnd_);
  return true;
}

}  // namespace hipcore::core
