// Texture and surface test kernels: hipcore's device functions (hip/device/texture_functions.h,
// surface_functions.h) compiled by clang-19, launched from TextureTest.cpp.
#include <hip/hip_runtime.h>

#include "TextureKernels.h"

namespace {

template <class T>
__device__ T readOne(hipTextureObject_t t, TextureRead how, float4 c) {
  switch (how) {
    case TextureRead::fetch1D:
      return tex1Dfetch<T>(t, static_cast<int>(c.x));
    case TextureRead::sample1D:
      return tex1D<T>(t, c.x);
    case TextureRead::sample3D:
      return tex3D<T>(t, c.x, c.y, c.z);
    case TextureRead::layered1D:
      return tex1DLayered<T>(t, c.x, static_cast<int>(c.w));
    case TextureRead::layered2D:
      return tex2DLayered<T>(t, c.x, c.y, static_cast<int>(c.w));
    case TextureRead::lod2D:
      return tex2DLod<T>(t, c.x, c.y, c.z);
    case TextureRead::gather2D:
      return tex2Dgather<T>(t, c.x, c.y, static_cast<int>(c.w));
    case TextureRead::layeredLod1D:
      return tex1DLayeredLod<T>(t, c.x, static_cast<int>(c.w), c.z);
    case TextureRead::layeredLod2D: {
      T value;
      tex2DLayeredLod(&value, t, c.x, c.y, static_cast<int>(c.w), c.z);
      return value;
    }
    case TextureRead::grad1D:
      return tex1DGrad<T>(t, c.x, c.z, 0.0f);
    case TextureRead::grad3D:
      return tex3DGrad<T>(t, c.x, c.y, c.z, make_float4(c.w, 0, 0, 0), make_float4(0, c.w, 0, 0));
    case TextureRead::layeredGrad1D:
      return tex1DLayeredGrad<T>(t, c.x, static_cast<int>(c.w), c.z, 0.0f);
    case TextureRead::layeredGrad2D: {
      T value;
      tex2DLayeredGrad(&value, t, c.x, c.y, static_cast<int>(c.w), make_float2(c.z, 0),
                       make_float2(0, c.z));
      return value;
    }
    case TextureRead::cube:
      return texCubemap<T>(t, c.x, c.y, c.z);
    case TextureRead::cubeLayered:
      return texCubemapLayered<T>(t, c.x, c.y, c.z, static_cast<int>(c.w));
    case TextureRead::cubeLod: {
      T value;
      texCubemapLod(&value, t, c.x, c.y, c.z, c.w);
      return value;
    }
    case TextureRead::cubeGrad:
      return texCubemapGrad<T>(t, c.x, c.y, c.z, make_float4(c.w, 0, 0, 0),
                               make_float4(0, c.w, 0, 0));
    case TextureRead::cubeLayeredLod:
      return texCubemapLayeredLod<T>(t, c.x, c.y, c.z, 1, c.w);
    case TextureRead::cubeLayeredGrad:
      return texCubemapLayeredGrad<T>(t, c.x, c.y, c.z, 1, make_float4(c.w, 0, 0, 0),
                                      make_float4(0, c.w, 0, 0));
    default:
      return tex2D<T>(t, c.x, c.y);
  }
}

__global__ void readTexture(hipTextureObject_t t, TextureRead how, const float4* coords,
                            float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = readOne<float4>(t, how, coords[i]);
}

__global__ void readTextureUint4(hipTextureObject_t t, TextureRead how, const float4* coords,
                                 uint4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 c = coords[i];
  out[i] = how == TextureRead::fetch1D ? tex1Dfetch<uint4>(t, static_cast<int>(c.x))
                                       : tex2D<uint4>(t, c.x, c.y);
}

__global__ void readTextureFloat(hipTextureObject_t t, const float4* coords, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, coords[i].x, coords[i].y);
}

// CUDA-style feature test: code guarded by it (hip-tests' surface tests) must see the functions.
#if defined(__HIP_DEVICE_COMPILE__)
static_assert(__HIP_ARCH_HAS_SURFACE_FUNCS__, "surface functions are there in device code");
#endif

