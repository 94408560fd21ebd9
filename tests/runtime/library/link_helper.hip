// The device function the linker tests' kernel calls, in its own -fgpu-rdc translation unit.
#include <hip/hip_runtime.h>

extern "C" __device__ int mix(int a, int b) {
  return 7 * a + b;
}
