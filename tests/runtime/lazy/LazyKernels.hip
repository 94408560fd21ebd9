// Five kernels in one fat binary; the test launches two of them.
#include <hip/hip_runtime.h>

#include "LazyKernels.h"

__global__ void lazyKernel0(int* out) {
  *out = 100;
}
__global__ void lazyKernel1(int* out) {
  *out = 101;
}
__global__ void lazyKernel2(int* out) {
  *out = 102;
}
__global__ void lazyKernel3(int* out) {
  *out = 103;
}
__global__ void lazyKernel4(int* out) {
  *out = 104;
}

hipError_t launchLazy(int which, int* out) {
  switch (which) {
    case 0:
      lazyKernel0<<<1, 1>>>(out);
      break;
    case 1:
      lazyKernel1<<<1, 1>>>(out);
      break;
    case 2:
      lazyKernel2<<<1, 1>>>(out);
      break;
    case 3:
      lazyKernel3<<<1, 1>>>(out);
      break;
    default:
      lazyKernel4<<<1, 1>>>(out);
      break;
  }
  return hipGetLastError();
}

const void* lazyKernelHandle(int which) {
  switch (which) {
    case 0:
      return reinterpret_cast<const void*>(&lazyKernel0);
    case 1:
      return reinterpret_cast<const void*>(&lazyKernel1);
    case 2:
      return reinterpret_cast<const void*>(&lazyKernel2);
    case 3:
      return reinterpret_cast<const void*>(&lazyKernel3);
    default:
      return reinterpret_cast<const void*>(&lazyKernel4);
  }
}
