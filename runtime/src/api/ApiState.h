// The C-ABI layer's state: the process's registry and runtime, and per-thread HIP state
// (current device, last error, pending launch configurations). The only globals of hipcore.
#pragma once

#include <hip/hip_runtime_api.h>

#include <string>

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
  int device = 0;
  hipError_t lastError = hipSuccess;
  std::string lastMessage;
  // <<<...>>> configurations pushed and not yet popped; a fixed array, as launches nest only
  // when a kernel launch appears in the arguments of another.
  static constexpr int kMaxPending = 16;
  CallConfiguration pending[kMaxPending];
  int pendingCount = 0;
  // 1 inside a HIP call that HIPCORE_LOG=api or HIPCORE_TRACE reports (ApiCall.h).
  int callDepth = 0;
};

struct Options {
  bool log = false;  // HIPCORE_LOG=1/errors/api: log registrations, module loads and failed calls
};

const Options& options();
core::Registry& registry();
// Created on first use: initialises ROCR (never from registration calls).
core::Runtime& runtime();
ThreadState& threadState();

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

// The calling thread's current device, or why there is none.
core::Status currentDevice(core::Device*& out);

// The device and queue of a stream handle: the null stream (0, or hipStreamPerThread, which
// hipcore serves with the null stream) gives the current device and a null queue.
core::Status streamOf(hipStream_t stream, core::Device*& device, core::DeviceQueue*& queue);

}  // namespace hipcore::api
