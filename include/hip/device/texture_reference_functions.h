// Reads through texture references: tex1Dfetch, tex1D/2D/3D, texCubemap, the layered, Lod and
// Grad forms and tex2Dgather on a file-scope texture<T, dim, readMode>. The reference's device copy
// holds the handle of the texture object its binding made (hip/api/texture_references.h), so each
// read is the texture-object read of that handle. The result is T for element-type reads and
// float (or a float vector of T's width) for normalized-float reads.
#pragma once

#include <hip/api/texture_references.h>
#include <hip/device/image_library.h>
#include <hip/device/texture_cube_functions.h>
#include <hip/device/texture_functions.h>
#include <hip/hip_vector_types.h>

namespace __hipcore_image {

template <class T, hipTextureReadMode mode>
struct ReferenceResult {
  using type = T;
};
template <class T>
struct ReferenceResult<T, hipReadModeNormalizedFloat> {
  using type = float;
};
template <class S, unsigned int n>
struct ReferenceResult<HIP_vector_type<S, n>, hipReadModeNormalizedFloat> {
  using type = HIP_vector_type<float, n>;
};

}  // namespace __hipcore_image

#define __HIPCORE_TEXREF(dim) const texture<T, dim, mode>&
#define __HIPCORE_TEXREF_RESULT               \
  template <class T, hipTextureReadMode mode> \
  __device__ inline typename __hipcore_image::ReferenceResult<T, mode>::type

__HIPCORE_TEXREF_RESULT tex1Dfetch(__HIPCORE_TEXREF(hipTextureType1D) t, int x) {
  return tex1Dfetch<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x);
}
__HIPCORE_TEXREF_RESULT tex1D(__HIPCORE_TEXREF(hipTextureType1D) t, float x) {
  return tex1D<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x);
}
__HIPCORE_TEXREF_RESULT tex2D(__HIPCORE_TEXREF(hipTextureType2D) t, float x, float y) {
  return tex2D<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x, y);
}
__HIPCORE_TEXREF_RESULT tex3D(__HIPCORE_TEXREF(hipTextureType3D) t, float x, float y, float z) {
  return tex3D<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x, y, z);
}
__HIPCORE_TEXREF_RESULT tex1DLayered(__HIPCORE_TEXREF(hipTextureType1DLayered) t, float x,
                                     int layer) {
  return tex1DLayered<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x,
                                                                                layer);
}
__HIPCORE_TEXREF_RESULT tex2DLayered(__HIPCORE_TEXREF(hipTextureType2DLayered) t, float x, float y,
                                     int layer) {
  return tex2DLayered<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x,
                                                                                y, layer);
}
__HIPCORE_TEXREF_RESULT tex1DLod(__HIPCORE_TEXREF(hipTextureType1D) t, float x, float level) {
  return tex1DLod<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x,
                                                                            level);
}
__HIPCORE_TEXREF_RESULT tex2DLod(__HIPCORE_TEXREF(hipTextureType2D) t, float x, float y,
                                 float level) {
  return tex2DLod<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x, y,
                                                                            level);
}
__HIPCORE_TEXREF_RESULT tex3DLod(__HIPCORE_TEXREF(hipTextureType3D) t, float x, float y, float z,
                                 float level) {
  return tex3DLod<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x, y,
                                                                            z, level);
}
__HIPCORE_TEXREF_RESULT tex2DGrad(__HIPCORE_TEXREF(hipTextureType2D) t, float x, float y,
                                  float2 dPdx, float2 dPdy) {
  return tex2DGrad<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x, y,
                                                                             dPdx, dPdy);
}
__HIPCORE_TEXREF_RESULT tex1DGrad(__HIPCORE_TEXREF(hipTextureType1D) t, float x, float dPdx,
                                  float dPdy) {
  return tex1DGrad<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x,
                                                                             dPdx, dPdy);
}
__HIPCORE_TEXREF_RESULT tex3DGrad(__HIPCORE_TEXREF(hipTextureType3D) t, float x, float y, float z,
                                  float4 dPdx, float4 dPdy) {
  return tex3DGrad<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x, y,
                                                                             z, dPdx, dPdy);
}
__HIPCORE_TEXREF_RESULT tex1DLayeredLod(__HIPCORE_TEXREF(hipTextureType1DLayered) t, float x,
                                        int layer, float level) {
  return tex1DLayeredLod<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject,
                                                                                   x, layer, level);
}
__HIPCORE_TEXREF_RESULT tex2DLayeredLod(__HIPCORE_TEXREF(hipTextureType2DLayered) t, float x,
                                        float y, int layer, float level) {
  return tex2DLayeredLod<typename __hipcore_image::ReferenceResult<T, mode>::type>(
      t.textureObject, x, y, layer, level);
}
__HIPCORE_TEXREF_RESULT tex1DLayeredGrad(__HIPCORE_TEXREF(hipTextureType1DLayered) t, float x,
                                         int layer, float dPdx, float dPdy) {
  return tex1DLayeredGrad<typename __hipcore_image::ReferenceResult<T, mode>::type>(
      t.textureObject, x, layer, dPdx, dPdy);
}
__HIPCORE_TEXREF_RESULT tex2DLayeredGrad(__HIPCORE_TEXREF(hipTextureType2DLayered) t, float x,
                                         float y, int layer, float2 dPdx, float2 dPdy) {
  return tex2DLayeredGrad<typename __hipcore_image::ReferenceResult<T, mode>::type>(
      t.textureObject, x, y, layer, dPdx, dPdy);
}

