// Conversion and reinterpretation intrinsics (device library test): every rounding variant of each
// conversion, one output row per input.
#include <hip/hip_runtime.h>

#define ROUNDINGS(out, k, fn, x) \
  out[k + 0] = fn##_rn(x);       \
  out[k + 1] = fn##_rz(x);       \
  out[k + 2] = fn##_ru(x);       \
  out[k + 3] = fn##_rd(x);

// Per float x, 18 values: int, uint, ll, ull conversions (4 roundings each), float_as_int/uint.
__global__ void from_float(const float* in, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  unsigned long long* row = out + i * 18;
  ROUNDINGS(row, 0, (unsigned)__float2int, x)
  ROUNDINGS(row, 4, __float2uint, x)
  ROUNDINGS(row, 8, __float2ll, x)
  ROUNDINGS(row, 12, __float2ull, x)
  row[16] = (unsigned)__float_as_int(x);
  row[17] = __float_as_uint(x) ^ (unsigned)__float_as_int(__uint_as_float(~__float_as_uint(x)));
}

// Per double x, 24 values: the 16 integer conversions, 4 float narrowings (bits), hi/lo words,
// double_as_longlong, and a hi/lo round trip.
__global__ void from_double(const double* in, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  unsigned long long* row = out + i * 24;
  ROUNDINGS(row, 0, (unsigned)__double2int, x)
  ROUNDINGS(row, 4, __double2uint, x)
  ROUNDINGS(row, 8, __double2ll, x)
  ROUNDINGS(row, 12, __double2ull, x)
  float f[4];
  ROUNDINGS(f, 0, __double2float, x)
  for (int k = 0; k < 4; ++k) row[16 + k] = __float_as_uint(f[k]);
  row[20] = (unsigned)__double2hiint(x);
  row[21] = (unsigned)__double2loint(x);
  row[22] = (unsigned long long)__double_as_longlong(x);
  row[23] = (unsigned long long)__double_as_longlong(
      __hiloint2double(__double2loint(x), __double2hiint(x)));
}

// Per 64-bit integer v, 26 values: int/uint/ll/ull to float (bits, 4 roundings each), ll/ull to
// double (bits, 4 each), int2double_rn((int)v), uint2double_rn((unsigned)v).
__global__ void from_integer(const unsigned long long* in, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long v = in[i];
  unsigned long long* row = out + i * 26;
  float f[16];
  ROUNDINGS(f, 0, __int2float, (int)v)
  ROUNDINGS(f, 4, __uint2float, (unsigned)v)
  ROUNDINGS(f, 8, __ll2float, (long long)v)
  ROUNDINGS(f, 12, __ull2float, v)
  for (int k = 0; k < 16; ++k) row[k] = __float_as_uint(f[k]);
  double d[8];
  ROUNDINGS(d, 0, __ll2double, (long long)v)
  ROUNDINGS(d, 4, __ull2double, v)
  for (int k = 0; k < 8; ++k) row[16 + k] = (unsigned long long)__double_as_longlong(d[k]);
  row[24] = (unsigned long long)__double_as_longlong(__int2double_rn((int)v));
  row[25] = (unsigned long long)__double_as_longlong(__uint2double_rn((unsigned)v));
}
