// Second translation unit of a -fgpu-rdc program: calls a device function from rdc_a.hip and
// checks that both units registered their kernels on one shared fat binary.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>

__device__ int twice(int x);
__global__ void kernelB(int* out) {
  out[threadIdx.x] = twice(3);
}

int main() {
  hipcoreRegistrationCounts seen{};
  if (hipcoreGetRegistrationCounts(&seen) != hipSuccess) return 2;
  std::printf("fat binaries %llu, functions %llu\n", seen.fatBinaries, seen.functions);
  bool match = seen.fatBinaries == 1 && seen.functions == 3;
  std::printf("%s\n", match ? "PASSED" : "FAILED");
  return match ? 0 : 1;
}
