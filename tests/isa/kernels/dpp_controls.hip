// DPP16 controls (row_share, row_xmask, shifts, rotates, mirrors, quad_perm) with row/bank masks
// and bound_ctrl, and v_permlane16/v_permlanex16, each written to its own slot of out.
#include <hip/hip_runtime.h>

// __builtin_amdgcn_update_dpp(old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl); the control
// encodings are the DPP_CTRL field's (RDNA2 ISA section 6.2.3).
#define DPP(k, ctrl, rows, banks, bc) \
  out[(k) * n + i] = __builtin_amdgcn_update_dpp(old, v, ctrl, rows, banks, bc)

extern "C" __global__ void dpp_controls(const int* in, int* out, int n, unsigned selLo,
                                        unsigned selHi) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = in[i], old = -1 - i;
  DPP(0, 0x153, 0xf, 0xf, false);  // row_share:3
  DPP(1, 0x165, 0xf, 0xf, false);  // row_xmask:5
  DPP(2, 0x104, 0xf, 0xf, false);  // row_shl:4, lanes past the row keep old
  DPP(3, 0x104, 0xf, 0xf, true);   // row_shl:4 bound_ctrl: they read 0
  DPP(4, 0x113, 0xa, 0xf, false);  // row_shr:3 in rows 1 and 3 only
  DPP(5, 0x12b, 0xf, 0x5, false);  // row_ror:11 in banks 0 and 2 only
  DPP(6, 0x140, 0xf, 0xf, false);  // row_mirror
  DPP(7, 0x141, 0xf, 0xf, false);  // row_half_mirror
  DPP(8, 0x01b, 0xf, 0xf, false);  // quad_perm:[3,2,1,0]
  DPP(9, 0x15f, 0xf, 0xf, false);  // row_share:15
  out[10 * n + i] = __builtin_amdgcn_permlane16(old, v, selLo, selHi, false, false);
  out[11 * n + i] = __builtin_amdgcn_permlanex16(old, v, selLo, selHi, false, false);
}
