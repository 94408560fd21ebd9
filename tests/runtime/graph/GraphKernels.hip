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

__global__ void setTo(int* data, int value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = value;
}

__global__ void addFrom(int* data, const int* source, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += source[0];
}

__global__ void accumulateWeighted(int* out, const int* a, const int* b, const int* c, const int* d,
                                   int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += a[i] + 3 * b[i] + 5 * c[i] + 7 * d[i];
}

// Sets *mine, then spins until *theirs is set or `ticks` of the wall clock passed: 1 in *result
// if it saw the other kernel's flag, -1 if it gave up (the other kernel had not started).
__global__ void handshake(int* mine, int* theirs, int* result, long long ticks) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  atomicExch(mine, 1);
  const long long start = wall_clock64();
  int seen = 0;
  while (seen == 0 && wall_clock64() - start < ticks) seen = atomicAdd(theirs, 0);
  *result = seen != 0 ? 1 : -1;
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

const void* setToKernel() {
  return reinterpret_cast<const void*>(&setTo);
}
const void* addFromKernel() {
  return reinterpret_cast<const void*>(&addFrom);
}
const void* accumulateWeightedKernel() {
  return reinterpret_cast<const void*>(&accumulateWeighted);
}
const void* handshakeKernel() {
  return reinterpret_cast<const void*>(&handshake);
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
