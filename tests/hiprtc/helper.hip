// A device function compiled offline into a bundle of -fgpu-rdc bitcode, for the linker test.
#include <hip/hip_runtime.h>
extern "C" __device__ float twice(float v) {
  return 2.0f * v;
}
