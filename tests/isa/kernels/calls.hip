// Scratch and calls: a dynamically indexed private array, and noinline device functions that
// take pointers into it (the stack goes through scratch / MUBUF private memory).
#include <hip/hip_runtime.h>

__device__ __attribute__((noinline)) int sum_array(const int* p, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += p[i] * (i + 1);
  return s;
}

__device__ __attribute__((noinline)) float polynomial(float x, int degree) {
  float r = 0.0f;
  for (int d = degree; d >= 0; --d) r = r * x + (float)(d + 1);
  return r;
}

extern "C" __global__ void private_array(const int* idx, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int arr[32];
  for (int k = 0; k < 32; ++k) arr[k] = k * k + i;
  int j = idx[i] & 31;
  arr[j] += 1000;
  out[2 * i + 0] = arr[(j * 7 + 3) & 31] + arr[j];
  out[2 * i + 1] = sum_array(arr, (i % 32) + 1);
}

extern "C" __global__ void call_float(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = polynomial(x[i], i % 5);
}

// A small private array indexed dynamically: kept in VGPRs and indexed through M0
// (v_movrels/v_movreld) or expanded into selects, depending on the target.
extern "C" __global__ void register_array(const int* idx, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int arr[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) arr[k] = k * 10 + i;
  arr[idx[i] & 7] = -1;
  out[i] = arr[(idx[i] >> 3) & 7];
}

// Generic (flat) pointers into LDS and into private memory, through a non-inlined function:
// flat instructions reach them through the shared and private apertures.
__device__ __attribute__((noinline)) void scale_into(int* dst, const int* src, int n, int k) {
  for (int i = 0; i < n; ++i) dst[i] = src[i] * k;
}

extern "C" __global__ void flat_apertures(const int* in, int* out) {
  __shared__ int shared[64];
  int priv[4];
  unsigned t = threadIdx.x;
  shared[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  scale_into(priv, &shared[(t / 4) * 4], 4, 3);  // LDS -> private
  __syncthreads();
  scale_into(&shared[t], &priv[t % 4], 1, 2);  // private -> LDS
  __syncthreads();
  out[blockIdx.x * 64 + t] = shared[63 - t];
}
