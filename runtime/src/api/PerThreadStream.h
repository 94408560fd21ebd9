// What the `_spt` entry points share: stream 0 read as hipStreamPerThread, and the synchronous
// forms as their Async form on the per-thread stream followed by a wait for it.
#pragma once

#include <hip/hip_runtime_api.h>

namespace hipcore::api {

inline hipStream_t perThread(hipStream_t stream) {
  return stream == nullptr ? hipStreamPerThread : stream;
}

// The asynchronous form's result, then the per-thread stream's completion.
inline hipError_t thenWait(hipError_t queued) {
  return queued == hipSuccess ? hipStreamSynchronize(hipStreamPerThread) : queued;
}

}  // namespace hipcore::api
