// Binding texture references (deprecated in HIP): hipBindTexture(2D), hipBindTextureTo(Mipmapped)
// Array, hipUnbindTexture and the driver API's hipTexRefSetAddress(2D) / SetArray /
// SetMipmappedArray, what a reference is bound to (hipTexRefGetAddress / GetArray /
// GetMipMappedArray, hipGetTextureAlignmentOffset), and how a program finds its references
// (hipGetTextureReference, hipModuleGetTexRef). Each binding is a texture object made with the
// reference's sampling state (TextureReferences.h).
// The entry points of deprecated functions name themselves (api::call reports them by address).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <cstdint>

#include "ApiCall.h"
#include "ApiState.h"
#include "ImageObjectState.h"
#include "TextureReferences.h"
#include "core/ImageArray.h"
#include "core/LoadedModule.h"
#include "core/PointerRegistry.h"
#include "core/TypeStableStorage.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// The T# holds address bits 47:8: memory is bound from the 256-byte boundary at or below the
// pointer, and the binding returns how far past it the pointer is; a caller that passes no
// offset must bind aligned memory (CUDA's rule).
hipError_t alignedBase(const char* call, const void* pointer, size_t* offset, void*& base,
                       size_t& skipped) {
  const auto address = reinterpret_cast<std::uintptr_t>(pointer);
  skipped = address % hipcore::core::kImageRowAlignment;
  if (skipped != 0 && offset == nullptr)
    return finish(call, fail(hipErrorInvalidValue,
                             "%p is not 256-byte aligned and no offset can be returned", pointer));
  base = reinterpret_cast<void*>(address - skipped);
  if (offset != nullptr) *offset = skipped;
  return hipSuccess;
}

// A linear binding of `size` bytes at `pointer` (size UINT_MAX, the default: to the end of the
// allocation holding it).
hipError_t bindLinear(const char* call, size_t* offset, const textureReference* ref,
                      const void* pointer, const hipChannelFormatDesc& desc, size_t size) {
  if (pointer == nullptr) return finish(call, fail(hipErrorInvalidValue, "null device pointer"));
  hipcore::core::Allocation allocation;
  if (hipcore::api::findAllocation(pointer, allocation)) {
    const size_t left = allocation.bytes - static_cast<size_t>(static_cast<const char*>(pointer) -
                                                               static_cast<char*>(allocation.base));
    if (size > left) size = left;
  }
  void* base = nullptr;
  size_t skipped = 0;
  if (hipError_t e = alignedBase(call, pointer, offset, base, skipped); e != hipSuccess) return e;
  hipResourceDesc resource{};
  resource.resType = hipResourceTypeLinear;
  resource.res.linear.devPtr = base;
  resource.res.linear.desc = desc;
  resource.res.linear.sizeInBytes = size + skipped;
  hipError_t e = hipcore::api::bindReference(call, ref, resource);
  if (e == hipSuccess) hipcore::api::textureReferences().setOffset(ref, skipped);
  return e;
}

hipError_t bindPitched(const char* call, size_t* offset, const textureReference* ref,
                       const void* pointer, const hipChannelFormatDesc& desc, size_t width,
                       size_t height, size_t pitch) {
  if (pointer == nullptr || pitch == 0)
    return finish(call, fail(hipErrorInvalidValue, "null device pointer or zero pitch"));
  void* base = nullptr;
  size_t skipped = 0;
  if (hipError_t e = alignedBase(call, pointer, offset, base, skipped); e != hipSuccess) return e;
  hipResourceDesc resource{};
  resource.resType = hipResourceTypePitch2D;
  resource.res.pitch2D.devPtr = base;
  resource.res.pitch2D.desc = desc;
  resource.res.pitch2D.width = width;
  resource.res.pitch2D.height = height;
  resource.res.pitch2D.pitchInBytes = pitch;
  hipError_t e = hipcore::api::bindReference(call, ref, resource);
  if (e == hipSuccess) hipcore::api::textureReferences().setOffset(ref, skipped);
  return e;
}

hipError_t bindArray(const char* call, const textureReference* ref, hipArray_const_t array) {
  if (!hipcore::api::knownArray(array))
    return finish(call, fail(hipErrorInvalidValue, "array %p is null or unknown",
                             static_cast<const void*>(array)));
  hipResourceDesc resource{};
  resource.resType = hipResourceTypeArray;
  resource.res.array.array = const_cast<hipArray_t>(array);
  hipError_t e = hipcore::api::bindReference(call, ref, resource);
  if (e == hipSuccess) hipcore::api::textureReferences().setOffset(ref, 0);
  return e;
}

