// Kernels reading through texture references: file-scope texture<> globals bound by the tests
// (TextureReferenceTest.cpp) through hipcore's texture-reference API.
#include <hip/hip_runtime.h>

#include "TextureReferenceKernels.h"

#pragma clang diagnostic ignored "-Wdeprecated-declarations"  // texture references are

texture<float, hipTextureType1D, hipReadModeElementType> linearFloat;
texture<float, hipTextureType2D, hipReadModeElementType> pitchedFloat;
texture<uchar4, hipTextureType2D, hipReadModeNormalizedFloat> arrayRgba8;
texture<float, hipTextureType2D, hipReadModeElementType> mipmapFloat;
texture<short, hipTextureType1D, hipReadModeNormalizedFloat> linearShort;
texture<float, hipTextureTypeCubemapLayered, hipReadModeElementType> cubesFloat;

// A surface reference as CUDA spells one (HIP's headers have no surface<> template): clang
// registers a global of a device_builtin_surface_type template with __hipRegisterSurface.
template <class T, int dim>
struct __attribute__((device_builtin_surface_type)) surface : public surfaceReference {};
surface<void, hipTextureType2D> rgba8Surface;

namespace {

__global__ void fetchLinear(const int* index, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch(linearFloat, index[i]);
}

__global__ void fetchShortNormalized(const int* index, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch(linearShort, index[i]);  // float: a normalized-float read
}

__global__ void samplePitched(const float2* coords, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D(pitchedFloat, coords[i].x, coords[i].y);
}

__global__ void sampleArray(const float2* coords, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D(arrayRgba8, coords[i].x, coords[i].y);
}

__global__ void sampleMipmap(const float2* coords, float level, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLod(mipmapFloat, coords[i].x, coords[i].y, level);
}

__global__ void sampleObject(hipTextureObject_t object, const float2* coords, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(object, coords[i].x, coords[i].y);
}

// Lane i reads direction (x, y, z) of cube int(w) with texCubemapLayered, then the same
// direction with texCubemapLayeredLod at level 0; out[2i] and out[2i + 1].
__global__ void sampleCubes(const float4* directions, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 d = directions[i];
  out[2 * i] = texCubemapLayered(cubesFloat, d.x, d.y, d.z, static_cast<int>(d.w));
  out[2 * i + 1] = texCubemapLayeredLod(cubesFloat, d.x, d.y, d.z, static_cast<int>(d.w), 0.0f);
}

// Texel (x, y) of a width x height surface gets surfacePatternRgba8(x, y) through the surface
// object the reference holds.
__global__ void writeThroughSurfaceReference(int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < width && y < height)
    surf2Dwrite(surfacePatternRgba8(x, y), rgba8Surface.surfaceObject, x * 4, y);
}

int blocks(int n) {
  return (n + 63) / 64;
}

}  // namespace

textureReference* linearFloatReference() {
  return &linearFloat;
}
textureReference* pitchedFloatReference() {
  return &pitchedFloat;
}
textureReference* arrayRgba8Reference() {
  return &arrayRgba8;
}
textureReference* mipmapFloatReference() {
  return &mipmapFloat;
}
textureReference* linearShortReference() {
  return &linearShort;
}
textureReference* cubesFloatReference() {
  return &cubesFloat;
}
surfaceReference* rgba8SurfaceReference() {
  return &rgba8Surface;
}

hipError_t launchFetchLinear(const int* index, float* out, int n) {
  fetchLinear<<<blocks(n), 64>>>(index, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchFetchShortNormalized(const int* index, float* out, int n) {
  fetchShortNormalized<<<blocks(n), 64>>>(index, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchSamplePitched(const float2* coords, float* out, int n) {
  samplePitched<<<blocks(n), 64>>>(coords, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchSampleArray(const float2* coords, float4* out, int n) {
  sampleArray<<<blocks(n), 64>>>(coords, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchSampleMipmap(const float2* coords, float level, float* out, int n) {
  sampleMipmap<<<blocks(n), 64>>>(coords, level, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchSampleCubes(const float4* directions, float* out, int n) {
  sampleCubes<<<blocks(n), 64>>>(directions, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchWriteThroughSurfaceReference(int width, int height) {
  writeThroughSurfaceReference<<<dim3(blocks(width), height), 64>>>(width, height);
  return hipDeviceSynchronize();
}
hipError_t launchSampleObject(hipTextureObject_t object, const float2* coords, float* out, int n) {
  sampleObject<<<blocks(n), 64>>>(object, coords, out, n);
  return hipDeviceSynchronize();
}

hipError_t bindLinearThroughTemplate(const float* memory, size_t bytes) {
  return hipBindTexture(nullptr, linearFloat, memory, bytes);
}
hipError_t bindArrayThroughTemplate(hipArray_const_t array) {
  return hipBindTextureToArray(arrayRgba8, array);
}
hipError_t unbindLinearThroughTemplate() {
  return hipUnbindTexture(linearFloat);
}
