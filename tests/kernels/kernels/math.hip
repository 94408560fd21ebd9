// Correctly rounded arithmetic in all four rounding directions, the integer averages, and a sweep
// of the main float math functions (device library test): one output row per input triple.
#include <hip/hip_runtime.h>

#include "../MathConstantsCheck.h"  // hip_math_constants.h, checked in the device compiler

#define ROUNDINGS(out, k, fn, ...)   \
  out[k + 0] = fn##_rn(__VA_ARGS__); \
  out[k + 1] = fn##_rz(__VA_ARGS__); \
  out[k + 2] = fn##_ru(__VA_ARGS__); \
  out[k + 3] = fn##_rd(__VA_ARGS__);

// Per (a, b, c), 36 words: fadd, fsub, fmul, fdiv, frcp(a), fmaf, fmaf_ieee (4 roundings each),
// fsqrt(a) (rz, ru, rd), and __hadd, __rhadd, __uhadd, __urhadd, __saturatef(a) on the bits.
__global__ void float_ops(const float* a, const float* b, const float* c, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i];
  float r[28];
  ROUNDINGS(r, 0, __fadd, x, y)
  ROUNDINGS(r, 4, __fsub, x, y)
  ROUNDINGS(r, 8, __fmul, x, y)
  ROUNDINGS(r, 12, __fdiv, x, y)
  ROUNDINGS(r, 16, __frcp, x)
  ROUNDINGS(r, 20, __fmaf, x, y, z)
  ROUNDINGS(r, 24, __fmaf_ieee, x, y, z)
  unsigned* row = out + i * 36;
  for (int k = 0; k < 28; ++k) row[k] = __float_as_uint(r[k]);
  row[28] = __float_as_uint(__fsqrt_rz(x));
  row[29] = __float_as_uint(__fsqrt_ru(x));
  row[30] = __float_as_uint(__fsqrt_rd(x));
  int ix = __float_as_int(x), iy = __float_as_int(y);
  row[31] = (unsigned)__hadd(ix, iy);
  row[32] = (unsigned)__rhadd(ix, iy);
  row[33] = __uhadd((unsigned)ix, (unsigned)iy);
  row[34] = __urhadd((unsigned)ix, (unsigned)iy);
  row[35] = __float_as_uint(__saturatef(x == x ? x : 0.5f));
}

// Per (a, b, c), 28 doubles (as bits): dadd, dsub, dmul, ddiv, drcp(a), dsqrt(a), fma.
__global__ void double_ops(const double* a, const double* b, const double* c,
                           unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i], z = c[i];
  double r[28];
  ROUNDINGS(r, 0, __dadd, x, y)
  ROUNDINGS(r, 4, __dsub, x, y)
  ROUNDINGS(r, 8, __dmul, x, y)
  ROUNDINGS(r, 12, __ddiv, x, y)
  ROUNDINGS(r, 16, __drcp, x)
  ROUNDINGS(r, 20, __dsqrt, x)
  ROUNDINGS(r, 24, __fma, x, y, z)
  unsigned long long* row = out + i * 28;
  for (int k = 0; k < 28; ++k) row[k] = (unsigned long long)__double_as_longlong(r[k]);
}

// Per (x, y), 14 floats: sinf, cosf, expf, logf, powf, sqrtf, tanhf, erff, __expf, __logf,
// __sinf, __fdividef, __fsqrt_rn, __frsqrt_rn.
__global__ void float_functions(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float* row = out + i * 14;
  row[0] = sinf(x);
  row[1] = cosf(x);
  row[2] = expf(x);
  row[3] = logf(x);
  row[4] = powf(x, y);
  row[5] = sqrtf(x);
  row[6] = tanhf(x);
  row[7] = erff(x);
  row[8] = __expf(x);
  row[9] = __logf(x);
  row[10] = __sinf(x);
  row[11] = __fdividef(x, y);
  row[12] = __fsqrt_rn(x);
  row[13] = __frsqrt_rn(x);
}
