// Kernel launch and barrier submission on an AQL queue.
#include "PacketSubmitter.h"

#include <cstddef>
#include <cstring>
#include <thread>

#include "trace/Settings.h"

namespace hipcore::core {

PacketSubmitter::PacketSubmitter(hsa::PacketQueue& queue, KernargRing ring,
                                 loader::HiddenArgValues hidden, const std::atomic<int>& queueError)
    : queue_(queue),
      queueError_(queueError),
      ring_(ring),
      hidden_(hidden),
      packets_(static_cast<uint8_t*>(queue.packets())),
      size_(queue.size()) {
  hidden_.queuePtr = queue.address();
}

// Inlined into both callers: the call was a tenth of a launch's instructions.
__attribute__((always_inline)) inline bool PacketSubmitter::reserveSlot(uint64_t& index,
                                                                        uint32_t count) noexcept {
  submissions_->fetch_add(count, std::memory_order_relaxed);  // before the packet can complete
  index = queue_.reserve(count);
  // The stream's end only grows: threads launching into one stream concurrently may get here
  // out of index order. Uncontended this is one compare and one exchange.
  uint64_t end = end_.load(std::memory_order_relaxed);
  const uint64_t last = index + count - 1;
  while (end <= last && !end_.compare_exchange_weak(end, last + 1, std::memory_order_release,
                                                    std::memory_order_relaxed)) {
  }
  // The ring is full while the packet `size` places back has not been consumed. The read index
  // last seen is a lower bound of the real one: only when it says "full" is the queue asked.
  // The common case returns a constant: inlined, the callers' failure branch folds away.
  if (last - seenReadIndex_.load(std::memory_order_relaxed) < size_) return true;
  return waitForRoom(last);
}

// Out of line: the launch path reaches it only when the ring is full.
__attribute__((noinline)) bool PacketSubmitter::waitForRoom(uint64_t index) noexcept {
  for (unsigned spins = 0;; ++spins) {
    uint64_t read = queue_.readIndex();
    uint64_t seen = seenReadIndex_.load(std::memory_order_relaxed);
    while (seen < read &&
           !seenReadIndex_.compare_exchange_weak(seen, read, std::memory_order_relaxed)) {
    }
    if (index - read < size_) return true;
    // A failed queue consumes nothing more (as on hardware), so the room never comes. The slot
    // stays reserved and unwritten: the packet the queue stopped at, `size` places back, keeps
    // naming the kernel that failed (hsa::stoppedKernelObject).
    if (queueError_.load(std::memory_order_acquire) != 0) return false;
    if (spins > 64) std::this_thread::yield();
  }
}

__attribute__((always_inline)) inline bool PacketSubmitter::dispatch(
    const DeviceKernel& kernel, const loader::LaunchGeometry& geometry, void* const* args,
    const loader::HiddenArgValues& hidden) noexcept {
  const bool traced = trace::enabled(trace::kTrace);
  if (!traced)
    kernelsIssued_.fetch_add(1, std::memory_order_relaxed);  // before the slot: see kernelMark
  uint64_t index;
  if (!reserveSlot(index)) return false;
  uint8_t* kernarg = ring_.slot(index);
  kernel.layout.pack(args, geometry, hidden, kernarg);
  // The body in place (the slot is ours: its header still says invalid), then the header.
  auto* packet = static_cast<hsa::DispatchPacket*>(slot(index));
  for (int d = 0; d < 3; ++d) {
    packet->workgroupSize[d] = static_cast<uint16_t>(geometry.blockSize[d]);
    packet->gridSize[d] = geometry.gridBlocks[d] * geometry.blockSize[d];
  }
  packet->reserved0 = 0;
  packet->privateSegmentSize = kernel.privateSegmentSize;
  packet->groupSegmentSize = kernel.groupSegmentSize + geometry.dynamicLdsBytes;
  packet->kernelObject = kernel.kernelObject;
  packet->kernarg = kernarg;
  packet->reserved2 = 0;
  packet->completionSignal = kernelSignal_;
  if (traced) {  // a signal the packet processor stamps with start/end
    queue_.enableTimestamps();
    packet->completionSignal =
        trace::traceDispatch(traceQueue_, kernel.name, packet->gridSize, packet->workgroupSize);
  }
  // Dimensions: the highest one with more than one block or work-item (KernargLayout::dimensions;
  // both counts are >= 1, so their OR exceeds 1 exactly when one of them does).
  uint16_t dimensions = (geometry.gridBlocks[2] | geometry.blockSize[2]) > 1   ? 3
                        : (geometry.gridBlocks[1] | geometry.blockSize[1]) > 1 ? 2
                                                                               : 1;
  hsa::publishDispatchHeader(packet, dimensions);
  if (!traced) kernelEnd_.store(index + 1, std::memory_order_release);
  queue_.ringDoorbell(index);
  return true;
}

bool PacketSubmitter::launch(const DeviceKernel& kernel, const loader::LaunchGeometry& geometry,
                             void* const* args) noexcept {
  return dispatch(kernel, geometry, args, hidden_);
}

bool PacketSubmitter::launchCooperative(const DeviceKernel& kernel,
                                        const loader::LaunchGeometry& geometry, void* const* args,
                                        uint64_t gridBarrier) noexcept {
  loader::HiddenArgValues hidden = hidden_;
  hidden.multigridSync = gridBarrier;
  return dispatch(kernel, geometry, args, hidden);
}

bool PacketSubmitter::launchPrebuilt(const hsa::DispatchPacket* packets, uint32_t count) noexcept {
  const bool traced = trace::enabled(trace::kTrace);
  constexpr size_t kBodyOffset = offsetof(hsa::DispatchPacket, workgroupSize);
  while (count > 0) {
    const uint32_t batch = count < size_ / 2 ? count : size_ / 2;
    // One counted kernel per batch: its last packet carries the kernel signal, and with every
    // barrier bit set it completes after the others.
    if (!traced) kernelsIssued_.fetch_add(1, std::memory_order_relaxed);
    uint64_t first;
    if (!reserveSlot(first, batch)) return false;
    for (uint32_t i = 0; i < batch; ++i) {
      auto* packet = static_cast<hsa::DispatchPacket*>(slot(first + i));
      std::memcpy(reinterpret_cast<uint8_t*>(packet) + kBodyOffset,
                  reinterpret_cast<const uint8_t*>(&packets[i]) + kBodyOffset,
                  sizeof(hsa::DispatchPacket) - kBodyOffset);
    }
    if (!traced) {
      static_cast<hsa::DispatchPacket*>(slot(first + batch - 1))->completionSignal = kernelSignal_;
    }
    for (uint32_t i = 0; i < batch; ++i)
      hsa::publishDispatchHeader(static_cast<hsa::DispatchPacket*>(slot(first + i)),
                                 packets[i].setup);
    if (!traced) kernelEnd_.store(first + batch, std::memory_order_release);
    queue_.ringDoorbell(first + batch - 1);
    packets += batch;
    count -= batch;
  }
  return true;
}

bool PacketSubmitter::reserveRun(uint64_t& first, uint32_t count) noexcept {
  return reserveSlot(first, count);
}

void PacketSubmitter::publishRun(uint64_t first, const hsa::RawPacket* packets,
                                 uint32_t count) noexcept {
  for (uint32_t i = 0; i < count; ++i)
    std::memcpy(static_cast<hsa::RawPacket*>(slot(first + i))->body, packets[i].body,
                sizeof(packets[i].body));
  // In order: the packet processor stops at the first invalid header it meets.
  for (uint32_t i = 0; i < count; ++i)
    __atomic_store_n(&static_cast<hsa::RawPacket*>(slot(first + i))->firstWord,
                     packets[i].firstWord, __ATOMIC_RELEASE);
  queue_.ringDoorbell(first + count - 1);
}

uint64_t PacketSubmitter::submitBarrier(uint64_t signal, uint64_t dependency) noexcept {
  uint64_t index;
  if (!reserveSlot(index)) return kFailed;
  hsa::publishBarrier(slot(index), signal, dependency);
  queue_.ringDoorbell(index);
  return index;
}

uint64_t PacketSubmitter::submitCountedBarrier(uint64_t dependency) noexcept {
  kernelsIssued_.fetch_add(1, std::memory_order_relaxed);  // before the slot: see kernelMark
  uint64_t index;
  if (!reserveSlot(index)) return kFailed;
  hsa::publishBarrier(slot(index), kernelSignal_, dependency);
  kernelEnd_.store(index + 1, std::memory_order_release);
  queue_.ringDoorbell(index);
  return index;
}

uint64_t PacketSubmitter::submitWaitValue(const void* address, int64_t value, int64_t mask,
                                          uint32_t condition) noexcept {
  uint64_t index;
  if (!reserveSlot(index)) return kFailed;
  hsa::publishBarrierValue(slot(index), address, value, mask, condition, 0);
  queue_.ringDoorbell(index);
  return index;
}

}  // namespace hipcore::core
