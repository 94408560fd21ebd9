// Cooperative groups, the basics (CUDA/HIP "Cooperative Groups"): the thread block, statically
// sized tiles of a wave with their collectives, and the grid (whose sync needs a cooperative
// launch, hipLaunchCooperativeKernel).
#pragma once

#include <hip/hip_runtime.h>

#if defined(__HIP__)

namespace cooperative_groups {

// The block of the calling thread.
class thread_block {
 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ unsigned int thread_rank() const {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 dim_threads() const { return group_dim(); }
};

__device__ inline thread_block this_thread_block() {
  return thread_block();
}
__device__ inline void sync(const thread_block& group) {
  group.sync();
}

// Size consecutive threads of a block (by thread_rank) inside one wave: Size is a power of two
// no larger than the wave. Collectives act on the tile's lanes only.
template <unsigned int Size>
class thread_block_tile {
  static_assert(Size > 0 && (Size & (Size - 1)) == 0 && Size <= 64,
                "tile size must be a power of two no larger than the wave");

 public:
  __device__ unsigned int size() const { return Size; }
  __device__ unsigned int num_threads() const { return Size; }
  __device__ unsigned int thread_rank() const { return __lane_id() & (Size - 1); }
  __device__ unsigned int meta_group_rank() const {
    return this_thread_block().thread_rank() / Size;
  }
  __device__ unsigned int meta_group_size() const {
    return (this_thread_block().size() + Size - 1) / Size;
  }
  // Lanes of a wave run in lockstep; a tile's sync orders its memory operations for the
  // tile, which is a wave-scope fence.
  __device__ void sync() const { __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "wavefront"); }

  template <typename T>
  __device__ T shfl(T var, int src_rank) const {
    return __shfl(var, src_rank, Size);
  }
  template <typename T>
  __device__ T shfl_up(T var, unsigned int delta) const {
    return __shfl_up(var, delta, Size);
  }
  template <typename T>
  __device__ T shfl_down(T var, unsigned int delta) const {
    return __shfl_down(var, delta, Size);
  }
  template <typename T>
  __device__ T shfl_xor(T var, int lane_mask) const {
    return __shfl_xor(var, lane_mask, Size);
  }

  // Bit i is tile rank i's predicate.
  __device__ unsigned long long ballot(int predicate) const {
    return (__ballot(predicate) >> tile_base()) & lane_bits();
  }
  __device__ int any(int predicate) const { return ballot(predicate) != 0; }
  __device__ int all(int predicate) const {
    return ballot(predicate) == ((__activemask() >> tile_base()) & lane_bits());
  }

 private:
  __device__ unsigned int tile_base() const { return __lane_id() & ~(Size - 1); }
  __device__ static constexpr unsigned long long lane_bits() {
    return Size == 64 ? ~0ull : ((1ull << Size) - 1);
  }
};

template <unsigned int Size, typename Parent>
__device__ inline thread_block_tile<Size> tiled_partition(const Parent&) {
  return thread_block_tile<Size>();
}

// ---- The grid ------------------------------------------------------------------------------
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

// All threads of the grid: every block must be resident at once, which a cooperative launch
// guarantees (it refuses larger grids with hipErrorCooperativeLaunchTooLarge).
class grid_group {
 public:
  __device__ unsigned long long size() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y *
           blockDim.z;
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long thread_rank() const {
    unsigned long long block =
        (blockIdx.z * (unsigned long long)gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    return block * (blockDim.x * blockDim.y * blockDim.z) + this_thread_block_rank();
  }
  __device__ unsigned int num_blocks() const { return gridDim.x * gridDim.y * gridDim.z; }
  __device__ unsigned int block_rank() const {
    return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  // True when launched with hipLaunchCooperativeKernel (the barrier exists).
  __device__ bool is_valid() const { return __hipcore_grid_barrier_address() != nullptr; }

  // Every thread of the grid waits until all have arrived; memory written before sync() by
  // any thread is visible to every thread after it. The block gathers at its barrier, then one
  // thread per block arrives on the grid counter: the last one resets the counter and bumps
  // the generation (release), the others sleep until they see it change (acquire).
  __device__ void sync() const {
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
      if (arrived + 1 == num_blocks()) {
        __hip_atomic_store(&barrier->arrived, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        __hip_atomic_fetch_add(&barrier->generation, 1u, __ATOMIC_RELEASE,
                               __HIP_MEMORY_SCOPE_AGENT);
      } else {
        while (__hip_atomic_load(&barrier->generation, __ATOMIC_ACQUIRE,
                                 __HIP_MEMORY_SCOPE_AGENT) == generation)
          __builtin_amdgcn_s_sleep(1);
      }
    }
    __syncthreads();
    // Every thread sees what the other blocks wrote before their arrival.
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
  }

 private:
  __device__ static unsigned int this_thread_block_rank() {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
};

__device__ inline grid_group this_grid() {
  return grid_group();
}
__device__ inline void sync(const grid_group& group) {
  group.sync();
}

}  // namespace cooperative_groups

#endif  // __HIP__
