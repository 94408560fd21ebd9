// bfloat16 (hip_bf16.h) and the legacy hip_bfloat16 (hip_bfloat16.h) over input arrays (device
// library test): conversions, arithmetic, comparisons, math, shuffles and atomics.
#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>

#define INDEX()                                  \
  int i = blockIdx.x * blockDim.x + threadIdx.x; \
  if (i >= n) return

__global__ void bf16_to_float(const unsigned short* in, float* out, unsigned short* back, int n) {
  INDEX();
  float f = __bfloat162float(__ushort_as_bfloat16(in[i]));
  out[i] = f;
  back[i] = __bfloat16_as_ushort(__float2bfloat16(f));
}

// Float to bfloat16: nearest even, toward zero, down, up, from double; legacy round and
// truncate.
__global__ void float_to_bf16(const float* in, unsigned short* out, int n) {
  INDEX();
  float f = in[i];
  unsigned short* row = out + i * 7;
  row[0] = __bfloat16_as_ushort(__float2bfloat16(f));
  row[1] = __bfloat16_as_ushort(__float2bfloat16_rz(f));
  row[2] = __bfloat16_as_ushort(__float2bfloat16_rd(f));
  row[3] = __bfloat16_as_ushort(__float2bfloat16_ru(f));
  row[4] = __bfloat16_as_ushort(__double2bfloat16((double)f * 1.0000001));
  row[5] = hip_bfloat16(f).data;
  row[6] = hip_bfloat16(f, hip_bfloat16::truncate).data;
}

__global__ void bf16_ints(const unsigned short* in, const int* ints, int* out, unsigned short* back,
                          int n) {
  INDEX();
  __hip_bfloat16 h = __ushort_as_bfloat16(in[i]);
  int* row = out + i * 6;
  row[0] = __bfloat162int_rn(h);
  row[1] = __bfloat162int_rz(h);
  row[2] = __bfloat162int_rd(h);
  row[3] = __bfloat162int_ru(h);
  row[4] = __bfloat162short_rn(h);
  row[5] = (int)__bfloat162uint_rz(h);
  unsigned short* b = back + i * 5;
  int v = ints[i];
  b[0] = __bfloat16_as_ushort(__int2bfloat16_rn(v));
  b[1] = __bfloat16_as_ushort(__int2bfloat16_rz(v));
  b[2] = __bfloat16_as_ushort(__int2bfloat16_rd(v));
  b[3] = __bfloat16_as_ushort(__int2bfloat16_ru(v));
  b[4] = __bfloat16_as_ushort(__ll2bfloat16_rn((long long)v * 1000003LL));
}

__global__ void bf16_arith(const unsigned short* a, const unsigned short* b,
                           const unsigned short* c, unsigned short* out, unsigned* cmp, int n) {
  INDEX();
  __hip_bfloat16 x = __ushort_as_bfloat16(a[i]), y = __ushort_as_bfloat16(b[i]),
                 z = __ushort_as_bfloat16(c[i]);
  unsigned short* row = out + i * 16;
  row[0] = __bfloat16_as_ushort(__hadd(x, y));
  row[1] = __bfloat16_as_ushort(__hsub(x, y));
  row[2] = __bfloat16_as_ushort(__hmul(x, y));
  row[3] = __bfloat16_as_ushort(__hdiv(x, y));
  row[4] = __bfloat16_as_ushort(__hfma(x, y, z));
  row[5] = __bfloat16_as_ushort(__hadd_sat(x, y));
  row[6] = __bfloat16_as_ushort(__hmax(x, y));
  row[7] = __bfloat16_as_ushort(__hmin(x, y));
  row[8] = __bfloat16_as_ushort(__hneg(x));
  row[9] = __bfloat16_as_ushort(__habs(x));
  row[10] = __bfloat16_as_ushort(x + y);
  row[11] = __bfloat16_as_ushort(x / y);
  __hip_bfloat162 p = __halves2bfloat162(x, y), q = __halves2bfloat162(y, z);
  __hip_bfloat162 s = __hmul2(p, q);
  row[12] = __bfloat16_as_ushort(__low2bfloat16(s));
  row[13] = __bfloat16_as_ushort(__high2bfloat16(s));
  hip_bfloat16 lx, ly;
  lx.data = a[i];
  ly.data = b[i];
  row[14] = (lx * ly).data;  // legacy struct
  row[15] = (lx - ly).data;
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
  m |= (lx < ly) << 18;
  m |= (lx == ly) << 19;
  cmp[i] = m;
}

__global__ void bf16_math(const unsigned short* in, unsigned short* out, int n) {
  INDEX();
  __hip_bfloat16 h = __ushort_as_bfloat16(in[i]);
  unsigned short* row = out + i * 8;
  row[0] = __bfloat16_as_ushort(hsqrt(h));
  row[1] = __bfloat16_as_ushort(hexp2(h));
  row[2] = __bfloat16_as_ushort(hlog2(h));
  row[3] = __bfloat16_as_ushort(hsin(h));
  row[4] = __bfloat16_as_ushort(hfloor(h));
  row[5] = __bfloat16_as_ushort(hrint(h));
  row[6] = __bfloat16_as_ushort(hrcp(h));
  row[7] = __bfloat16_as_ushort(__high2bfloat16(h2trunc(__halves2bfloat162(h, h))));
}

__global__ void bf16_lanes(unsigned short* out, __hip_bfloat162* acc2, __hip_bfloat16* acc,
                           int delta) {
  int lane = threadIdx.x;
  __hip_bfloat16 v = __int2bfloat16_rn(lane * 3 + 1);
  __hip_bfloat162 w = __halves2bfloat162(__int2bfloat16_rn(lane), __int2bfloat16_rn(-lane));
  unsigned short* row = out + lane * 4;
  row[0] = __bfloat16_as_ushort(__shfl_xor(v, delta));
  row[1] = __bfloat16_as_ushort(__shfl_down_sync(~0ull, v, (unsigned)delta));
  __hip_bfloat162 moved = __shfl_sync(~0ull, w, delta);
  row[2] = __bfloat16_as_ushort(__low2bfloat16(moved));
  row[3] = __bfloat16_as_ushort(__high2bfloat16(moved));
  atomicAdd(acc2, __floats2bfloat162_rn(1.0f, 0.5f));
  atomicAdd(acc + 1, __float2bfloat16(0.25f));
}