__HIPCORE_TEXREF_RESULT texCubemap(__HIPCORE_TEXREF(hipTextureTypeCubemap) t, float x, float y,
                                   float z) {
  return texCubemap<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x, y,
                                                                              z);
}
__HIPCORE_TEXREF_RESULT texCubemapLayered(__HIPCORE_TEXREF(hipTextureTypeCubemapLayered) t, float x,
                                          float y, float z, int layer) {
  return texCubemapLayered<typename __hipcore_image::ReferenceResult<T, mode>::type>(
      t.textureObject, x, y, z, layer);
}
__HIPCORE_TEXREF_RESULT texCubemapLod(__HIPCORE_TEXREF(hipTextureTypeCubemap) t, float x, float y,
                                      float z, float level) {
  return texCubemapLod<typename __hipcore_image::ReferenceResult<T, mode>::type>(t.textureObject, x,
                                                                                 y, z, level);
}
__HIPCORE_TEXREF_RESULT texCubemapLayeredLod(__HIPCORE_TEXREF(hipTextureTypeCubemapLayered) t,
                                             float x, float y, float z, int layer, float level) {
  return texCubemapLayeredLod<typename __hipcore_image::ReferenceResult<T, mode>::type>(
      t.textureObject, x, y, z, layer, level);
}
__HIPCORE_TEXREF_RESULT texCubemapGrad(__HIPCORE_TEXREF(hipTextureTypeCubemap) t, float x, float y,
                                       float z, float4 dPdx, float4 dPdy) {
  return texCubemapGrad<typename __hipcore_image::ReferenceResult<T, mode>::type>(
      t.textureObject, x, y, z, dPdx, dPdy);
}
__HIPCORE_TEXREF_RESULT texCubemapLayeredGrad(__HIPCORE_TEXREF(hipTextureTypeCubemapLayered) t,
                                              float x, float y, float z, int layer, float4 dPdx,
                                              float4 dPdy) {
  return texCubemapLayeredGrad<typename __hipcore_image::ReferenceResult<T, mode>::type>(
      t.textureObject, x, y, z, layer, dPdx, dPdy);
}

// tex2Dgather: four texels of one channel, as a four-component vector of T's scalar (or of
// float for normalized-float reads).
template <class T, hipTextureReadMode mode>
__device__ inline HIP_vector_type<
    typename __hipcore_image::Texel<
        typename __hipcore_image::ReferenceResult<T, mode>::type>::Scalar,
    4>
tex2Dgather(__HIPCORE_TEXREF(hipTextureType2D) t, float x, float y, int comp = 0) {
  using Result = typename __hipcore_image::ReferenceResult<T, mode>::type;
  using Vector = HIP_vector_type<typename __hipcore_image::Texel<Result>::Scalar, 4>;
  return tex2Dgather<Vector>(t.textureObject, x, y, comp);
}

#undef __HIPCORE_TEXREF_RESULT
#undef __HIPCORE_TEXREF
