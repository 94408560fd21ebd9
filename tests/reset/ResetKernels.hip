// Kernels of the device-reset test: one that traps, one that works.
#include <hip/hip_runtime.h>

#include "ResetKernels.h"

// s_trap: the queue stops with an error, as for a device assert or abort. (A wild store is the
// other way a kernel faults, but ROCR's VM-fault handler aborts the whole process on a memory
// fault, in 5.2.3 as in later releases: no runtime can report that one as a sticky error.)
__global__ void trapping(int* out) {
  out[threadIdx.x] = 1;
  __builtin_trap();
}

__global__ void squares(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * i;
}

hipError_t launchTrap(int* out) {
  trapping<<<1, 32>>>(out);
  return hipGetLastError();
}

hipError_t launchSquares(int* out, int n) {
  squares<<<(n + 63) / 64, 64>>>(out, n);
  return hipGetLastError();
}
