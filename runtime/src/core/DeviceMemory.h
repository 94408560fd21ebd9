// One GPU's memory as hipMalloc, hipHostMalloc and hipFree see it: device memory from the
// caching sub-allocator (DeviceMemoryPool.h) and the device's hipMemPool_t objects
// (DeviceMemPools.h), fine-grained host memory the GPU reaches, and hipFree.
#pragma once

#include <atomic>
#include <memory>

#include "DeviceMemPools.h"
#include "DeviceMemoryPool.h"
#include "PointerRegistry.h"
#include "Status.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class Device;

class DeviceMemory {
 public:
  DeviceMemory(Device& device, const hsa::GpuAgent& agent, PointerRegistry& pointers);
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  // hipMalloc: a block of the caching sub-allocator.
  Status allocate(size_t bytes, void*& out);
  // hipMemGetInfo: device memory not held by hipcore, and the device's size. Whole cached chunks
  // are returned first (down to the default pool's release threshold); blocks cached in chunks
  // that still hold live allocations count as held.
  void info(size_t& free, size_t& total);
  // Fine-grained host memory the GPU can access (hipHostMalloc, hipMallocManaged), recorded in
  // the pointer registry with its kind and flags.
  Status allocateHost(size_t bytes, void*& out, MemoryKind kind = MemoryKind::Host,
                      unsigned flags = 0);
  // hipFree of an allocation the pointer registry found (of this device): the device's queues
  // are synchronised first, as HIP documents; idle queues cost one load each, no packet.
  Status release(const Allocation& allocation, Chunk* chunk, uint32_t block) {
    return allocation.kind == MemoryKind::Device ? freeDeviceMemory(allocation, chunk, block)
                                                 : releaseHost(allocation);
  }
  DeviceMemoryPool& pool() { return *pool_; }
  // Whether every device allocation of this device is mapped for CPU stores (a large BAR, and
  // ROCR granted the CPU access to each; a refusal turns it off for good, so a copy never
  // writes into memory the CPU may not reach).
  bool hostWritable() const { return hostWritable_.load(std::memory_order_acquire); }
  // hipMemPool_t objects: the default pool (pool()), created ones, the current one.
  DeviceMemPools& pools() { return *pools_; }
  // hipDeviceReset, once no packet is in flight: the cache trimmed.
  void reset();

 private:
  Status freeDeviceMemory(const Allocation& allocation, Chunk* chunk, uint32_t block);
  Status releaseDeviceBlock(const Allocation& allocation, Chunk* chunk, uint32_t block);
  Status releaseHost(const Allocation& allocation);  // hipHostFree, hipFree of managed memory

  Device& device_;
  const hsa::GpuAgent& agent_;
  PointerRegistry& pointers_;
  std::atomic<bool> hostWritable_;
  std::unique_ptr<MemorySource> source_;  // ROCR's coarse-grained device pool
  std::unique_ptr<DeviceMemoryPool> pool_;
  std::unique_ptr<DeviceMemPools> pools_;
};

}  // namespace hipcore::core
