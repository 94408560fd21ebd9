// The transcendental instructions one by one (clang's __builtin_amdgcn_* map to exactly one
// instruction each): v_rcp/v_rsq/v_sqrt/v_log/v_exp/v_sin/v_cos_f32, v_rcp/v_rsq/v_sqrt_f64 and
// v_rcp/v_rsq/v_sqrt_f16, for special and ordinary inputs. transcendental_ftz.hip compiles the
// same kernels with denormals flushed (MODE from RSRC1).
#include <hip/hip_runtime.h>

extern "C" __global__ void transcendental_f32(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  out[7 * i + 0] = __builtin_amdgcn_rcpf(v);
  out[7 * i + 1] = __builtin_amdgcn_rsqf(v);
  out[7 * i + 2] = __builtin_amdgcn_sqrtf(v);
  out[7 * i + 3] = __builtin_amdgcn_logf(v);
  out[7 * i + 4] = __builtin_amdgcn_exp2f(v);
  out[7 * i + 5] = __builtin_amdgcn_sinf(v);
  out[7 * i + 6] = __builtin_amdgcn_cosf(v);
}

extern "C" __global__ void transcendental_f64(const double* x, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = x[i];
  out[3 * i + 0] = __builtin_amdgcn_rcp(v);
  out[3 * i + 1] = __builtin_amdgcn_rsq(v);
  out[3 * i + 2] = __builtin_amdgcn_sqrt(v);
}

extern "C" __global__ void transcendental_f16(const _Float16* x, _Float16* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  _Float16 v = x[i];
  out[3 * i + 0] = __builtin_amdgcn_rcph(v);
  out[3 * i + 1] = __builtin_amdgcn_rsqh(v);
  out[3 * i + 2] = __builtin_amdgcn_sqrth(v);
}
