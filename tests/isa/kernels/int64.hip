// 64-bit integer division and remainder (expanded by LLVM into long VALU sequences).
#include <hip/hip_runtime.h>

extern "C" __global__ void div64(const long long* a, const long long* b, long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  long long x = a[i], y = b[i];
  unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
  out[4 * i + 0] = x / y;
  out[4 * i + 1] = x % y;
  out[4 * i + 2] = (long long)(ux / uy);
  out[4 * i + 3] = (long long)(ux % uy);
}
