// Cooperative groups, the basics (CUDA/HIP "Cooperative Groups"): the thread block, statically
// sized tiles of a wave with their collectives, and the grid (whose sync needs a cooperative
// launch).
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

__device__ inline thread_block this_thread_block() { return thread_block(); }
__device__ inline void sync(const thread_block& group) { group.sync(); }

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
  __device__ T shfl(T var, int src_rank) const { return __shfl(var, src_rank, Size); }
  template <typename T>
  __device__ T shfl_up(T var, unsigned int delta) const { return __shfl_up(var, delta, Size); }
  template <typename T>
  __device__ T shfl_down(T var, unsigned int delta) const { return __shfl_down(var, delta, Size); }
  template <typename T>
  __device__ T shfl_xor(T var, int lane_mask) const { return __shfl_xor(var, lane_mask, Size); }

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

}  // namespace cooperative_groups

#endif  // __HIP__
