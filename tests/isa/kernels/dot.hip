// The v_dot* instructions each target has (gfx10.3: the dot1/2/5/6/7 sets; gfx11: dot5/7/8/10),
// written as inline asm so that each slot of out is one exact instruction form.
#include <hip/hip_runtime.h>

#define DOT(k, text)                                                       \
  asm volatile(text " %0, %1, %2, %3" : "=v"(r) : "v"(x), "v"(y), "v"(z)); \
  out[(k) * n + i] = r
#define DOTC(k, text)                                          \
  r = z;                                                       \
  asm volatile(text " %0, %1, %2" : "+v"(r) : "v"(x), "v"(y)); \
  out[(k) * n + i] = r

// Slot k of item i: out[k * n + i] = dot_k(a[i], b[i], c[i]) (DotTest.cpp lists the slots).
extern "C" __global__ void dot_products(const unsigned* a, const unsigned* b, const unsigned* c,
                                        unsigned* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned x = a[i], y = b[i], z = c[i];
  unsigned r;
  DOT(3, "v_dot4_u32_u8");
  DOT(5, "v_dot8_u32_u4");
  DOT(6, "v_dot2_f32_f16");
  DOT(13, "v_dot4_u32_u8 %0, %1, %2, %3 clamp ;");
#if defined(__gfx1030__)
  DOT(0, "v_dot2_i32_i16");
  DOT(1, "v_dot2_u32_u16");
  DOT(2, "v_dot4_i32_i8");
  DOT(4, "v_dot8_i32_i4");
  DOT(7, "v_dot2_i32_i16 %0, %1, %2, %3 clamp ;");
  DOTC(8, "v_dot4c_i32_i8");
  DOTC(9, "v_dot2c_f32_f16");
#else
  DOTC(9, "v_dot2acc_f32_f16");
  DOT(10, "v_dot4_i32_iu8 %0, %1, %2, %3 neg_lo:[1,1,0] ;");
  DOT(11, "v_dot4_i32_iu8 %0, %1, %2, %3 neg_lo:[1,0,0] ;");
  DOT(12, "v_dot8_i32_iu4 %0, %1, %2, %3 neg_lo:[0,1,0] ;");
#endif
}
