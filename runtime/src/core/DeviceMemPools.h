// A device's memory pools (hipMemPool_t): the default pool (the device's caching sub-allocator,
// which hipMalloc uses too), the pools hipMemPoolCreate made, and which one hipMallocAsync uses.
//
// A pool's DeviceMemoryPool lives as long as the device: hipMemPoolDestroy invalidates the
// handle at once, and with allocations still outstanding (CUDA allows that) retires the pool,
// which returns its memory as they are freed. A retired pool without memory is reused by the
// next hipMemPoolCreate, so frees racing with a destroy never touch freed memory and
// create/destroy cycles do not grow.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "DeviceMemoryPool.h"
#include "MemPool.h"
#include "Status.h"

namespace hipcore::core {

class DeviceMemPools {
 public:
  // `defaultMemory` is the device's sub-allocator; `source` its ROCR memory; created pools
  // share the device's `capacity` with it.
  DeviceMemPools(Device& device, DeviceMemoryPool& defaultMemory, MemorySource& source,
                 PointerRegistry& registry, size_t capacity);
  ~DeviceMemPools();
  DeviceMemPools(const DeviceMemPools&) = delete;
  DeviceMemPools& operator=(const DeviceMemPools&) = delete;

  MemPool* defaultPool() const { return default_; }
  // The pool hipMallocAsync allocates from (hipDeviceSetMemPool; the default pool at first).
  MemPool* current() const { return current_.load(std::memory_order_acquire); }
  void setCurrent(MemPool* pool) { current_.store(pool, std::memory_order_release); }

  // hipMemPoolCreate: maxBytes 0 means the device's memory.
  Status create(size_t maxBytes, MemPool*& out);
  // hipMemPoolDestroy of a created pool (the caller checked it is one of this device's).
  Status destroy(MemPool* pool);
  // Bytes every pool of the device holds from ROCR (hipMemGetInfo's used).
  size_t reservedBytes() const;
  // hipStreamSynchronize, hipEventSynchronize, hipDeviceSynchronize: pools that stream-ordered
  // frees went back to since the last call return what they hold beyond their release
  // threshold, as CUDA does at synchronisation. One load when there are none.
  void trimAtSynchronize() {
    if (trimPending_.load(std::memory_order_acquire)) trimPendingPools();
  }

 private:
  class SharedCapacity;  // the ROCR source of created pools, within the device's capacity
  void trimPendingPools();
  Device& device_;
  DeviceMemoryPool& defaultMemory_;
  PointerRegistry& registry_;
  size_t capacity_;
  std::unique_ptr<SharedCapacity> source_;
  MemPool* default_;
  std::atomic<MemPool*> current_;
  mutable std::mutex mutex_;  // guards created_ (pool creation and destruction, memory info)
  std::vector<std::unique_ptr<DeviceMemoryPool>> created_;
  std::atomic<bool> trimPending_{false};  // some pool's markTrimPending since the last trim
};

// Returns a freed device allocation to the pool that made it (Allocation::pool, Chunk::pool).
// `streamOrdered`: released by hipFreeAsync's stream order, so the pool trims to its release
// threshold at the next synchronisation (trimAtSynchronize). A retired pool trims to 0 at once.
// Inline: every hipFree of device memory ends here.
inline Status releaseToPool(const Allocation& allocation, Chunk* chunk, uint32_t block,
                            bool streamOrdered) {
  DeviceMemoryPool* pool = chunk != nullptr ? chunk->pool : allocation.pool;
  if (pool == nullptr) [[unlikely]]
    return fail(hipErrorInvalidValue, "%p: device memory of no pool", allocation.base);
  Status status = pool->release(allocation, chunk, block, /*keepLarge=*/streamOrdered);
  if (!status.ok()) return status;
  if (pool->retired()) [[unlikely]]
    pool->trimToThreshold();
  else if (streamOrdered)
    pool->markTrimPending();
  return status;
}

}  // namespace hipcore::core
