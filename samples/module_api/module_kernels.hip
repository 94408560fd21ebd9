// Kernels of the module_api sample: compiled at build time into a code-object bundle that the
// sample loads with hipModuleLoad (unmangled names for hipModuleGetFunction).
#include <hip/hip_runtime.h>

__device__ int moduleCounter;

extern "C" __global__ void scaleAdd(float* data, float scale, int offset, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * scale + static_cast<float>(offset);
  if (i == 0) moduleCounter += n;
}
