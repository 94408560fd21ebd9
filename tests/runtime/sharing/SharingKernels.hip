// Kernels that write and read shared memory, so sharing tests check real device accesses.
#include <hip/hip_runtime.h>

#include "SharingKernels.h"

__global__ void writePattern(uint32_t* words, size_t count, uint32_t tag) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += size_t{gridDim.x} * blockDim.x)
    words[i] = tag * 2654435761u + static_cast<uint32_t>(i) * 7u + static_cast<uint32_t>(i >> 3);
}

__global__ void addWords(uint32_t* out, const uint32_t* in, size_t count, uint32_t add) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += size_t{gridDim.x} * blockDim.x)
    out[i] = in[i] + add;
}

namespace {
unsigned blocksFor(size_t count) {
  return static_cast<unsigned>(count < 64 * 16 ? (count + 63) / 64 + (count == 0) : 16);
}
}  // namespace

// Each returns its own launch's error (earlier misuse checks leave theirs as the last error).
hipError_t launchWritePattern(uint32_t* words, size_t count, uint32_t tag, hipStream_t stream) {
  (void)hipGetLastError();
  writePattern<<<blocksFor(count), 64, 0, stream>>>(words, count, tag);
  return hipGetLastError();
}

hipError_t launchAddWords(uint32_t* out, const uint32_t* in, size_t count, uint32_t add,
                          hipStream_t stream) {
  (void)hipGetLastError();
  addWords<<<blocksFor(count), 64, 0, stream>>>(out, in, count, add);
  return hipGetLastError();
}
