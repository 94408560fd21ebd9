// Kernels for the cooperative-launch and occupancy tests: grid-wide exchanges that are only
// right if grid.sync() really waits for every block and publishes their writes.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include "CooperativeKernels.h"

namespace cg = cooperative_groups;

// Every phase reads values other blocks wrote in the phase before, then overwrites its own:
// a missing or leaky barrier mixes phases and changes the result.
__global__ void gridPhases(unsigned* data, unsigned* out, int rounds) {
  cg::grid_group grid = cg::this_grid();
  const unsigned n = static_cast<unsigned>(grid.size());
  const unsigned r = static_cast<unsigned>(grid.thread_rank());
  data[r] = r;
  for (int k = 1; k <= rounds; ++k) {
    grid.sync();
    const unsigned v = data[(r + 37u * k) % n];
    grid.sync();
    data[r] = v * 3u + k;
  }
  grid.sync();
  out[r] = data[(r + 1) % n];
}

// Each block adds one to a counter; after the sync every thread must see the full count.
__global__ void gridCount(unsigned* counter, unsigned* seen) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0) atomicAdd(counter, 1u);
  grid.sync();
  seen[grid.thread_rank()] = __hip_atomic_load(counter, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// Four words per thread: size, rank, blocks, is_valid.
__global__ void gridIdentity(unsigned long long* out) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long r = grid.thread_rank();
  out[4 * r + 0] = grid.size();
  out[4 * r + 1] = r;
  out[4 * r + 2] = grid.num_blocks();
  out[4 * r + 3] = grid.is_valid() ? 1 : 0;
}

// gridPhases with the sync taken through another group: 0 the multi-grid, 1 a thread_group
// handle of the grid, 2 the free function sync(grid).
__global__ void groupPhases(unsigned* data, unsigned* out, int rounds, int which) {
  cg::grid_group grid = cg::this_grid();
  cg::multi_grid_group multi = cg::this_multi_grid();
  const cg::thread_group& handle = grid;
  auto sync = [&] {
    if (which == 0)
      multi.sync();
    else if (which == 1)
      handle.sync();
    else
      cg::sync(grid);
  };
  const unsigned n = static_cast<unsigned>(multi.size());
  const unsigned r = static_cast<unsigned>(multi.thread_rank());
  data[r] = r;
  for (int k = 1; k <= rounds; ++k) {
    sync();
    const unsigned v = data[(r + 37u * k) % n];
    sync();
    data[r] = v * 3u + k;
  }
  sync();
  out[r] = data[(r + 1) % n];
}

// Eight words per thread: the multi-grid's grids, rank and validity, the handle's rank and
// kind, the grid's block index and block counts (packed x * 1000 + y), and group_dim.
__global__ void groupShape(unsigned long long* out) {
  cg::grid_group grid = cg::this_grid();
  cg::multi_grid_group multi = cg::this_multi_grid();
  const cg::thread_group& handle = grid;
  unsigned long long* row = out + 8 * grid.thread_rank();
  row[0] = multi.num_grids() * 10 + multi.grid_rank();
  row[1] = multi.thread_rank();
  row[2] = multi.is_valid() * 2 + handle.is_valid();
  row[3] = handle.thread_rank() * 10 + handle.cg_type();
  row[4] = grid.block_index().x * 1000 + grid.block_index().y;
  row[5] = grid.dim_blocks().x * 1000 + grid.dim_blocks().y;
  row[6] = grid.block_rank();
  dim3 d = grid.group_dim();
  row[7] = d.x * 10000 + d.y * 100 + d.z;
}

__global__ void staticLds(int* out) {
  __shared__ int buffer[8192];  // 32 KiB
  for (unsigned i = threadIdx.x; i < 8192; i += blockDim.x) buffer[i] = static_cast<int>(i);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buffer[(threadIdx.x * 7) % 8192];
}

// 48 values kept live across a loop the compiler cannot unroll away: many VGPRs.
__global__ void heavyRegisters(float* data, int iterations) {
  float v[48];
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int j = 0; j < 48; ++j) v[j] = data[i * 48 + j];
  for (int k = 0; k < iterations; ++k) {
#pragma unroll
    for (int j = 0; j < 48; ++j) v[j] = v[j] * v[(j + 1) % 48] + v[(j + 7) % 48];
  }
#pragma unroll
  for (int j = 0; j < 48; ++j) data[i * 48 + j] = v[j];
}

const void* gridPhasesKernel() {
  return reinterpret_cast<const void*>(&gridPhases);
}
const void* gridCountKernel() {
  return reinterpret_cast<const void*>(&gridCount);
}
const void* gridIdentityKernel() {
  return reinterpret_cast<const void*>(&gridIdentity);
}
const void* groupPhasesKernel() {
  return reinterpret_cast<const void*>(&groupPhases);
}
const void* groupShapeKernel() {
  return reinterpret_cast<const void*>(&groupShape);
}
const void* staticLdsKernel() {
  return reinterpret_cast<const void*>(&staticLds);
}
const void* heavyRegistersKernel() {
  return reinterpret_cast<const void*>(&heavyRegisters);
}

hipError_t launchGridIdentityPlainly(unsigned blocks, unsigned threads, unsigned long long* out) {
  gridIdentity<<<blocks, threads>>>(out);
  return hipGetLastError();
}
