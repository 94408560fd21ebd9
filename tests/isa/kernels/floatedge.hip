// Float edge cases per encoding: NaN, infinities, denormals, signed zeros, conversions.
#include <hip/hip_runtime.h>

extern "C" __global__ void float_edges(const float* a, const float* b, float* out, int* iout,
                                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float* o = out + 6 * i;
  o[0] = x + y;
  o[1] = x * y;
  o[2] = fminf(x, y);
  o[3] = fmaxf(x, y);
  o[4] = fmaf(x, y, 1.0f);
  o[5] = -fabsf(x);
  int* io = iout + 4 * i;
  io[0] = (int)x;  // saturating conversion
  io[1] = (int)(unsigned)fabsf(y);
  io[2] = x < y;
  io[3] = __builtin_isnan(x) + 2 * __builtin_isinf(y) +
          4 * (__builtin_fpclassify(0, 1, 2, 3, 4, x) == 3);
}

extern "C" __global__ void double_edges(const double* a, const double* b, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i];
  out[4 * i + 0] = x + y;
  out[4 * i + 1] = x * y;
  out[4 * i + 2] = fma(x, y, -1.0);
  out[4 * i + 3] = (double)(float)x;
}
