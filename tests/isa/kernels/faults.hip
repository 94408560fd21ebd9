// Kernels that fault on purpose: an out-of-bounds store and a trap.
#include <hip/hip_runtime.h>

extern "C" __global__ void store_past_end(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = n;  // no bounds check: the last lanes write past the buffer
}

extern "C" __global__ void trap_if(const int* in) {
  if (in[threadIdx.x] == 42) __builtin_trap();
}
