// Cooperative groups inside one wave: tiles of a block (thread_block_tile<N>, sized at compile
// time, and the run-time tiled_partition(g, n)), groups of the active lanes (coalesced_group),
// their shuffles, votes and matches, and the partition functions.
#pragma once

#include <type_traits>

#include <hip/detail/cooperative_groups/groups.h>

namespace cooperative_groups {

template <unsigned int Size, class ParentCGTy = void>
class thread_block_tile;
class coalesced_group;
class tiled_group;

namespace internal {

__device__ inline bool valid_tile_size(unsigned int size) {
  return size != 0 && (size & (size - 1)) == 0 && size <= (unsigned int)warpSize;
}

// A tile of `size` threads of this thread's block: block ranks [rank & ~(size - 1), + size),
// clipped to the block, which are the same lanes of this wave.
__device__ inline unsigned long long block_tile_lanes(unsigned int size) {
  unsigned int rank = block_thread_rank();
  unsigned int first = rank & ~(size - 1);
  unsigned int end = first + size < block_threads() ? first + size : block_threads();
  return lane_run(first % warpSize, end - first);
}

// Constructs groups on behalf of the partition functions (the groups' constructors are private).
struct group_access {
  static __device__ unsigned long long lanes(const thread_group& g) { return g._mask; }
  static __device__ uint32_t type(const thread_group& g) { return g._type; }
  template <class Group>
  static __device__ Group make(uint64_t lanes, uint32_t meta_rank, uint32_t meta_size) {
    return Group(lanes, meta_rank, meta_size);
  }
  static __device__ thread_group make_handle(group_type type, uint32_t size, uint64_t lanes,
                                             uint32_t meta_rank, uint32_t meta_size) {
    return thread_group(type, size, lanes, meta_rank, meta_size);
  }
};

// The tiles of `size` members of a group inside a wave, by rank: this thread's tile and where it
// stands among them. A refused size gives an empty (invalid) group.
struct lane_partition {
  uint64_t lanes;
  uint32_t meta_rank, meta_size;
};
__device__ inline lane_partition partition_lanes(unsigned long long parent, unsigned int size) {
  if (!valid_tile_size(size)) return {0, 0, 0};
  unsigned int count = __builtin_popcountll(parent), rank = rank_in(parent);
  return {members_of_ranks(parent, rank & ~(size - 1), size), rank / size,
          (count + size - 1) / size};
}
__device__ inline lane_partition partition_block(unsigned int size) {
  if (!valid_tile_size(size)) return {0, 0, 0};
  return {block_tile_lanes(size), block_thread_rank() / size, (block_threads() + size - 1) / size};
}

// Shuffle source lanes in a group of arbitrary member lanes, by rank; a rank outside the group
// reads this lane's own value.
__device__ inline unsigned int lane_for_rank(unsigned long long lanes, unsigned int rank) {
  unsigned int lane = lane_of_rank(lanes, rank);
  return lane < 64 ? lane : __lane_id();
}

}  // namespace internal

// A tile of a block: the run-time kind (tiled_partition of a tile) and the base of every
// thread_block_tile, as in AMD's HIP, so a compile-time tile passes where a tiled_group is taken.
class tiled_group : public thread_group {
  friend struct internal::group_access;
  __device__ tiled_group(uint64_t lanes, uint32_t meta_rank, uint32_t meta_size)
      : tiled_group(lanes, __builtin_popcountll(lanes), meta_rank, meta_size) {}

 protected:
  __device__ tiled_group(uint64_t lanes, uint32_t size, uint32_t meta_rank, uint32_t meta_size)
      : thread_group(internal::cg_tiled_group, size, lanes, meta_rank, meta_size) {}

 public:
  __device__ unsigned int thread_rank() const { return internal::rank_in(_mask); }
  __device__ unsigned int meta_group_rank() const { return _meta_rank; }
  __device__ unsigned int meta_group_size() const { return _meta_size; }
  __device__ void sync() const { internal::wave_sync(); }
};

namespace internal {

// The members of a compile-time tile: Size lanes from the tile's first lane, those the block has.
template <unsigned int Size>
class static_tile : public tiled_group {
  static_assert(Size != 0 && (Size & (Size - 1)) == 0, "tile size must be a power of two");
  static_assert(Size <= (unsigned int)warpSize,
                "tile size must be no larger than the wave (warpSize: 32, or 64 with "
                "-mwavefrontsize64)");

 protected:
  __device__ static_tile(uint64_t lanes, uint32_t meta_rank, uint32_t meta_size)
      : tiled_group(lanes, Size, meta_rank, meta_size) {}

  __device__ static unsigned int first_lane() { return __lane_id() & ~(Size - 1); }
  // The tile's lanes of the wave, whether they exist in the block or not.
  __device__ static unsigned long long region() { return lane_run(first_lane(), Size); }

