// Events: hipEventCreate(WithFlags), hipEventDestroy, hipEventRecord, hipEventSynchronize,
// hipEventQuery, hipEventElapsedTime, hipStreamWaitEvent.
#include "ApiCall.h"
#include "ApiState.h"
#include "core/Event.h"

using hipcore::api::finish;
using hipcore::core::Event;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

Status eventOf(hipEvent_t handle, Event*& out) {
  out = reinterpret_cast<Event*>(handle);
  if (reinterpret_cast<uintptr_t>(handle) < 4096 || !out->valid())
    return fail(hipErrorInvalidHandle, "%p is not an event", static_cast<void*>(handle));
  return Status::success();
}

// The queue of `stream`, creating the device's null stream if needed.
Status queueOf(hipStream_t stream, hipcore::core::DeviceQueue*& queue) {
  hipcore::core::Device* device = nullptr;
  if (Status found = hipcore::api::streamOf(stream, device, queue); !found.ok()) return found;
  if (queue == nullptr) return device->nullQueue(queue);
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags) {
  HIPCORE_API_CALL(hipEventCreateWithFlags, event, flags);
  if (event == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "event is null"));
  if (flags > (hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess))
    return finish(__func__, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  // As in CUDA, an interprocess event must not time; hipcore has no IPC events at all yet.
  if ((flags & hipEventInterprocess) && !(flags & hipEventDisableTiming))
    return finish(__func__,
                  fail(hipErrorInvalidValue, "hipEventInterprocess needs hipEventDisableTiming"));
  if (flags & hipEventInterprocess)
    return finish(__func__,
                  fail(hipErrorNotSupported, "interprocess events are not supported by hipcore"));
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  Event* created = nullptr;
  if (status.ok()) status = Event::create(*device, flags, created);
  if (status.ok()) *event = reinterpret_cast<hipEvent_t>(created);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipEventCreate(hipEvent_t* event) {
  HIPCORE_API_CALL(hipEventCreate, event);
  return hipEventCreateWithFlags(event, hipEventDefault);
}

HIPCORE_API hipError_t hipEventDestroy(hipEvent_t handle) {
  HIPCORE_API_CALL(hipEventDestroy, handle);
  Event* event = nullptr;
  Status status = eventOf(handle, event);
  if (status.ok()) Event::destroy(event);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipEventRecord(hipEvent_t handle, hipStream_t stream) {
  HIPCORE_API_CALL(hipEventRecord, handle, stream);
  Event* event = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = eventOf(handle, event);
  if (status.ok()) status = queueOf(stream, queue);
  if (status.ok()) status = event->record(*queue);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipEventSynchronize(hipEvent_t handle) {
  HIPCORE_API_CALL(hipEventSynchronize, handle);
  Event* event = nullptr;
  Status status = eventOf(handle, event);
  if (status.ok()) status = event->synchronize();
  if (status.ok())
    event->device().memory().pools().trimAtSynchronize();  // release thresholds (CUDA)
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipEventQuery(hipEvent_t handle) {
  HIPCORE_API_CALL(hipEventQuery, handle);
  Event* event = nullptr;
  Status status = eventOf(handle, event);
  if (status.ok()) status = event->query();
  // hipErrorNotReady is an answer, not a failure: it does not become the last error.
  if (status.code == hipErrorNotReady) return hipErrorNotReady;
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipEventElapsedTime(float* milliseconds, hipEvent_t start, hipEvent_t stop) {
  HIPCORE_API_CALL(hipEventElapsedTime, milliseconds, start, stop);
  if (milliseconds == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "milliseconds is null"));
  Event* first = nullptr;
  Event* second = nullptr;
  Status status = eventOf(start, first);
  if (status.ok()) status = eventOf(stop, second);
  if (status.ok()) status = Event::elapsed(*first, *second, *milliseconds);
  if (status.code == hipErrorNotReady) return hipErrorNotReady;
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t handle,
                                          unsigned int flags) {
  HIPCORE_API_CALL(hipStreamWaitEvent, stream, handle, flags);
  if (flags != 0) return finish(__func__, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  Event* event = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = eventOf(handle, event);
  if (status.ok()) status = queueOf(stream, queue);
  if (status.ok()) status = event->waitOn(*queue);
  return finish(__func__, std::move(status));
}
