// Basic kernels for the isa tests: vector add, saxpy, integer edge cases, 3-D grid ids.
#include <hip/hip_runtime.h>

extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

extern "C" __global__ void saxpy(float alpha, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * x[i] + y[i];
}

// A grid-stride loop: the benchmark's saxpy (many iterations per wave).
extern "C" __global__ void saxpy_loop(float alpha, const float* x, float* y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = alpha * x[i] + y[i];
}

// Every work-item writes its global linear id and its 3-D coordinates.
extern "C" __global__ void grid3d(unsigned* out) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
  unsigned w = gridDim.x * blockDim.x, h = gridDim.y * blockDim.y;
  unsigned i = (z * h + y) * w + x;
  out[4 * i + 0] = x;
  out[4 * i + 1] = y;
  out[4 * i + 2] = z;
  out[4 * i + 3] = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}

// Integer edge cases: carries, shifts by 32+, signed overflow wrap, min/max, mul hi.
extern "C" __global__ void int_ops(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned long long wide = (unsigned long long)x + y;
  unsigned* o = out + 12 * i;
  o[0] = x + y;
  o[1] = (unsigned)(wide >> 32);  // carry
  o[2] = x << (y & 31);
  o[3] = (unsigned)(((unsigned long long)x << (y & 63)) >> 32);  // 64-bit shift by 32+
  o[4] = (unsigned)((int)x >> (y & 31));
  o[5] = (unsigned)((int)x + (int)y);  // wraps on signed overflow (as unsigned add)
  o[6] = (int)x < (int)y ? x : y;
  o[7] = x > y ? x : y;
  o[8] = (unsigned)(((unsigned long long)x * y) >> 32);
  o[9] = __builtin_popcount(x) + __builtin_clz(x | 1);
  o[10] = x * y;
  o[11] = (unsigned)(((long long)(int)x * (long long)(int)y) >> 32);
}
