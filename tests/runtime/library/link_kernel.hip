// A kernel calling mix(), which only link_helper.hip defines: it runs once both are linked.
#include <hip/hip_runtime.h>

extern "C" __device__ int mix(int a, int b);

extern "C" __global__ void mixer(int* out, const int* in, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = mix(in[i], static_cast<int>(i));
}
