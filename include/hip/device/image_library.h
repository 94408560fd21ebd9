// The device libraries' image functions (ockl, linked from the ROCm device-library bitcode) that
// texture and surface reads and writes compile to, and the conversions between their 4 x 32-bit
// results and HIP's element types. A descriptor argument is the address of a T# (8 dwords, then
// the metadata dwords ockl reads) or S# (4 dwords) in constant memory.
#pragma once

#include <hip/detail/vector_type.h>

typedef __attribute__((address_space(4))) const unsigned int* __hipcore_descriptor_t;
typedef float __hipcore_float2_t __attribute__((ext_vector_type(2)));
typedef float __hipcore_float4_t __attribute__((ext_vector_type(4)));
typedef int __hipcore_int2_t __attribute__((ext_vector_type(2)));
typedef int __hipcore_int4_t __attribute__((ext_vector_type(4)));

extern "C" {
__device__ __hipcore_float4_t __ockl_image_load_1D(__hipcore_descriptor_t, int);
__device__ __hipcore_float4_t __ockl_image_load_1Db(__hipcore_descriptor_t, int);
__device__ __hipcore_float4_t __ockl_image_load_2D(__hipcore_descriptor_t, __hipcore_int2_t);
__device__ __hipcore_float4_t __ockl_image_load_3D(__hipcore_descriptor_t, __hipcore_int4_t);
__device__ __hipcore_float4_t __ockl_image_load_1Da(__hipcore_descriptor_t, __hipcore_int2_t);
__device__ __hipcore_float4_t __ockl_image_load_2Da(__hipcore_descriptor_t, __hipcore_int4_t);
__device__ __hipcore_float4_t __ockl_image_load_CM(__hipcore_descriptor_t, __hipcore_int2_t, int);
__device__ void __ockl_image_store_1D(__hipcore_descriptor_t, int, __hipcore_float4_t);
__device__ void __ockl_image_store_2D(__hipcore_descriptor_t, __hipcore_int2_t, __hipcore_float4_t);
__device__ void __ockl_image_store_3D(__hipcore_descriptor_t, __hipcore_int4_t, __hipcore_float4_t);
__device__ void __ockl_image_store_1Da(__hipcore_descriptor_t, __hipcore_int2_t,
                                       __hipcore_float4_t);
__device__ void __ockl_image_store_2Da(__hipcore_descriptor_t, __hipcore_int4_t,
                                       __hipcore_float4_t);
__device__ void __ockl_image_store_CM(__hipcore_descriptor_t, __hipcore_int2_t, int,
                                      __hipcore_float4_t);
__device__ __hipcore_float4_t __ockl_image_sample_1D(__hipcore_descriptor_t, __hipcore_descriptor_t,
                                                     float);
__device__ __hipcore_float4_t __ockl_image_sample_2D(__hipcore_descriptor_t, __hipcore_descriptor_t,
                                                     __hipcore_float2_t);
__device__ __hipcore_float4_t __ockl_image_sample_3D(__hipcore_descriptor_t, __hipcore_descriptor_t,
                                                     __hipcore_float4_t);
__device__ __hipcore_float4_t __ockl_image_sample_1Da(__hipcore_descriptor_t,
                                                      __hipcore_descriptor_t, __hipcore_float2_t);
__device__ __hipcore_float4_t __ockl_image_sample_2Da(__hipcore_descriptor_t,
                                                      __hipcore_descriptor_t, __hipcore_float4_t);
__device__ __hipcore_float4_t __ockl_image_sample_lod_1D(__hipcore_descriptor_t,
                                                         __hipcore_descriptor_t, float, float);
__device__ __hipcore_float4_t __ockl_image_sample_lod_2D(__hipcore_descriptor_t,
                                                         __hipcore_descriptor_t, __hipcore_float2_t,
                                                         float);
__device__ __hipcore_float4_t __ockl_image_sample_lod_3D(__hipcore_descriptor_t,
                                                         __hipcore_descriptor_t, __hipcore_float4_t,
                                                         float);
__device__ __hipcore_float4_t __ockl_image_sample_grad_2D(__hipcore_descriptor_t,
                                                          __hipcore_descriptor_t,
                                                          __hipcore_float2_t, __hipcore_float2_t,
                                                          __hipcore_float2_t);
__device__ __hipcore_float4_t __ockl_image_sample_lod_1Da(__hipcore_descriptor_t,
                                                          __hipcore_descriptor_t,
                                                          __hipcore_float2_t, float);
__device__ __hipcore_float4_t __ockl_image_sample_lod_2Da(__hipcore_descriptor_t,
                                                          __hipcore_descriptor_t,
                                                          __hipcore_float4_t, float);
__device__ __hipcore_float4_t __ockl_image_sample_grad_1D(__hipcore_descriptor_t,
                                                          __hipcore_descriptor_t, float, float,
                                                          float);
__device__ __hipcore_float4_t __ockl_image_sample_grad_1Da(__hipcore_descriptor_t,
                                                           __hipcore_descriptor_t,
                                                           __hipcore_float2_t, float, float);
__device__ __hipcore_float4_t __ockl_image_sample_grad_2Da(__hipcore_descriptor_t,
                                                           __hipcore_descriptor_t,
                                                           __hipcore_float4_t, __hipcore_float2_t,
                                                           __hipcore_float2_t);
__device__ __hipcore_float4_t __ockl_image_sample_grad_3D(__hipcore_descriptor_t,
                                                          __hipcore_descriptor_t,
                                                          __hipcore_float4_t, __hipcore_float4_t,
                                                          __hipcore_float4_t);
}

