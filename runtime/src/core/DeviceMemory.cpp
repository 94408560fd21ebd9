// One GPU's memory as hipMalloc, hipHostMalloc and hipFree see it (DeviceMemory.h).
//
// hipFree of device memory synchronises the device first when anything is in flight, as HIP
// documents ("an implicit hipDeviceSynchronize") and CUDA does: a program may rely on it to
// order later host reads of results the device wrote. With every queue idle (the common case:
// a few loads, no packet) the block goes back to the allocator at once. hipFreeAsync is the
// non-blocking form (Stream::freeInStreamOrder: released once the stream's earlier packets
// completed).
#include "DeviceMemory.h"

#include "Device.h"
#include "HsaFailure.h"

namespace hipcore::core {
namespace {

// Chunks and large allocations of the sub-allocator come from the agent's device pool. On a
// large BAR each is also opened to the CPU (DeviceCopies writes small pageable copies with the
// CPU); where ROCR refuses, `hostWritable` goes false and copies take the DMA path.
class RocrDeviceMemory final : public MemorySource {
 public:
  RocrDeviceMemory(const hsa::GpuAgent& agent, std::atomic<bool>& hostWritable)
      : agent_(agent), hostWritable_(hostWritable) {}
  void* allocate(size_t bytes) override {
    auto pointer = hsa::allocate(agent_.devicePool, bytes);
    if (!pointer) return nullptr;
    if (hostWritable_.load(std::memory_order_relaxed) &&
        !hsa::allowAccess(agent_.cpuAgent, *pointer))
      hostWritable_.store(false, std::memory_order_release);
    return *pointer;
  }
  void release(void* pointer) override { (void)hsa::release(pointer); }

 private:
  const hsa::GpuAgent& agent_;
  std::atomic<bool>& hostWritable_;
};

}  // namespace

DeviceMemory::DeviceMemory(Device& device, const hsa::GpuAgent& agent, PointerRegistry& pointers)
    : device_(device),
      agent_(agent),
      pointers_(pointers),
      hostWritable_(agent.properties.hostAccessesDeviceMemory),
      source_(std::make_unique<RocrDeviceMemory>(agent, hostWritable_)),
      pool_(std::make_unique<DeviceMemoryPool>(*source_, pointers, device.index(),
                                               agent.properties.globalMemoryBytes)),
      pools_(std::make_unique<DeviceMemPools>(device, *pool_, *source_, pointers,
                                              agent.properties.globalMemoryBytes)) {}

DeviceMemory::~DeviceMemory() = default;

Status DeviceMemory::releaseDeviceBlock(const Allocation& allocation, Chunk* chunk,
                                        uint32_t block) {
  return releaseToPool(allocation, chunk, block, /*streamOrdered=*/false);
}

Status DeviceMemory::freeDeviceMemory(const Allocation& allocation, Chunk* chunk, uint32_t block) {
  if (device_.failed()) return device_.queueFailure();
  if (!device_.nothingInFlight()) {
    if (Status synced = device_.synchronize(); !synced.ok()) return synced;
  }
  return releaseDeviceBlock(allocation, chunk, block);
}

Status DeviceMemory::allocate(size_t bytes, void*& out) {
  out = nullptr;
  if (device_.failed()) return device_.queueFailure();  // sticky, as in CUDA: until hipDeviceReset
  if (bytes == 0) return Status::success();
  return pool_->allocate(bytes, out);
}

void DeviceMemory::info(size_t& free, size_t& total) {
  // Whole chunks hipMalloc's cache holds beyond the default pool's release threshold (0 unless
  // the program set one) go back to ROCR first: the answer is memory that is free, for this
  // program and for others, as after cudaFree (CUDA's allocator caches nothing).
  pool_->trimToThreshold();
  total = agent_.properties.globalMemoryBytes;
  size_t used = pools_->reservedBytes();
  free = used < total ? total - used : 0;
}

Status DeviceMemory::allocateHost(size_t bytes, void*& out, MemoryKind kind, unsigned flags) {
  out = nullptr;
  if (bytes == 0) return Status::success();
  auto pointer = hsa::allocate(agent_.hostPool, bytes);
  if (!pointer) return fail(hipErrorOutOfMemory, "host memory: %s", pointer.message().c_str());
  if (auto access = hsa::allowAccess(agent_.agent, *pointer); !access) {
    (void)hsa::release(*pointer);
    return hsaFailure(access.error(), "host memory for device " + std::to_string(device_.index()));
  }
  out = *pointer;
  Allocation allocation;
  allocation.base = out;
  allocation.bytes = bytes;
  allocation.kind = kind;
  allocation.device = device_.index();
  allocation.flags = flags;
  allocation.devicePointer = out;  // fine-grained host memory: one address for host and GPU
  pointers_.add(allocation);
  return Status::success();
}

Status DeviceMemory::releaseHost(const Allocation& allocation) {
  // Host memory (hipHostFree) is returned to ROCR at once, so kernels still running that may
  // use it are waited for: the queues with work in flight. Idle
  // queues answer without a packet (Stream::synchronize), so with nothing pending hipFree
  // waits for nothing.
  if (Status synced = device_.synchronize(); !synced.ok()) return synced;
  if (allocation.kind == MemoryKind::Registered)
    return fail(hipErrorInvalidValue,
                "hipFree(%p): registered host memory is released by hipHostUnregister",
                allocation.base);
  if (!pointers_.remove(allocation.base))
    return fail(hipErrorInvalidValue, "hipFree(%p): not a live allocation", allocation.base);
  auto released = hsa::release(allocation.base);
  if (!released)
    return fail(hipErrorInvalidValue, "hipFree(%p): %s", allocation.base,
                released.message().c_str());
  return Status::success();
}

void DeviceMemory::reset() {
  // The allocator's cache of freed blocks goes back to ROCR (DeviceMemoryPool.h).
  pool_->trim(0);
}

}  // namespace hipcore::core
