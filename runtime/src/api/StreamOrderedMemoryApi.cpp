// Stream-ordered allocation: hipMallocAsync (the device's current pool), hipMallocFromPoolAsync
// and hipFreeAsync.
//
// hipFreeAsync does not wait: the block stays reserved until the stream's work submitted before
// the free has completed (Stream::freeInStreamOrder). A later allocation from the same pool
// on the same stream may take it back at once, since that stream's later work runs after its
// earlier work; other streams and hipMalloc only get it once it is released, and then the pool
// returns what it holds beyond its release threshold (DeviceMemPools.h).
#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"
#include "MemPoolHandles.h"
#include "core/Device.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// `size` bytes of `pool` in the order of a stream of `device` (`queue` null: its null stream).
Status allocateInStreamOrder(hipcore::core::Device& device, hipcore::core::Stream* queue,
                             hipcore::core::MemPool& pool, size_t size, void*& out) {
  hipcore::core::Device& owner = pool.device();
  if (owner.failed()) return owner.queueFailure();  // sticky, as in CUDA: until hipDeviceReset
  if (size == 0) return Status::success();
  if (queue == nullptr) queue = device.readyNullStream();
  // Blocks this stream freed come back first; another device's stream has none of this pool.
  if (queue != nullptr && &owner == &device &&
      (out = queue->reuseFreed(size, pool.memory())) != nullptr)
    return Status::success();
  return pool.memory().allocate(size, out);
}

}  // namespace

HIPCORE_API hipError_t hipMallocAsync(void** pointer, size_t size, hipStream_t stream) {
  return hipcore::api::call(
      "hipMallocAsync", hipMallocAsync,
      [&] {
        if (pointer == nullptr)
          return finish("hipMallocAsync", fail(hipErrorInvalidValue, "pointer is null"));
        *pointer = nullptr;
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (!status.ok()) return finish("hipMallocAsync", std::move(status));
        if (queue != nullptr && queue->capture != nullptr)
          return finish("hipMallocAsync", hipcore::api::captureAllocation(*queue, size, *pointer));
        return finish("hipMallocAsync",
                      allocateInStreamOrder(*device, queue, *device->memory().pools().current(),
                                            size, *pointer));
      },
      "pointer, size, stream", pointer, size, stream);
}

HIPCORE_API hipError_t hipMallocFromPoolAsync(void** dev_ptr, size_t size, hipMemPool_t mem_pool,
                                              hipStream_t stream) {
  return hipcore::api::call(
      "hipMallocFromPoolAsync", hipMallocFromPoolAsync,
      [&] {
        if (dev_ptr == nullptr)
          return finish("hipMallocFromPoolAsync", fail(hipErrorInvalidValue, "dev_ptr is null"));
        *dev_ptr = nullptr;
        hipcore::core::MemPool* pool = nullptr;
        if (Status valid = hipcore::api::poolOf(mem_pool, pool); !valid.ok())
          return finish("hipMallocFromPoolAsync", std::move(valid));
        if (pool->imported)
          return finish("hipMallocFromPoolAsync",
                        fail(hipErrorInvalidValue,
                             "an imported pool only imports pointers (hipMemPoolImportPointer)"));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (!status.ok()) return finish("hipMallocFromPoolAsync", std::move(status));
        return finish("hipMallocFromPoolAsync",
                      allocateInStreamOrder(*device, queue, *pool, size, *dev_ptr));
      },
      "dev_ptr, size, mem_pool, stream", dev_ptr, size, mem_pool, stream);
}

HIPCORE_API hipError_t hipFreeAsync(void* pointer, hipStream_t stream) {
  return hipcore::api::call(
      "hipFreeAsync", hipFreeAsync,
      [&] {
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (!status.ok()) return finish("hipFreeAsync", std::move(status));
        if (pointer == nullptr) return hipSuccess;
        if (queue != nullptr && queue->capture != nullptr)
          return finish("hipFreeAsync", hipcore::api::captureFree(*queue, pointer));
        hipcore::core::Allocation allocation;
        hipcore::core::Chunk* chunk = nullptr;
        uint32_t block = 0;
        if (!hipcore::api::runtime().pointers().findBase(pointer, allocation, chunk, block) ||
            allocation.kind != hipcore::core::MemoryKind::Device)
          return finish("hipFreeAsync",
                        fail(hipErrorInvalidValue,
                             "hipFreeAsync(%p): not the start of live device memory", pointer));
        hipcore::core::Device* owner = hipcore::api::runtime().device(allocation.device);
        if (queue == nullptr) queue = owner == device ? device->readyNullStream() : nullptr;
        // No queue yet (null stream never used) or another device's memory: released now, after
        // waiting for its device as hipFree does.
        if (queue == nullptr || &queue->device() != owner)
          return finish("hipFreeAsync", owner->memory().release(allocation, chunk, block));
        return finish("hipFreeAsync", queue->freeInStreamOrder(allocation, chunk, block));
      },
      "pointer, stream", pointer, stream);
}
