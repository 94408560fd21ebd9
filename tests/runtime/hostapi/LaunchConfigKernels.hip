// Kernels of the launch-configuration and stream-attribute tests.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include "LaunchConfigKernels.h"

namespace {

__global__ void scaleKernel(int* out, int factor) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = static_cast<int>(i) * factor;
}

__global__ void gridSumKernel(int* partial, int* total) {
  if (threadIdx.x == 0) partial[blockIdx.x] = static_cast<int>(blockIdx.x) + 1;
  cooperative_groups::this_grid().sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b];
    *total = sum;
  }
}

}  // namespace

const void* scaleKernelHandle() {
  return reinterpret_cast<const void*>(&scaleKernel);
}

hipError_t launchScaleEx(const hipLaunchConfig_t* config, int* out, int factor) {
  return hipLaunchKernelEx(config, scaleKernel, out, factor);
}

const void* gridSumKernelHandle() {
  return reinterpret_cast<const void*>(&gridSumKernel);
}
