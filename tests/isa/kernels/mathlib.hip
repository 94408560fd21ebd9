// libm through ocml: f32 and f64 transcendental functions, one result column per function.
#include <hip/hip_runtime.h>

extern "C" __global__ void math_f32(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  float* o = out + 9 * i;
  o[0] = sinf(v);
  o[1] = cosf(v);
  o[2] = expf(v * 0.1f);
  o[3] = logf(fabsf(v) + 1.0f);
  o[4] = powf(fabsf(v) + 0.5f, 1.7f);
  o[5] = sqrtf(fabsf(v));
  o[6] = rsqrtf(fabsf(v) + 1.0f);
  o[7] = erff(v * 0.1f);
  o[8] = v / (v * v + 3.0f);
}

extern "C" __global__ void math_f64(const double* x, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = x[i];
  double* o = out + 8 * i;
  o[0] = sin(v);
  o[1] = cos(v);
  o[2] = exp(v * 0.1);
  o[3] = log(fabs(v) + 1.0);
  o[4] = pow(fabs(v) + 0.5, 1.7);
  o[5] = sqrt(fabs(v));
  o[6] = erf(v * 0.1);
  o[7] = v / (v * v + 3.0);
}
