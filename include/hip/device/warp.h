// Wave-level intrinsics: lane id, votes, shuffles and warp reductions (HIP programming guide,
// "Warp cross-lane functions"), for wave32 (RDNA's default) and wave64.
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

// Moves a value of any 4- or 8-byte type, or a half, through 32-bit lane reads.
template <typename T>
__HIPCORE_DEVICE T __hipcore_permute(T value, unsigned int source_lane) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "shuffles move 2-, 4- and 8-byte values");
  if constexpr (sizeof(T) == 8) {
    uint64_t bits = __builtin_bit_cast(uint64_t, value);
    uint64_t low = (uint32_t)__hipcore_read_lane((int)(uint32_t)bits, source_lane);
    uint64_t high = (uint32_t)__hipcore_read_lane((int)(uint32_t)(bits >> 32), source_lane);
    return __builtin_bit_cast(T, low | (high << 32));
  } else if constexpr (sizeof(T) == 4) {
    return __builtin_bit_cast(T, __hipcore_read_lane(__builtin_bit_cast(int, value), source_lane));
  } else {
    uint16_t bits = __builtin_bit_cast(uint16_t, value);
    return __builtin_bit_cast(T, (uint16_t)__hipcore_read_lane(bits, source_lane));
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
