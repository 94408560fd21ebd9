// gfx11's v_wmma_* instructions, one kernel per form: lane l loads its own source registers
// (a[l], b[l], c[l]: the VGPR contents WmmaTest.cpp lays out on the host), runs one instruction
// and stores its destination registers to d[l]. The plain forms come from clang's builtins, the
// modifier forms from inline asm; gfx1030 has no WMMA, so the kernels are empty there.
#include <hip/hip_runtime.h>

typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef short short16 __attribute__((ext_vector_type(16)));
typedef int int4v __attribute__((ext_vector_type(4)));
typedef int int2v __attribute__((ext_vector_type(2)));
#if __AMDGCN_WAVEFRONT_SIZE == 64
// Wave64: the 16x16 accumulator spreads over 64 lanes, 4 VGPRs (16-bit forms: 8 halves).
typedef float floatAcc __attribute__((ext_vector_type(4)));
typedef int intAcc __attribute__((ext_vector_type(4)));
typedef _Float16 halfAcc __attribute__((ext_vector_type(8)));
typedef short shortAcc __attribute__((ext_vector_type(8)));
#define WMMA(name) __builtin_amdgcn_wmma_##name##_w64
#else
typedef float floatAcc __attribute__((ext_vector_type(8)));
typedef int intAcc __attribute__((ext_vector_type(8)));
typedef half16 halfAcc;
typedef short16 shortAcc;
#define WMMA(name) __builtin_amdgcn_wmma_##name##_w32
#endif

#if defined(__gfx1100__)
#define BODY(...) __VA_ARGS__
#else
#define BODY(...)
#endif

// D = A x B + C for every form and modifier the tests check.
#define KERNEL(kernel, A, Acc, expr)                                                \
  extern "C" __global__ void kernel(const A* a, const A* b, const Acc* c, Acc* d) { \
    const unsigned l = threadIdx.x;                                                 \
    BODY(d[l] = expr;)                                                              \
  }

KERNEL(wmma_f32_f16, half16, floatAcc, WMMA(f32_16x16x16_f16)(a[l], b[l], c[l]))
KERNEL(wmma_f32_bf16, short16, floatAcc, WMMA(f32_16x16x16_bf16)(a[l], b[l], c[l]))
KERNEL(wmma_f16_f16_lo, half16, halfAcc, WMMA(f16_16x16x16_f16)(a[l], b[l], c[l], false))
KERNEL(wmma_f16_f16_hi, half16, halfAcc, WMMA(f16_16x16x16_f16)(a[l], b[l], c[l], true))
KERNEL(wmma_bf16_bf16_lo, short16, shortAcc, WMMA(bf16_16x16x16_bf16)(a[l], b[l], c[l], false))
KERNEL(wmma_bf16_bf16_hi, short16, shortAcc, WMMA(bf16_16x16x16_bf16)(a[l], b[l], c[l], true))
// Integer forms: (A signed, B signed, clamp).
KERNEL(wmma_iu8_ss, int4v, intAcc, WMMA(i32_16x16x16_iu8)(true, a[l], true, b[l], c[l], false))
KERNEL(wmma_iu8_uu, int4v, intAcc, WMMA(i32_16x16x16_iu8)(false, a[l], false, b[l], c[l], false))
KERNEL(wmma_iu8_su_clamp, int4v, intAcc,
       WMMA(i32_16x16x16_iu8)(true, a[l], false, b[l], c[l], true))
KERNEL(wmma_iu4_us, int2v, intAcc, WMMA(i32_16x16x16_iu4)(false, a[l], true, b[l], c[l], false))
KERNEL(wmma_iu4_ss_clamp, int2v, intAcc, WMMA(i32_16x16x16_iu4)(true, a[l], true, b[l], c[l], true))

// The float NEG fields (no builtin takes them): neg_lo negates the low halves of A's (bit 0) and
// B's (bit 1) registers and C (bit 2); neg_hi the high halves and, for C, takes |C| first.
extern "C" __global__ void wmma_f32_f16_neg(const half16* a, const half16* b, const floatAcc* c,
                                            floatAcc* d) {
  const unsigned l = threadIdx.x;
  floatAcc r;
  BODY(asm volatile("v_wmma_f32_16x16x16_f16 %0, %1, %2, %3 neg_lo:[1,0,1] neg_hi:[1,1,1]" : "=&v"(
                        r) : "v"(a[l]),
                    "v"(b[l]), "v"(c[l]));
       d[l] = r;)
}
extern "C" __global__ void wmma_bf16_bf16_neg_hi(const short16* a, const short16* b,
                                                 const shortAcc* c, shortAcc* d) {
  const unsigned l = threadIdx.x;
  shortAcc r = c[l];
  BODY(asm volatile("v_wmma_bf16_16x16x16_bf16 %0, %1, %2, %0 op_sel:[0,0,1] neg_lo:[0,1,1] "
                    "neg_hi:[1,1,0]" : "+v"(r) : "v"(a[l]),
                    "v"(b[l]));
       d[l] = r;)
}
// C as an inline constant: every element of C is 1.0 (f32) or 1.0 (f16).
extern "C" __global__ void wmma_f32_f16_const(const half16* a, const half16* b, const floatAcc*,
                                              floatAcc* d) {
  const unsigned l = threadIdx.x;
  floatAcc r;
  BODY(asm volatile("v_wmma_f32_16x16x16_f16 %0, %1, %2, 1.0" : "=&v"(r) : "v"(a[l]), "v"(b[l]));
       d[l] = r;)
}
extern "C" __global__ void wmma_f16_f16_const_hi(const half16* a, const half16* b, const halfAcc* c,
                                                 halfAcc* d) {
  const unsigned l = threadIdx.x;
  halfAcc r = c[l];
  BODY(asm volatile("v_wmma_f16_16x16x16_f16 %0, %1, %2, 1.0 op_sel:[0,0,1]" : "+v"(r) : "v"(a[l]),
                    "v"(b[l]));
       d[l] = r;)
}
