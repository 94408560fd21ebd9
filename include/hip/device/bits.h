// Integer bit and arithmetic intrinsics (CUDA math API "Integer Intrinsics", as HIP provides
// them): population count, bit scans, reversal, byte permute, funnel shifts, 24-bit and high
// multiplies, sum of absolute differences; and AMD's bit-field extract/insert, lowest set bit and
// n-th set bit (__bitextract_*, __bitinsert_*, __lastbit_*, __fns*).
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

// ---- Bit fields (AMD's device functions; v_bfe_u32 / v_bfi_b32 semantics) ------------------
// The offset and width operands use their low 5 (6) bits, as the hardware field operands do; a
// width of 0 extracts 0 and inserts nothing. Bits of the field above the top of the word are 0.
__HIPCORE_DEVICE unsigned int __bitextract_u32(unsigned int src0, unsigned int offset,
                                               unsigned int width) {
  offset &= 31u;
  width &= 31u;
  return (src0 >> offset) & ((1u << width) - 1u);
}
__HIPCORE_DEVICE unsigned long long __bitextract_u64(unsigned long long src0, unsigned int offset,
                                                     unsigned int width) {
  offset &= 63u;
  width &= 63u;
  return (src0 >> offset) & ((1ull << width) - 1ull);
}
// src0 with bits [offset, offset + width) replaced by the low width bits of src1.
__HIPCORE_DEVICE unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1,
                                              unsigned int offset, unsigned int width) {
  offset &= 31u;
  width &= 31u;
  unsigned int field = ((1u << width) - 1u) << offset;
  return (src0 & ~field) | ((src1 << offset) & field);
}
__HIPCORE_DEVICE unsigned long long __bitinsert_u64(unsigned long long src0,
                                                    unsigned long long src1, unsigned int offset,
                                                    unsigned int width) {
  offset &= 63u;
  width &= 63u;
  unsigned long long field = ((1ull << width) - 1ull) << offset;
  return (src0 & ~field) | ((src1 << offset) & field);
}

// Index of the lowest set bit; 0xffffffff when the input is 0.
__HIPCORE_DEVICE unsigned int __lastbit_u32_u32(unsigned int input) {
  return input == 0 ? ~0u : (unsigned int)__builtin_ctz(input);
}
__HIPCORE_DEVICE unsigned int __lastbit_u32_u64(unsigned long long input) {
  return input == 0 ? ~0u : (unsigned int)__builtin_ctzll(input);
}

// Position of the set bit of mask that has n set bits below it (n counts from 0), found by
// halving the window while counting; 64 when mask has n or fewer set bits.
__HIPCORE_DEVICE unsigned int __hipcore_nth_set_bit(unsigned long long mask, unsigned int n) {
  unsigned int position = 0;
  for (unsigned int half = 32; half != 0; half /= 2) {
    unsigned int below = (unsigned int)__builtin_popcountll(mask & ((1ull << half) - 1ull));
    if (n >= below) {
      n -= below;
      mask >>= half;
      position += half;
    }
  }
  return (mask & 1) && n == 0 ? position : 64u;
}

// __fns (CUDA "find n-th set"): the position of the offset-th set bit of mask counting from bit
// base, upwards for offset > 0 and downwards for offset < 0 (bit base itself counts as the
// first), or base itself for offset 0 if that bit is set; -1 (0xffffffff) when there is none.
__HIPCORE_DEVICE int __hipcore_fns(unsigned long long mask, unsigned int bits, unsigned int base,
                                   int offset) {
  if (base >= bits) return -1;
  if (offset == 0) return ((mask >> base) & 1) ? (int)base : -1;
  if (offset > 0) {
    unsigned int at = __hipcore_nth_set_bit(mask & (~0ull << base), (unsigned int)offset - 1u);
    return at < bits ? (int)at : -1;
  }
  // Downwards: the same search on the mirrored word, bits at or below base only.
  unsigned long long below = base == 63 ? mask : mask & ((2ull << base) - 1ull);
  unsigned int at =
      __hipcore_nth_set_bit(__builtin_bitreverse64(below), (unsigned int)(-offset) - 1u);
  return at < 64 ? (int)(63u - at) : -1;
}
__HIPCORE_DEVICE int __fns64(unsigned long long mask, unsigned int base, int offset) {
  return __hipcore_fns(mask, 64, base, offset);
}
__HIPCORE_DEVICE int __fns32(unsigned long long mask, unsigned int base, int offset) {
  return __hipcore_fns(mask & 0xffffffffull, 32, base, offset);
}
__HIPCORE_DEVICE int __fns(unsigned int mask, unsigned int base, int offset) {
  return __hipcore_fns(mask, 32, base, offset);
}

#undef __HIPCORE_DEVICE
