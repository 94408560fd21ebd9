// Stream-ordered allocation: hipMallocAsync and hipFreeAsync on the device's caching pool.
//
// hipFreeAsync does not wait: the block stays reserved until the stream's work submitted before
// the free has completed (DeviceQueue::freeInStreamOrder). A later hipMallocAsync on the same
// stream may take it back at once, since that stream's later work runs after its earlier work;
// other streams and hipMalloc only get it once it is released. Memory pools
// (hipMemPool_t, hipMallocFromPoolAsync) are not offered: every allocation uses the device's pool.
#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipMallocAsync(void** pointer, size_t size, hipStream_t stream) {
  HIPCORE_API_CALL(hipMallocAsync, pointer, size, stream);
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  *pointer = nullptr;
  hipcore::core::Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (!status.ok()) return finish(__func__, std::move(status));
  if (size == 0) return hipSuccess;
  if (queue == nullptr) queue = device->readyNullQueue();
  if (queue != nullptr && (*pointer = queue->reuseFreed(size)) != nullptr) return hipSuccess;
  return finish(__func__, device->allocate(size, *pointer));
}

HIPCORE_API hipError_t hipFreeAsync(void* pointer, hipStream_t stream) {
  HIPCORE_API_CALL(hipFreeAsync, pointer, stream);
  hipcore::core::Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (!status.ok()) return finish(__func__, std::move(status));
  if (pointer == nullptr) return hipSuccess;
  hipcore::core::Allocation allocation;
  hipcore::core::Chunk* chunk = nullptr;
  uint32_t block = 0;
  if (!hipcore::api::runtime().pointers().findBase(pointer, allocation, chunk, block) ||
      allocation.kind != hipcore::core::MemoryKind::Device)
    return finish(__func__, fail(hipErrorInvalidValue, "hipFreeAsync(%p): not the start of live device memory", pointer));
  hipcore::core::Device* owner = hipcore::api::runtime().device(allocation.device);
  if (queue == nullptr) queue = owner == device ? device->readyNullQueue() : nullptr;
  // No queue yet (null stream never used) or another device's memory: released now, after
  // waiting for its device as hipFree does.
  if (queue == nullptr || &queue->device() != owner) return finish(__func__, owner->release(allocation, chunk, block));
  return finish(__func__, queue->freeInStreamOrder(allocation, chunk, block));
}
