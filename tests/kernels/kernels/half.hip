// __half/__half2 intrinsics over input arrays (device library test): conversions in every
// rounding mode, arithmetic, comparisons, math, shuffles and atomics, one output row per input.
#include <hip/hip_fp16.h>

#define INDEX()                                  \
  int i = blockIdx.x * blockDim.x + threadIdx.x; \
  if (i >= n) return

// Every half bit pattern to float, and the float back to half (round to nearest even).
__global__ void half_to_float(const unsigned short* in, float* out, unsigned short* back, int n) {
  INDEX();
  float f = __half2float(__ushort_as_half(in[i]));
  out[i] = f;
  back[i] = __half_as_ushort(__float2half(f));
}

// Float to half in the four rounding modes, and double to half (nearest even).
__global__ void float_to_half(const float* in, unsigned short* out, int n) {
  INDEX();
  float f = in[i];
  unsigned short* row = out + i * 5;
  row[0] = __half_as_ushort(__float2half_rn(f));
  row[1] = __half_as_ushort(__float2half_rz(f));
  row[2] = __half_as_ushort(__float2half_rd(f));
  row[3] = __half_as_ushort(__float2half_ru(f));
  row[4] = __half_as_ushort(__double2half((double)f));
}

// Half to integers: int in four modes, then short_rn, ushort_rz, uint_ru, ll_rd (low word),
// ull_rz (low word).
__global__ void half_to_int(const unsigned short* in, int* out, int n) {
  INDEX();
  __half h = __ushort_as_half(in[i]);
  int* row = out + i * 9;
  row[0] = __half2int_rn(h);
  row[1] = __half2int_rz(h);
  row[2] = __half2int_rd(h);
  row[3] = __half2int_ru(h);
  row[4] = __half2short_rn(h);
  row[5] = __half2ushort_rz(h);
  row[6] = (int)__half2uint_ru(h);
  row[7] = (int)__half2ll_rd(h);
  row[8] = (int)__half2ull_rz(h);
}

// Integers to half: int in four modes, uint_rz, short_rd, ushort_ru, ll_rn and ull_ru of a
// 64-bit value built from the input.
__global__ void int_to_half(const int* in, unsigned short* out, int n) {
  INDEX();
  int v = in[i];
  long long wide = (long long)v * 1000003LL;
  unsigned short* row = out + i * 9;
  row[0] = __half_as_ushort(__int2half_rn(v));
  row[1] = __half_as_ushort(__int2half_rz(v));
  row[2] = __half_as_ushort(__int2half_rd(v));
  row[3] = __half_as_ushort(__int2half_ru(v));
  row[4] = __half_as_ushort(__uint2half_rz((unsigned)v));
  row[5] = __half_as_ushort(__short2half_rd((short)v));
  row[6] = __half_as_ushort(__ushort2half_ru((unsigned short)v));
  row[7] = __half_as_ushort(__ll2half_rn(wide));
  row[8] = __half_as_ushort(__ull2half_ru((unsigned long long)wide));
}

