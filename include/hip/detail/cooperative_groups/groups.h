// Cooperative groups larger than a wave: the thread block, the grid (whose sync needs a
// cooperative launch, hipLaunchCooperativeKernel) and the multi-grid; the free functions that
// take any group.
#pragma once

#include <hip/detail/cooperative_groups/thread_group.h>

namespace cooperative_groups {

// ---- The grid barrier ------------------------------------------------------------------------
// hipcore's grid barrier ABI: hipLaunchCooperativeKernel passes the address of a zeroed
// GridBarrier in device memory in the code object v5 hidden argument hidden_multigrid_sync_arg
// (offset 88 of the implicit arguments, AMDGPUUsage "Code Object V5 Metadata"); a launch that
// is not cooperative passes 0 there. One barrier serves one queue (the queue runs its kernels
// one after another), and the barrier leaves itself zeroed-count after every sync, so the
// runtime never resets it between launches.
struct __hipcore_grid_barrier {
  unsigned int arrived;     // blocks that reached the current sync
  unsigned int generation;  // completed syncs; waiting blocks watch it change
};

__device__ inline __hipcore_grid_barrier* __hipcore_grid_barrier_address() {
  const char* hidden = (const char*)__builtin_amdgcn_implicitarg_ptr();  // from address space 4
  return *reinterpret_cast<__hipcore_grid_barrier* const*>(hidden + 88);
}

namespace internal {

// True when launched with hipLaunchCooperativeKernel (the barrier exists).
__device__ inline bool grid_is_valid() {
  return __hipcore_grid_barrier_address() != nullptr;
}

// Every thread of the grid waits until all have arrived; memory written before the sync by any
// thread is visible to every thread after it. The block gathers at its barrier, then one thread
// per block arrives on the grid counter: the last one resets the counter and bumps the
// generation (release), the others sleep until they see it change (acquire).
__device__ inline void grid_sync() {
  __hipcore_grid_barrier* barrier = __hipcore_grid_barrier_address();
  // Each thread's global writes reach device scope before its block reports arrival.
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    // No generation can complete before this block arrives, so reading it first is safe.
    unsigned int generation =
        __hip_atomic_load(&barrier->generation, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    unsigned int arrived =
        __hip_atomic_fetch_add(&barrier->arrived, 1u, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT);
    if (arrived + 1 == grid_blocks()) {
      __hip_atomic_store(&barrier->arrived, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
      __hip_atomic_fetch_add(&barrier->generation, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
    } else {
      while (__hip_atomic_load(&barrier->generation, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) ==
             generation)
        __builtin_amdgcn_s_sleep(1);
    }
  }
  __syncthreads();
  // Every thread sees what the other blocks wrote before their arrival.
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
}

}  // namespace internal

// ---- The block ---------------------------------------------------------------------------------
// The block of the calling thread. Everything about it is known from the thread alone, so the
// members are static, as in AMD's HIP.
class thread_block : public thread_group {
  friend __device__ thread_block this_thread_block();
  __device__ explicit thread_block(uint32_t size) : thread_group(internal::cg_workgroup, size) {}

 public:
  __device__ static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ static uint32_t thread_rank() { return internal::block_thread_rank(); }
  __device__ static uint32_t size() { return internal::block_threads(); }
  __device__ static uint32_t num_threads() { return internal::block_threads(); }
  __device__ static bool is_valid() { return true; }
  __device__ static void sync() { __syncthreads(); }
  __device__ static dim3 group_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ static dim3 dim_threads() { return group_dim(); }
};

__device__ inline thread_block this_thread_block() {
  return thread_block(internal::block_threads());
}

// ---- The grid ----------------------------------------------------------------------------------
// All threads of the grid: every block must be resident at once, which a cooperative launch
// guarantees (it refuses larger grids with hipErrorCooperativeLaunchTooLarge).
class grid_group : public thread_group {
  friend __device__ grid_group this_grid();
  __device__ explicit grid_group(uint32_t size) : thread_group(internal::cg_grid, size) {}

 public:
  __device__ unsigned long long size() const { return internal::grid_threads(); }
  __device__ unsigned long long num_threads() const { return internal::grid_threads(); }
  __device__ unsigned long long thread_rank() const { return internal::grid_thread_rank(); }
  __device__ unsigned int num_blocks() const { return internal::grid_blocks(); }
  __device__ unsigned int block_rank() const { return internal::grid_block_rank(); }
  __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  // AMD's grid_group::group_dim is the block's shape.
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ bool is_valid() const { return internal::grid_is_valid(); }
  __device__ void sync() const { internal::grid_sync(); }
};

__device__ inline grid_group this_grid() {
  return grid_group((uint32_t)internal::grid_threads());
}

// ---- The multi-grid
// ------------------------------------------------------------------------------ hipcore runs a
// multi-device cooperative launch on one device only (hipLaunchCooperativeKernelMultiDevice refuses
// more), so the multi-grid is this grid: one grid of rank 0, valid and synchronised exactly as the
// grid of a cooperative launch.
class multi_grid_group : public thread_group {
  friend __device__ multi_grid_group this_multi_grid();
  __device__ explicit multi_grid_group(uint32_t size)
      : thread_group(internal::cg_multi_grid, size) {}

 public:
  __device__ uint32_t num_grids() const { return 1; }
  __device__ uint32_t grid_rank() const { return 0; }
  __device__ unsigned long long size() const { return internal::grid_threads(); }
  __device__ unsigned long long num_threads() const { return internal::grid_threads(); }
  __device__ unsigned long long thread_rank() const { return internal::grid_thread_rank(); }
  __device__ bool is_valid() const { return internal::grid_is_valid(); }
  __device__ void sync() const { internal::grid_sync(); }
};

__device__ inline multi_grid_group this_multi_grid() {
  return multi_grid_group((uint32_t)internal::grid_threads());
}

// ---- Functions of any group
// ------------------------------------------------------------------------
template <class CGTy>
__device__ inline auto group_size(CGTy const& g) {
  return g.size();
}
template <class CGTy>
__device__ inline auto thread_rank(CGTy const& g) {
  return g.thread_rank();
}
template <class CGTy>
__device__ inline bool is_valid(CGTy const& g) {
  return g.is_valid();
}
template <class CGTy>
__device__ inline void sync(CGTy const& g) {
  g.sync();
}

}  // namespace cooperative_groups