__global__ void writeSurface2D(hipSurfaceObject_t s, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < width && y < height) surf2Dwrite(surfacePattern2D(x, y), s, x * sizeof(uchar4), y);
}

__global__ void readSurface2D(hipSurfaceObject_t s, int width, int height, uchar4* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < width && y < height) surf2Dread(&out[y * width + x], s, x * sizeof(uchar4), y);
}

__global__ void writeSurface3D(hipSurfaceObject_t s, int width, int height, bool layered) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x >= width || y >= height) return;
  if (layered)
    surf2DLayeredwrite(surfacePattern3D(x, y, z), s, x * 4, y, z);
  else
    surf3Dwrite(surfacePattern3D(x, y, z), s, x * 4, y, z);
}

__global__ void readSurface3D(hipSurfaceObject_t s, int width, int height, bool layered,
                              float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x >= width || y >= height) return;
  float* at = &out[(z * height + y) * width + x];
  if (layered)
    surf2DLayeredread(at, s, x * 4, y, z);
  else
    surf3Dread(at, s, x * 4, y, z);
}

// One work-item per texel of one face slice (blockIdx.z): cubemaps write face z, layered
// cubemaps slice z = 6 x layer + face.
__global__ void writeSurfaceCube(hipSurfaceObject_t s, int width, bool layered) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x >= width) return;
  if (layered)
    surfCubemapLayeredwrite(surfacePattern3D(x, y, z), s, x * 4, y, z);
  else
    surfCubemapwrite(surfacePattern3D(x, y, z), s, x * 4, y, z);
}

__global__ void readSurfaceCube(hipSurfaceObject_t s, int width, bool layered, float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
  if (x >= width) return;
  float* at = &out[(z * width + y) * width + x];
  if (layered)
    surfCubemapLayeredread(at, s, x * 4, y, z);
  else
    surfCubemapread(at, s, x * 4, y, z);
}

}  // namespace

hipError_t launchWriteSurfaceCube(hipSurfaceObject_t s, int width, int slices, bool layered) {
  writeSurfaceCube<<<dim3((width + 31) / 32, width, slices), 32>>>(s, width, layered);
  return hipDeviceSynchronize();
}
hipError_t launchReadSurfaceCube(hipSurfaceObject_t s, int width, int slices, bool layered,
                                 float* out) {
  readSurfaceCube<<<dim3((width + 31) / 32, width, slices), 32>>>(s, width, layered, out);
  return hipDeviceSynchronize();
}

hipError_t launchReadTexture(hipTextureObject_t t, TextureRead how, const float4* coords,
                             float4* out, int n) {
  readTexture<<<(n + 63) / 64, 64>>>(t, how, coords, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchReadTextureUint4(hipTextureObject_t t, TextureRead how, const float4* coords,
                                  uint4* out, int n) {
  readTextureUint4<<<(n + 63) / 64, 64>>>(t, how, coords, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchReadTextureFloat(hipTextureObject_t t, const float4* coords, float* out, int n) {
  readTextureFloat<<<(n + 63) / 64, 64>>>(t, coords, out, n);
  return hipDeviceSynchronize();
}
hipError_t launchWriteSurface2D(hipSurfaceObject_t s, int width, int height) {
  writeSurface2D<<<dim3((width + 31) / 32, height), 32>>>(s, width, height);
  return hipDeviceSynchronize();
}
hipError_t launchReadSurface2D(hipSurfaceObject_t s, int width, int height, uchar4* out) {
  readSurface2D<<<dim3((width + 31) / 32, height), 32>>>(s, width, height, out);
  return hipDeviceSynchronize();
}
hipError_t launchWriteSurface3D(hipSurfaceObject_t s, int width, int height, int depth,
                                bool layered) {
  writeSurface3D<<<dim3((width + 31) / 32, height, depth), 32>>>(s, width, height, layered);
  return hipDeviceSynchronize();
}
hipError_t launchReadSurface3D(hipSurfaceObject_t s, int width, int height, int depth, bool layered,
                               float* out) {
  readSurface3D<<<dim3((width + 31) / 32, height, depth), 32>>>(s, width, height, layered, out);
  return hipDeviceSynchronize();
}
