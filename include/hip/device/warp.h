// Wave-level intrinsics: lane id and lane masks, votes, __syncwarp, match, shuffles and warp
// reductions (HIP programming guide, "Warp cross-lane functions"), for wave32 (RDNA's default)
// and wave64.
//
// Convergence: only active lanes take part. Votes and ballots see only active lanes (an inactive
// lane's bit is 0); a shuffle that reads an inactive lane returns an unspecified value, as CUDA
// and HIP document.
#pragma once

#include <stdint.h>

#define __HIPCORE_DEVICE __device__ inline __attribute__((always_inline))

// The lane's index in its wave: mbcnt counts the set bits of an all-ones mask below this lane.
__HIPCORE_DEVICE unsigned int __lane_id() {
  unsigned int low = __builtin_amdgcn_mbcnt_lo(~0u, 0u);
#if __AMDGCN_WAVEFRONT_SIZE__ == 64
  return __builtin_amdgcn_mbcnt_hi(~0u, low);
#else
  return low;
#endif
}

// mbcnt: the number of set bits of x in the lanes below this one (the low 32 lanes for _lo, the
// high 32 for _hi), plus y. __lane_id is mbcnt of an all-ones mask.
__HIPCORE_DEVICE unsigned int __mbcnt_lo(unsigned int x, unsigned int y) {
  return __builtin_amdgcn_mbcnt_lo(x, y);
}
__HIPCORE_DEVICE unsigned int __mbcnt_hi(unsigned int x, unsigned int y) {
  return __builtin_amdgcn_mbcnt_hi(x, y);
}

// Bit i set when lane i is active and predicate is non-zero there. 64-bit in HIP's API even on
// wave32, where the upper half is zero.
__HIPCORE_DEVICE unsigned long long __ballot(int predicate) {
#if !__has_builtin(__builtin_amdgcn_ballot_w32)
  // clang 15 (Debian's ROCm compiler): the older compare-to-mask builtin; 33 is ICMP_NE.
  return __builtin_amdgcn_uicmp(predicate != 0, 0, 33);
#elif __AMDGCN_WAVEFRONT_SIZE__ == 64
  return __builtin_amdgcn_ballot_w64(predicate != 0);
#else
  return __builtin_amdgcn_ballot_w32(predicate != 0);
#endif
}
__HIPCORE_DEVICE unsigned long long __ballot64(int predicate) {
  return __ballot(predicate);
}
__HIPCORE_DEVICE unsigned long long __activemask() {
  return __ballot(1);
}
__HIPCORE_DEVICE int __any(int predicate) {
  return __ballot(predicate) != 0;
}
__HIPCORE_DEVICE int __all(int predicate) {
  return __ballot(predicate) == __ballot(1);
}

__HIPCORE_DEVICE unsigned long long __ballot_sync(unsigned long long mask, int predicate) {
  return __ballot(predicate) & mask;
}
__HIPCORE_DEVICE int __any_sync(unsigned long long mask, int predicate) {
  return (__ballot(predicate) & mask) != 0;
}
__HIPCORE_DEVICE int __all_sync(unsigned long long mask, int predicate) {
  return (__ballot(predicate) & mask) == (__ballot(1) & mask);
}

// Active lanes below, at and above this one (AMD's lane masks; inactive lanes are 0).
__HIPCORE_DEVICE unsigned long long __lanemask_eq() {
  return 1ull << __lane_id();
}
__HIPCORE_DEVICE unsigned long long __lanemask_lt() {
  return __activemask() & ((1ull << __lane_id()) - 1ull);
}
__HIPCORE_DEVICE unsigned long long __lanemask_gt() {
  // The ballot first, outside the branch on the lane: inside it lane 63 would not vote.
  unsigned long long active = __activemask();
  unsigned int lane = __lane_id();
  return lane == 63 ? 0ull : active & (~0ull << (lane + 1));
}

// The lanes of a wave run in lockstep, so __syncwarp has no lanes to wait for: it is the memory
// ordering point CUDA gives it (writes before it are visible to the wave's lanes after it) and a
// point the compiler keeps the lanes converged at.
__HIPCORE_DEVICE void __syncwarp(unsigned long long mask = ~0ull) {
  (void)mask;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

// ---- Match (CUDA's __match_any_sync / __match_all_sync, and AMD's maskless forms) -------------
// Values compare by their bits (so NaNs with one pattern match, and 0.0 and -0.0 do not).
template <typename T>
__HIPCORE_DEVICE unsigned long long __hipcore_match_bits(T value) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "match compares 4- and 8-byte values");
  if constexpr (sizeof(T) == 8)
    return __builtin_bit_cast(unsigned long long, value);
  else
    return __builtin_bit_cast(unsigned int, value);
}
__HIPCORE_DEVICE unsigned long long __hipcore_first_lane_bits(unsigned long long bits) {
  unsigned long long low = (unsigned int)__builtin_amdgcn_readfirstlane((int)(unsigned int)bits);
  unsigned long long high =
      (unsigned int)__builtin_amdgcn_readfirstlane((int)(unsigned int)(bits >> 32));
  return low | (high << 32);
}

