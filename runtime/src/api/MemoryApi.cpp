// Device memory: hipMalloc, hipFree, hipMemcpy(Async), hipMemset(Async).
#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipMalloc(void** pointer, size_t size) {
  HIPCORE_API_CALL(hipMalloc, pointer, size);
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  *pointer = nullptr;
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->allocate(size, *pointer);
  return finish(__func__, std::move(status));
}

namespace {

// hipFree and hipHostFree: the registry says whose allocation `pointer` is; anything that is
// not the base of a live allocation of the right kind (an interior pointer, a double free,
// host memory given to hipFree) is refused with hipErrorInvalidValue.
hipError_t freeAllocation(const char* call, void* pointer, bool hostOnly) {
  if (pointer == nullptr) return hipSuccess;
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return finish(call, rt.initStatus());
  hipcore::core::Allocation allocation;
  hipcore::core::Chunk* chunk = nullptr;
  uint32_t block = 0;
  if (!rt.pointers().findBase(pointer, allocation, chunk, block))
    return finish(call, fail(hipErrorInvalidValue, "%s(%p): not the start of a live allocation", call, pointer));
  // As in CUDA: hipHostMalloc memory goes to hipHostFree, device and managed memory to hipFree.
  bool host = allocation.kind == hipcore::core::MemoryKind::Host;
  if (host != hostOnly)
    return finish(call, fail(hipErrorInvalidValue, "%s(%p): %s memory", call, pointer,
                             host ? "hipHostMalloc (use hipHostFree)" : "device or managed (use hipFree)"));
  hipcore::core::Device* owner = rt.device(allocation.device);
  return finish(call, owner->release(allocation, chunk, block));
}

}  // namespace

HIPCORE_API hipError_t hipFree(void* pointer) {
  HIPCORE_API_CALL(hipFree, pointer);
  return freeAllocation(__func__, pointer, /*hostOnly=*/false);
}

HIPCORE_API hipError_t hipMemcpy(void* destination, const void* source, size_t size, hipMemcpyKind kind) {
  HIPCORE_API_CALL(hipMemcpy, destination, source, size, kind);
  if (size == 0) return hipSuccess;
  if (destination == nullptr || source == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "hipMemcpy of %zu bytes %p -> %p", size, source, destination));
  if (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault)
    return finish(__func__, fail(hipErrorInvalidMemcpyDirection, "kind %d", static_cast<int>(kind)));
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->copy(destination, source, size, kind);
  return finish(__func__, std::move(status));
}

// Asynchronous in HIP's contract, synchronous here (allowed: the copy is complete on return,
// after the stream's earlier work).
HIPCORE_API hipError_t hipMemcpyAsync(void* destination, const void* source, size_t size, hipMemcpyKind kind,
                                      hipStream_t stream) {
  HIPCORE_API_CALL(hipMemcpyAsync, destination, source, size, kind, stream);
  hipcore::core::Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (!status.ok()) return finish(__func__, std::move(status));
  return hipMemcpy(destination, source, size, kind);
}

HIPCORE_API hipError_t hipMemset(void* destination, int value, size_t size) {
  HIPCORE_API_CALL(hipMemset, destination, value, size);
  if (size == 0) return hipSuccess;
  if (destination == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "hipMemset of %zu bytes at null", size));
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->fill(destination, static_cast<uint8_t>(value), size);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipMemsetAsync(void* destination, int value, size_t size, hipStream_t stream) {
  HIPCORE_API_CALL(hipMemsetAsync, destination, value, size, stream);
  hipcore::core::Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (!status.ok()) return finish(__func__, std::move(status));
  return hipMemset(destination, value, size);
}

HIPCORE_API hipError_t hipHostFree(void* pointer) {
  HIPCORE_API_CALL(hipHostFree, pointer);
  return freeAllocation(__func__, pointer, /*hostOnly=*/true);
}

HIPCORE_API hipError_t hipMemGetInfo(size_t* free, size_t* total) {
  HIPCORE_API_CALL(hipMemGetInfo, free, total);
  if (free == nullptr || total == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) device->memoryInfo(*free, *total);
  return finish(__func__, std::move(status));
}