hipError_t bindMipmap(const char* call, const textureReference* ref,
                      hipMipmappedArray_const_t mipmap) {
  if (mipmap == nullptr) return finish(call, fail(hipErrorInvalidValue, "null mipmapped array"));
  hipResourceDesc resource{};
  resource.resType = hipResourceTypeMipmappedArray;
  resource.res.mipmap.mipmap = const_cast<hipMipmappedArray_t>(mipmap);
  hipError_t e = hipcore::api::bindReference(call, ref, resource);
  if (e == hipSuccess) hipcore::api::textureReferences().setOffset(ref, 0);
  return e;
}

// The driver API's bindings read the reference's own format, and with HIP_TRSA_OVERRIDE_FORMAT
// (the one flag there is) take the array's.
hipError_t referenceFormat(const char* call, const textureReference* ref,
                           hipChannelFormatDesc& desc) {
  if (!hipcore::api::channelDescOf(ref->format, static_cast<unsigned>(ref->numChannels), desc))
    return finish(call, fail(hipErrorInvalidValue, "reference format %d with %d channels",
                             static_cast<int>(ref->format), ref->numChannels));
  return hipSuccess;
}

hipError_t overrideFormat(const char* call, textureReference* ref, const hipArray* array,
                          unsigned flags) {
  if (flags != HIP_TRSA_OVERRIDE_FORMAT)
    return finish(call, fail(hipErrorInvalidValue,
                             "flags %#x: HIP_TRSA_OVERRIDE_FORMAT is the "
                             "only value",
                             flags));
  hipArray_Format format;
  unsigned channels = 0;
  if (hipcore::api::arrayFormatOf(array->desc, format, channels)) {
    ref->format = format;
    ref->numChannels = static_cast<int>(channels);
    ref->channelDesc = array->desc;
  }
  return hipSuccess;
}

// The resource a reference is bound to, or hipErrorInvalidValue when it is unbound.
hipError_t boundResource(const char* call, const textureReference* ref, hipResourceDesc& out) {
  hipcore::core::ImageObjects::Texture record;
  if (!hipcore::api::findTexture(ref->textureObject, record))
    return finish(call, fail(hipErrorInvalidValue, "the texture reference is not bound"));
  out = record.resource;
  return hipSuccess;
}

}  // namespace

HIPCORE_API hipError_t hipBindTexture(size_t* offset, const textureReference* tex,
                                      const void* devPtr, const hipChannelFormatDesc* desc,
                                      size_t size) {
  return hipcore::api::call(
      "hipBindTexture", hipBindTexture,
      [&] {
        if (tex == nullptr || desc == nullptr)
          return finish("hipBindTexture", fail(hipErrorInvalidValue, "null argument"));
        return bindLinear("hipBindTexture", offset, tex, devPtr, *desc, size);
      },
      "offset, tex, devPtr, desc, size", offset, tex, devPtr, desc, size);
}

HIPCORE_API hipError_t hipBindTexture2D(size_t* offset, const textureReference* tex,
                                        const void* devPtr, const hipChannelFormatDesc* desc,
                                        size_t width, size_t height, size_t pitch) {
  return hipcore::api::call(
      "hipBindTexture2D", hipBindTexture2D,
      [&] {
        if (tex == nullptr || desc == nullptr)
          return finish("hipBindTexture2D", fail(hipErrorInvalidValue, "null argument"));
        return bindPitched("hipBindTexture2D", offset, tex, devPtr, *desc, width, height, pitch);
      },
      "offset, tex, devPtr, desc, width, height, pitch", offset, tex, devPtr, desc, width, height,
      pitch);
}

HIPCORE_API hipError_t hipBindTextureToArray(const textureReference* tex, hipArray_const_t array,
                                             const hipChannelFormatDesc* desc) {
  return hipcore::api::call(
      "hipBindTextureToArray", hipBindTextureToArray,
      [&] {
        // The array's own format is what the image holds; desc only has to be there.
        if (tex == nullptr || desc == nullptr)
          return finish("hipBindTextureToArray", fail(hipErrorInvalidValue, "null argument"));
        return bindArray("hipBindTextureToArray", tex, array);
      },
      "tex, array, desc", tex, array, desc);
}

HIPCORE_API hipError_t hipBindTextureToMipmappedArray(const textureReference* tex,
                                                      hipMipmappedArray_const_t mipmappedArray,
                                                      const hipChannelFormatDesc* desc) {
  return hipcore::api::call(
      "hipBindTextureToMipmappedArray", hipBindTextureToMipmappedArray,
      [&] {
        if (tex == nullptr || desc == nullptr)
          return finish("hipBindTextureToMipmappedArray",
                        fail(hipErrorInvalidValue, "null argument"));
        return bindMipmap("hipBindTextureToMipmappedArray", tex, mipmappedArray);
      },
      "tex, mipmappedArray, desc", tex, mipmappedArray, desc);
}

