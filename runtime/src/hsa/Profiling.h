// Profiling times of completed packets, for HIPCORE_TRACE.
#pragma once

#include <cstdint>

namespace hipcore::hsa {

// Start and end of the dispatch that completed `signal` on a queue with profiling enabled,
// in ROCR's system domain (hsa_amd_profiling_get_dispatch_time). False if ROCR has no times.
bool dispatchInterval(uint64_t agent, uint64_t signal, uint64_t& start, uint64_t& end);

// Makes ROCR time hsa_amd_memory_async_copy (once; later copies carry start/end stamps).
void enableCopyProfiling();
// Start and end of the copy that completed `signal`, in the system domain.
bool copyInterval(uint64_t signal, uint64_t& start, uint64_t& end);
bool isCpuAgent(uint64_t agent);

}  // namespace hipcore::hsa
