// Device printf through hipcore's hostcall service (run with HIPCORE_HOSTCALL=1). Not a ctest
// yet: on vgpu the kernel hangs waiting for the first hostcall's reply (see runtime/README.md);
// kept as the reproducer. Prints PASSED when the host saw every line.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void greet(int value) {
  printf("thread %u of block %u: value %d, half %.1f, %s\n", threadIdx.x, blockIdx.x, value, value / 2.0,
         "from the device");
}

int main() {
  greet<<<2, 2>>>(7);
  hipError_t status = hipDeviceSynchronize();
  std::printf("%s\n", status == hipSuccess ? "PASSED" : hipGetErrorString(status));
  return status == hipSuccess ? 0 : 1;
}
