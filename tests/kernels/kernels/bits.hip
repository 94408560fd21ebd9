// Integer intrinsics over an input array (device library test): one output row per input pair.
#include <hip/hip_runtime.h>

__global__ void bit_ops(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned long long wide = ((unsigned long long)x << 32) | y;
  unsigned* row = out + i * 20;
  row[0] = __popc(x);
  row[1] = __popcll(wide);
  row[2] = __ffs((int)x);
  row[3] = __ffsll((long long)wide);
  row[4] = __clz((int)x);
  row[5] = __clzll((long long)wide);
  row[6] = __brev(x);
  row[7] = (unsigned)(__brevll(wide) >> 32);
  row[8] = __byte_perm(x, y, y & 0x7777u);
  row[9] = __funnelshift_l(x, y, y % 40);
  row[10] = __funnelshift_lc(x, y, y % 40);
  row[11] = __funnelshift_r(x, y, y % 40);
  row[12] = __funnelshift_rc(x, y, y % 40);
  row[13] = (unsigned)__mul24((int)x, (int)y);
  row[14] = __umul24(x, y);
  row[15] = (unsigned)__mulhi((int)x, (int)y);
  row[16] = __umulhi(x, y);
  row[17] = (unsigned)(__umul64hi(wide, wide * 3 + 1) >> 7);
  row[18] = __sad((int)x, (int)y, 5u);
  row[19] = __usad(x, y, 5u);
}
