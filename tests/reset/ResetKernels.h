// Launch helpers of the device-reset test (ResetKernels.hip).
#pragma once

#include <hip/hip_runtime_api.h>

// A kernel that traps (s_trap), which stops its queue with an error.
hipError_t launchTrap(int* out);
// out[i] = i * i for i < n.
hipError_t launchSquares(int* out, int n);
