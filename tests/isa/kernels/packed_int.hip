// The packed 16-bit integer VOP3P ops, with and without clamp and with op_sel, written as inline
// asm so that each test names the exact instruction (the compiler picks others for plain C).
#include <hip/hip_runtime.h>

#define OP2(k, text)                                           \
  asm volatile(text " %0, %1, %2" : "=v"(r) : "v"(x), "v"(y)); \
  out[(k) * n + i] = r
#define OP3(k, text)                                                       \
  asm volatile(text " %0, %1, %2, %3" : "=v"(r) : "v"(x), "v"(y), "v"(z)); \
  out[(k) * n + i] = r

// Operation k of item i: out[k * n + i] = op(a[i], b[i], c[i]) (kPackedOps in the test).
extern "C" __global__ void packed_int(const unsigned* a, const unsigned* b, const unsigned* c,
                                      unsigned* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned x = a[i], y = b[i], z = c[i];
  unsigned r;
  OP2(0, "v_pk_add_i16");
  OP2(1, "v_pk_sub_i16");
  OP2(2, "v_pk_add_i16 %0, %1, %2 clamp ;");
  OP2(3, "v_pk_sub_i16 %0, %1, %2 clamp ;");
  OP2(4, "v_pk_add_u16 %0, %1, %2 clamp ;");
  OP2(5, "v_pk_sub_u16 %0, %1, %2 clamp ;");
  OP2(6, "v_pk_max_i16");
  OP2(7, "v_pk_min_i16");
  OP2(8, "v_pk_ashrrev_i16");
  OP2(9, "v_pk_mul_lo_u16");
  OP3(10, "v_pk_mad_i16");
  OP3(11, "v_pk_mad_u16");
  OP3(12, "v_pk_mad_u16 %0, %1, %2, %3 clamp ;");
  OP2(13, "v_pk_sub_i16 %0, %1, %2 op_sel:[1,0] op_sel_hi:[0,1] ;");
}
