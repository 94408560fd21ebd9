// The C-ABI layer's state: the process's registry and runtime, and per-thread HIP state
// (current device, last error, pending launch configurations). The only globals of hipcore.
#pragma once

#include <hip/hip_runtime_api.h>

#include <atomic>
#include <string>
#include <vector>

#include "core/Limits.h"
#include "core/Registry.h"
#include "core/Runtime.h"
#include "core/Status.h"

namespace hipcore::api {

struct CallConfiguration {
  dim3 grid;
  dim3 block;
  size_t sharedBytes;
  hipStream_t stream;
};

struct ThreadState {
  ThreadState() = default;
  ThreadState(const ThreadState&) = delete;
  ThreadState& operator=(const ThreadState&) = delete;
  // Hands the thread's per-thread streams to their devices, which destroy them once their work
  // completed (the thread does not wait for it).
  ~ThreadState();
  int device = 0;
  // hipStreamPerThread on each device: created on the thread's first use (perThreadStream), a
  // blocking stream of that device owned by this ThreadState.
  core::Stream* perThreadStreams[core::kMaxDevices] = {};
  hipError_t lastError = hipSuccess;
  std::string lastMessage;
  // <<<...>>> configurations pushed and not yet popped; a fixed array, as launches nest only
  // when a kernel launch appears in the arguments of another.
  static constexpr int kMaxPending = 16;
  CallConfiguration pending[kMaxPending];
  int pendingCount = 0;
  // The kernel this thread launched last (launchFast): handle, Kernel and the registry
  // generation the answer came from.
  const void* lastHandle = nullptr;
  const core::Kernel* lastKernel = nullptr;
  const void* lastGeneration = nullptr;
  // 1 inside a HIP call that HIPCORE_LOG=api or HIPCORE_TRACE reports (api::call, ApiCall.h).
  int callDepth = 0;
  // The driver API's context stack (hipCtxPushCurrent/PopCurrent): the devices of the contexts
  // pushed, innermost last. A fixed array: CUDA programs nest contexts a few levels deep.
  static constexpr int kMaxContextDepth = 32;
  int contextStack[kMaxContextDepth] = {};
  int contextDepth = 0;
  // hipSetupArgument's bytes for the next hipLaunchByPtr (legacy execution control).
  std::vector<uint8_t> setupArguments;
};

// The primary context of a device, what a hipCtx_t points at: hipcore has one context per
// device, shared by every thread (HIP's runtime API model; the driver-style calls name it).
struct PrimaryContext {
  int device = 0;
  std::atomic<int> retained{0};  // hipDevicePrimaryCtxRetain and hipCtxCreate minus releases
};
// The primary context of device `index`, or null when there is no such device ordinal.
PrimaryContext* primaryContext(int index);
// The context behind a handle, or null for anything that is not one (null, stale or made up).
PrimaryContext* contextOf(hipCtx_t handle);

struct Options {
  bool log = false;  // HIPCORE_LOG=1/errors/api: log registrations, module loads and failed calls
};

const Options& options();
core::Registry& registry();
// Created on first use: initialises ROCR (never from registration calls). Inline, one acquire
// load once created (the launch path asks for it on every launch).
extern std::atomic<core::Runtime*> readyRuntime;
core::Runtime& createRuntime();
inline core::Runtime& runtime() {
  core::Runtime* ready = readyRuntime.load(std::memory_order_acquire);
  return ready != nullptr ? *ready : createRuntime();
}
// The thread's state is general-dynamic TLS (reached through __tls_get_addr from a shared
// library); this pointer to it is initial-exec, one load from the thread pointer, and only 8
// bytes of the static TLS surplus a dlopen'ed libhipcore draws from. Inline: the launch path
// reads it twice per <<<>>>.
extern __attribute__((
    tls_model("initial-exec"))) constinit thread_local ThreadState* cachedThreadState;
ThreadState& createThreadState();
inline ThreadState& threadState() {
  ThreadState* state = cachedThreadState;
  return state != nullptr ? *state : createThreadState();
}

// Records a failure as the thread's last error (successes leave it alone, as in CUDA) and
// returns the code. `call` names the API function for the log. Inline, taking the Status by
// reference: the success path of every call moves no std::string.
hipError_t recordFailure(const char* call, core::Status&& status);
inline hipError_t finish(const char* call, core::Status&& status) {
  return status.ok() ? hipSuccess : recordFailure(call, std::move(status));
}
inline hipError_t finish(const char* call, const core::Status& status) {
  return status.ok() ? hipSuccess : recordFailure(call, core::Status(status));
}

// The checks every launch makes before it looks at the kernel (null handle, empty or oversized
// grid and block, 32-bit AQL grid sizes), filling `geometry` (LaunchApi.cpp).
core::Status validateLaunch(const void* function, dim3 grid, dim3 block, size_t sharedBytes,
                            loader::LaunchGeometry& geometry);

// Why the calling thread has no current device (the runtime's failed initialisation, or an
// ordinal out of range).
core::Status noCurrentDevice(const core::Runtime& rt);
// The calling thread's current device, or why there is none. Inline: hipMalloc and the copy
// calls ask on every call (a failed initialisation leaves no devices).
inline core::Status currentDevice(core::Device*& out) {
  core::Runtime& rt = runtime();
  out = rt.device(threadState().device);
  return out != nullptr ? core::Status::success() : noCurrentDevice(rt);
}
// The live allocation containing `pointer` in hipcore's pointer registry (the runtime started
// first, as for any call); false for memory hipcore does not know.
bool findAllocation(const void* pointer, core::Allocation& out);
// hipSetDeviceFlags' flags (one scheduling mode, mapped host memory, local-memory resizing):
// hipCtxCreate and hipDevicePrimaryCtxSetFlags take the same.
bool validDeviceFlags(unsigned flags);
// Device `index` (an API ordinal), or hipErrorInvalidDevice.
core::Status deviceAt(int index, core::Device*& out);
// An access-policy window as CUDA bounds it (kernel node and stream attributes).
core::Status checkAccessPolicyWindow(const hipAccessPolicyWindow& window);
// A synchronization policy (launch and stream attributes): one of hipSynchronizationPolicy's.
core::Status checkSyncPolicy(hipSynchronizationPolicy policy);

// The device and queue of a stream handle: the null stream (0) gives the current device and a
// null queue; hipStreamPerThread the calling thread's stream on the current device.
core::Status streamOf(hipStream_t stream, core::Device*& device, core::Stream*& queue);

// The calling thread's per-thread stream on `device`, created on first use (and again after a
// hipDeviceReset destroyed it).
core::Status perThreadStream(core::Device& device, core::Stream*& out);
// The same when it exists already: the launch path's check (two loads and two compares).
inline core::Stream* readyPerThreadStream(const ThreadState& thread,
                                          const core::Device& device) noexcept {
  core::Stream* queue = thread.perThreadStreams[device.index()];
  return queue != nullptr && queue->valid() && queue->perThreadOwner == &thread ? queue : nullptr;
}

}  // namespace hipcore::api
