// The deprecated texture-reference API: the texture<T, dim, readMode> type of a file-scope
// texture global, binding memory, pitched memory, arrays and mipmapped arrays to it, and the
// driver API's hipTexRef* attributes and hipModuleGetTexRef. A texture reference is a
// textureReference (AMD's layout); binding makes a texture object, stores its handle in the
// reference and copies the reference into the device variable that kernels read.
// Included at the end of channel_descriptor.h (it needs hipCreateChannelDesc<T>), which
// hip_runtime_api.h includes at its end.
#pragma once

#include <hip/channel_descriptor.h>
#include <hip/hip_runtime_api.h>
#include <hip/texture_types.h>
#include <limits.h>

#define HIPCORE_TEXREF_DEPRECATED \
  __attribute__((deprecated("texture references are deprecated: use texture objects")))

HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipBindTexture(size_t* offset, const textureReference* tex, const void* devPtr,
               const hipChannelFormatDesc* desc, size_t size HIPCORE_DEFAULT(UINT_MAX));
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipBindTexture2D(size_t* offset, const textureReference* tex, const void* devPtr,
                 const hipChannelFormatDesc* desc, size_t width, size_t height, size_t pitch);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipBindTextureToArray(
    const textureReference* tex, hipArray_const_t array, const hipChannelFormatDesc* desc);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipBindTextureToMipmappedArray(
    const textureReference* tex, hipMipmappedArray_const_t mipmappedArray,
    const hipChannelFormatDesc* desc);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipUnbindTexture(const textureReference* tex);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipGetTextureReference(const textureReference** texref, const void* symbol);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipGetTextureAlignmentOffset(size_t* offset, const textureReference* texref);

