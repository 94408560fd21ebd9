// Host-side launchers of the texture and surface test kernels (TextureKernels.hip): each lane
// reads one coordinate set and writes what the device function returned.
#pragma once

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>

// How readTexture reads: which device function, with coordinates (x, y, z, w) of each lane.
enum class TextureRead : int {
  fetch1D = 0,  // tex1Dfetch(t, int(x))
  sample1D,     // tex1D(t, x)
  sample2D,     // tex2D(t, x, y)
  sample3D,     // tex3D(t, x, y, z)
  layered1D,    // tex1DLayered(t, x, int(w))
  layered2D,    // tex2DLayered(t, x, y, int(w))
  lod2D,        // tex2DLod(t, x, y, z)
  gather2D,     // tex2Dgather(t, x, y, int(w))
  // The Lod and Grad forms of the other dimensions; a gradient g stands for dPdx = (g, 0, 0)
  // and dPdy = (0, g, 0) (1D: dPdx = g, dPdy = 0).
  layeredLod1D,   // tex1DLayeredLod(t, x, int(w), z)
  layeredLod2D,   // tex2DLayeredLod(t, x, y, int(w), z), through the pointer form
  grad1D,         // tex1DGrad(t, x, gradient z)
  grad3D,         // tex3DGrad(t, x, y, z, gradient w)
  layeredGrad1D,  // tex1DLayeredGrad(t, x, int(w), gradient z)
  layeredGrad2D,  // tex2DLayeredGrad(t, x, y, int(w), gradient z), through the pointer form
  // Cubemaps: (x, y, z) is the direction. A gradient g stands for dPdx = (g, 0, 0) and
  // dPdy = (0, g, 0).
  cube,             // texCubemap(t, x, y, z)
  cubeLayered,      // texCubemapLayered(t, x, y, z, int(w))
  cubeLod,          // texCubemapLod(t, x, y, z, level w), through the pointer form
  cubeGrad,         // texCubemapGrad(t, x, y, z, gradient w)
  cubeLayeredLod,   // texCubemapLayeredLod(t, x, y, z, 1, level w): the second cube
  cubeLayeredGrad,  // texCubemapLayeredGrad(t, x, y, z, 1, gradient w)
};

// Results as float4 (float textures and normalized-float reads).
hipError_t launchReadTexture(hipTextureObject_t t, TextureRead how, const float4* coords,
                             float4* out, int n);
// Element-type reads of integer textures as uint4 (tex1Dfetch and tex2D only), and scalar float
// reads of one-channel float textures (tex2D<float>).
hipError_t launchReadTextureUint4(hipTextureObject_t t, TextureRead how, const float4* coords,
                                  uint4* out, int n);
hipError_t launchReadTextureFloat(hipTextureObject_t t, const float4* coords, float* out, int n);

// Surfaces of uchar4 (2D) and float (3D / 2D layered): each work-item writes f(x, y, z) at its
// texel, then a second kernel reads every texel back into out (x fastest).
hipError_t launchWriteSurface2D(hipSurfaceObject_t s, int width, int height);
hipError_t launchReadSurface2D(hipSurfaceObject_t s, int width, int height, uchar4* out);
hipError_t launchWriteSurface3D(hipSurfaceObject_t s, int width, int height, int depth,
                                bool layered);
hipError_t launchReadSurface3D(hipSurfaceObject_t s, int width, int height, int depth, bool layered,
                               float* out);
// Cubemap surfaces of float (faces x layers slices): surfCubemapwrite / surfCubemapLayeredwrite
// of surfacePattern3D(x, y, slice) at every texel, then every texel read back into out.
hipError_t launchWriteSurfaceCube(hipSurfaceObject_t s, int width, int slices, bool layered);
hipError_t launchReadSurfaceCube(hipSurfaceObject_t s, int width, int slices, bool layered,
                                 float* out);
// What launchWriteSurface2D/3D store at a texel (the kernels and the checks both compute it).
#if defined(__HIP__)
#define TEXTURE_TEST_BOTH __attribute__((host, device))
#else
#define TEXTURE_TEST_BOTH
#endif
TEXTURE_TEST_BOTH inline uchar4 surfacePattern2D(int x, int y) {
  return make_uchar4(static_cast<unsigned char>(x * 7 + y), static_cast<unsigned char>(y * 13),
                     static_cast<unsigned char>(x ^ y), static_cast<unsigned char>(200 - x));
}
TEXTURE_TEST_BOTH inline float surfacePattern3D(int x, int y, int z) {
  return x * 0.5f - y * 3.0f + z * 100.0f;
}
