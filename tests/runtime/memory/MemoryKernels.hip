// Kernels that write and verify allocations, so allocator tests check real device accesses.
#include <hip/hip_runtime.h>

#include "MemoryKernels.h"

__global__ void fillWords(uint32_t* words, size_t count, uint32_t tag) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += size_t{gridDim.x} * blockDim.x)
    words[i] = tag + static_cast<uint32_t>(i);
}

__global__ void checkWords(const uint32_t* words, size_t count, uint32_t tag, int* mismatches) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += size_t{gridDim.x} * blockDim.x)
    if (words[i] != tag + static_cast<uint32_t>(i)) atomicAdd(mismatches, 1);
}

namespace {
// At least one block: an empty range still launches (and does nothing).
unsigned blocksFor(size_t count) {
  return static_cast<unsigned>(count < 64 * 16 ? (count + 63) / 64 + (count == 0) : 16);
}
}  // namespace

// Each returns its own launch's error: the last error is cleared first, since a test's earlier
// misuse checks leave theirs there (a whole binary runs in one process under memcheck).
hipError_t launchFillWords(uint32_t* words, size_t count, uint32_t tag, hipStream_t stream) {
  (void)hipGetLastError();
  fillWords<<<blocksFor(count), 64, 0, stream>>>(words, count, tag);
  return hipGetLastError();
}

hipError_t launchCheckWords(const uint32_t* words, size_t count, uint32_t tag, int* mismatches,
                            hipStream_t stream) {
  (void)hipGetLastError();
  checkWords<<<blocksFor(count), 64, 0, stream>>>(words, count, tag, mismatches);
  return hipGetLastError();
}
