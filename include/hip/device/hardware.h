// What a kernel asks of the hardware directly: where its wave runs (__smid, from HW_ID) and a
// trap that ends the dispatch (__trap).
#pragma once

// __smid: the wave's shader engine, shader array and WGP (RDNA) or shader engine and CU (GCN,
// CDNA), packed as AMD's HIP packs them; it may change between calls as waves are rescheduled.
// RDNA2/RDNA3 HW_ID1 (s_getreg id 23, RDNA ISA "Hardware registers"): WGP_ID [13:10],
// SA_ID [16], SE_ID [19:18] (gfx10) or [20:18] (gfx11); with CU mode, CU_ID [8] joins below.
// GCN/CDNA HW_ID (id 4): CU_ID [11:8], SE_ID [14:13] (gfx908/gfx90a: [15:13]); gfx94x puts
// its XCC_ID (id 20, [3:0]) above the SE.
// s_getreg's immediate: id [5:0], offset [10:6], size - 1 [15:11].
#define __HIPCORE_HWREG(id, offset, size) (((size) - 1) << 11 | (offset) << 6 | (id))

__device__ inline unsigned int __smid(void) {
#if defined(__GFX10__) || defined(__GFX11__)
#if defined(__GFX11__)
  const unsigned int se = __builtin_amdgcn_s_getreg(__HIPCORE_HWREG(23, 18, 3));
#else
  const unsigned int se = __builtin_amdgcn_s_getreg(__HIPCORE_HWREG(23, 18, 2));
#endif
  const unsigned int sa = __builtin_amdgcn_s_getreg(__HIPCORE_HWREG(23, 16, 1));
  const unsigned int wgp = __builtin_amdgcn_s_getreg(__HIPCORE_HWREG(23, 10, 4));
  unsigned int id = (((se << 1) | sa) << 4) | wgp;
#if __AMDGCN_CUMODE__
  id = (id << 1) | __builtin_amdgcn_s_getreg(__HIPCORE_HWREG(23, 8, 1));
#endif
  return id;
#else
#if defined(__gfx908__) || defined(__gfx90a__)
  constexpr unsigned int se_bits = 3;
#else
  constexpr unsigned int se_bits = 2;
#endif
  const unsigned int se = __builtin_amdgcn_s_getreg(__HIPCORE_HWREG(4, 13, se_bits));
  const unsigned int cu = __builtin_amdgcn_s_getreg(__HIPCORE_HWREG(4, 8, 4));
  unsigned int id = (se << 4) | cu;
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
  id |= __builtin_amdgcn_s_getreg(__HIPCORE_HWREG(20, 0, 4)) << (4 + se_bits);
#endif
  return id;
#endif
}

#undef __HIPCORE_HWREG

// Stops the wave with a trap: the dispatch fails and the host sees the launch's error, as with
// CUDA's __trap.
__device__ inline __attribute__((noreturn)) void __trap(void) {
  __builtin_trap();
}
