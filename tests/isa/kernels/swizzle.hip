// ds_swizzle_b32 in each mode LLVM prints (QUAD_PERM, BROADCAST, SWAP, REVERSE, BITMASK_PERM),
// and with lanes disabled, whose data reads as 0. Patterns are the instruction's offset field.
#include <hip/hip_runtime.h>

extern "C" __global__ void swizzle_modes(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  out[0 * n + i] = __builtin_amdgcn_ds_swizzle(v, 0x801b);  // QUAD_PERM 3,2,1,0
  out[1 * n + i] = __builtin_amdgcn_ds_swizzle(v, 0x01e0);  // BROADCAST 32,15
  out[2 * n + i] = __builtin_amdgcn_ds_swizzle(v, 0x003c);  // BROADCAST 4,1
  out[3 * n + i] = __builtin_amdgcn_ds_swizzle(v, 0x201f);  // SWAP 8
  out[4 * n + i] = __builtin_amdgcn_ds_swizzle(v, 0x3c1f);  // REVERSE 16
  out[5 * n + i] = __builtin_amdgcn_ds_swizzle(v, 0x0907);  // BITMASK_PERM "01pip"
  // Inline asm: the compiler may not hoist it out of the branch (the builtin it could).
  if (i % 3 != 0) {
    int r;
    asm volatile("ds_swizzle_b32 %0, %1 offset:swizzle(BROADCAST,32,15)\n\ts_waitcnt lgkmcnt(0)"
                 : "=v"(r)
                 : "v"(v));
    out[6 * n + i] = r;
  }
}
