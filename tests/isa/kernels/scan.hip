// Wave votes: ballot, popcount-based stream compaction, any/all.
#include <hip/hip_runtime.h>

#ifndef __AMDGCN_WAVEFRONT_SIZE__  // clang-15 spells it without the trailing underscores
#define __AMDGCN_WAVEFRONT_SIZE__ __AMDGCN_WAVEFRONT_SIZE
#endif

__device__ unsigned long long ballot(bool p) {
#if __AMDGCN_WAVEFRONT_SIZE__ == 64
  return __builtin_amdgcn_ballot_w64(p);
#else
  return __builtin_amdgcn_ballot_w32(p);
#endif
}

__device__ unsigned lane_id() {
  unsigned lane = __builtin_amdgcn_mbcnt_lo(~0u, 0u);
#if __AMDGCN_WAVEFRONT_SIZE__ == 64
  lane = __builtin_amdgcn_mbcnt_hi(~0u, lane);
#endif
  return lane;
}

// Keeps the even values: each wave reserves space with one atomic and ranks its lanes by popc.
extern "C" __global__ void compact_even(const int* in, int n, int* out, unsigned* count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 1;
  bool keep = (v & 1) == 0;
  unsigned long long mask = ballot(keep);
  unsigned lane = lane_id();
  unsigned rank = __builtin_popcountll(mask & ((1ull << lane) - 1));
  unsigned total = __builtin_popcountll(mask);
  unsigned base = 0;
  if (lane == 0 && total)
    base = __hip_atomic_fetch_add(count, total, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  base = __builtin_amdgcn_readfirstlane(base);
  if (keep) out[base + rank] = v;
}

// Per wave: any(v > t), all(v > t), number of lanes with v > t.
extern "C" __global__ void votes(const int* in, int t, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long m = ballot(in[i] > t);
  unsigned long long all = ballot(true);
  if (lane_id() == 0) {
    int w = i / __AMDGCN_WAVEFRONT_SIZE__;
    out[3 * w + 0] = m != 0;
    out[3 * w + 1] = m == all;
    out[3 * w + 2] = __builtin_popcountll(m);
  }
}
