// External memory and semaphores imported by opaque file descriptor (core/ExternalMemory.h).
#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"

using hipcore::api::finish;
using hipcore::core::ExternalMemory;
using hipcore::core::fail;
using hipcore::core::ImportedMemory;
using hipcore::core::ImportedSemaphore;
using hipcore::core::Status;

namespace {

Status externalMemory(ExternalMemory*& out) {
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return rt.initStatus();
  out = &rt.externalMemory();
  return Status::success();
}

// The semaphores of one signal or wait call, checked before any is used, and the stream (while
// it captures, the call becomes one graph node for all its semaphores).
Status semaphoresAndStream(const char* name, const hipExternalSemaphore_t* semaphores,
                           const void* params, unsigned count, hipStream_t stream,
                           ExternalMemory*& external, hipcore::core::Stream*& queue) {
  if (semaphores == nullptr || params == nullptr || count == 0)
    return fail(hipErrorInvalidValue, "%s: null or empty semaphore list", name);
  Status status = externalMemory(external);
  if (!status.ok()) return status;
  for (unsigned i = 0; i < count; ++i)
    if (!external->liveSemaphore(static_cast<const ImportedSemaphore*>(semaphores[i])))
      return fail(hipErrorInvalidValue, "%s: entry %u is not an imported semaphore", name, i);
  hipcore::core::Device* device = nullptr;
  status = hipcore::api::streamOf(stream, device, queue);
  if (status.ok() && queue == nullptr) status = device->nullStream(queue);
  return status;
}

}  // namespace

HIPCORE_API hipError_t hipImportExternalMemory(hipExternalMemory_t* extMem_out,
                                               const hipExternalMemoryHandleDesc* memHandleDesc) {
  return hipcore::api::call(
      "hipImportExternalMemory", hipImportExternalMemory,
      [&] {
        if (extMem_out == nullptr || memHandleDesc == nullptr)
          return finish("hipImportExternalMemory", fail(hipErrorInvalidValue, "null argument"));
        ExternalMemory* external = nullptr;
        ImportedMemory* imported = nullptr;
        Status status = externalMemory(external);
        if (status.ok()) status = external->importMemory(*memHandleDesc, imported);
        if (status.ok()) *extMem_out = imported;
        return finish("hipImportExternalMemory", std::move(status));
      },
      "extMem_out, memHandleDesc", extMem_out, memHandleDesc);
}

HIPCORE_API hipError_t hipExternalMemoryGetMappedBuffer(
    void** devPtr, hipExternalMemory_t extMem, const hipExternalMemoryBufferDesc* bufferDesc) {
  return hipcore::api::call(
      "hipExternalMemoryGetMappedBuffer", hipExternalMemoryGetMappedBuffer,
      [&] {
        const char* name = "hipExternalMemoryGetMappedBuffer";
        if (devPtr == nullptr || bufferDesc == nullptr)
          return finish(name, fail(hipErrorInvalidValue, "null argument"));
        ExternalMemory* external = nullptr;
        Status status = externalMemory(external);
        if (status.ok())
          status =
              external->mappedBuffer(static_cast<ImportedMemory*>(extMem), *bufferDesc, *devPtr);
        return finish(name, std::move(status));
      },
      "devPtr, extMem, bufferDesc", devPtr, extMem, bufferDesc);
}

HIPCORE_API hipError_t hipDestroyExternalMemory(hipExternalMemory_t extMem) {
  return hipcore::api::call(
      "hipDestroyExternalMemory", hipDestroyExternalMemory,
      [&] {
        ExternalMemory* external = nullptr;
        Status status = externalMemory(external);
        if (status.ok()) status = external->destroyMemory(static_cast<ImportedMemory*>(extMem));
        return finish("hipDestroyExternalMemory", std::move(status));
      },
      "extMem", extMem);
}

HIPCORE_API hipError_t hipImportExternalSemaphore(
    hipExternalSemaphore_t* extSem_out, const hipExternalSemaphoreHandleDesc* semHandleDesc) {
  return hipcore::api::call(
      "hipImportExternalSemaphore", hipImportExternalSemaphore,
      [&] {
        if (extSem_out == nullptr || semHandleDesc == nullptr)
          return finish("hipImportExternalSemaphore", fail(hipErrorInvalidValue, "null argument"));
        ExternalMemory* external = nullptr;
        ImportedSemaphore* imported = nullptr;
        Status status = externalMemory(external);
        if (status.ok()) status = external->importSemaphore(*semHandleDesc, imported);
        if (status.ok()) *extSem_out = imported;
        return finish("hipImportExternalSemaphore", std::move(status));
      },
      "extSem_out, semHandleDesc", extSem_out, semHandleDesc);
}

HIPCORE_API hipError_t hipSignalExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray, const hipExternalSemaphoreSignalParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream) {
  return hipcore::api::call(
      "hipSignalExternalSemaphoresAsync", hipSignalExternalSemaphoresAsync,
      [&] {
        const char* name = "hipSignalExternalSemaphoresAsync";
        ExternalMemory* external = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = semaphoresAndStream(name, extSemArray, paramsArray, numExtSems, stream,
                                            external, queue);
        if (status.ok() && queue->capture != nullptr) {
          const hipExternalSemaphoreSignalNodeParams given{
              const_cast<hipExternalSemaphore_t*>(extSemArray), paramsArray, numExtSems};
          return finish(name, hipcore::api::captureSemaphoreSignal(*queue, given));
        }
        for (unsigned i = 0; status.ok() && i < numExtSems; ++i)
          status = external->signal(static_cast<ImportedSemaphore*>(extSemArray[i]), paramsArray[i],
                                    *queue);
        return finish(name, std::move(status));
      },
      "extSemArray, paramsArray, numExtSems, stream", extSemArray, paramsArray, numExtSems, stream);
}

HIPCORE_API hipError_t hipWaitExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray, const hipExternalSemaphoreWaitParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream) {
  return hipcore::api::call(
      "hipWaitExternalSemaphoresAsync", hipWaitExternalSemaphoresAsync,
      [&] {
        const char* name = "hipWaitExternalSemaphoresAsync";
        ExternalMemory* external = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = semaphoresAndStream(name, extSemArray, paramsArray, numExtSems, stream,
                                            external, queue);
        if (status.ok() && queue->capture != nullptr) {
          const hipExternalSemaphoreWaitNodeParams given{
              const_cast<hipExternalSemaphore_t*>(extSemArray), paramsArray, numExtSems};
          return finish(name, hipcore::api::captureSemaphoreWait(*queue, given));
        }
        for (unsigned i = 0; status.ok() && i < numExtSems; ++i)
          status = external->wait(static_cast<ImportedSemaphore*>(extSemArray[i]), paramsArray[i],
                                  *queue);
        return finish(name, std::move(status));
      },
      "extSemArray, paramsArray, numExtSems, stream", extSemArray, paramsArray, numExtSems, stream);
}

HIPCORE_API hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem) {
  return hipcore::api::call(
      "hipDestroyExternalSemaphore", hipDestroyExternalSemaphore,
      [&] {
        ExternalMemory* external = nullptr;
        Status status = externalMemory(external);
        if (status.ok())
          status = external->destroySemaphore(static_cast<ImportedSemaphore*>(extSem));
        return finish("hipDestroyExternalSemaphore", std::move(status));
      },
      "extSem", extSem);
}
