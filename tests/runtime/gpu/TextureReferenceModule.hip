// A code object for hipModuleLoad with texture references the driver API binds
// (hipModuleGetTexRef, hipTexRefSet*): TextureReferenceTest.cpp's ModuleTextureReferences.
#include <hip/hip_runtime.h>

#pragma clang diagnostic ignored "-Wdeprecated-declarations"  // texture references are

texture<float, hipTextureType1D, hipReadModeElementType> moduleLinear;
texture<float, hipTextureType2D, hipReadModeElementType> modulePitched;
texture<unsigned char, hipTextureType2D, hipReadModeNormalizedFloat> moduleArray;
__device__ int notATexture[4];

// out[i] = tex1Dfetch(moduleLinear, i).
extern "C" __global__ void fetchModuleLinear(float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch(moduleLinear, i);
}

// out[i] = tex2D(texture, coords[i]) of the pitched (which 0) or array (which 1) reference.
extern "C" __global__ void sampleModule2D(const float2* coords, float* out, int n, int which) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = which == 0 ? tex2D(modulePitched, coords[i].x, coords[i].y)
                      : tex2D(moduleArray, coords[i].x, coords[i].y);
}
