// Integer bit and arithmetic intrinsics (CUDA math API "Integer Intrinsics", as HIP provides
// them): population count, bit scans, reversal, byte permute, funnel shifts, 24-bit and high
// multiplies, sum of absolute differences.
#pragma once

#define __HIPCORE_DEVICE __device__ inline __attribute__((always_inline))

__HIPCORE_DEVICE int __popc(unsigned int x) {
  return __builtin_popcount(x);
}
__HIPCORE_DEVICE int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
// Position of the least significant set bit, counting from 1; 0 when x is 0.
__HIPCORE_DEVICE int __ffs(int x) {
  return __builtin_ffs(x);
}
__HIPCORE_DEVICE int __ffs(unsigned int x) {
  return __builtin_ffs((int)x);
}
__HIPCORE_DEVICE int __ffsll(long long x) {
  return __builtin_ffsll(x);
}
__HIPCORE_DEVICE int __ffsll(unsigned long long x) {
  return __builtin_ffsll((long long)x);
}
// Leading zeros; 32 (64) when x is 0, where the builtin alone would be undefined.
__HIPCORE_DEVICE int __clz(int x) {
  return x == 0 ? 32 : __builtin_clz((unsigned)x);
}
__HIPCORE_DEVICE int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
__HIPCORE_DEVICE unsigned int __brev(unsigned int x) {
  return __builtin_bitreverse32(x);
}
__HIPCORE_DEVICE unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}

// Byte i of the result is byte (s >> 4i) & 7 of the 8-byte value {y:x}.
__HIPCORE_DEVICE unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long bytes = ((unsigned long long)y << 32) | x;
  unsigned int result = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned int selector = (s >> (4 * i)) & 7u;
    result |= (unsigned int)((bytes >> (8 * selector)) & 0xffu) << (8 * i);
  }
  return result;
}

// Funnel shifts of the 64-bit value {hi:lo}: the _l forms return the high word after a left
// shift, the _r forms the low word after a right shift; plain forms take the shift mod 32,
// the c forms clamp it to 32.
__HIPCORE_DEVICE unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                              unsigned int shift) {
  unsigned long long value = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((value << (shift & 31u)) >> 32);
}
__HIPCORE_DEVICE unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                               unsigned int shift) {
  unsigned long long value = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((value << (shift > 32u ? 32u : shift)) >> 32);
}
__HIPCORE_DEVICE unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                              unsigned int shift) {
  unsigned long long value = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(value >> (shift & 31u));
}
__HIPCORE_DEVICE unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                               unsigned int shift) {
  unsigned long long value = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(value >> (shift > 32u ? 32u : shift));
}

// 24-bit multiplies: the low 32 bits of the product of the sign- (zero-) extended low 24 bits.
__HIPCORE_DEVICE int __mul24(int x, int y) {
  return (int)((unsigned)((x << 8) >> 8) * (unsigned)((y << 8) >> 8));
}
__HIPCORE_DEVICE unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
__HIPCORE_DEVICE int __mulhi(int x, int y) {
  return (int)(((long long)x * y) >> 32);
}
__HIPCORE_DEVICE unsigned int __umulhi(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x * y) >> 32);
}
__HIPCORE_DEVICE long long __mul64hi(long long x, long long y) {
  return (long long)(((__int128)x * y) >> 64);
}
__HIPCORE_DEVICE unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}
// |x - y| + z, computed without overflow in the difference.
__HIPCORE_DEVICE unsigned int __sad(int x, int y, unsigned int z) {
  return (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x) + z;
}
__HIPCORE_DEVICE unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}

#undef __HIPCORE_DEVICE