HIPCORE_API hipError_t hipUnbindTexture(const textureReference* tex) {
  return hipcore::api::call(
      "hipUnbindTexture", hipUnbindTexture,
      [&] { return hipcore::api::unbindReference("hipUnbindTexture", tex); }, "tex", tex);
}

HIPCORE_API hipError_t hipGetTextureReference(const textureReference** texref, const void* symbol) {
  return hipcore::api::call(
      "hipGetTextureReference", hipGetTextureReference,
      [&] {
        constexpr const char* call = "hipGetTextureReference";
        if (texref == nullptr) return finish(call, fail(hipErrorInvalidValue, "texref is null"));
        // The reference is the texture<> global itself (its host shadow is the symbol).
        hipcore::core::Device* device = nullptr;
        void* address = nullptr;
        const auto* ref = static_cast<const textureReference*>(symbol);
        Status status = hipcore::api::textureReferences().deviceCopy(ref, device, address);
        if (!status.ok()) {
          status.code = hipErrorInvalidValue;
          return finish(call, std::move(status));
        }
        *texref = ref;
        return hipSuccess;
      },
      "texref, symbol", texref, symbol);
}

HIPCORE_API hipError_t hipGetTextureAlignmentOffset(size_t* offset,
                                                    const textureReference* texref) {
  return hipcore::api::call(
      "hipGetTextureAlignmentOffset", hipGetTextureAlignmentOffset,
      [&] {
        if (offset == nullptr || texref == nullptr)
          return finish("hipGetTextureAlignmentOffset",
                        fail(hipErrorInvalidValue, "null argument"));
        *offset = hipcore::api::textureReferences().offset(texref);
        return hipSuccess;
      },
      "offset, texref", offset, texref);
}

HIPCORE_API hipError_t hipModuleGetTexRef(textureReference** texRef, hipModule_t hmod,
                                          const char* name) {
  return hipcore::api::call(
      "hipModuleGetTexRef", hipModuleGetTexRef,
      [&] {
        constexpr const char* call = "hipModuleGetTexRef";
        if (texRef == nullptr || name == nullptr || name[0] == '\0')
          return finish(call, fail(hipErrorInvalidValue, "null texRef or empty name"));
        auto* module = reinterpret_cast<hipcore::core::LoadedModule*>(hmod);
        if (!hipcore::core::plausibleHandle(hmod) || !module->valid())
          return finish(call, fail(hipErrorInvalidResourceHandle, "%p is not a module",
                                   static_cast<void*>(hmod)));
        void* address = nullptr;
        size_t size = 0;
        if (Status status = module->global(name, address, size); !status.ok())
          return finish(call, std::move(status));
        if (size != sizeof(textureReference))
          return finish(
              call, fail(hipErrorNotFound, "global %s (%zu bytes) is no texture<>", name, size));
        *texRef = hipcore::api::textureReferences().moduleReference(module, name, address);
        return hipSuccess;
      },
      "texRef, hmod, name", texRef, hmod, name);
}

HIPCORE_API hipError_t hipTexRefSetAddress(size_t* ByteOffset, textureReference* texRef,
                                           hipDeviceptr_t dptr, size_t bytes) {
  return hipcore::api::call(
      "hipTexRefSetAddress", hipTexRefSetAddress,
      [&] {
        constexpr const char* call = "hipTexRefSetAddress";
        if (texRef == nullptr) return finish(call, fail(hipErrorInvalidValue, "texRef is null"));
        hipChannelFormatDesc desc;
        if (hipError_t e = referenceFormat(call, texRef, desc); e != hipSuccess) return e;
        return bindLinear(call, ByteOffset, texRef, dptr, desc, bytes);
      },
      "ByteOffset, texRef, dptr, bytes", ByteOffset, texRef, dptr, bytes);
}

