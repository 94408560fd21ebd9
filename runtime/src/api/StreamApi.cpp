// Streams: hipStreamCreate(WithFlags, WithPriority), hipStreamDestroy, hipStreamSynchronize,
// hipStreamQuery, the stream getters, hipLaunchHostFunc and hipStreamAddCallback.
#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"
#include "core/Device.h"
#include "graph/StreamCapture.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// Priorities as HIP numbers them: 0 is normal, -1 high (lower is more urgent).
constexpr int kLeastPriority = 0;
constexpr int kGreatestPriority = -1;

}  // namespace

HIPCORE_API hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags,
                                                   int priority) {
  return hipcore::api::call(
      "hipStreamCreateWithPriority", hipStreamCreateWithPriority,
      [&] {
        if (stream == nullptr)
          return finish("hipStreamCreateWithPriority",
                        fail(hipErrorInvalidValue, "stream is null"));
        if (flags > hipStreamNonBlocking)
          return finish("hipStreamCreateWithPriority",
                        fail(hipErrorInvalidValue, "flags 0x%x", flags));
        // Out-of-range priorities are clamped, as CUDA does.
        priority = priority > kLeastPriority      ? kLeastPriority
                   : priority < kGreatestPriority ? kGreatestPriority
                                                  : priority;
        hipcore::core::Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        hipcore::core::Stream* queue = nullptr;
        if (status.ok()) status = device->createStream(queue, flags, priority);
        if (status.ok()) *stream = reinterpret_cast<hipStream_t>(queue);
        return finish("hipStreamCreateWithPriority", std::move(status));
      },
      "stream, flags, priority", stream, flags, priority);
}

HIPCORE_API hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  return hipcore::api::call(
      "hipStreamCreateWithFlags", hipStreamCreateWithFlags,
      [&] { return hipStreamCreateWithPriority(stream, flags, kLeastPriority); }, "stream, flags",
      stream, flags);
}

HIPCORE_API hipError_t hipDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
  return hipcore::api::call(
      "hipDeviceGetStreamPriorityRange", hipDeviceGetStreamPriorityRange,
      [&] {
        if (leastPriority != nullptr) *leastPriority = kLeastPriority;
        if (greatestPriority != nullptr) *greatestPriority = kGreatestPriority;
        return hipSuccess;
      },
      "leastPriority, greatestPriority", leastPriority, greatestPriority);
}

HIPCORE_API hipError_t hipStreamCreate(hipStream_t* stream) {
  return hipcore::api::call(
      "hipStreamCreate", hipStreamCreate,
      [&] { return hipStreamCreateWithFlags(stream, hipStreamDefault); }, "stream", stream);
}

HIPCORE_API hipError_t hipStreamDestroy(hipStream_t stream) {
  return hipcore::api::call(
      "hipStreamDestroy", hipStreamDestroy,
      [&] {
        if (stream == nullptr)
          return finish("hipStreamDestroy",
                        fail(hipErrorInvalidHandle, "the null stream cannot be destroyed"));
        if (stream == hipStreamPerThread)
          return finish("hipStreamDestroy",
                        fail(hipErrorInvalidHandle, "hipStreamPerThread cannot be destroyed"));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (status.ok() && queue == nullptr)
          status = fail(hipErrorInvalidHandle, "stream %p cannot be destroyed",
                        static_cast<void*>(stream));
        if (status.ok()) hipcore::graph::abandon(*queue);  // its capture is invalidated
        if (status.ok()) status = device->destroyStream(queue);
        return finish("hipStreamDestroy", std::move(status));
      },
      "stream", stream);
}

HIPCORE_API hipError_t hipStreamSynchronize(hipStream_t stream) {
  return hipcore::api::call(
      "hipStreamSynchronize", hipStreamSynchronize,
      [&] {
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (status.ok() && queue != nullptr)
          status = queue->capture != nullptr
                       ? hipcore::api::refuseWhileCapturing(*queue, "hipStreamSynchronize")
                       : hipcore::graph::checkUnsafeCall("hipStreamSynchronize");
        // The legacy null stream also waits for the blocking streams it is ordered with.
        if (status.ok())
          status = queue == nullptr ? device->synchronizeNullStream() : queue->synchronize();
        if (status.ok()) device->memory().pools().trimAtSynchronize();  // release thresholds (CUDA)
        return finish("hipStreamSynchronize", std::move(status));
      },
      "stream", stream);
}

HIPCORE_API hipError_t hipStreamQuery(hipStream_t stream) {
  return hipcore::api::call(
      "hipStreamQuery", hipStreamQuery,
      [&] {
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (status.ok() && queue != nullptr)
          status = queue->capture != nullptr
                       ? hipcore::api::refuseWhileCapturing(*queue, "hipStreamQuery")
                       : hipcore::graph::checkUnsafeCall("hipStreamQuery");
        if (status.ok()) status = queue == nullptr ? device->queryNullStream() : queue->query();
        // hipErrorNotReady is an answer, not a failure: it does not become the last error.
        if (status.code == hipErrorNotReady) return hipErrorNotReady;
        return finish("hipStreamQuery", std::move(status));
      },
      "stream", stream);
}

