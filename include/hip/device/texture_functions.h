// Texture-object reads: tex1Dfetch, tex1D/2D/3D, the layered, Lod and Grad forms and
// tex2Dgather. T is the element type (the array's, or float for normalized-float reads), a
// scalar or a HIP vector type; coordinates are as the texture's normalizedCoords says.
#pragma once

#include <hip/device/image_library.h>
#include <hip/hip_vector_types.h>
#include <hip/texture_types.h>

#define __HIPCORE_TEX __device__ inline

// tex1Dfetch: element x of a linear-memory texture, no filtering or address modes; outside the
// texture it reads 0. A typed buffer load through the buffer descriptor linear textures hold (as
// in AMD's runtime, so that code compiled against either reads either's objects).
template <class T>
__HIPCORE_TEX T tex1Dfetch(hipTextureObject_t t, int x) {
  return __hipcore_image::fromTexel<T>(__ockl_image_load_1Db(__hipcore_image::image(t), x));
}
template <class T>
__HIPCORE_TEX T tex1D(hipTextureObject_t t, float x) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_1D(image(t), sampler(t), x));
}
template <class T>
__HIPCORE_TEX T tex2D(hipTextureObject_t t, float x, float y) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_2D(image(t), sampler(t), __hipcore_float2_t{x, y}));
}
template <class T>
__HIPCORE_TEX T tex3D(hipTextureObject_t t, float x, float y, float z) {
  using namespace __hipcore_image;
  return fromTexel<T>(
      __ockl_image_sample_3D(image(t), sampler(t), __hipcore_float4_t{x, y, z, 0.0f}));
}
template <class T>
__HIPCORE_TEX T tex1DLayered(hipTextureObject_t t, float x, int layer) {
  using namespace __hipcore_image;
  return fromTexel<T>(
      __ockl_image_sample_1Da(image(t), sampler(t), __hipcore_float2_t{x, float(layer)}));
}
template <class T>
__HIPCORE_TEX T tex2DLayered(hipTextureObject_t t, float x, float y, int layer) {
  using namespace __hipcore_image;
  return fromTexel<T>(
      __ockl_image_sample_2Da(image(t), sampler(t), __hipcore_float4_t{x, y, float(layer), 0.0f}));
}
template <class T>
__HIPCORE_TEX T tex1DLod(hipTextureObject_t t, float x, float level) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_lod_1D(image(t), sampler(t), x, level));
}
template <class T>
__HIPCORE_TEX T tex2DLod(hipTextureObject_t t, float x, float y, float level) {
  using namespace __hipcore_image;
  return fromTexel<T>(
      __ockl_image_sample_lod_2D(image(t), sampler(t), __hipcore_float2_t{x, y}, level));
}
template <class T>
__HIPCORE_TEX T tex3DLod(hipTextureObject_t t, float x, float y, float z, float level) {
  using namespace __hipcore_image;
  return fromTexel<T>(
      __ockl_image_sample_lod_3D(image(t), sampler(t), __hipcore_float4_t{x, y, z, 0.0f}, level));
}
template <class T>
__HIPCORE_TEX T tex2DGrad(hipTextureObject_t t, float x, float y, float2 dPdx, float2 dPdy) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_grad_2D(image(t), sampler(t), __hipcore_float2_t{x, y},
                                                  __hipcore_float2_t{dPdx.x, dPdx.y},
                                                  __hipcore_float2_t{dPdy.x, dPdy.y}));
}
template <class T>
__HIPCORE_TEX T tex1DGrad(hipTextureObject_t t, float x, float dPdx, float dPdy) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_grad_1D(image(t), sampler(t), x, dPdx, dPdy));
}
// dPdx and dPdy are float4 as in CUDA; their w is not used.
template <class T>
__HIPCORE_TEX T tex3DGrad(hipTextureObject_t t, float x, float y, float z, float4 dPdx,
                          float4 dPdy) {
  using namespace __hipcore_image;
  return fromTexel<T>(
      __ockl_image_sample_grad_3D(image(t), sampler(t), __hipcore_float4_t{x, y, z, 0.0f},
                                  __hipcore_float4_t{dPdx.x, dPdx.y, dPdx.z, 0.0f},
                                  __hipcore_float4_t{dPdy.x, dPdy.y, dPdy.z, 0.0f}));
}
template <class T>
__HIPCORE_TEX T tex1DLayeredLod(hipTextureObject_t t, float x, int layer, float level) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_lod_1Da(image(t), sampler(t),
                                                  __hipcore_float2_t{x, float(layer)}, level));
}
template <class T>
__HIPCORE_TEX T tex2DLayeredLod(hipTextureObject_t t, float x, float y, int layer, float level) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_lod_2Da(
      image(t), sampler(t), __hipcore_float4_t{x, y, float(layer), 0.0f}, level));
}
template <class T>
__HIPCORE_TEX T tex1DLayeredGrad(hipTextureObject_t t, float x, int layer, float dPdx, float dPdy) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_grad_1Da(
      image(t), sampler(t), __hipcore_float2_t{x, float(layer)}, dPdx, dPdy));
}
template <class T>
__HIPCORE_TEX T tex2DLayeredGrad(hipTextureObject_t t, float x, float y, int layer, float2 dPdx,
                                 float2 dPdy) {
  using namespace __hipcore_image;
  return fromTexel<T>(__ockl_image_sample_grad_2Da(
      image(t), sampler(t), __hipcore_float4_t{x, y, float(layer), 0.0f},
      __hipcore_float2_t{dPdx.x, dPdx.y}, __hipcore_float2_t{dPdy.x, dPdy.y}));
}

