// Kernels whose results show the order streams ran them in, and one the test holds back.
#include <hip/hip_runtime.h>

#include "StreamKernels.h"

__global__ void step(int* values, int n, int step) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] = values[i] * 3 + step;
}

__global__ void waitThenFill(const int* flag, int* values, int n, int value) {
  // One wave polls; the others wait for it at the barrier.
  if (threadIdx.x == 0)
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM) == 0)
      __builtin_amdgcn_s_sleep(8);
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) values[i] = value;
}

__global__ void copyInts(int* destination, const int* source, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) destination[i] = source[i];
}

hipError_t launchStep(int* values, int n, int stepValue, hipStream_t stream) {
  step<<<(n + 63) / 64, 64, 0, stream>>>(values, n, stepValue);
  return hipGetLastError();
}

hipError_t launchWaitThenFill(const int* flag, int* values, int n, int value, hipStream_t stream) {
  waitThenFill<<<1, 64, 0, stream>>>(flag, values, n, value);
  return hipGetLastError();
}

hipError_t launchCopy(int* destination, const int* source, int n, hipStream_t stream) {
  copyInts<<<(n + 63) / 64, 64, 0, stream>>>(destination, source, n);
  return hipGetLastError();
}
