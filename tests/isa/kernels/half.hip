// _Float16 arithmetic and packed f16 math.
#include <hip/hip_runtime.h>

extern "C" __global__ void half_ops(const _Float16* a, const _Float16* b, _Float16* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  _Float16 x = a[i], y = b[i];
  out[4 * i + 0] = x + y;
  out[4 * i + 1] = x * y;
  out[4 * i + 2] = x * y + (_Float16)1.5f;
  out[4 * i + 3] = x > y ? x : y;
}

typedef _Float16 half2 __attribute__((ext_vector_type(2)));
extern "C" __global__ void half2_fma(const half2* a, const half2* b, const half2* c, half2* out,
                                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] * b[i] + c[i];
}

extern "C" __global__ void half_convert(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (float)(_Float16)in[i];
}

// Mixed precision: half inputs, float accumulation (v_fma_mix_f32 on gfx10.3).
extern "C" __global__ void mixed_fma(const _Float16* a, const _Float16* b, const float* c,
                                     float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (float)a[i] * (float)b[i] + c[i];
}
