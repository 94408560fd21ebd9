// Kernels of the stress suite, with host-side launchers callable from plain C++.
#include <hip/hip_runtime.h>

#include "StressKernels.h"

// One step of an order-sensitive recurrence: the final values depend on every launch having run,
// exactly once, in stream order (see stepOnHost).
__global__ void stepKernel(unsigned* data, unsigned count, unsigned sequence) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) data[i] = data[i] * 31u + sequence + i;
}

// Fills a block with a pattern derived from its seed, so that a later check sees whether the
// memory still belongs to the allocation that wrote it.
__global__ void patternKernel(unsigned* data, unsigned count, unsigned seed) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) data[i] = seed ^ (i * 2654435761u);
}

hipError_t launchStep(unsigned* data, unsigned count, unsigned sequence, hipStream_t stream) {
  stepKernel<<<(count + 63) / 64, 64, 0, stream>>>(data, count, sequence);
  return hipGetLastError();
}

hipError_t launchPattern(unsigned* data, unsigned count, unsigned seed, hipStream_t stream) {
  patternKernel<<<(count + 63) / 64, 64, 0, stream>>>(data, count, seed);
  return hipGetLastError();
}
