// Events: hipEventCreate(WithFlags), hipEventDestroy, hipEventRecord, hipEventSynchronize,
// hipEventQuery, hipEventElapsedTime, hipStreamWaitEvent.
#include "ApiCall.h"
#include "ApiState.h"
#include "core/Event.h"
#include "graph/StreamCapture.h"

using hipcore::api::finish;
using hipcore::core::Event;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

Status eventOf(hipEvent_t handle, Event*& out) {
  out = reinterpret_cast<Event*>(handle);
  if (!hipcore::core::plausibleHandle(handle) || !out->valid())
    return fail(hipErrorInvalidHandle, "%p is not an event", static_cast<void*>(handle));
  return Status::success();
}

// The queue of `stream`, creating the device's null stream if needed.
Status queueOf(hipStream_t stream, hipcore::core::Stream*& queue) {
  hipcore::core::Device* device = nullptr;
  if (Status found = hipcore::api::streamOf(stream, device, queue); !found.ok()) return found;
  if (queue == nullptr) return device->nullStream(queue);
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags) {
  return hipcore::api::call(
      "hipEventCreateWithFlags", hipEventCreateWithFlags,
      [&] {
        if (event == nullptr)
          return finish("hipEventCreateWithFlags", fail(hipErrorInvalidValue, "event is null"));
        // AMD's fence-scope flags: hipcore's packets always fence at system scope, which every
        // one of them allows (a device-scope release is a weaker promise); only both release
        // scopes at once contradict each other.
        constexpr unsigned kFenceScopes =
            hipEventDisableSystemFence | hipEventReleaseToDevice | hipEventReleaseToSystem;
        constexpr unsigned kKnown =
            hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess | kFenceScopes;
        if ((flags & ~kKnown) != 0 ||
            (flags & (hipEventReleaseToDevice | hipEventReleaseToSystem)) ==
                (hipEventReleaseToDevice | hipEventReleaseToSystem))
          return finish("hipEventCreateWithFlags", fail(hipErrorInvalidValue, "flags 0x%x", flags));
        flags &= ~kFenceScopes;
        // As in CUDA, an interprocess event must not time (core/IpcEvent.h).
        if ((flags & hipEventInterprocess) && !(flags & hipEventDisableTiming))
          return finish(
              "hipEventCreateWithFlags",
              fail(hipErrorInvalidValue, "hipEventInterprocess needs hipEventDisableTiming"));
        hipcore::core::Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        Event* created = nullptr;
        if (status.ok()) status = Event::create(*device, flags, created);
        if (status.ok()) *event = reinterpret_cast<hipEvent_t>(created);
        return finish("hipEventCreateWithFlags", std::move(status));
      },
      "event, flags", event, flags);
}

HIPCORE_API hipError_t hipEventCreate(hipEvent_t* event) {
  return hipcore::api::call(
      "hipEventCreate", hipEventCreate,
      [&] { return hipEventCreateWithFlags(event, hipEventDefault); }, "event", event);
}

HIPCORE_API hipError_t hipEventDestroy(hipEvent_t handle) {
  return hipcore::api::call(
      "hipEventDestroy", hipEventDestroy,
      [&] {
        Event* event = nullptr;
        Status status = eventOf(handle, event);
        // An event destroyed already: hipErrorContextIsDestroyed, AMD's answer (hip-tests'
        // hipEventDestroy "Destroy twice"), as for destroyed streams and arrays.
        if (!status.ok() && hipcore::core::plausibleHandle(handle))
          status = fail(hipErrorContextIsDestroyed, "%p is not a live event",
                        static_cast<void*>(handle));
        if (status.ok()) Event::destroy(event);
        return finish("hipEventDestroy", std::move(status));
      },
      "handle", handle);
}

HIPCORE_API hipError_t hipEventRecord(hipEvent_t handle, hipStream_t stream) {
  return hipcore::api::call(
      "hipEventRecord", hipEventRecord,
      [&] {
        Event* event = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = eventOf(handle, event);
        if (status.ok()) status = queueOf(stream, queue);
        if (status.ok() && queue->capture != nullptr) {
          hipcore::graph::recordEvent(*event, *queue);  // a fork or join point of the capture
          return hipSuccess;
        }
        if (status.ok()) hipcore::graph::forgetEvent(*event);
        if (status.ok()) status = event->record(*queue);
        return finish("hipEventRecord", std::move(status));
      },
      "handle, stream", handle, stream);
}