// The active lanes holding the same value as this lane. Each round, the lowest lane still looking
// names its value; the lanes holding it take their ballot and leave, so there are as many rounds
// as distinct values.
template <typename T>
__HIPCORE_DEVICE unsigned long long __match_any(T value) {
  const unsigned long long bits = __hipcore_match_bits(value);
  unsigned long long lanes = 0;
  for (;;) {
    const bool same = bits == __hipcore_first_lane_bits(bits);
    const unsigned long long holders = __ballot(same);
    if (same) {
      lanes = holders;
      break;
    }
  }
  return lanes;
}
// All active lanes when they hold one value (*predicate = 1), else 0 (*predicate = 0).
template <typename T>
__HIPCORE_DEVICE unsigned long long __match_all(T value, int* predicate) {
  const unsigned long long bits = __hipcore_match_bits(value);
  const bool all = __all(bits == __hipcore_first_lane_bits(bits));
  *predicate = all;
  return all ? __activemask() : 0ull;
}

// The lanes of mask holding this lane's value. Every lane of mask must be active and call it with
// the same mask (CUDA's rule); lanes of other masks may call it at the same time.
template <typename T>
__HIPCORE_DEVICE unsigned long long __match_any_sync(unsigned long long mask, T value) {
  return __match_any(value) & mask;
}
// mask when all its lanes hold one value (*predicate = 1), else 0. Decided by each lane from its
// own match set, so it holds with several masks calling at once.
template <typename T>
__HIPCORE_DEVICE unsigned long long __match_all_sync(unsigned long long mask, T value,
                                                     int* predicate) {
  if (warpSize == 32) mask &= 0xffffffffull;
  const bool all = (__match_any(value) & mask) == mask;
  *predicate = all;
  return all ? mask : 0ull;
}

// ---- Shuffles ------------------------------------------------------------------------------
// Every shuffle is a ds_bpermute (a backward permute: lane i reads lane src[i]); the helpers
// below only compute which lane to read, following CUDA's rules for sub-warp widths: the wave is
// split into segments of `width` lanes and a lane never reads outside its own segment.

__HIPCORE_DEVICE int __hipcore_read_lane(int value, unsigned int source_lane) {
  return __builtin_amdgcn_ds_bpermute((int)(source_lane << 2), value);
}

__HIPCORE_DEVICE unsigned int __hipcore_shfl_lane(int src_lane, int width) {
  unsigned int lane = __lane_id();
  return (lane & ~(unsigned)(width - 1)) + ((unsigned)src_lane & (unsigned)(width - 1));
}
__HIPCORE_DEVICE unsigned int __hipcore_shfl_up_lane(unsigned int delta, int width) {
  unsigned int lane = __lane_id();
  return (lane & (unsigned)(width - 1)) < delta ? lane : lane - delta;
}
__HIPCORE_DEVICE unsigned int __hipcore_shfl_down_lane(unsigned int delta, int width) {
  unsigned int lane = __lane_id();
  return (lane & (unsigned)(width - 1)) + delta >= (unsigned)width ? lane : lane + delta;
}
__HIPCORE_DEVICE unsigned int __hipcore_shfl_xor_lane(int lane_mask, int width) {
  unsigned int lane = __lane_id();
  unsigned int source = lane ^ (unsigned)lane_mask;
  unsigned int segment_end = (lane & ~(unsigned)(width - 1)) + (unsigned)width;
  return source >= segment_end ? lane : source;
}

// Moves a value of any trivially copyable type of 1 or 2 bytes or a multiple of 4 bytes (so
// structs too, as cooperative groups' shuffles allow) through 32-bit lane reads.
template <unsigned int Words>
struct __hipcore_lane_words {
  int word[Words];
};
template <typename T>
__HIPCORE_DEVICE T __hipcore_permute(T value, unsigned int source_lane) {
  static_assert(__is_trivially_copyable(T), "shuffles move trivially copyable values");
  static_assert(sizeof(T) <= 2 || sizeof(T) % 4 == 0,
                "shuffles move values of 1 or 2 bytes or a multiple of 4 bytes");
  if constexpr (sizeof(T) == 1) {
    uint8_t bits = __builtin_bit_cast(uint8_t, value);
    return __builtin_bit_cast(T, (uint8_t)__hipcore_read_lane(bits, source_lane));
  } else if constexpr (sizeof(T) == 2) {
    uint16_t bits = __builtin_bit_cast(uint16_t, value);
    return __builtin_bit_cast(T, (uint16_t)__hipcore_read_lane(bits, source_lane));
  } else {
    auto words = __builtin_bit_cast(__hipcore_lane_words<sizeof(T) / 4>, value);
    for (unsigned int i = 0; i < sizeof(T) / 4; ++i)
      words.word[i] = __hipcore_read_lane(words.word[i], source_lane);
    return __builtin_bit_cast(T, words);
  }
}