HIPCORE_API hipError_t hipcoreGetStreamPacketCount(hipStream_t stream,
                                                   unsigned long long* packets) {
  return hipcore::api::call(
      "hipcoreGetStreamPacketCount", hipcoreGetStreamPacketCount,
      [&] {
        if (packets == nullptr)
          return finish("hipcoreGetStreamPacketCount",
                        fail(hipErrorInvalidValue, "packets is null"));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (status.ok() && queue == nullptr) queue = device->readyNullStream();
        if (status.ok()) *packets = queue != nullptr ? queue->submittedPackets() : 0;
        return finish("hipcoreGetStreamPacketCount", std::move(status));
      },
      "stream, packets", stream, packets);
}

HIPCORE_API hipError_t hipcoreGetHardwareQueueCount(int device, int* count) {
  return hipcore::api::call(
      "hipcoreGetHardwareQueueCount", hipcoreGetHardwareQueueCount,
      [&] {
        if (count == nullptr)
          return finish("hipcoreGetHardwareQueueCount",
                        fail(hipErrorInvalidValue, "count is null"));
        hipcore::core::Runtime& rt = hipcore::api::runtime();
        if (!rt.initStatus().ok()) return finish("hipcoreGetHardwareQueueCount", rt.initStatus());
        hipcore::core::Device* owner = rt.device(device);
        if (owner == nullptr)
          return finish("hipcoreGetHardwareQueueCount",
                        fail(hipErrorInvalidDevice, "device %d of %d", device, rt.deviceCount()));
        *count = static_cast<int>(owner->hardwareQueueCount());
        return hipSuccess;
      },
      "device, count", device, count);
}

HIPCORE_API hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags) {
  return hipcore::api::call(
      "hipStreamGetFlags", hipStreamGetFlags,
      [&] {
        if (flags == nullptr)
          return finish("hipStreamGetFlags", fail(hipErrorInvalidValue, "flags is null"));
        // AMD's answer for the null stream (hip-tests checks it; CUDA's would be 0).
        if (stream == nullptr)
          return finish("hipStreamGetFlags",
                        fail(hipErrorInvalidValue, "the null stream has no flags"));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (status.ok()) *flags = queue ? queue->flags() : hipStreamDefault;
        return finish("hipStreamGetFlags", std::move(status));
      },
      "stream, flags", stream, flags);
}

HIPCORE_API hipError_t hipStreamGetPriority(hipStream_t stream, int* priority) {
  return hipcore::api::call(
      "hipStreamGetPriority", hipStreamGetPriority,
      [&] {
        if (priority == nullptr)
          return finish("hipStreamGetPriority", fail(hipErrorInvalidValue, "priority is null"));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (status.ok()) *priority = queue ? queue->priority() : kLeastPriority;
        return finish("hipStreamGetPriority", std::move(status));
      },
      "stream, priority", stream, priority);
}

HIPCORE_API hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device) {
  return hipcore::api::call(
      "hipStreamGetDevice", hipStreamGetDevice,
      [&] {
        if (device == nullptr)
          return finish("hipStreamGetDevice", fail(hipErrorInvalidValue, "device is null"));
        hipcore::core::Device* owner = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, owner, queue);
        if (status.ok()) *device = owner->index();
        return finish("hipStreamGetDevice", std::move(status));
      },
      "stream, device", stream, device);
}

HIPCORE_API hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* userData) {
  return hipcore::api::call(
      "hipLaunchHostFunc", hipLaunchHostFunc,
      [&] {
        if (fn == nullptr)
          return finish("hipLaunchHostFunc", fail(hipErrorInvalidValue, "host function is null"));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::captureStreamOf(stream, device, queue);
        if (status.ok() && queue == nullptr)
          status = hipcore::graph::checkLegacyStream("hipLaunchHostFunc");
        if (status.ok() && queue == nullptr) status = device->nullStream(queue);
        if (status.ok() && queue->capture != nullptr)
          return finish("hipLaunchHostFunc",
                        hipcore::api::captureHostFunction(*queue, fn, userData));
        if (status.ok()) status = queue->enqueueHostFunction(fn, userData);
        return finish("hipLaunchHostFunc", std::move(status));
      },
      "stream, fn, userData", stream, fn, userData);
}

namespace {

// hipStreamAddCallback's record: the callback also receives its stream and a status.
struct StreamCallback {
  hipStream_t stream;
  hipStreamCallback_t callback;
  void* userData;
};

void runStreamCallback(void* record) {
  StreamCallback call = *static_cast<StreamCallback*>(record);
  delete static_cast<StreamCallback*>(record);
  call.callback(call.stream, hipSuccess, call.userData);
}

}  // namespace

HIPCORE_API hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback,
                                            void* userData, unsigned int flags) {
  return hipcore::api::call(
      "hipStreamAddCallback", hipStreamAddCallback,
      [&] {
        if (callback == nullptr)
          return finish("hipStreamAddCallback", fail(hipErrorInvalidValue, "callback is null"));
        if (flags != 0)
          return finish("hipStreamAddCallback",
                        fail(hipErrorInvalidValue, "flags 0x%x (must be 0)", flags));
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        if (status.ok() && queue == nullptr) status = device->nullStream(queue);
        // The callback's record is freed by its one run: a graph could not run it again.
        if (status.ok() && queue->capture != nullptr)
          status = hipcore::api::refuseWhileCapturing(*queue, "hipStreamAddCallback");
        if (!status.ok()) return finish("hipStreamAddCallback", std::move(status));
        auto* record = new StreamCallback{stream, callback, userData};
        status = queue->enqueueHostFunction(runStreamCallback, record);
        if (!status.ok()) delete record;
        return finish("hipStreamAddCallback", std::move(status));
      },
      "stream, callback, userData, flags", stream, callback, userData, flags);
}
