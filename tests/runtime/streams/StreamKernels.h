// Host-side launchers of the stream tests' kernels (StreamKernels.hip).
#pragma once

#include <hip/hip_runtime_api.h>

// values[i] = values[i] * 3 + step for i < n: a sequence of these only gives the expected
// numbers when the launches ran in order.
hipError_t launchStep(int* values, int n, int step, hipStream_t stream);
// Waits (sleeping between polls) until *flag (host memory) is non-zero, then sets
// values[i] = value for i < n: "a long kernel" whose end the test decides, writing last.
hipError_t launchWaitThenFill(const int* flag, int* values, int n, int value, hipStream_t stream);
// destination[i] = source[i] for i < n.
hipError_t launchCopy(int* destination, const int* source, int n, hipStream_t stream);
