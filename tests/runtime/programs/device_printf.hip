// Device printf through hipcore's hostcall service, the smallest case (tests/printf has the
// checked tests). Prints PASSED when the kernel and the synchronisation succeeded.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void greet(int value) {
  printf("thread %u of block %u: value %d, half %.1f, %s\n", threadIdx.x, blockIdx.x, value,
         value / 2.0, "from the device");
}

int main() {
  greet<<<2, 2>>>(7);
  hipError_t status = hipDeviceSynchronize();
  std::printf("%s\n", status == hipSuccess ? "PASSED" : hipGetErrorString(status));
  return status == hipSuccess ? 0 : 1;
}
