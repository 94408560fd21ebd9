// Uniform arithmetic on kernel arguments: compiled to SALU (SOP1/SOP2/SOPC/SOPK) instructions.
#include <hip/hip_runtime.h>

extern "C" __global__ void scalar_ops(unsigned a, unsigned b, unsigned long long c,
                                      unsigned long long d, unsigned long long* out) {
  if (threadIdx.x != 0) return;
  out[0] = (unsigned long long)a + b;  // s_add_u32 / s_addc_u32 carry chain
  out[1] = c + d;
  out[2] = c - d;
  out[3] = (unsigned)((int)a + (int)b);  // signed overflow wraps
  out[4] = a << (b & 31);
  out[5] = c << (b & 63);  // 64-bit shift by 32+
  out[6] = c >> (b & 63);
  out[7] = (unsigned long long)((long long)c >> (b & 63));
  out[8] = (int)a < (int)b ? a : b;
  out[9] = a > b ? a : b;
  out[10] = (a >> 5) & 0x3ff;  // s_bfe_u32
  out[11] = __builtin_popcountll(c) + __builtin_ctzll(d | 1) * 100;
  out[12] = a * b;
  out[13] = c * d;
  out[14] = (a == b) + 2 * (c < d) + 4 * ((long long)c < (long long)d);
  out[15] = __builtin_clz(a | 1) + 64 * __builtin_clzll(c | 1);
  out[16] = __builtin_bitreverse64(c);  // s_brev_b64
}
