// The kernels of the library tests: two with C names, one with a C++ (mangled) name.
#include <hip/hip_runtime.h>

extern "C" __global__ void scale_add(int* y, const int* x, int a, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void fill_index(unsigned* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3 * i + 1;
}

__global__ void square(int* data) {
  data[threadIdx.x] *= data[threadIdx.x];
}
