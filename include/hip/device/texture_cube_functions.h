// Cubemap reads through texture objects: texCubemap, texCubemapLayered and their Lod and Grad
// forms. (x, y, z) is a direction; the face is the major axis's and the face coordinates its
// other two components divided by the major one (CUDA's cubemap convention, the faces ordered
// +x, -x, +y, -y, +z, -z as the array's slices).
//
// The ROCm device libraries' __ockl_image_sample_CM* are not used: they divide by the signed
// v_cubema_f32 result and add 0.5, where the texture unit takes face coordinates of [1, 2]
// across the face, |ma| and +1.5 as Mesa's and AMD's graphics compilers emit them; these reads
// call the LLVM image intrinsics directly with those coordinates.
#pragma once

#include <hip/device/image_library.h>
#include <hip/hip_vector_types.h>
#include <hip/texture_types.h>

namespace __hipcore_image {

// A direction's face (+ 8 x layer for cube arrays) and its coordinates on the face, [1, 2].
struct CubePoint {
  float s, t, face;
  float sc, tc, major;  // the face's s and t before division, and |major axis|
};

__device__ inline CubePoint cubePoint(float x, float y, float z, int layer) {
  CubePoint p;
  p.sc = __builtin_amdgcn_cubesc(x, y, z);
  p.tc = __builtin_amdgcn_cubetc(x, y, z);
  p.major = 0.5f * __builtin_fabsf(__builtin_amdgcn_cubema(x, y, z));
  const float scale = 0.5f / p.major;
  p.s = __builtin_fmaf(p.sc, scale, 1.5f);
  p.t = __builtin_fmaf(p.tc, scale, 1.5f);
  p.face = __builtin_amdgcn_cubeid(x, y, z) + 8.0f * static_cast<float>(layer);
  return p;
}

// The derivative (ds, dt) on the face of a direction derivative d: the quotient rule on
// sc / (2 |major|), with d's components taken as the face's (its id, without the layer).
__device__ inline void cubeDerivative(const CubePoint& p, float face, float4 d, float& ds,
                                      float& dt) {
  float dsc, dtc, dmajor;
  switch (static_cast<int>(face) & 7) {
    case 0:  // +x: s = -z, t = -y
      dsc = -d.z, dtc = -d.y, dmajor = d.x;
      break;
    case 1:  // -x: s = z, t = -y
      dsc = d.z, dtc = -d.y, dmajor = -d.x;
      break;
    case 2:  // +y: s = x, t = z
      dsc = d.x, dtc = d.z, dmajor = d.y;
      break;
    case 3:  // -y: s = x, t = -z
      dsc = d.x, dtc = -d.z, dmajor = -d.y;
      break;
    case 4:  // +z: s = x, t = -y
      dsc = d.x, dtc = -d.y, dmajor = d.z;
      break;
    default:  // -z: s = -x, t = -y
      dsc = -d.x, dtc = -d.y, dmajor = -d.z;
      break;
  }
  const float denominator = 2.0f * p.major * p.major;
  ds = (dsc * p.major - p.sc * dmajor) / denominator;
  dt = (dtc * p.major - p.tc * dmajor) / denominator;
}

__device__ inline __hipcore_float4_t sampleCube(hipTextureObject_t t, float x, float y, float z,
                                                int layer) {
  const CubePoint p = cubePoint(x, y, z, layer);
  return __hipcore_image_sample_lz_cube(15, p.s, p.t, p.face, imageWords(t), samplerWords(t), false,
                                        0, 0);
}
__device__ inline __hipcore_float4_t sampleCubeLod(hipTextureObject_t t, float x, float y, float z,
                                                   int layer, float level) {
  const CubePoint p = cubePoint(x, y, z, layer);
  return __hipcore_image_sample_l_cube(15, p.s, p.t, p.face, level, imageWords(t), samplerWords(t),
                                       false, 0, 0);
}
__device__ inline __hipcore_float4_t sampleCubeGrad(hipTextureObject_t t, float x, float y, float z,
                                                    int layer, float4 dPdx, float4 dPdy) {
  const CubePoint p = cubePoint(x, y, z, layer);
  const float face = __builtin_amdgcn_cubeid(x, y, z);
  float dsdx, dtdx, dsdy, dtdy;
  cubeDerivative(p, face, dPdx, dsdx, dtdx);
  cubeDerivative(p, face, dPdy, dsdy, dtdy);
  return __hipcore_image_sample_d_cube(15, dsdx, dtdx, dsdy, dtdy, p.s, p.t, p.face, imageWords(t),
                                       samplerWords(t), false, 0, 0);
}

}  // namespace __hipcore_image

