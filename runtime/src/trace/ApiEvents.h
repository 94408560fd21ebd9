// HIPCORE_TRACE's host side: one complete event per outermost HIP call, kept per thread.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <string>

namespace hipcore::trace {

// Records a finished call of the calling thread (times: CLOCK_MONOTONIC ns). A kernel launch
// made inside the call (flowForNextCall) becomes the start of a flow arrow.
void recordApiCall(const char* function, uint64_t startNs, uint64_t endNs, hipError_t result);

// Set by the launch path when it traced a dispatch: the id that links the launching call to
// the kernel's execution.
void flowForNextCall(uint64_t flowId);

// Appends the events of every thread (thread_name metadata, "X" events, "s" flow starts for
// the ids `hasFinish` accepts) as JSON objects each followed by ",\n".
void appendApiEvents(std::string& json, bool (*hasFinish)(uint64_t flowId));

}  // namespace hipcore::trace
