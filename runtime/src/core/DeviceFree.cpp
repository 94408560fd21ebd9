// hipFree of device memory without stalling the device.
//
// CUDA's hipFree waits for the whole device. hipcore never waits: when every hardware queue of
// the device has completed what was submitted to it (the common case: nothing in flight), the
// block goes back to the allocator at once; otherwise it is held, tagged with each busy queue's
// write index at the free (a fence), and released once every fence has passed. The packets
// before a fence are the only ones that can use the block: later packets were submitted after
// hipFree, when the program no longer owned the memory. Fences are checked on later hipMalloc
// calls and synchronisations (a few loads per held block); a hipMalloc that runs out of memory
// synchronises the device, releases every held block and tries again. A held block is not live
// any more for hipFree (a second free is refused) but keeps its memory counted as used by
// hipMemGetInfo until it is released: it is not available yet.
//
// hipFreeAsync follows the same idea per stream (DeviceQueue::freeInStreamOrder), where only the
// stream's own earlier packets can use the block.
#include "Device.h"

namespace hipcore::core {

Status Device::releaseDeviceBlock(const Allocation& allocation, Chunk* chunk, uint32_t block) {
  return releaseToPool(allocation, chunk, block, /*streamOrdered=*/false);
}

Status Device::freeDeviceMemory(const Allocation& allocation, Chunk* chunk, uint32_t block) {
  if (failed()) return queueFailure();
  // Nothing submitted since a full synchronisation, or every queue's packets known complete:
  // nothing can use the block.
  if (submissions_.load(std::memory_order_acquire) ==
          syncedSubmissions_.load(std::memory_order_acquire) ||
      queuePool_.idle())
    return releaseDeviceBlock(allocation, chunk, block);
  std::vector<QueueFence> fences;
  queuePool_.pending(fences);
  if (fences.empty()) return releaseDeviceBlock(allocation, chunk, block);
  std::lock_guard lock(deferredFreesMutex_);
  for (const DeferredFree& held : deferredFrees_)
    if (held.allocation.base == allocation.base)
      return fail(hipErrorInvalidValue, "hipFree(%p): already freed", allocation.base);
  deferredFrees_.push_back({allocation, chunk, block, std::move(fences)});
  hasDeferredFrees_.store(true, std::memory_order_release);
  return Status::success();
}

void Device::releaseDeferredFrees(bool wait) {
  if (!hasDeferredFrees_.load(std::memory_order_acquire)) return;
  std::vector<DeferredFree> ready;
  {
    std::lock_guard lock(deferredFreesMutex_);
    std::erase_if(deferredFrees_, [&](DeferredFree& held) {
      for (const QueueFence& fence : held.fences) {
        if (fence.queue->completedBefore(fence.end)) continue;
        if (!wait || !fence.queue->waitBefore(fence.end)) return false;
      }
      ready.push_back(std::move(held));
      return true;
    });
    hasDeferredFrees_.store(!deferredFrees_.empty(), std::memory_order_release);
  }
  for (const DeferredFree& held : ready)
    (void)releaseDeviceBlock(held.allocation, held.chunk, held.block);
}

}  // namespace hipcore::core
