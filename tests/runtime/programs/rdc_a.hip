// First translation unit of a -fgpu-rdc program: two kernels and a device function used by b.
#include <hip/hip_runtime.h>

__device__ int twice(int x) {
  return 2 * x;
}
__global__ void kernelA1(int* out) {
  out[threadIdx.x] = twice(threadIdx.x);
}
__global__ void kernelA2(int* out) {
  out[threadIdx.x] = 1;
}