// Arithmetic on (a, b, c): 16 half results and one bitmask of comparisons per row.
__global__ void half_arith(const unsigned short* a, const unsigned short* b,
                           const unsigned short* c, unsigned short* out, unsigned* cmp, float* dot,
                           int n) {
  INDEX();
  __half x = __ushort_as_half(a[i]), y = __ushort_as_half(b[i]), z = __ushort_as_half(c[i]);
  unsigned short* row = out + i * 16;
  row[0] = __half_as_ushort(__hadd(x, y));
  row[1] = __half_as_ushort(__hsub(x, y));
  row[2] = __half_as_ushort(__hmul(x, y));
  row[3] = __half_as_ushort(__hdiv(x, y));
  row[4] = __half_as_ushort(__hfma(x, y, z));
  row[5] = __half_as_ushort(__hadd_sat(x, y));
  row[6] = __half_as_ushort(__hmul_sat(x, y));
  row[7] = __half_as_ushort(__hmax(x, y));
  row[8] = __half_as_ushort(__hmin(x, y));
  row[9] = __half_as_ushort(__hneg(x));
  row[10] = __half_as_ushort(__habs(x));
  row[11] = __half_as_ushort(x + y);  // operators
  row[12] = __half_as_ushort(x - y);
  // __half2 lanes: (x, y) op (y, z)
  __half2 p = __halves2half2(x, y), q = __halves2half2(y, z);
  __half2 s = __hadd2(p, q), f = __hfma2(p, q, __lowhigh2highlow(p));
  row[13] = __half_as_ushort(__low2half(s));
  row[14] = __half_as_ushort(__high2half(s));
  row[15] = __half_as_ushort(__high2half(f));
  unsigned m = 0;
  m |= __heq(x, y) << 0;
  m |= __hne(x, y) << 1;
  m |= __hlt(x, y) << 2;
  m |= __hgt(x, y) << 3;
  m |= __hle(x, y) << 4;
  m |= __hge(x, y) << 5;
  m |= __hequ(x, y) << 6;
  m |= __hneu(x, y) << 7;
  m |= __hltu(x, y) << 8;
  m |= __hgtu(x, y) << 9;
  m |= __hleu(x, y) << 10;
  m |= __hgeu(x, y) << 11;
  m |= __hisnan(x) << 12;
  m |= (__hisinf(x) != 0) << 13;
  m |= (x == y) << 14;
  m |= (x < y) << 15;
  m |= __hbeq2(p, q) << 16;
  m |= __hblt2(p, q) << 17;
  m |= __hbgeu2(p, q) << 18;
  m |= (__half_as_ushort(__low2half(__hlt2(p, q))) == 0x3c00) << 19;
  unsigned lt = __hlt2_mask(p, q), neu = __hneu2_mask(p, q);
  m |= ((lt & 0xffff) != 0) << 20;
  m |= ((neu >> 16) != 0) << 21;
  m |= (__half_as_ushort(__high2half(__hisinf2(p))) == 0x3c00) << 22;
  m |= ((lt & 0xffff) % 0xffff == 0 && (neu >> 16) % 0xffff == 0) << 23;
  dot[i * 2] = amd_mixed_dot(p, q, 0.5f, false);
  dot[i * 2 + 1] = amd_mixed_dot(p, q, 0.5f, true);
  cmp[i] = m;
}

// Math on every half: sqrt, rsqrt, rcp, exp2, log2, sin, floor, ceil, trunc, rint, h2sqrt's
// high lane, cos, exp, exp10, log, log10.
__global__ void half_math(const unsigned short* in, unsigned short* out, int n) {
  INDEX();
  __half h = __ushort_as_half(in[i]);
  unsigned short* row = out + i * 16;
  row[0] = __half_as_ushort(hsqrt(h));
  row[1] = __half_as_ushort(hrsqrt(h));
  row[2] = __half_as_ushort(hrcp(h));
  row[3] = __half_as_ushort(hexp2(h));
  row[4] = __half_as_ushort(hlog2(h));
  row[5] = __half_as_ushort(hsin(h));
  row[6] = __half_as_ushort(hfloor(h));
  row[7] = __half_as_ushort(hceil(h));
  row[8] = __half_as_ushort(htrunc(h));
  row[9] = __half_as_ushort(hrint(h));
  row[10] = __half_as_ushort(__high2half(h2sqrt(__halves2half2(h, h))));
  row[11] = __half_as_ushort(hcos(h));
  row[12] = __half_as_ushort(hexp(h));
  row[13] = __half_as_ushort(hexp10(h));
  row[14] = __half_as_ushort(hlog(h));
  row[15] = __half_as_ushort(hlog10(h));
}

// Shuffles of __half and __half2 (lane value lane*3+1 and (lane, -lane)), then atomics: every
// lane adds (1, 0.5) to one __half2 and 0.25 to each of two __half sharing a word.
__global__ void half_lanes(unsigned short* out, __half2* acc2, __half* acc, int delta) {
  int lane = threadIdx.x;
  __half v = __int2half_rn(lane * 3 + 1);
  __half2 w = __halves2half2(__int2half_rn(lane), __int2half_rn(-lane));
  unsigned short* row = out + lane * 6;
  row[0] = __half_as_ushort(__shfl(v, delta));
  row[1] = __half_as_ushort(__shfl_xor(v, delta));
  row[2] = __half_as_ushort(__shfl_down_sync(~0ull, v, (unsigned)delta));
  row[3] = __half_as_ushort(__shfl_up(v, (unsigned)delta));
  __half2 moved = __shfl_xor_sync(~0ull, w, delta);
  row[4] = __half_as_ushort(__low2half(moved));
  row[5] = __half_as_ushort(__high2half(moved));
  atomicAdd(acc2, __halves2half2(__float2half(1.0f), __float2half(0.5f)));
  atomicAdd(acc + 0, __float2half(0.25f));
  atomicAdd(acc + 1, __float2half(0.5f));
}
