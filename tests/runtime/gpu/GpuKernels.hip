// Kernels for the runtime's GPU tests, with host-side launchers callable from plain C++.
#include <hip/hip_ext.h>
#include <hip/hip_runtime.h>

#include "GpuKernels.h"

__global__ void addKernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// Mixed argument sizes: each value lands in its own output slot.
__global__ void mixedKernel(char c, double d, long long* out, MixedPair p, short h) {
  if (threadIdx.x != 0) return;
  out[0] = c;
  out[1] = static_cast<long long>(d * 4.0);
  out[2] = p.a;
  out[3] = static_cast<long long>(p.b * 2.0f);
  out[4] = h;
}

// Every thread records its coordinates and the launch shape it sees.
__global__ void geometryKernel(GeometryRecord* out) {
  unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned index = block * (blockDim.x * blockDim.y * blockDim.z) + thread;
  out[index] = {threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z,
                blockDim.x,  blockDim.y,  blockDim.z,  gridDim.x,  gridDim.y,  gridDim.z};
}

__global__ void emptyKernel() {}

__global__ void __launch_bounds__(64) boundedKernel(int* out) {
  out[threadIdx.x] = 1;
}

const void* boundedKernelHandle() {
  return reinterpret_cast<const void*>(&boundedKernel);
}

hipError_t launchBounded(int* out, unsigned block) {
  boundedKernel<<<1, block>>>(out);
  return hipGetLastError();
}

__constant__ float coefficients[4];
__device__ int hits;

// out[i] = c0 + c1*i (coefficients set by hipMemcpyToSymbol); counts threads in `hits`.
__global__ void polynomialKernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = coefficients[0] + coefficients[1] * static_cast<float>(i);
  atomicAdd(&hits, 1);
}

hipError_t launchPolynomial(float* out, int n) {
  polynomialKernel<<<(n + 63) / 64, 64>>>(out, n);
  return hipGetLastError();
}

__managed__ int managedTotal = 3;

__global__ void addToManagedKernel(int value) {
  if (blockIdx.x == 0 && threadIdx.x == 0) managedTotal += value;
}

hipError_t launchAddToManaged(int value) {
  addToManagedKernel<<<2, 32>>>(value);
  return hipGetLastError();
}

int& managedTotalOnHost() {
  return managedTotal;
}

// Spins for `iterations` (so that later work really waits for it), then stores `value`.
__global__ void slowStoreKernel(int* target, int value, int iterations) {
  int x = value;
  for (int i = 0; i < iterations; ++i) x = (x * 3 + 1) % 1000003;
  if (threadIdx.x == 0) *target = value + (x == -1 ? 1 : 0);
}

__global__ void copyIntKernel(int* destination, const int* source) {
  if (threadIdx.x == 0) *destination = *source;
}

hipError_t launchSlowStore(int* target, int value, int iterations, hipStream_t stream) {
  slowStoreKernel<<<1, 32, 0, stream>>>(target, value, iterations);
  return hipGetLastError();
}

hipError_t launchCopyInt(int* destination, const int* source, hipStream_t stream) {
  copyIntKernel<<<1, 32, 0, stream>>>(destination, source);
  return hipGetLastError();
}

const void* coefficientsSymbol() {
  return HIP_SYMBOL(coefficients);
}
const void* hitsSymbol() {
  return &HIP_SYMBOL(hits);
}

hipError_t launchAdd(const float* a, const float* b, float* c, int n, unsigned block) {
  addKernel<<<(n + block - 1) / block, block>>>(a, b, c, n);
  return hipGetLastError();
}

hipError_t launchAddExt(const float* a, const float* b, float* c, int n, hipEvent_t start,
                        hipEvent_t stop) {
  hipExtLaunchKernelGGL(addKernel, dim3((n + 63) / 64), dim3(64), 0, nullptr, start, stop, 0, a, b,
                        c, n);
  return hipGetLastError();
}

hipError_t launchMixed(char c, double d, long long* out, MixedPair p, short h) {
  mixedKernel<<<1, 32>>>(c, d, out, p, h);
  return hipGetLastError();
}

hipError_t launchGeometry(GeometryRecord* out, dim3 grid, dim3 block) {
  geometryKernel<<<grid, block>>>(out);
  return hipGetLastError();
}

hipError_t launchAddOn(const float* a, const float* b, float* c, int n, hipStream_t stream) {
  addKernel<<<(n + 63) / 64, 64, 0, stream>>>(a, b, c, n);
  return hipGetLastError();
}

hipError_t launchEmpty() {
  emptyKernel<<<1, 32>>>();
  return hipGetLastError();
}

const void* emptyKernelHandle() {
  return reinterpret_cast<const void*>(&emptyKernel);
}
