// Cooperative groups: the run-time group handle thread_group, the group kinds it can stand for,
// and the helpers every group kind shares (ranks in the block and grid, lane sets in a wave).
#pragma once

#include <stdint.h>

namespace cooperative_groups {

namespace internal {

// The kind of group a thread_group handle stands for (AMD's names and values).
typedef enum {
  cg_invalid,
  cg_multi_grid,
  cg_grid,
  cg_workgroup,
  cg_tiled_group,
  cg_coalesced_group
} group_type;

struct group_access;

// ---- Ranks in the block and the grid ---------------------------------------------------------
// Blocks are linearised x fastest, then y, then z, as CUDA and HIP define thread_rank.
__device__ inline unsigned int block_thread_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ inline unsigned int block_threads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
__device__ inline unsigned int grid_block_rank() {
  return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
__device__ inline unsigned int grid_blocks() {
  return gridDim.x * gridDim.y * gridDim.z;
}
__device__ inline unsigned long long grid_thread_rank() {
  return (unsigned long long)grid_block_rank() * block_threads() + block_thread_rank();
}
__device__ inline unsigned long long grid_threads() {
  return (unsigned long long)grid_blocks() * block_threads();
}

// ---- Lane sets ---------------------------------------------------------------------------------
// A group inside one wave is the set of its member lanes (bit i: lane i). A block's waves hold
// consecutive thread ranks (lane l of wave w is rank w * warpSize + l), so a tile of a block is
// a run of lanes.

// count lanes from lane first.
__device__ inline unsigned long long lane_run(unsigned int first, unsigned int count) {
  return (count >= 64 ? ~0ull : (1ull << count) - 1ull) << first;
}
// Members of lanes below this lane: this lane's rank in the group.
__device__ inline unsigned int rank_in(unsigned long long lanes) {
  unsigned int low = __builtin_amdgcn_mbcnt_lo((unsigned int)lanes, 0u);
  if (warpSize == 32) return low;
  return __builtin_amdgcn_mbcnt_hi((unsigned int)(lanes >> 32), low);
}
// The lane of the member of rank `rank`; 64 when there is none.
__device__ inline unsigned int lane_of_rank(unsigned long long lanes, unsigned int rank) {
  return __hipcore_nth_set_bit(lanes, rank);
}
// Bit i of the result is the bit of `bits` at the member of rank i: a wave-wide mask (a ballot)
// seen in the group's rank order.
__device__ inline unsigned long long by_rank(unsigned long long lanes, unsigned long long bits) {
  unsigned long long result = 0;
  unsigned int rank = 0;
  for (unsigned long long rest = lanes; rest != 0; rest &= rest - 1, ++rank)
    result |= ((bits >> __builtin_ctzll(rest)) & 1ull) << rank;
  return result;
}
// The members of ranks [first, first + count) of a group.
__device__ inline unsigned long long members_of_ranks(unsigned long long lanes, unsigned int first,
                                                      unsigned int count) {
  unsigned int begin = lane_of_rank(lanes, first), end = lane_of_rank(lanes, first + count);
  if (begin >= 64) return 0;
  unsigned long long below_end = end >= 64 ? ~0ull : (1ull << end) - 1ull;
  return lanes & (~0ull << begin) & below_end;
}

// A group's collectives inside one wave need no waiting (the wave's lanes run in lockstep); its
// sync orders memory for the group's lanes and keeps them converged there.
__device__ inline void wave_sync() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

// Defined with the grid barrier (groups.h).
__device__ inline bool grid_is_valid();
__device__ inline void grid_sync();

}  // namespace internal

// A handle to any group: it records the group's kind, its size and, for groups inside a wave, its
// member lanes, so code can take a group of a kind chosen at run time (tiled_partition(g, n)).
class thread_group {
 protected:
  uint32_t _type;           // internal::group_type
  uint32_t _size;           // the number of threads
  uint64_t _mask;           // member lanes of tiles and coalesced groups (bit i: lane i)
  uint32_t _meta_rank = 0;  // a partition's rank among its parent's partitions
  uint32_t _meta_size = 1;  // and how many partitions the parent made

  __device__ thread_group(internal::group_type type, uint32_t size, uint64_t mask = 0,
                          uint32_t meta_rank = 0, uint32_t meta_size = 1)
      : _type(type), _size(size), _mask(mask), _meta_rank(meta_rank), _meta_size(meta_size) {}

  friend struct internal::group_access;

 public:
  __device__ uint32_t size() const { return _size; }
  __device__ uint32_t num_threads() const { return _size; }
  __device__ unsigned int cg_type() const { return _type; }

  // The calling thread's rank in [0, size()).
  __device__ uint32_t thread_rank() const {
    switch (_type) {
      case internal::cg_multi_grid:
      case internal::cg_grid:
        return (uint32_t)internal::grid_thread_rank();
      case internal::cg_workgroup:
        return internal::block_thread_rank();
      case internal::cg_tiled_group:
      case internal::cg_coalesced_group:
        return internal::rank_in(_mask);
      default:
        __builtin_trap();  // no constructor makes another kind
    }
  }
  // False for a grid outside a cooperative launch and for a partition that was refused (a tile
  // size that is not a power of two, or larger than the wave).
  __device__ bool is_valid() const {
    switch (_type) {
      case internal::cg_multi_grid:
      case internal::cg_grid:
        return internal::grid_is_valid();
      case internal::cg_workgroup:
        return true;
      case internal::cg_tiled_group:
      case internal::cg_coalesced_group:
        return (_mask >> __lane_id()) & 1;
      default:
        return false;
    }
  }
  __device__ void sync() const {
    switch (_type) {
      case internal::cg_multi_grid:
      case internal::cg_grid:
        internal::grid_sync();
        break;
      case internal::cg_workgroup:
        __syncthreads();
        break;
      default:
        internal::wave_sync();
        break;
    }
  }
  // The block's shape for the block and the grid kinds; a row of size() threads otherwise.
  __device__ dim3 group_dim() const {
    if (_type == internal::cg_workgroup || _type == internal::cg_grid ||
        _type == internal::cg_multi_grid)
      return dim3(blockDim.x, blockDim.y, blockDim.z);
    return dim3(_size, 1, 1);
  }
};

}  // namespace cooperative_groups