// The driver API's spelling: the reference's format, flags (HIP_TRSF_*) and sampling state,
// and binding through it. A reference from hipModuleGetTexRef reads normalized floats of one
// 32-bit float channel until told otherwise.
HIPCORE_API hipError_t hipModuleGetTexRef(textureReference** texRef, hipModule_t hmod,
                                          const char* name);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetAddress(size_t* ByteOffset,
                                                                     textureReference* texRef,
                                                                     hipDeviceptr_t dptr,
                                                                     size_t bytes);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetAddress2D(
    textureReference* texRef, const HIP_ARRAY_DESCRIPTOR* desc, hipDeviceptr_t dptr, size_t Pitch);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetArray(textureReference* tex,
                                                                   hipArray_const_t array,
                                                                   unsigned int flags);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetMipmappedArray(
    textureReference* texRef, struct hipMipmappedArray* mipmappedArray, unsigned int Flags);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefGetAddress(hipDeviceptr_t* dev_ptr, const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefGetArray(hipArray_t* pArray,
                                                                   const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefGetMipMappedArray(hipMipmappedArray_t* pArray, const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefSetAddressMode(textureReference* texRef, int dim, enum hipTextureAddressMode am);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefGetAddressMode(enum hipTextureAddressMode* pam, const textureReference* texRef, int dim);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefSetFilterMode(textureReference* texRef, enum hipTextureFilterMode fm);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefGetFilterMode(enum hipTextureFilterMode* pfm, const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetFlags(textureReference* texRef,
                                                                   unsigned int Flags);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefGetFlags(unsigned int* pFlags,
                                                                   const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetFormat(textureReference* texRef,
                                                                    hipArray_Format fmt,
                                                                    int NumPackedComponents);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefGetFormat(hipArray_Format* pFormat,
                                                                    int* pNumChannels,
                                                                    const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetMaxAnisotropy(textureReference* texRef,
                                                                           unsigned int maxAniso);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefGetMaxAnisotropy(int* pmaxAnsio, const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetBorderColor(textureReference* texRef,
                                                                         float* pBorderColor);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefGetBorderColor(float* pBorderColor, const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefSetMipmapFilterMode(textureReference* texRef, enum hipTextureFilterMode fm);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefGetMipmapFilterMode(enum hipTextureFilterMode* pfm, const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefSetMipmapLevelBias(textureReference* texRef, float bias);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t
hipTexRefGetMipmapLevelBias(float* pbias, const textureReference* texRef);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefSetMipmapLevelClamp(
    textureReference* texRef, float minMipMapLevelClamp, float maxMipMapLevelClamp);
HIPCORE_API HIPCORE_TEXREF_DEPRECATED hipError_t hipTexRefGetMipmapLevelClamp(
    float* pminMipmapLevelClamp, float* pmaxMipmapLevelClamp, const textureReference* texRef);

#if defined(__cplusplus)

// The type clang knows as a texture reference: a file-scope texture<> is a device variable too,
// registered with __hipRegisterTexture (the attribute), which hipcore binds by its host shadow.
#if defined(__HIP__)
#define __HIPCORE_TEXTURE_TYPE __attribute__((device_builtin_texture_type))
#else
#define __HIPCORE_TEXTURE_TYPE
#endif

template <class T, int texType = hipTextureType1D,
          enum hipTextureReadMode mode = hipReadModeElementType>
struct __HIPCORE_TEXTURE_TYPE texture : public textureReference {
  texture(int norm = 0, enum hipTextureFilterMode fMode = hipFilterModePoint,
          enum hipTextureAddressMode aMode = hipAddressModeClamp)
      : texture(norm, fMode, aMode, hipCreateChannelDesc<T>()) {}
  texture(int norm, enum hipTextureFilterMode fMode, enum hipTextureAddressMode aMode,
          struct hipChannelFormatDesc desc) {
    normalized = norm;
    readMode = mode;
    filterMode = fMode;
    addressMode[0] = addressMode[1] = addressMode[2] = aMode;
    channelDesc = desc;
    sRGB = 0;
    maxAnisotropy = 0;
    mipmapFilterMode = hipFilterModePoint;
    mipmapLevelBias = 0;
    minMipmapLevelClamp = 0;
    maxMipmapLevelClamp = 0;
    textureObject = nullptr;
    numChannels = (desc.x != 0) + (desc.y != 0) + (desc.z != 0) + (desc.w != 0);
    format = __hipcoreArrayFormat(desc);
  }

 private:
  // The driver API's format of a channel description (hipTexRefGetFormat).
  static hipArray_Format __hipcoreArrayFormat(const hipChannelFormatDesc& d) {
    if (d.f == hipChannelFormatKindFloat)
      return d.x == 16 ? HIP_AD_FORMAT_HALF : HIP_AD_FORMAT_FLOAT;
    const bool s = d.f == hipChannelFormatKindSigned;
    if (d.x == 8) return s ? HIP_AD_FORMAT_SIGNED_INT8 : HIP_AD_FORMAT_UNSIGNED_INT8;
    if (d.x == 16) return s ? HIP_AD_FORMAT_SIGNED_INT16 : HIP_AD_FORMAT_UNSIGNED_INT16;
    return s ? HIP_AD_FORMAT_SIGNED_INT32 : HIP_AD_FORMAT_UNSIGNED_INT32;
  }
};

// The binding calls on a texture<> itself, with its own channel format unless one is given.
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipBindTexture(
    size_t* offset, const struct texture<T, dim, readMode>& tex, const void* devPtr,
    size_t size = UINT_MAX) {
  return hipBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipBindTexture(
    size_t* offset, const struct texture<T, dim, readMode>& tex, const void* devPtr,
    const struct hipChannelFormatDesc& desc, size_t size = UINT_MAX) {
  return hipBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipBindTexture2D(
    size_t* offset, const struct texture<T, dim, readMode>& tex, const void* devPtr, size_t width,
    size_t height, size_t pitch) {
  return hipBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width, height, pitch);
}
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipBindTexture2D(
    size_t* offset, const struct texture<T, dim, readMode>& tex, const void* devPtr,
    const struct hipChannelFormatDesc& desc, size_t width, size_t height, size_t pitch) {
  return hipBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}
// Without a channel format, the array's own.
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipBindTextureToArray(
    const struct texture<T, dim, readMode>& tex, hipArray_const_t array) {
  struct hipChannelFormatDesc desc;
  hipError_t err = hipGetChannelDesc(&desc, array);
  return err == hipSuccess ? hipBindTextureToArray(&tex, array, &desc) : err;
}
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipBindTextureToArray(
    const struct texture<T, dim, readMode>& tex, hipArray_const_t array,
    const struct hipChannelFormatDesc& desc) {
  return hipBindTextureToArray(&tex, array, &desc);
}
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipBindTextureToMipmappedArray(
    const struct texture<T, dim, readMode>& tex, hipMipmappedArray_const_t mipmappedArray) {
  hipArray_t level0 = nullptr;
  hipError_t err = hipGetMipmappedArrayLevel(&level0, mipmappedArray, 0);
  struct hipChannelFormatDesc desc;
  if (err == hipSuccess) err = hipGetChannelDesc(&desc, level0);
  return err == hipSuccess ? hipBindTextureToMipmappedArray(&tex, mipmappedArray, &desc) : err;
}
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipBindTextureToMipmappedArray(
    const struct texture<T, dim, readMode>& tex, hipMipmappedArray_const_t mipmappedArray,
    const struct hipChannelFormatDesc& desc) {
  return hipBindTextureToMipmappedArray(&tex, mipmappedArray, &desc);
}
template <class T, int dim, enum hipTextureReadMode readMode>
HIPCORE_TEXREF_DEPRECATED static inline hipError_t hipUnbindTexture(
    const struct texture<T, dim, readMode>& tex) {
  return hipUnbindTexture(&tex);
}

#endif  // __cplusplus
