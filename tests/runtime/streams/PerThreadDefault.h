// Calls compiled with -fgpu-default-stream=per-thread (PerThreadDefault.hip): each works on the
// calling thread's per-thread stream although none names a stream.
#pragma once

#include <hip/hip_runtime_api.h>

// Waits until *flag (host memory) is non-zero, then values[i] = value for i < n.
hipError_t defaultHoldThenFill(const int* flag, int* values, int n, int value);
hipError_t defaultAdd(int* values, int n, int amount);            // values[i] += amount
hipError_t defaultZero(int* values, int n);                       // hipMemsetAsync without a stream
hipError_t defaultDownload(int* host, const int* values, int n);  // hipMemcpy
hipError_t defaultSynchronize();                                  // hipStreamSynchronize(0)
hipError_t defaultQuery();                                        // hipStreamQuery(0)