// LLVM image intrinsics called directly where the device libraries' functions do not do what
// HIP needs (cube maps, texture_cube_functions.h; gathers, texture_functions.h): clang 19 has no
// builtins for them, so they are declared under their intrinsic names. dmask, unorm, texfail and
// cache must be constants at each call.
typedef int __hipcore_int8_t __attribute__((ext_vector_type(8)));

extern "C" {
__device__ __hipcore_float4_t __hipcore_image_sample_lz_cube(
    int dmask, float s, float t, float face, __hipcore_int8_t image, __hipcore_int4_t sampler,
    bool unorm, int texfail, int cache) __asm("llvm.amdgcn.image.sample.lz.cube.v4f32.f32");
__device__ __hipcore_float4_t __hipcore_image_sample_l_cube(
    int dmask, float s, float t, float face, float lod, __hipcore_int8_t image,
    __hipcore_int4_t sampler, bool unorm, int texfail,
    int cache) __asm("llvm.amdgcn.image.sample.l.cube.v4f32.f32");
// image_gather4_lz on a 2D image (tex2Dgather in texture_functions.h).
__device__ __hipcore_float4_t __hipcore_image_gather4_lz_2d(
    int dmask, float s, float t, __hipcore_int8_t image, __hipcore_int4_t sampler, bool unorm,
    int texfail, int cache) __asm("llvm.amdgcn.image.gather4.lz.2d.v4f32.f32");
__device__ __hipcore_float4_t __hipcore_image_sample_d_cube(
    int dmask, float dsdx, float dtdx, float dsdy, float dtdy, float s, float t, float face,
    __hipcore_int8_t image, __hipcore_int4_t sampler, bool unorm, int texfail,
    int cache) __asm("llvm.amdgcn.image.sample.d.cube.v4f32.f32.f32");
}

namespace __hipcore_image {

// A texel type's scalar and component count: T, or HIP_vector_type<S, n>.
template <class T>
struct Texel {
  using Scalar = T;
  static constexpr unsigned components = 1;
  static constexpr bool vector = false;
};
template <class S, unsigned int n>
struct Texel<HIP_vector_type<S, n>> {
  using Scalar = S;
  static constexpr unsigned components = n;
  static constexpr bool vector = true;
};

// One channel as an image instruction returns it: f32 bits for float and normalized reads,
// a 32-bit integer for integer formats.
template <class S>
__device__ inline S channel(float bits) {
  if constexpr (__is_same(S, float))
    return bits;
  else
    return static_cast<S>(__builtin_bit_cast(int, bits));
}
template <class S>
__device__ inline float bitsOf(S value) {
  if constexpr (__is_same(S, float))
    return value;
  else
    return __builtin_bit_cast(float, static_cast<int>(value));
}

template <class T>
__device__ inline T fromTexel(__hipcore_float4_t v) {
  using Info = Texel<T>;
  using S = typename Info::Scalar;
  if constexpr (!Info::vector) {
    return channel<S>(v.x);
  } else {
    T out{};
    out.x = channel<S>(v.x);
    if constexpr (Info::components > 1) out.y = channel<S>(v.y);
    if constexpr (Info::components > 2) out.z = channel<S>(v.z);
    if constexpr (Info::components > 3) out.w = channel<S>(v.w);
    return out;
  }
}

template <class T>
__device__ inline __hipcore_float4_t toTexel(const T& value) {
  using Info = Texel<T>;
  using S = typename Info::Scalar;
  __hipcore_float4_t v = {0, 0, 0, 0};
  if constexpr (!Info::vector) {
    v.x = bitsOf<S>(value);
  } else {
    v.x = bitsOf<S>(value.x);
    if constexpr (Info::components > 1) v.y = bitsOf<S>(value.y);
    if constexpr (Info::components > 2) v.z = bitsOf<S>(value.z);
    if constexpr (Info::components > 3) v.w = bitsOf<S>(value.w);
  }
  return v;
}

// A texture object's image and sampler descriptors (the handle is their device block:
// HIP_SAMPLER_OBJECT_OFFSET_DWORD dwords of image, then the sampler).
__device__ inline __hipcore_descriptor_t image(const void* object) {
  return (__hipcore_descriptor_t)(object);
}
__device__ inline __hipcore_descriptor_t sampler(const void* object) {
  return (__hipcore_descriptor_t)(object) + 12;
}

// The T# and S# words of a texture object, as the intrinsics take them.
__device__ inline __hipcore_int8_t imageWords(const void* object) {
  return *reinterpret_cast<const __attribute__((address_space(4))) __hipcore_int8_t*>(
      image(object));
}
__device__ inline __hipcore_int4_t samplerWords(const void* object) {
  return *reinterpret_cast<const __attribute__((address_space(4))) __hipcore_int4_t*>(
      sampler(object));
}

}  // namespace __hipcore_image
