// Clocks and cached loads: clock(), clock64(), wall_clock64(), __ldg.
#pragma once

// The shader clock: cycles of this compute unit, for measuring intervals inside one wave.
__device__ inline long long clock64() {
  return (long long)__builtin_readcyclecounter();
}
__device__ inline long long clock() {
  return clock64();
}
// A constant-rate clock shared by the whole device (its rate is the device attribute
// hipDeviceAttributeWallClockRate), for comparing times across waves and with the host.
__device__ inline long long wall_clock64() {
#if __has_builtin(__builtin_readsteadycounter)
  return (long long)__builtin_readsteadycounter();
#else
  return (long long)__builtin_amdgcn_s_memrealtime();  // clang 15, gfx10 and older
#endif
}

// A load through the read-only path. AMD GPUs have no separate texture cache path for it; a
// plain load of a const pointer is what the compiler can best schedule.
template <typename T>
__device__ inline T __ldg(const T* address) {
  return *address;
}