 public:
  __host__ __device__ static constexpr unsigned int size() { return Size; }
  __host__ __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ static unsigned int thread_rank() { return __lane_id() & (Size - 1); }
  __device__ unsigned int meta_group_rank() const { return _meta_rank; }
  __device__ unsigned int meta_group_size() const { return _meta_size; }
  __device__ static void sync() { wave_sync(); }
  __device__ bool is_valid() const { return true; }

  template <class T>
  __device__ T shfl(T var, int src_rank) const {
    return __shfl(var, src_rank, Size);
  }
  template <class T>
  __device__ T shfl_up(T var, unsigned int delta) const {
    return __shfl_up(var, delta, Size);
  }
  template <class T>
  __device__ T shfl_down(T var, unsigned int delta) const {
    return __shfl_down(var, delta, Size);
  }
  template <class T>
  __device__ T shfl_xor(T var, unsigned int lane_mask) const {
    return __shfl_xor(var, (int)lane_mask, Size);
  }

  // Votes see the tile's active lanes; bit i of a mask is tile rank i.
  __device__ unsigned long long ballot(int predicate) const {
    return (__ballot(predicate) & region()) >> first_lane();
  }
  __device__ int any(int predicate) const { return ballot(predicate) != 0; }
  __device__ int all(int predicate) const {
    return ballot(predicate) == ((__activemask() & region()) >> first_lane());
  }
  // The tile's active lanes holding this lane's value.
  template <class T>
  __device__ unsigned long long match_any(T value) const {
    return (__match_any(value) & region()) >> first_lane();
  }
  // The tile's active lanes when they all hold one value (pred = 1), else 0 (pred = 0).
  template <class T>
  __device__ unsigned long long match_all(T value, int& pred) const {
    unsigned long long active = __activemask() & region();
    pred = (__match_any(value) & region()) == active;
    return pred ? active >> first_lane() : 0ull;
  }
};

template <class Parent>
struct tile_parent {
  static constexpr bool ok = false;
  static constexpr unsigned int size = 0;
};
template <>
struct tile_parent<thread_block> {
  static constexpr bool ok = true;
  static constexpr unsigned int size = ~0u;
};
template <unsigned int N, class P>
struct tile_parent<thread_block_tile<N, P>> {
  static constexpr bool ok = true;
  static constexpr unsigned int size = N;
};

}  // namespace internal

// Size consecutive threads of a block (by thread_rank) inside one wave, or of a larger tile: Size
// is a power of two no larger than the wave. Collectives act on the tile's lanes only.
template <unsigned int Size, class ParentCGTy>
class thread_block_tile : public internal::static_tile<Size> {
  friend struct internal::group_access;
  __device__ thread_block_tile(uint64_t lanes, uint32_t meta_rank, uint32_t meta_size)
      : internal::static_tile<Size>(lanes, meta_rank, meta_size) {}
};

// The tile type that forgets its parent: every thread_block_tile<Size, P> converts to it.
template <unsigned int Size>
class thread_block_tile<Size, void> : public internal::static_tile<Size> {
 public:
  template <class P>
  __device__ thread_block_tile(const thread_block_tile<Size, P>& tile)
      : internal::static_tile<Size>(tile) {}
};

// The compile-time partition of a thread_block or of a thread_block_tile into tiles of Size.
template <unsigned int Size, class ParentCGTy>
__device__ inline thread_block_tile<Size, ParentCGTy> tiled_partition(const ParentCGTy& parent) {
  using parent_info = internal::tile_parent<ParentCGTy>;
  static_assert(parent_info::ok, "tiled_partition<N> takes a thread_block or a thread_block_tile");
  static_assert(Size <= parent_info::size, "a tile cannot be larger than the tile it partitions");
  if constexpr (std::is_same<ParentCGTy, thread_block>::value) {
    internal::lane_partition p = internal::partition_block(Size);
    return internal::group_access::make<thread_block_tile<Size, ParentCGTy>>(p.lanes, p.meta_rank,
                                                                             p.meta_size);
  } else {
    // Within the parent tile's lanes; the parent's members are a run from its first lane.
    unsigned int parent_rank = __lane_id() & (parent_info::size - 1);
    unsigned long long lanes =
        internal::group_access::lanes(parent) & internal::lane_run(__lane_id() & ~(Size - 1), Size);
    return internal::group_access::make<thread_block_tile<Size, ParentCGTy>>(
        lanes, parent_rank / Size, parent_info::size / Size);
  }
}

// ---- Coalesced groups ------------------------------------------------------------------------
// A set of lanes of one wave, typically the lanes active at a point of divergent code
// (coalesced_threads()). Ranks follow lane order; bit i of a vote's mask is rank i.
class coalesced_group : public thread_group {
  friend struct internal::group_access;
  __device__ explicit coalesced_group(uint64_t lanes, uint32_t meta_rank = 0,
                                      uint32_t meta_size = 1)
      : thread_group(internal::cg_coalesced_group, __builtin_popcountll(lanes), lanes, meta_rank,
                     meta_size) {}

