// Kernels loaded at run time with hipModuleLoad by the occupancy tests (unmangled names).
#include <hip/hip_runtime.h>

// 16 KiB of static LDS and a handful of registers.
extern "C" __global__ void moduleLds(int* out) {
  __shared__ int buffer[4096];
  for (unsigned i = threadIdx.x; i < 4096; i += blockDim.x) buffer[i] = static_cast<int>(i * 3);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buffer[(threadIdx.x * 5) % 4096];
}
