// Profiling times of completed packets, for HIPCORE_TRACE.
#pragma once

#include <cstdint>

namespace hipcore::hsa {

// Start and end of the dispatch that completed `signal` on a queue with profiling enabled,
// in ROCR's system domain (hsa_amd_profiling_get_dispatch_time). False if ROCR has no times.
bool dispatchInterval(uint64_t agent, uint64_t signal, uint64_t& start, uint64_t& end);

}  // namespace hipcore::hsa
