// Calls through function pointers: a __device__ table indexed per work-item, so lane groups of
// one wave call different functions whose addresses are loaded from memory (unknown when the
// kernel is predecoded). The compiler emits a waterfall loop: v_readfirstlane of the target,
// then s_swappc_b64 for the lanes that share it.
#include <hip/hip_runtime.h>

typedef int (*BinaryOp)(int, int);

__device__ __attribute__((noinline)) int op_add(int a, int b) {
  return a + b;
}
__device__ __attribute__((noinline)) int op_mul(int a, int b) {
  return a * b + 1;
}
__device__ __attribute__((noinline)) int op_xor_loop(int a, int b) {
  int s = 0;
  for (int i = 0; i < (b & 7); ++i) s += a ^ i;
  return s;
}
// Calls another function indirectly itself: nested indirect calls.
__device__ BinaryOp inner[2] = {op_add, op_mul};
__device__ __attribute__((noinline)) int op_nested(int a, int b) {
  return inner[(a ^ b) & 1](b, a) - 3;
}

__device__ BinaryOp table[4] = {op_add, op_mul, op_xor_loop, op_nested};

extern "C" __global__ void indirect_calls(const int* a, const int* b, const int* which, int* out,
                                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  BinaryOp f = table[which[i] & 3];
  out[i] = f(a[i], b[i]);
}