template <typename T>
__HIPCORE_DEVICE T __shfl(T var, int src_lane, int width = warpSize) {
  return __hipcore_permute(var, __hipcore_shfl_lane(src_lane, width));
}
template <typename T>
__HIPCORE_DEVICE T __shfl_up(T var, unsigned int delta, int width = warpSize) {
  return __hipcore_permute(var, __hipcore_shfl_up_lane(delta, width));
}
template <typename T>
__HIPCORE_DEVICE T __shfl_down(T var, unsigned int delta, int width = warpSize) {
  return __hipcore_permute(var, __hipcore_shfl_down_lane(delta, width));
}
template <typename T>
__HIPCORE_DEVICE T __shfl_xor(T var, int lane_mask, int width = warpSize) {
  return __hipcore_permute(var, __hipcore_shfl_xor_lane(lane_mask, width));
}

// The _sync forms name the lanes that take part; all of them must be active and call it, as in
// CUDA. The mask does not change which lane is read.
template <typename T>
__HIPCORE_DEVICE T __shfl_sync(unsigned long long, T var, int src_lane, int width = warpSize) {
  return __shfl(var, src_lane, width);
}
template <typename T>
__HIPCORE_DEVICE T __shfl_up_sync(unsigned long long, T var, unsigned int delta,
                                  int width = warpSize) {
  return __shfl_up(var, delta, width);
}
template <typename T>
__HIPCORE_DEVICE T __shfl_down_sync(unsigned long long, T var, unsigned int delta,
                                    int width = warpSize) {
  return __shfl_down(var, delta, width);
}
template <typename T>
__HIPCORE_DEVICE T __shfl_xor_sync(unsigned long long, T var, int lane_mask, int width = warpSize) {
  return __shfl_xor(var, lane_mask, width);
}

// ---- Warp reductions (CUDA's __reduce_*_sync) -----------------------------------------------
// Every lane named in mask gets the reduction over the values of the lanes in mask. The lanes
// are visited with readlane (which ignores EXEC), so the result is right under any divergence
// as long as the masked lanes are the ones calling, which is the function's contract.
template <typename T, typename Op>
__HIPCORE_DEVICE T __hipcore_reduce_sync(unsigned long long mask, T value, Op op) {
  T result = value;
  bool first = true;
  for (int lane = 0; lane < warpSize; ++lane) {
    if (!((mask >> lane) & 1)) continue;
    T other = (T)__builtin_amdgcn_readlane((int)value, lane);
    result = first ? other : op(result, other);
    first = false;
  }
  return result;
}

__HIPCORE_DEVICE unsigned __reduce_add_sync(unsigned long long mask, unsigned value) {
  return __hipcore_reduce_sync(mask, value, [](unsigned a, unsigned b) { return a + b; });
}
__HIPCORE_DEVICE int __reduce_add_sync(unsigned long long mask, int value) {
  return __hipcore_reduce_sync(mask, value,
                               [](int a, int b) { return (int)((unsigned)a + (unsigned)b); });
}
__HIPCORE_DEVICE unsigned __reduce_min_sync(unsigned long long mask, unsigned value) {
  return __hipcore_reduce_sync(mask, value, [](unsigned a, unsigned b) { return a < b ? a : b; });
}
__HIPCORE_DEVICE int __reduce_min_sync(unsigned long long mask, int value) {
  return __hipcore_reduce_sync(mask, value, [](int a, int b) { return a < b ? a : b; });
}
__HIPCORE_DEVICE unsigned __reduce_max_sync(unsigned long long mask, unsigned value) {
  return __hipcore_reduce_sync(mask, value, [](unsigned a, unsigned b) { return a > b ? a : b; });
}
__HIPCORE_DEVICE int __reduce_max_sync(unsigned long long mask, int value) {
  return __hipcore_reduce_sync(mask, value, [](int a, int b) { return a > b ? a : b; });
}
__HIPCORE_DEVICE unsigned __reduce_and_sync(unsigned long long mask, unsigned value) {
  return __hipcore_reduce_sync(mask, value, [](unsigned a, unsigned b) { return a & b; });
}
__HIPCORE_DEVICE unsigned __reduce_or_sync(unsigned long long mask, unsigned value) {
  return __hipcore_reduce_sync(mask, value, [](unsigned a, unsigned b) { return a | b; });
}
__HIPCORE_DEVICE unsigned __reduce_xor_sync(unsigned long long mask, unsigned value) {
  return __hipcore_reduce_sync(mask, value, [](unsigned a, unsigned b) { return a ^ b; });
}

#undef __HIPCORE_DEVICE
