// AMD's raw cross-lane data movement (HIP's "HIP specific device functions"): LDS permutes
// (ds_bpermute, ds_permute), ds_swizzle and DPP moves, on 32-bit values.
#pragma once

#define __HIPCORE_DEVICE __device__ inline __attribute__((always_inline))

// Backward permute: this lane reads src from lane (index / 4) mod the wave size; index is a byte
// address, as the instruction takes it (RDNA ISA, "ds_bpermute_b32").
__HIPCORE_DEVICE unsigned int __hip_ds_bpermute(int index, unsigned int src) {
  return (unsigned int)__builtin_amdgcn_ds_bpermute(index, (int)src);
}
__HIPCORE_DEVICE float __hip_ds_bpermutef(int index, float src) {
  return __builtin_bit_cast(float,
                            __builtin_amdgcn_ds_bpermute(index, __builtin_bit_cast(int, src)));
}
// Forward permute: this lane writes src to lane (index / 4) mod the wave size; a lane nobody
// writes to reads 0 (RDNA ISA, "ds_permute_b32").
__HIPCORE_DEVICE unsigned int __hip_ds_permute(int index, unsigned int src) {
  return (unsigned int)__builtin_amdgcn_ds_permute(index, (int)src);
}
__HIPCORE_DEVICE float __hip_ds_permutef(int index, float src) {
  return __builtin_bit_cast(float,
                            __builtin_amdgcn_ds_permute(index, __builtin_bit_cast(int, src)));
}

// ds_swizzle_b32 with its 16-bit offset pattern (quad permute or bit-mask mode), which must be a
// constant: hence the macro over a template, as in AMD's headers.
template <int pattern>
__HIPCORE_DEVICE unsigned int __hip_ds_swizzle_N(unsigned int src) {
  return (unsigned int)__builtin_amdgcn_ds_swizzle((int)src, pattern);
}
template <int pattern>
__HIPCORE_DEVICE float __hip_ds_swizzlef_N(float src) {
  return __builtin_bit_cast(float,
                            __builtin_amdgcn_ds_swizzle(__builtin_bit_cast(int, src), pattern));
}
#define __hip_ds_swizzle(src, pattern) __hip_ds_swizzle_N<(pattern)>((src))
#define __hip_ds_swizzlef(src, pattern) __hip_ds_swizzlef_N<(pattern)>((src))

// v_mov_b32 with a DPP control (RDNA ISA, "DPP16"): dpp_ctrl selects the lane pattern, row_mask
// and bank_mask the rows and banks written, bound_ctrl whether a lane whose source is out of
// range or disabled reads 0 (true); without it such a lane's result is unspecified.
template <int dpp_ctrl, int row_mask, int bank_mask, bool bound_ctrl>
__HIPCORE_DEVICE int __hip_move_dpp_N(int src) {
  return __builtin_amdgcn_mov_dpp(src, dpp_ctrl, row_mask, bank_mask, bound_ctrl);
}
#define __hip_move_dpp(src, dpp_ctrl, row_mask, bank_mask, bound_ctrl) \
  __hip_move_dpp_N<(dpp_ctrl), (row_mask), (bank_mask), (bound_ctrl)>((src))

#undef __HIPCORE_DEVICE
