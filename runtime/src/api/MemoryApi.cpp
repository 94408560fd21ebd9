// Device memory: hipMalloc, hipFree, hipMemcpy.
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipMalloc(void** pointer, size_t size) {
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  *pointer = nullptr;
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->allocate(size, *pointer);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipFree(void* pointer) {
  if (pointer == nullptr) return hipSuccess;
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->release(pointer);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipMemcpy(void* destination, const void* source, size_t size, hipMemcpyKind kind) {
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
