// A HIP program whose module constructor must register everything with hipcore: it checks the
// registration counts hipcore saw against what this file defines, and exits 0 when they match.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>

__device__ int deviceTable[16];
__constant__ float scale = 2.0f;
__managed__ int managedCounter = 5;

__global__ void fill(int* out, int value) {
  out[threadIdx.x] = value + deviceTable[threadIdx.x];
}
__global__ void scaleAll(float* data) {
  data[threadIdx.x] *= scale;
}
template <typename T>
__global__ void copy(T* out, const T* in) {
  out[threadIdx.x] = in[threadIdx.x];
}
template __global__ void copy<int>(int*, const int*);
template __global__ void copy<double>(double*, const double*);

int main() {
  // Expected from the definitions above: 4 kernels, 2 variables, 1 managed variable, 1 fat binary.
  const hipcoreRegistrationCounts expected{1, 4, 2, 1, 0};
  hipcoreRegistrationCounts seen{};
  if (hipcoreGetRegistrationCounts(&seen) != hipSuccess) return 2;
  std::printf(
      "fat binaries %llu, functions %llu, variables %llu, managed %llu, unregistered %llu\n",
      seen.fatBinaries, seen.functions, seen.variables, seen.managedVariables,
      seen.unregistrations);
  bool match = seen.fatBinaries == expected.fatBinaries && seen.functions == expected.functions &&
               seen.variables == expected.variables &&
               seen.managedVariables == expected.managedVariables && seen.unregistrations == 0;
  // The managed variable's storage exists from registration on, with its initial value.
  std::printf("managedCounter %d\n", managedCounter);
  match = match && managedCounter == 5;
  std::printf("%s\n", match ? "PASSED" : "FAILED");
  return match ? 0 : 1;
}
