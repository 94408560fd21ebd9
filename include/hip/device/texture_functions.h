// Texture-object reads: tex1Dfetch, tex1D/2D/3D, the layered, Lod and Grad forms and
// tex2Dgather. T is the element type (the array's, or float for normalized-float reads), a
// scalar or a HIP vector type; coordinates are as the texture's normalizedCoords says.
#pragma once

#include <hip/device/image_library.h>
#include <hip/hip_vector_types.h>
#include <hip/texture_types.h>

#define __HIPCORE_TEX __device__ inline

// tex1Dfetch: element x of a 1D texture (linear memory or a 1D array), no filtering or address
// modes; outside the texture it reads 0.
template <class T>
__HIPCORE_TEX T tex1Dfetch(hipTextureObject_t t, int x) {
  return __hipcore_image::fromTexel<T>(__ockl_image_load_1D(__hipcore_image::image(t), x));
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
// The four texels bilinear filtering at (x, y) would blend, channel `comp` of each, in the
// order (i0, j1), (i1, j1), (i1, j0), (i0, j0); T is a four-component vector type.
template <class T>
__HIPCORE_TEX T tex2Dgather(hipTextureObject_t t, float x, float y, int comp = 0) {
  using namespace __hipcore_image;
  const __hipcore_float2_t c = {x, y};
  switch (comp) {
    case 1:
      return fromTexel<T>(__ockl_image_gather4g_2D(image(t), sampler(t), c));
    case 2:
      return fromTexel<T>(__ockl_image_gather4b_2D(image(t), sampler(t), c));
    case 3:
      return fromTexel<T>(__ockl_image_gather4a_2D(image(t), sampler(t), c));
    default:
      return fromTexel<T>(__ockl_image_gather4r_2D(image(t), sampler(t), c));
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

#undef __HIPCORE_TEX
