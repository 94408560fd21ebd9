// HIPCORE_TRACE's copy rows: hsa_amd_memory_async_copy intervals (SDMA engines or ROCR's blit
// kernels), one row per direction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "TraceClock.h"

namespace hipcore::trace {

// After the copy that completed `signal` finished (the copy path waits for it anyway).
void recordCopy(uint64_t signal, size_t bytes, bool fromHost, bool toHost);

// Appends the copy rows as JSON objects each followed by ",\n", times through `domain`.
void appendCopyEvents(std::string& json, const SystemDomain& domain);

}  // namespace hipcore::trace
