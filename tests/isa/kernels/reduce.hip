// Reductions: wave shuffles through ds_bpermute, DPP row operations, LDS tree, readfirstlane.
#include <hip/hip_runtime.h>

#ifndef __AMDGCN_WAVEFRONT_SIZE__  // clang-15 spells it without the trailing underscores
#define __AMDGCN_WAVEFRONT_SIZE__ __AMDGCN_WAVEFRONT_SIZE
#endif

#define WAVE __AMDGCN_WAVEFRONT_SIZE__

__device__ int shfl_xor(int v, int mask) {
  int lane = __builtin_amdgcn_mbcnt_lo(~0u, 0u);
#if __AMDGCN_WAVEFRONT_SIZE__ == 64
  lane = __builtin_amdgcn_mbcnt_hi(~0u, lane);
#endif
  return __builtin_amdgcn_ds_bpermute((lane ^ mask) << 2, v);
}

// One sum per wave via butterfly shuffles; lane 0 of each wave adds it into out[block].
extern "C" __global__ void reduce_shuffle(const int* in, int* out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int m = WAVE / 2; m > 0; m >>= 1) v += shfl_xor(v, m);
  if ((threadIdx.x & (WAVE - 1)) == 0)
    __hip_atomic_fetch_add(&out[blockIdx.x], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// Block sum through LDS with barriers (256 threads per block).
extern "C" __global__ void reduce_lds(const float* in, float* out) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (t < s) tile[t] += tile[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = tile[0];
}

// DPP: row_shr-based inclusive scan inside rows of 16, then readlane the row ends.
extern "C" __global__ void reduce_dpp(const int* in, int* out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  // row_shr:1,2,4,8 with bound_ctrl (0 for lanes shifted in): inclusive prefix within a row.
  v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xf, 0xf, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xf, 0xf, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x118, 0xf, 0xf, true);
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
  int total = 0;
  for (int row = 0; row < WAVE / 16; ++row) total += __builtin_amdgcn_readlane(v, row * 16 + 15);
  if ((threadIdx.x & (WAVE - 1)) == 0)
    out[gridDim.x * blockDim.x + blockIdx.x * (blockDim.x / WAVE) + threadIdx.x / WAVE] = total;
}

// quad_perm / row_mirror shuffles, and the value of the first active lane.
extern "C" __global__ void dpp_patterns(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  out[4 * i + 0] = __builtin_amdgcn_mov_dpp(v, 0x1b, 0xf, 0xf, false);   // quad_perm:[3,2,1,0]
  out[4 * i + 1] = __builtin_amdgcn_mov_dpp(v, 0x140, 0xf, 0xf, false);  // row_mirror
  out[4 * i + 2] = __builtin_amdgcn_readfirstlane(v);
  int r = 0;
  if (threadIdx.x % 3 == 1) r = __builtin_amdgcn_readfirstlane(v);  // first active lane is 1
  out[4 * i + 3] = r;
}