// hipEventRecordExternal matters only while the stream captures (CUDA makes it an event-record
// node there, for work outside the graph to wait on); hipcore's captures have no such node yet,
// so it is refused there. Outside a capture both flags record as hipEventRecord does.
HIPCORE_API hipError_t hipEventRecordWithFlags(hipEvent_t handle, hipStream_t stream,
                                               unsigned int flags) {
  return hipcore::api::call(
      "hipEventRecordWithFlags", hipEventRecordWithFlags,
      [&] {
        if (flags != hipEventRecordDefault && flags != hipEventRecordExternal)
          return finish("hipEventRecordWithFlags",
                        fail(hipErrorInvalidValue, "event record flags 0x%x", flags));
        if (flags == hipEventRecordExternal) {
          hipcore::core::Stream* queue = nullptr;
          Status status = queueOf(stream, queue);
          if (status.ok() && queue->capture != nullptr)
            status = fail(hipErrorStreamCaptureUnsupported,
                          "hipEventRecordExternal while the stream captures");
          if (!status.ok()) return finish("hipEventRecordWithFlags", std::move(status));
        }
        return hipEventRecord(handle, stream);
      },
      "handle, stream, flags", handle, stream, flags);
}

HIPCORE_API hipError_t hipEventSynchronize(hipEvent_t handle) {
  return hipcore::api::call(
      "hipEventSynchronize", hipEventSynchronize,
      [&] {
        Event* event = nullptr;
        Status status = eventOf(handle, event);
        if (status.ok()) status = hipcore::graph::checkEventWait(*event, "hipEventSynchronize");
        if (status.ok()) status = event->synchronize();
        if (status.ok())
          event->device().memory().pools().trimAtSynchronize();  // release thresholds (CUDA)
        return finish("hipEventSynchronize", std::move(status));
      },
      "handle", handle);
}

HIPCORE_API hipError_t hipEventQuery(hipEvent_t handle) {
  return hipcore::api::call(
      "hipEventQuery", hipEventQuery,
      [&] {
        Event* event = nullptr;
        Status status = eventOf(handle, event);
        if (status.ok()) status = hipcore::graph::checkEventWait(*event, "hipEventQuery");
        if (status.ok()) status = event->query();
        // hipErrorNotReady is an answer, not a failure: it does not become the last error.
        if (status.code == hipErrorNotReady) return hipErrorNotReady;
        return finish("hipEventQuery", std::move(status));
      },
      "handle", handle);
}

HIPCORE_API hipError_t hipEventElapsedTime(float* milliseconds, hipEvent_t start, hipEvent_t stop) {
  return hipcore::api::call(
      "hipEventElapsedTime", hipEventElapsedTime,
      [&] {
        if (milliseconds == nullptr)
          return finish("hipEventElapsedTime", fail(hipErrorInvalidValue, "milliseconds is null"));
        Event* first = nullptr;
        Event* second = nullptr;
        Status status = eventOf(start, first);
        if (status.ok()) status = eventOf(stop, second);
        if (status.ok()) status = Event::elapsed(*first, *second, *milliseconds);
        if (status.code == hipErrorNotReady) return hipErrorNotReady;
        return finish("hipEventElapsedTime", std::move(status));
      },
      "milliseconds, start, stop", milliseconds, start, stop);
}

HIPCORE_API hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t handle,
                                          unsigned int flags) {
  return hipcore::api::call(
      "hipStreamWaitEvent", hipStreamWaitEvent,
      [&] {
        if (flags != 0)
          return finish("hipStreamWaitEvent", fail(hipErrorInvalidValue, "flags 0x%x", flags));
        Event* event = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = eventOf(handle, event);
        if (status.ok()) status = queueOf(stream, queue);
        if (status.ok() && hipcore::graph::waitEvent(*queue, *event, status))
          return finish("hipStreamWaitEvent", std::move(status));  // captured: no packet
        if (status.ok()) status = event->waitOn(*queue);
        return finish("hipStreamWaitEvent", std::move(status));
      },
      "stream, handle, flags", stream, handle, flags);
}
