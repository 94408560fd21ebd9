// HIPCORE_TRACE's host side: one complete event per outermost HIP call, kept per thread.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <set>
#include <string>

namespace hipcore::trace {

// Records a finished call of the calling thread (times: CLOCK_MONOTONIC ns) with its
// formatted arguments (copied). A kernel launch made inside the call (flowForNextCall) becomes
// the start of a flow arrow.
void recordApiCall(const char* function, const char* arguments, uint64_t startNs, uint64_t endNs,
                   hipError_t result);

// At the start of a reported call: no dispatch linked yet.
void clearPendingFlow();
// Set by the launch path when it traced a dispatch: the id that links the call in progress to
// the kernel's execution (the first dispatch of a call, if it makes several).
void flowForNextCall(uint64_t flowId);

// The flow ids recorded API calls carry.
std::set<uint64_t> apiFlows();

// Appends the events of every thread (thread_name metadata, "X" events, "s" flow starts for
// the ids in `paired`) as JSON objects each followed by ",\n".
void appendApiEvents(std::string& json, const std::set<uint64_t>& paired);

}  // namespace hipcore::trace