// The four texels bilinear filtering at (x, y) would blend, channel `comp` of each, in the
// order (i0, j1), (i1, j1), (i1, j0), (i0, j0); T is a four-component vector type. CUDA's
// footprint whatever the filter mode: the device libraries' __ockl_image_gather4*_2D first
// floor the coordinates of point-filtered textures (their point-sampling correction), which
// moves the footprint by half a texel, so this calls the gather intrinsic directly.
template <class T>
__HIPCORE_TEX T tex2Dgather(hipTextureObject_t t, float x, float y, int comp = 0) {
  using namespace __hipcore_image;
  const __hipcore_int8_t i = imageWords(t);
  const __hipcore_int4_t s = samplerWords(t);
  switch (comp) {
    case 1:
      return fromTexel<T>(__hipcore_image_gather4_lz_2d(2, x, y, i, s, false, 0, 0));
    case 2:
      return fromTexel<T>(__hipcore_image_gather4_lz_2d(4, x, y, i, s, false, 0, 0));
    case 3:
      return fromTexel<T>(__hipcore_image_gather4_lz_2d(8, x, y, i, s, false, 0, 0));
    default:
      return fromTexel<T>(__hipcore_image_gather4_lz_2d(1, x, y, i, s, false, 0, 0));
  }
}

// The forms returning through a pointer.
template <class T>
__HIPCORE_TEX void tex1Dfetch(T* out, hipTextureObject_t t, int x) {
  *out = tex1Dfetch<T>(t, x);
}
template <class T>
__HIPCORE_TEX void tex1D(T* out, hipTextureObject_t t, float x) {
  *out = tex1D<T>(t, x);
}
template <class T>
__HIPCORE_TEX void tex2D(T* out, hipTextureObject_t t, float x, float y) {
  *out = tex2D<T>(t, x, y);
}
template <class T>
__HIPCORE_TEX void tex3D(T* out, hipTextureObject_t t, float x, float y, float z) {
  *out = tex3D<T>(t, x, y, z);
}
template <class T>
__HIPCORE_TEX void tex1DLayered(T* out, hipTextureObject_t t, float x, int layer) {
  *out = tex1DLayered<T>(t, x, layer);
}
template <class T>
__HIPCORE_TEX void tex2DLayered(T* out, hipTextureObject_t t, float x, float y, int layer) {
  *out = tex2DLayered<T>(t, x, y, layer);
}
template <class T>
__HIPCORE_TEX void tex1DLod(T* out, hipTextureObject_t t, float x, float level) {
  *out = tex1DLod<T>(t, x, level);
}
template <class T>
__HIPCORE_TEX void tex2DLod(T* out, hipTextureObject_t t, float x, float y, float level) {
  *out = tex2DLod<T>(t, x, y, level);
}
template <class T>
__HIPCORE_TEX void tex3DLod(T* out, hipTextureObject_t t, float x, float y, float z, float level) {
  *out = tex3DLod<T>(t, x, y, z, level);
}
template <class T>
__HIPCORE_TEX void tex1DLayeredLod(T* out, hipTextureObject_t t, float x, int layer, float level) {
  *out = tex1DLayeredLod<T>(t, x, layer, level);
}
template <class T>
__HIPCORE_TEX void tex2DLayeredLod(T* out, hipTextureObject_t t, float x, float y, int layer,
                                   float level) {
  *out = tex2DLayeredLod<T>(t, x, y, layer, level);
}
template <class T>
__HIPCORE_TEX void tex1DGrad(T* out, hipTextureObject_t t, float x, float dPdx, float dPdy) {
  *out = tex1DGrad<T>(t, x, dPdx, dPdy);
}
template <class T>
__HIPCORE_TEX void tex2DGrad(T* out, hipTextureObject_t t, float x, float y, float2 dPdx,
                             float2 dPdy) {
  *out = tex2DGrad<T>(t, x, y, dPdx, dPdy);
}
template <class T>
__HIPCORE_TEX void tex3DGrad(T* out, hipTextureObject_t t, float x, float y, float z, float4 dPdx,
                             float4 dPdy) {
  *out = tex3DGrad<T>(t, x, y, z, dPdx, dPdy);
}
template <class T>
__HIPCORE_TEX void tex1DLayeredGrad(T* out, hipTextureObject_t t, float x, int layer, float dPdx,
                                    float dPdy) {
  *out = tex1DLayeredGrad<T>(t, x, layer, dPdx, dPdy);
}
template <class T>
__HIPCORE_TEX void tex2DLayeredGrad(T* out, hipTextureObject_t t, float x, float y, int layer,
                                    float2 dPdx, float2 dPdy) {
  *out = tex2DLayeredGrad<T>(t, x, y, layer, dPdx, dPdy);
}
template <class T>
__HIPCORE_TEX void tex2Dgather(T* out, hipTextureObject_t t, float x, float y, int comp = 0) {
  *out = tex2Dgather<T>(t, x, y, comp);
}

#undef __HIPCORE_TEX
