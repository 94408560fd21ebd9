// The 16-bit three-operand minimum, maximum and median (VOP3 v_min3/max3/med3 of f16, i16 and
// u16; rocBLAS's half-precision kernels use v_min3_f16), as inline asm so that each result
// names its instruction.
#include <hip/hip_runtime.h>

#define OP3(k, text)                                                       \
  asm volatile(text " %0, %1, %2, %3" : "=v"(r) : "v"(x), "v"(y), "v"(z)); \
  out[(k) * n + i] = r & 0xffff

// out[k * n + i] = op k of (a[i], b[i], c[i]) in the low halves (kOps in MinMax3Test.cpp).
extern "C" __global__ void minmax3(const unsigned* a, const unsigned* b, const unsigned* c,
                                   unsigned* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned x = a[i], y = b[i], z = c[i];
  unsigned r;
  OP3(0, "v_min3_f16");
  OP3(1, "v_max3_f16");
  OP3(2, "v_med3_f16");
  OP3(3, "v_min3_i16");
  OP3(4, "v_max3_i16");
  OP3(5, "v_med3_i16");
  OP3(6, "v_min3_u16");
  OP3(7, "v_max3_u16");
  OP3(8, "v_med3_u16");
}
