// f32 arithmetic on denormal inputs and results. Compiled as is (MODE keeps f32 denormals) and,
// through denorm_ftz.hip, with -fgpu-flush-denormals-to-zero (RSRC1 FLOAT_DENORM_MODE_32 = 0;
// LLVM turns denormals on around the division's scaled fma sequence with s_denorm_mode).
#include <hip/hip_runtime.h>

extern "C" __global__ void denorm_ops(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float* o = out + 5 * i;
  o[0] = x * y;
  o[1] = x + y;
  o[2] = fmaf(x, y, x);
  o[3] = x / y;
  o[4] = __builtin_sqrtf(x);
}
