// Kernel launch and barrier submission on an AQL queue.
#include "Stream.h"

#include <thread>

#include "trace/Settings.h"

namespace hipcore::core {

Stream::Stream(hsa::PacketQueue& queue, KernargRing ring, loader::HiddenArgValues hidden)
    : queue_(queue), ring_(ring), hidden_(hidden) {
  hidden_.queuePtr = queue.address();
}

uint64_t Stream::reserveSlot() noexcept {
  submissions_->fetch_add(1, std::memory_order_relaxed);  // before the packet can complete
  uint64_t index = queue_.reserve(1);
  // The ring is full while the packet `size` places back has not been consumed.
  for (unsigned spins = 0; index - queue_.readIndex() >= queue_.size(); ++spins) {
    if (spins > 64) std::this_thread::yield();
  }
  return index;
}

inline Status Stream::dispatch(const DeviceKernel& kernel, const loader::LaunchGeometry& geometry,
                              void* const* args, const loader::HiddenArgValues& hidden) noexcept {
  uint64_t index = reserveSlot();
  uint8_t* kernarg = ring_.slot(index);
  kernel.layout.pack(args, geometry, hidden, kernarg);
  hsa::DispatchFields fields;
  fields.dimensions = loader::KernargLayout::dimensions(geometry);
  for (int d = 0; d < 3; ++d) {
    fields.workgroupSize[d] = static_cast<uint16_t>(geometry.blockSize[d]);
    fields.gridSize[d] = geometry.gridBlocks[d] * geometry.blockSize[d];
  }
  fields.groupSegmentSize = kernel.groupSegmentSize + geometry.dynamicLdsBytes;
  fields.privateSegmentSize = kernel.privateSegmentSize;
  fields.kernelObject = kernel.kernelObject;
  fields.kernarg = kernarg;
  if (trace::enabled(trace::kTrace))  // a signal the packet processor stamps with start/end
    fields.completionSignal =
        trace::traceDispatch(traceQueue_, kernel.name, fields.gridSize, fields.workgroupSize);
  hsa::publishDispatch(queue_.slot(index), fields);
  queue_.ringDoorbell(index);
  return Status::success();
}

Status Stream::launch(const DeviceKernel& kernel, const loader::LaunchGeometry& geometry,
                      void* const* args) noexcept {
  return dispatch(kernel, geometry, args, hidden_);
}

Status Stream::launchCooperative(const DeviceKernel& kernel, const loader::LaunchGeometry& geometry,
                                 void* const* args, uint64_t gridBarrier) noexcept {
  loader::HiddenArgValues hidden = hidden_;
  hidden.multigridSync = gridBarrier;
  return dispatch(kernel, geometry, args, hidden);
}

uint64_t Stream::submitBarrier(uint64_t signal, uint64_t dependency) noexcept {
  uint64_t index = reserveSlot();
  hsa::publishBarrier(queue_.slot(index), signal, dependency);
  queue_.ringDoorbell(index);
  return index;
}

}  // namespace hipcore::core
