// Kernels for the graph and stream-capture tests.
#include <hip/hip_runtime.h>

#include "GraphKernels.h"

namespace {

__device__ int sixteenInts[16];

__global__ void addTo(int* data, int value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += value;
}

__global__ void multiplyBy(int* data, int factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

__global__ void sum(const int* a, const int* b, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

__global__ void slowSet(int* target, int value, int iterations) {
  int x = value;
  for (int i = 0; i < iterations; ++i) x = (x * 3 + 1) % 1000003;
  if (threadIdx.x == 0) *target = value + (x == -1 ? 1 : 0);
}

__global__ void stamp(int* log, int* counter, int id) {
  if (threadIdx.x == 0) log[(*counter)++] = id;
}

unsigned blocksFor(int n) {
  return (static_cast<unsigned>(n) + 63) / 64;
}

}  // namespace

const void* addToKernel() {
  return reinterpret_cast<const void*>(&addTo);
}
const void* multiplyByKernel() {
  return reinterpret_cast<const void*>(&multiplyBy);
}
const void* sumKernel() {
  return reinterpret_cast<const void*>(&sum);
}
const void* slowSetKernel() {
  return reinterpret_cast<const void*>(&slowSet);
}
const void* stampKernel() {
  return reinterpret_cast<const void*>(&stamp);
}

const void* symbolOf16Ints() {
  return reinterpret_cast<const void*>(&sixteenInts);
}

hipError_t launchAddTo(int* data, int value, int n, hipStream_t stream) {
  (void)hipGetLastError();  // the launch's own error only, not an earlier call's
  addTo<<<blocksFor(n), 64, 0, stream>>>(data, value, n);
  return hipGetLastError();
}

hipError_t launchMultiplyBy(int* data, int factor, int n, hipStream_t stream) {
  (void)hipGetLastError();  // the launch's own error only, not an earlier call's
  multiplyBy<<<blocksFor(n), 64, 0, stream>>>(data, factor, n);
  return hipGetLastError();
}

hipError_t launchSum(const int* a, const int* b, int* out, int n, hipStream_t stream) {
  (void)hipGetLastError();  // the launch's own error only, not an earlier call's
  sum<<<blocksFor(n), 64, 0, stream>>>(a, b, out, n);
  return hipGetLastError();
}
