// Process-wide and thread-local state behind the extern "C" HIP functions.
#include "ApiState.h"

#include "ApiCallbacks.h"
#include "ManagedAdvice.h"
#include "graph/StreamCapture.h"
#include "trace/Settings.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hipcore::api {

const Options& options() {
  static const Options parsed = [] {
    Options o;
    o.log = trace::enabled(trace::kLogErrors);
    return o;
  }();
  return parsed;
}

ApiCallbacks& apiCallbacks() {
  // Never destroyed, like the registry: a tracer may unregister from its own exit handlers.
  static ApiCallbacks* instance = new ApiCallbacks();
  return *instance;
}

core::Registry& registry() {
  // Never destroyed: atexit handlers of the program (__hipUnregisterFatBinary) may run after
  // this library's static destructors.
  static core::Registry* instance = new core::Registry();
  return *instance;
}

std::atomic<core::Runtime*> readyRuntime{nullptr};

core::Runtime& createRuntime() {
  // Never destroyed either: ROCR's own threads outlive static destruction
  // (docs/PLATFORM.md section 6).
  static core::Runtime* instance = new core::Runtime(registry());
  readyRuntime.store(instance, std::memory_order_release);
  return *instance;
}

constinit thread_local ThreadState* cachedThreadState = nullptr;

ThreadState::~ThreadState() {
  core::Runtime* rt = readyRuntime.load(std::memory_order_acquire);
  if (rt == nullptr) return;
  for (int d = 0; d < static_cast<int>(core::kMaxDevices); ++d) {
    core::Device* device = rt->device(d);
    if (device == nullptr || readyPerThreadStream(*this, *device) == nullptr) continue;
    graph::abandon(*perThreadStreams[d]);  // a capture it takes part in ends as its stream goes
    device->retireStream(perThreadStreams[d]);
  }
}

ThreadState& createThreadState() {
  thread_local ThreadState state;
  cachedThreadState = &state;
  return state;
}

hipError_t recordFailure(const char* call, core::Status&& status) {
  ThreadState& thread = threadState();
  thread.lastError = status.code;
  thread.lastMessage = status.message();
  if (options().log)
    std::fprintf(stderr, "hipcore: %s failed: %d: %s\n", call, static_cast<int>(status.code),
                 thread.lastMessage.c_str());
  return status.code;
}

ManagedAdvice& managedAdvice() {
  static ManagedAdvice* advice = new ManagedAdvice;  // never destroyed, as the runtime
  return *advice;
}

PrimaryContext* primaryContext(int index) {
  static PrimaryContext contexts[core::kMaxDevices];
  if (index < 0 || index >= runtime().deviceCount()) return nullptr;
  contexts[index].device = index;
  return &contexts[index];
}

PrimaryContext* contextOf(hipCtx_t handle) {
  for (int d = 0; d < runtime().deviceCount(); ++d) {
    PrimaryContext* context = primaryContext(d);
    if (reinterpret_cast<hipCtx_t>(context) == handle) return context;
  }
  return nullptr;
}

core::Status noCurrentDevice(const core::Runtime& rt) {
  if (!rt.initStatus().ok()) return rt.initStatus();
  return core::fail(hipErrorInvalidDevice, "current device %d of %d", threadState().device,
                    rt.deviceCount());
}

bool findAllocation(const void* pointer, core::Allocation& out) {
  core::Runtime& rt = runtime();
  return rt.initStatus().ok() && rt.pointers().find(pointer, out);
}

bool validDeviceFlags(unsigned flags) {
  unsigned schedule = flags & hipDeviceScheduleMask;
  bool oneSchedule = schedule == 0 || schedule == hipDeviceScheduleSpin ||
                     schedule == hipDeviceScheduleYield ||
                     schedule == hipDeviceScheduleBlockingSync;
  return oneSchedule &&
         (flags & ~(hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax)) == 0;
}

core::Status deviceAt(int index, core::Device*& out) {
  core::Runtime& rt = runtime();
  if (!rt.initStatus().ok()) return rt.initStatus();
  out = rt.device(index);
  if (out == nullptr)
    return core::fail(hipErrorInvalidDevice, "device %d of %d", index, rt.deviceCount());
  return core::Status::success();
}

core::Status streamOf(hipStream_t stream, core::Device*& device, core::Stream*& queue) {
  queue = nullptr;
  // hipStreamLegacy ((hipStream_t)1) names the legacy null stream explicitly, also in a program
  // built with -fgpu-default-stream=per-thread.
  if (stream == nullptr || stream == hipStreamLegacy) return currentDevice(device);
  if (stream == hipStreamPerThread) {
    if (core::Status found = currentDevice(device); !found.ok()) return found;
    return perThreadStream(*device, queue);
  }
  // Handles are Stream pointers; small integers are never valid objects.
  if (!hipcore::core::plausibleHandle(stream))
    return core::fail(hipErrorInvalidHandle, "%p is not a stream", static_cast<void*>(stream));
  // A destroyed stream (or memory that never held one) is hipErrorContextIsDestroyed: AMD's
  // answer for a stream that is not live (hip-tests checks it throughout); CUDA gives the
  // same for the streams of a reset device.
  auto* candidate = reinterpret_cast<core::Stream*>(stream);
  if (!candidate->valid())
    return core::fail(hipErrorContextIsDestroyed, "%p is not a live stream",
                      static_cast<void*>(stream));
  queue = candidate;
  device = &candidate->device();
  return core::Status::success();
}

core::Status perThreadStream(core::Device& device, core::Stream*& out) {
  ThreadState& thread = threadState();
  if ((out = readyPerThreadStream(thread, device)) != nullptr) return core::Status::success();
  // Blocking (flags 0): CUDA's per-thread default stream synchronises with the legacy null
  // stream like any stream created without cudaStreamNonBlocking.
  if (core::Status created = device.createStream(out); !created.ok()) return created;
  out->perThreadOwner = &thread;
  thread.perThreadStreams[device.index()] = out;
  return core::Status::success();
}

// An access-policy window as CUDA bounds it: a hit ratio in [0, 1], at most the device's
// maximum window, and a miss property other than persisting.
core::Status checkAccessPolicyWindow(const hipAccessPolicyWindow& window) {
  if (window.hitRatio < 0.0f || window.hitRatio > 1.0f)
    return core::fail(hipErrorInvalidValue, "hit ratio %g outside [0, 1]",
                      static_cast<double>(window.hitRatio));
  if (window.missProp == hipAccessPropertyPersisting)
    return core::fail(hipErrorInvalidValue, "the miss property cannot be persisting");
  core::Device* device = nullptr;
  if (core::Status current = currentDevice(device); !current.ok()) return current;
  const size_t limit = static_cast<size_t>(device->properties().accessPolicyMaxWindowSize);
  if (window.num_bytes > limit)
    return core::fail(hipErrorInvalidValue, "a window of %zu bytes exceeds the device's %zu",
                      window.num_bytes, limit);
  return core::Status::success();
}

core::Status checkSyncPolicy(hipSynchronizationPolicy policy) {
  if (policy < hipSyncPolicyAuto || policy > hipSyncPolicyBlockingSync)
    return core::fail(hipErrorInvalidValue, "synchronization policy %d", static_cast<int>(policy));
  return core::Status::success();
}

}  // namespace hipcore::api
