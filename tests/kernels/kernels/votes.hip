// Votes, ballots, lane ids and warp reductions under divergence (device library test).
#include <hip/hip_runtime.h>

// Per lane: [0] lane id, [1] low and [2] high word of the ballot of (lane % 3 == 0) taken by
// lanes with lane % 4 != 3, [3] __any, [4] __all, [5] low and [6] high word of __activemask.
__global__ void votes(unsigned* out) {
  unsigned lane = threadIdx.x;
  unsigned* row = out + lane * 7;
  for (int k = 0; k < 7; ++k) row[k] = 0xffffffffu;
  row[0] = __lane_id();
  if (lane % 4 != 3) {
    unsigned long long ballot = __ballot(lane % 3 == 0);
    row[1] = (unsigned)ballot;
    row[2] = (unsigned)(ballot >> 32);
    row[3] = __any(lane == 5);
    row[4] = __all(lane % 4 != 3);
    unsigned long long active = __activemask();
    row[5] = (unsigned)active;
    row[6] = (unsigned)(active >> 32);
  }
}

// __reduce_*_sync over the lanes of mask (all of them active here) and over the whole wave.
__global__ void reductions(const int* in, int* out, unsigned long long mask) {
  unsigned lane = threadIdx.x;
  int v = in[lane];
  int* row = out + lane * 8;
  for (int k = 0; k < 8; ++k) row[k] = 0x7eadbeef;
  if ((mask >> lane) & 1) {
    row[0] = __reduce_add_sync(mask, v);
    row[1] = __reduce_min_sync(mask, v);
    row[2] = __reduce_max_sync(mask, v);
    row[3] = (int)__reduce_add_sync(mask, (unsigned)v);
    row[4] = (int)__reduce_min_sync(mask, (unsigned)v);
    row[5] = (int)__reduce_and_sync(mask, (unsigned)v);
    row[6] = (int)__reduce_or_sync(mask, (unsigned)v);
    row[7] = (int)__reduce_xor_sync(mask, (unsigned)v);
  }
}

// Block-wide predicate reductions: count, and, or of (threadIdx.x % divisor == 0).
__global__ void block_votes(int* out, int divisor) {
  int p = threadIdx.x % divisor == 0;
  int count = __syncthreads_count(p);
  int all = __syncthreads_and(p);
  int any = __syncthreads_or(p);
  int none = __syncthreads_or(0);
  if (threadIdx.x == 0) {
    out[blockIdx.x * 4 + 0] = count;
    out[blockIdx.x * 4 + 1] = all;
    out[blockIdx.x * 4 + 2] = any;
    out[blockIdx.x * 4 + 3] = none;
  }
}
