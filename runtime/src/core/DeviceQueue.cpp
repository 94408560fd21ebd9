// Creating a stream's queue, kernarg ring and signal, and waiting for it.
#include "DeviceQueue.h"

#include "Device.h"
#include "Limits.h"

namespace hipcore::core {

Status DeviceQueue::create(Device& device, std::atomic<int>& errorSlot, std::unique_ptr<DeviceQueue>& out) {
  const hsa::GpuAgent& agent = device.agent();
  std::unique_ptr<DeviceQueue> q(new DeviceQueue(device, errorSlot));
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
  loader::HiddenArgValues hidden;
  // Device printf through hostcall is opt-in (HIPCORE_HOSTCALL=1) until it is proven on vgpu:
  // without a buffer, a kernel calling printf faults instead of printing.
  if (device.hostcallEnabled()) {
    if (Status hostcall = device.hostcallBuffer(hidden.hostcallBuffer); !hostcall.ok()) return hostcall;
  }
  q->stream_ = std::make_unique<Stream>(*q->queue_, ring, hidden);
  out = std::move(q);
  return Status::success();
}

DeviceQueue::~DeviceQueue() {
  magic_ = 0;
  stream_.reset();
  queue_.reset();
  if (kernargMemory_ != nullptr) (void)hsa::release(kernargMemory_);
}

Status DeviceQueue::synchronize() {
  if (device_.failed()) return device_.queueFailure();
  std::lock_guard lock(stream_->syncMutex());
  syncSignal_->store(1);
  stream_->submitBarrier(syncSignal_->handle());
  if (syncSignal_->waitForZero(&errorSlot_) != 0) return device_.queueFailure();
  return Status::success();
}

}  // namespace hipcore::core
