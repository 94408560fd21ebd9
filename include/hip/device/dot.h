// amd_mixed_dot: AMD's packed integer dot products, c + the sum of the element-wise products of
// a and b, each product exact (two 16-bit, four 8-bit or eight 4-bit elements, signed or
// unsigned). With `saturate` the sum is clamped to the result type's range instead of wrapping.
// Written in integer arithmetic rather than on the v_dot instructions, which not every RDNA
// target (nor vgpu) has; the compiler still finds the instruction where the target has it.
#pragma once

#include <hip/hip_vector_types.h>

namespace __hipcore_detail {

template <class R>
__device__ inline R dotResult(long long sum, bool saturate) {
  const long long lo = R(-1) < R(0) ? -2147483648LL : 0,
                  hi = R(-1) < R(0) ? 2147483647LL : 4294967295LL;
  if (saturate) return R(sum < lo ? lo : sum > hi ? hi : sum);
  return R(static_cast<unsigned int>(sum));  // wraps modulo 2^32, as the instruction does
}

// The n-th `bits`-wide field of x, sign-extended when `isSigned`.
__device__ inline long long dotField(unsigned int x, int n, int bits, bool isSigned) {
  unsigned int field = (x >> (n * bits)) & ((1u << bits) - 1u);
  if (isSigned && (field >> (bits - 1))) return (long long)field - (1LL << bits);
  return field;
}

}  // namespace __hipcore_detail

__device__ inline int amd_mixed_dot(short2 a, short2 b, int c, bool saturate) {
  return __hipcore_detail::dotResult<int>(
      (long long)c + (long long)a.x * b.x + (long long)a.y * b.y, saturate);
}
__device__ inline unsigned int amd_mixed_dot(ushort2 a, ushort2 b, unsigned int c, bool saturate) {
  return __hipcore_detail::dotResult<unsigned int>(
      (long long)c + (long long)a.x * b.x + (long long)a.y * b.y, saturate);
}
__device__ inline int amd_mixed_dot(char4 a, char4 b, int c, bool saturate) {
  return __hipcore_detail::dotResult<int>(
      (long long)c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w, saturate);
}
__device__ inline unsigned int amd_mixed_dot(uchar4 a, uchar4 b, unsigned int c, bool saturate) {
  return __hipcore_detail::dotResult<unsigned int>(
      (long long)c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w, saturate);
}
// Eight 4-bit elements packed in each word, element 0 in the low nibble.
__device__ inline int amd_mixed_dot(int a, int b, int c, bool saturate) {
  long long sum = c;
  for (int n = 0; n < 8; ++n)
    sum += __hipcore_detail::dotField((unsigned)a, n, 4, true) *
           __hipcore_detail::dotField((unsigned)b, n, 4, true);
  return __hipcore_detail::dotResult<int>(sum, saturate);
}
__device__ inline unsigned int amd_mixed_dot(unsigned int a, unsigned int b, unsigned int c,
                                             bool saturate) {
  long long sum = c;
  for (int n = 0; n < 8; ++n)
    sum += __hipcore_detail::dotField(a, n, 4, false) * __hipcore_detail::dotField(b, n, 4, false);
  return __hipcore_detail::dotResult<unsigned int>(sum, saturate);
}