#define __HIPCORE_TEX __device__ inline

template <class T>
__HIPCORE_TEX T texCubemap(hipTextureObject_t t, float x, float y, float z) {
  return __hipcore_image::fromTexel<T>(__hipcore_image::sampleCube(t, x, y, z, 0));
}
template <class T>
__HIPCORE_TEX T texCubemapLayered(hipTextureObject_t t, float x, float y, float z, int layer) {
  return __hipcore_image::fromTexel<T>(__hipcore_image::sampleCube(t, x, y, z, layer));
}
template <class T>
__HIPCORE_TEX T texCubemapLod(hipTextureObject_t t, float x, float y, float z, float level) {
  return __hipcore_image::fromTexel<T>(__hipcore_image::sampleCubeLod(t, x, y, z, 0, level));
}
template <class T>
__HIPCORE_TEX T texCubemapLayeredLod(hipTextureObject_t t, float x, float y, float z, int layer,
                                     float level) {
  return __hipcore_image::fromTexel<T>(__hipcore_image::sampleCubeLod(t, x, y, z, layer, level));
}
// dPdx and dPdy are direction derivatives (their w is not used), projected onto the face.
template <class T>
__HIPCORE_TEX T texCubemapGrad(hipTextureObject_t t, float x, float y, float z, float4 dPdx,
                               float4 dPdy) {
  return __hipcore_image::fromTexel<T>(__hipcore_image::sampleCubeGrad(t, x, y, z, 0, dPdx, dPdy));
}
template <class T>
__HIPCORE_TEX T texCubemapLayeredGrad(hipTextureObject_t t, float x, float y, float z, int layer,
                                      float4 dPdx, float4 dPdy) {
  return __hipcore_image::fromTexel<T>(
      __hipcore_image::sampleCubeGrad(t, x, y, z, layer, dPdx, dPdy));
}

// The forms returning through a pointer.
template <class T>
__HIPCORE_TEX void texCubemap(T* out, hipTextureObject_t t, float x, float y, float z) {
  *out = texCubemap<T>(t, x, y, z);
}
template <class T>
__HIPCORE_TEX void texCubemapLayered(T* out, hipTextureObject_t t, float x, float y, float z,
                                     int layer) {
  *out = texCubemapLayered<T>(t, x, y, z, layer);
}
template <class T>
__HIPCORE_TEX void texCubemapLod(T* out, hipTextureObject_t t, float x, float y, float z,
                                 float level) {
  *out = texCubemapLod<T>(t, x, y, z, level);
}
template <class T>
__HIPCORE_TEX void texCubemapLayeredLod(T* out, hipTextureObject_t t, float x, float y, float z,
                                        int layer, float level) {
  *out = texCubemapLayeredLod<T>(t, x, y, z, layer, level);
}
template <class T>
__HIPCORE_TEX void texCubemapGrad(T* out, hipTextureObject_t t, float x, float y, float z,
                                  float4 dPdx, float4 dPdy) {
  *out = texCubemapGrad<T>(t, x, y, z, dPdx, dPdy);
}
template <class T>
__HIPCORE_TEX void texCubemapLayeredGrad(T* out, hipTextureObject_t t, float x, float y, float z,
                                         int layer, float4 dPdx, float4 dPdy) {
  *out = texCubemapLayeredGrad<T>(t, x, y, z, layer, dPdx, dPdy);
}

#undef __HIPCORE_TEX
