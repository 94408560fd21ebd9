// A hand-written grid-wide barrier, as cooperative_groups::this_grid().sync() does it: one lane
// per block adds to a global counter, then spins with s_sleep until every block of the grid has
// arrived. It completes only when all workgroups of the grid are resident together.
#include <hip/hip_runtime.h>

__device__ void gridBarrier(unsigned* counter, unsigned target) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __hip_atomic_fetch_add(counter, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
    while (__hip_atomic_load(counter, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) < target)
      __builtin_amdgcn_s_sleep(2);
  }
  __syncthreads();
}

// Phase 1 writes data; phase 2 reads every block's data; phase 3 reads another block's sums.
extern "C" __global__ void grid_phases(unsigned* counter, int* data, int* sums, int* shifted) {
  unsigned g = gridDim.x, b = blockIdx.x, t = threadIdx.x, n = blockDim.x;
  data[b * n + t] = static_cast<int>(b * 31 + t * 7);
  gridBarrier(counter, g);
  int s = 0;
  for (unsigned k = 0; k < g; ++k) s += data[k * n + t] * static_cast<int>((k + b) % 5 + 1);
  sums[b * n + t] = s;
  gridBarrier(counter, 2 * g);
  shifted[b * n + t] = sums[((b + 1) % g) * n + t] - sums[b * n + t];
}
