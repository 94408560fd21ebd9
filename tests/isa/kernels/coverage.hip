// Decode coverage only (CorpusDecodeTest): device library paths the other tests do not run, such
// as printf through hostcall, device malloc, clocks, fences and 64-bit float atomics.
#include <hip/hip_runtime.h>

extern "C" __device__ int printf(const char*, ...);
extern "C" __device__ void* malloc(unsigned long);
extern "C" __device__ void free(void*);

extern "C" __global__ void coverage_printf(int v, double d) {
  printf("lane %d value %d %f %s\n", (int)threadIdx.x, v, d, "text");
}

extern "C" __global__ void coverage_malloc(int** out) {
  int* p = (int*)malloc(64);
  if (p) p[0] = threadIdx.x;
  out[threadIdx.x] = p;
  free(p);
}

extern "C" __global__ void coverage_misc(double* d, unsigned long long* t, float* f) {
  t[threadIdx.x] = __builtin_readcyclecounter();
  __threadfence();
  __hip_atomic_fetch_add(d, 1.0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_max(f, 2.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_exchange(t + 64, 5ull, __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_SYSTEM);
  f[threadIdx.x] =
      __builtin_amdgcn_rcpf(f[threadIdx.x]) + __builtin_amdgcn_fractf(f[threadIdx.x] * 3.0f) +
      __builtin_amdgcn_ldexpf(f[threadIdx.x], 3) + fminf(f[1], f[2]) + truncf(f[3]) +
      (float)__builtin_amdgcn_sinf(f[4]) + floorf(f[5]) + ceilf(f[6]) + roundf(f[7]) + tanhf(f[8]) +
      atan2f(f[9], f[10]) + cbrtf(f[11]) + fmodf(f[12], 3.0f) + lgammaf(f[13]);
  d[threadIdx.x + 1] = tgamma(d[2]) + atan(d[3]) + cbrt(d[4]) + fmod(d[5], 7.0) + floor(d[6]) +
                       (double)(long long)d[7] + (double)(unsigned long long)d[8] + asinh(d[9]) +
                       log1p(d[10]) + expm1(d[11]);
  t[threadIdx.x + 100] = (unsigned long long)d[12] / (t[13] | 1) + (long long)f[14];
}
