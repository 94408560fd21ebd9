// Kernels of the launch-configuration and stream-attribute tests (LaunchConfigKernels.hip).
#pragma once

#include <hip/hip_runtime_api.h>

// out[i] = i * factor for every thread of the grid.
const void* scaleKernelHandle();
// hipLaunchKernelEx (the template) of the scale kernel.
hipError_t launchScaleEx(const hipLaunchConfig_t* config, int* out, int factor);
// Every block adds its index + 1 into partial[block], the grid synchronises, then block 0's
// thread 0 writes the sum of partial[] to *total: only right when the grid synchronised.
const void* gridSumKernelHandle();
