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