HIPCORE_API hipError_t hipTexRefSetAddress2D(textureReference* texRef,
                                             const HIP_ARRAY_DESCRIPTOR* desc, hipDeviceptr_t dptr,
                                             size_t Pitch) {
  return hipcore::api::call(
      "hipTexRefSetAddress2D", hipTexRefSetAddress2D,
      [&] {
        constexpr const char* call = "hipTexRefSetAddress2D";
        if (texRef == nullptr || desc == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "null argument"));
        hipChannelFormatDesc channels;
        if (!hipcore::api::channelDescOf(desc->Format, desc->NumChannels, channels))
          return finish(call, fail(hipErrorInvalidValue, "format %d with %u channels",
                                   static_cast<int>(desc->Format), desc->NumChannels));
        // The driver API returns no offset here: the memory must be aligned.
        return bindPitched(call, nullptr, texRef, dptr, channels, desc->Width, desc->Height, Pitch);
      },
      "texRef, desc, dptr, Pitch", texRef, desc, dptr, Pitch);
}

HIPCORE_API hipError_t hipTexRefSetArray(textureReference* tex, hipArray_const_t array,
                                         unsigned int flags) {
  return hipcore::api::call(
      "hipTexRefSetArray", hipTexRefSetArray,
      [&] {
        constexpr const char* call = "hipTexRefSetArray";
        if (tex == nullptr || !hipcore::api::knownArray(array))
          return finish(call, fail(hipErrorInvalidValue, "null reference, or array %p unknown",
                                   static_cast<const void*>(array)));
        if (hipError_t e = overrideFormat(call, tex, array, flags); e != hipSuccess) return e;
        return bindArray(call, tex, array);
      },
      "tex, array, flags", tex, array, flags);
}

HIPCORE_API hipError_t hipTexRefSetMipmappedArray(textureReference* texRef,
                                                  struct hipMipmappedArray* mipmappedArray,
                                                  unsigned int Flags) {
  return hipcore::api::call(
      "hipTexRefSetMipmappedArray", hipTexRefSetMipmappedArray,
      [&] {
        constexpr const char* call = "hipTexRefSetMipmappedArray";
        hipArray_t level0 = nullptr;
        if (texRef == nullptr || mipmappedArray == nullptr ||
            hipGetMipmappedArrayLevel(&level0, mipmappedArray, 0) != hipSuccess)
          return finish(call, fail(hipErrorInvalidValue, "null reference or mipmapped array"));
        if (hipError_t e = overrideFormat(call, texRef, level0, Flags); e != hipSuccess) return e;
        return bindMipmap(call, texRef, mipmappedArray);
      },
      "texRef, mipmappedArray, Flags", texRef, mipmappedArray, Flags);
}

HIPCORE_API hipError_t hipTexRefGetAddress(hipDeviceptr_t* dev_ptr,
                                           const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetAddress", hipTexRefGetAddress,
      [&] {
        constexpr const char* call = "hipTexRefGetAddress";
        if (dev_ptr == nullptr || texRef == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "null argument"));
        hipResourceDesc r;
        if (hipError_t e = boundResource(call, texRef, r); e != hipSuccess) return e;
        if (r.resType == hipResourceTypeLinear) {
          *dev_ptr = r.res.linear.devPtr;
        } else if (r.resType == hipResourceTypePitch2D) {
          *dev_ptr = r.res.pitch2D.devPtr;
        } else {
          return finish(call, fail(hipErrorInvalidValue, "the reference is bound to an array"));
        }
        return hipSuccess;
      },
      "dev_ptr, texRef", dev_ptr, texRef);
}

HIPCORE_API hipError_t hipTexRefGetArray(hipArray_t* pArray, const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetArray", hipTexRefGetArray,
      [&] {
        constexpr const char* call = "hipTexRefGetArray";
        if (pArray == nullptr || texRef == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "null argument"));
        hipResourceDesc r;
        if (hipError_t e = boundResource(call, texRef, r); e != hipSuccess) return e;
        if (r.resType != hipResourceTypeArray)
          return finish(call, fail(hipErrorInvalidValue, "the reference is bound to no array"));
        *pArray = r.res.array.array;
        return hipSuccess;
      },
      "pArray, texRef", pArray, texRef);
}

HIPCORE_API hipError_t hipTexRefGetMipMappedArray(hipMipmappedArray_t* pArray,
                                                  const textureReference* texRef) {
  return hipcore::api::call(
      "hipTexRefGetMipMappedArray", hipTexRefGetMipMappedArray,
      [&] {
        constexpr const char* call = "hipTexRefGetMipMappedArray";
        if (pArray == nullptr || texRef == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "null argument"));
        hipResourceDesc r;
        if (hipError_t e = boundResource(call, texRef, r); e != hipSuccess) return e;
        if (r.resType != hipResourceTypeMipmappedArray)
          return finish(call,
                        fail(hipErrorInvalidValue, "the reference is bound to no mipmapped array"));
        *pArray = r.res.mipmap.mipmap;
        return hipSuccess;
      },
      "pArray, texRef", pArray, texRef);
}
