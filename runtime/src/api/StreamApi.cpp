// Streams: hipStreamCreate(WithFlags), hipStreamDestroy, hipStreamSynchronize.
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  if (stream == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "stream is null"));
  if (flags > hipStreamNonBlocking) return finish(__func__, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  hipcore::core::DeviceQueue* queue = nullptr;
  if (status.ok()) status = device->createQueue(queue);
  if (status.ok()) *stream = reinterpret_cast<hipStream_t>(queue);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipStreamCreate(hipStream_t* stream) { return hipStreamCreateWithFlags(stream, hipStreamDefault); }

HIPCORE_API hipError_t hipStreamDestroy(hipStream_t stream) {
  if (stream == nullptr) return finish(__func__, fail(hipErrorInvalidHandle, "the null stream cannot be destroyed"));
  hipcore::core::Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (status.ok() && queue == nullptr) status = fail(hipErrorInvalidHandle, "stream %p cannot be destroyed", static_cast<void*>(stream));
  if (status.ok()) status = device->destroyQueue(queue);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipStreamSynchronize(hipStream_t stream) {
  hipcore::core::Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (status.ok()) {
    if (queue == nullptr) queue = device->readyNullQueue();
    if (queue != nullptr) status = queue->synchronize();
  }
  return finish(__func__, std::move(status));
}