 public:
  __device__ unsigned int size() const { return _size; }
  __device__ unsigned int num_threads() const { return _size; }
  __device__ unsigned int thread_rank() const { return internal::rank_in(_mask); }
  __device__ unsigned int meta_group_rank() const { return _meta_rank; }
  __device__ unsigned int meta_group_size() const { return _meta_size; }
  __device__ void sync() const { internal::wave_sync(); }

  // The value of the member of rank src_rank (taken modulo size()).
  template <class T>
  __device__ T shfl(T var, int src_rank) const {
    unsigned int rank = _size == 0 ? 0 : (unsigned int)src_rank % _size;
    return __hipcore_permute(var, internal::lane_for_rank(_mask, rank));
  }
  // From rank - delta; ranks below delta keep their own value.
  template <class T>
  __device__ T shfl_up(T var, unsigned int delta) const {
    unsigned int rank = thread_rank();
    return __hipcore_permute(
        var, rank < delta ? __lane_id() : internal::lane_for_rank(_mask, rank - delta));
  }
  // From rank + delta; ranks with no member delta above keep their own value.
  template <class T>
  __device__ T shfl_down(T var, unsigned int delta) const {
    return __hipcore_permute(var, internal::lane_for_rank(_mask, thread_rank() + delta));
  }

  __device__ unsigned long long ballot(int predicate) const {
    return internal::by_rank(_mask, __ballot(predicate));
  }
  __device__ int any(int predicate) const { return (__ballot(predicate) & _mask) != 0; }
  __device__ int all(int predicate) const { return (__ballot(predicate) & _mask) == _mask; }
  template <class T>
  __device__ unsigned long long match_any(T value) const {
    return internal::by_rank(_mask, __match_any(value));
  }
  template <class T>
  __device__ unsigned long long match_all(T value, int& pred) const {
    pred = (__match_any(value) & _mask) == _mask;
    return pred ? internal::lane_run(0, _size) : 0ull;
  }
};

// The lanes active here.
__device__ inline coalesced_group coalesced_threads() {
  return internal::group_access::make<coalesced_group>(__ballot(1), 0, 1);
}

// A group of the calling thread alone.
__device__ inline thread_group this_thread() {
  return internal::group_access::make_handle(internal::cg_coalesced_group, 1, 1ull << __lane_id(),
                                             0, 1);
}

// ---- Run-time partitions -----------------------------------------------------------------------
// Tiles of tile_size threads of a block, a tile or a coalesced group, by rank. A size that is not
// a power of two or is larger than the wave gives a group whose is_valid() is false.
__device__ inline thread_group tiled_partition(const thread_block&, unsigned int tile_size) {
  internal::lane_partition p = internal::partition_block(tile_size);
  return internal::group_access::make_handle(
      internal::cg_tiled_group, __builtin_popcountll(p.lanes), p.lanes, p.meta_rank, p.meta_size);
}
__device__ inline tiled_group tiled_partition(const tiled_group& parent, unsigned int tile_size) {
  internal::lane_partition p =
      internal::partition_lanes(internal::group_access::lanes(parent), tile_size);
  return internal::group_access::make<tiled_group>(p.lanes, p.meta_rank, p.meta_size);
}
__device__ inline coalesced_group tiled_partition(const coalesced_group& parent,
                                                  unsigned int tile_size) {
  internal::lane_partition p =
      internal::partition_lanes(internal::group_access::lanes(parent), tile_size);
  return internal::group_access::make<coalesced_group>(p.lanes, p.meta_rank, p.meta_size);
}
// A handle of any kind: a block (or grid, taken as its block, as AMD does) splits into tiles of
// the block; a tile or coalesced group splits by rank and keeps its kind.
__device__ inline thread_group tiled_partition(const thread_group& parent, unsigned int tile_size) {
  uint32_t type = internal::group_access::type(parent);
  internal::lane_partition p =
      type == internal::cg_tiled_group || type == internal::cg_coalesced_group
          ? internal::partition_lanes(internal::group_access::lanes(parent), tile_size)
          : internal::partition_block(tile_size);
  internal::group_type kind = type == internal::cg_coalesced_group ? internal::cg_coalesced_group
                                                                   : internal::cg_tiled_group;
  return internal::group_access::make_handle(kind, __builtin_popcountll(p.lanes), p.lanes,
                                             p.meta_rank, p.meta_size);
}

// The members of a group whose predicate agrees with this thread's.
__device__ inline coalesced_group binary_partition(const coalesced_group& group, bool pred) {
  unsigned long long lanes = internal::group_access::lanes(group);
  unsigned long long yes = __ballot(pred);  // taken by every lane, before any branch on pred
  return internal::group_access::make<coalesced_group>(lanes & (pred ? yes : ~yes), 0, 1);
}
template <unsigned int Size, class ParentCGTy>
__device__ inline coalesced_group binary_partition(const thread_block_tile<Size, ParentCGTy>& tile,
                                                   bool pred) {
  unsigned long long lanes = internal::group_access::lanes(tile) & __activemask();
  unsigned long long yes = __ballot(pred);
  return internal::group_access::make<coalesced_group>(lanes & (pred ? yes : ~yes), 0, 1);
}

}  // namespace cooperative_groups
