// Texture objects: hipCreateTextureObject writes a T# for the resource and an S# for the texture
// descriptor (core/ImageDescriptors.h) into a small device block whose address is the handle;
// the device functions (hip/device/texture_functions.h) pass it to the image instructions.
#include <vector>

#include "ApiCall.h"
#include "ApiState.h"
#include "ImageObjectState.h"
#include "core/ImageArray.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::ImageLayout;
using hipcore::core::Status;

namespace hipcore::api {

core::ImageObjects& imageObjects() {
  // Never destroyed, like the registry: objects may be destroyed from atexit handlers.
  static core::ImageObjects* table = new core::ImageObjects();
  return *table;
}

Status imageOf(const hipResourceDesc& r, bool normalizedRead, ImageLayout& out) {
  switch (r.resType) {
    case hipResourceTypeArray: {
      const hipArray* a = r.res.array.array;
      if (!knownArray(a)) return fail(hipErrorInvalidValue, "resource array is null or unknown");
      out = a->layout();
      core::texelFormatOf(a->desc, normalizedRead, out.format);
      return Status::success();
    }
    case hipResourceTypeLinear:
    case hipResourceTypePitch2D: {
      const bool linear = r.resType == hipResourceTypeLinear;
      const hipChannelFormatDesc& desc = linear ? r.res.linear.desc : r.res.pitch2D.desc;
      void* pointer = linear ? r.res.linear.devPtr : r.res.pitch2D.devPtr;
      if (!core::texelFormatOf(desc, normalizedRead, out.format))
        return fail(hipErrorInvalidValue, "channel format {%d, %d, %d, %d, kind %d}", desc.x,
                    desc.y, desc.z, desc.w, static_cast<int>(desc.f));
      const std::uint64_t address = reinterpret_cast<std::uint64_t>(pointer);
      // The T# holds address bits 47:8: images start on 256 bytes (textureAlignment).
      if (pointer == nullptr || address % core::kImageRowAlignment != 0)
        return fail(hipErrorInvalidValue, "resource memory %p is null or not 256-byte aligned",
                    pointer);
      const unsigned bytes = out.format.bytes();
      out.address = address;
      if (linear) {
        // A buffer of elements (writeBufferDescriptor): as many as NUM_RECORDS holds.
        const size_t width = r.res.linear.sizeInBytes / bytes;
        if (width == 0 || width > core::kMaxLinearElements)
          return fail(hipErrorInvalidValue, "linear resource of %zu bytes: 1..%u elements",
                      r.res.linear.sizeInBytes, core::kMaxLinearElements);
        out.type = core::ImageType::d1;
        out.width = static_cast<std::uint32_t>(width);
        out.height = 1;
        out.rowPitch = width * bytes;
      } else {
        const auto& p = r.res.pitch2D;
        if (p.width == 0 || p.height == 0 || p.width > core::kMaxImageExtent ||
            p.height > core::kMaxImageExtent || p.pitchInBytes % bytes != 0 ||
            p.pitchInBytes < p.width * bytes || p.pitchInBytes / bytes > core::kMaxImageExtent)
          return fail(hipErrorInvalidValue, "pitch2D resource %zu x %zu, pitch %zu bytes", p.width,
                      p.height, p.pitchInBytes);
        out.type = core::ImageType::d2;
        out.width = static_cast<std::uint32_t>(p.width);
        out.height = static_cast<std::uint32_t>(p.height);
        out.rowPitch = p.pitchInBytes;
      }
      out.depth = 1;
      return Status::success();
    }
    case hipResourceTypeMipmappedArray: {
      std::vector<hipArray*> levels;
      if (!imageObjects().findMipmap(r.res.mipmap.mipmap, levels))
        return fail(hipErrorInvalidValue, "resource mipmapped array is null or unknown");
      out = levels[0]->layout();
      out.levels = static_cast<std::uint32_t>(levels.size());
      core::texelFormatOf(levels[0]->desc, normalizedRead, out.format);
      return Status::success();
    }
  }
  return fail(hipErrorInvalidValue, "resource type %d", static_cast<int>(r.resType));
}

hipError_t uploadDescriptors(const char* call, const std::uint32_t* words, unsigned count,
                             void*& handle) {
  handle = nullptr;
  hipError_t error = hipMalloc(&handle, count * sizeof(std::uint32_t));
  if (error != hipSuccess) return error;
  error = hipMemcpy(handle, words, count * sizeof(std::uint32_t), hipMemcpyHostToDevice);
  if (error != hipSuccess) {
    hipFree(handle);
    handle = nullptr;
    return finish(call, fail(error, "%s: writing the descriptors", call));
  }
  return hipSuccess;
}

hipError_t createTexture(const char* call, hipTextureObject_t* object,
                         const hipResourceDesc* resource, const hipTextureDesc* texture,
                         const hipResourceViewDesc* view) {
  if (object == nullptr || resource == nullptr || texture == nullptr)
    return finish(call, fail(hipErrorInvalidValue, "null argument"));
  *object = nullptr;
  // Resource views describe arrays (CUDA: "only valid if the resource is a CUDA array or
  // mipmapped array").
  if (view != nullptr && resource->resType != hipResourceTypeArray &&
      resource->resType != hipResourceTypeMipmappedArray)
    return finish(call, fail(hipErrorInvalidValue, "a resource view of linear or pitched memory"));
  if (view != nullptr && (view->firstMipmapLevel != 0 || view->lastMipmapLevel != 0 ||
                          view->firstLayer != 0 || view->lastLayer != 0))
    return finish(call, fail(hipErrorNotSupported, "resource views of levels or layers"));
  for (hipTextureAddressMode mode : texture->addressMode)
    if (mode < hipAddressModeWrap || mode > hipAddressModeBorder)
      return finish(call, fail(hipErrorInvalidValue, "address mode %d", static_cast<int>(mode)));
  if (texture->filterMode != hipFilterModePoint && texture->filterMode != hipFilterModeLinear)
    return finish(
        call, fail(hipErrorInvalidValue, "filter mode %d", static_cast<int>(texture->filterMode)));
  std::uint8_t borderType = 0;
  if (!hipcore::core::borderTypeOf(texture->borderColor, borderType))
    return finish(call, fail(hipErrorNotSupported,
                             "border colour (%g, %g, %g, %g): only transparent black, opaque "
                             "black and opaque white exist without a border colour table",
                             texture->borderColor[0], texture->borderColor[1],
                             texture->borderColor[2], texture->borderColor[3]));
  ImageLayout image;
  Status status =
      hipcore::api::imageOf(*resource, texture->readMode == hipReadModeNormalizedFloat, image);
  if (!status.ok()) return finish(call, std::move(status));
  if (texture->sRGB != 0) {
    // The hardware decodes sRGB for 8-bit unorm image formats only; typed buffer formats (linear
    // memory) have no sRGB encoding. One- and two-channel textures decode too (the
    // 8_SRGB and 8_8_SRGB formats exist); AMD's runtime ignores the flag for them.
    if (resource->resType == hipResourceTypeLinear)
      return finish(call, fail(hipErrorInvalidValue, "an sRGB texture of linear memory"));
    if (image.format.kind != hipcore::core::TexelKind::unorm || image.format.bits != 8)
      return finish(call, fail(hipErrorInvalidValue,
                               "sRGB needs 8-bit unsigned channels read as normalized floats"));
    image.format.srgb = true;
  }
  hipDeviceProp_t properties;
  int device = 0;
  if (hipError_t e = hipGetDevice(&device); e != hipSuccess) return e;
  if (hipError_t e = hipGetDeviceProperties(&properties, device); e != hipSuccess) return e;
  const hipcore::core::ImageGeneration generation =
      hipcore::core::imageGenerationOf(properties.major);

  std::uint32_t words[hipcore::core::kTextureObjectWords] = {};
  hipcore::core::SamplerState sampler;
  for (int i = 0; i < 3; ++i) sampler.addressMode[i] = texture->addressMode[i];
  sampler.linear = texture->filterMode == hipFilterModeLinear;
  sampler.normalizedCoords = texture->normalizedCoords != 0;
  sampler.borderType = borderType;
  if (resource->resType == hipResourceTypeMipmappedArray) {
    sampler.mipFilter = texture->mipmapFilterMode == hipFilterModeLinear ? 2 : 1;
    sampler.minLod = texture->minMipmapLevelClamp;
    sampler.maxLod = texture->maxMipmapLevelClamp;
    sampler.lodBias = texture->mipmapLevelBias;
  }
  if (resource->resType == hipResourceTypeLinear)
    hipcore::core::writeBufferDescriptor(generation, image,
                                         reinterpret_cast<std::uint32_t(&)[8]>(words[0]));
  else
    hipcore::core::writeImageDescriptor(generation, image,
                                        reinterpret_cast<std::uint32_t(&)[8]>(words[0]));
  hipcore::core::writeImageMetadata(image, reinterpret_cast<std::uint32_t(&)[4]>(words[8]));
  hipcore::core::writeSamplerDescriptor(
      generation, sampler,
      reinterpret_cast<std::uint32_t(&)[4]>(words[hipcore::core::kSamplerOffsetWords]));
  void* handle = nullptr;
  hipError_t error =
      hipcore::api::uploadDescriptors(call, words, hipcore::core::kTextureObjectWords, handle);
  if (error != hipSuccess) return error;
  hipcore::core::ImageObjects::Texture record;
  record.resource = *resource;
  record.texture = *texture;
  if (view != nullptr) record.view = *view;
  hipcore::api::imageObjects().addTexture(handle, record);
  *object = static_cast<hipTextureObject_t>(handle);
  return hipSuccess;
}

hipError_t destroyTexture(const char* call, hipTextureObject_t object) {
  if (object == nullptr) return hipSuccess;  // as CUDA: nothing to destroy
  if (!imageObjects().removeTexture(object))
    return finish(
        call, fail(hipErrorInvalidValue, "%p is not a texture object", static_cast<void*>(object)));
  return hipFree(object);
}

}  // namespace hipcore::api

HIPCORE_API hipError_t hipCreateTextureObject(hipTextureObject_t* pTexObject,
                                              const hipResourceDesc* pResDesc,
                                              const hipTextureDesc* pTexDesc,
                                              const struct hipResourceViewDesc* pResViewDesc) {
  return hipcore::api::call(
      "hipCreateTextureObject", hipCreateTextureObject,
      [&] {
        return hipcore::api::createTexture("hipCreateTextureObject", pTexObject, pResDesc, pTexDesc,
                                           pResViewDesc);
      },
      "pTexObject, pResDesc, pTexDesc, pResViewDesc", pTexObject, pResDesc, pTexDesc, pResViewDesc);
}

HIPCORE_API hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject) {
  return hipcore::api::call(
      "hipDestroyTextureObject", hipDestroyTextureObject,
      [&] { return hipcore::api::destroyTexture("hipDestroyTextureObject", textureObject); },
      "textureObject", textureObject);
}

HIPCORE_API hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc* pResDesc,
                                                       hipTextureObject_t textureObject) {
  return hipcore::api::call(
      "hipGetTextureObjectResourceDesc", hipGetTextureObjectResourceDesc,
      [&] {
        return hipcore::api::describeTexture("hipGetTextureObjectResourceDesc", textureObject,
                                             pResDesc != nullptr,
                                             [&](const auto& r) { *pResDesc = r.resource; });
      },
      "pResDesc, textureObject", pResDesc, textureObject);
}

HIPCORE_API hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc* pResViewDesc,
                                                           hipTextureObject_t textureObject) {
  return hipcore::api::call(
      "hipGetTextureObjectResourceViewDesc", hipGetTextureObjectResourceViewDesc,
      [&] {
        return hipcore::api::describeTexture("hipGetTextureObjectResourceViewDesc", textureObject,
                                             pResViewDesc != nullptr,
                                             [&](const auto& r) { *pResViewDesc = r.view; });
      },
      "pResViewDesc, textureObject", pResViewDesc, textureObject);
}

HIPCORE_API hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc* pTexDesc,
                                                      hipTextureObject_t textureObject) {
  return hipcore::api::call(
      "hipGetTextureObjectTextureDesc", hipGetTextureObjectTextureDesc,
      [&] {
        return hipcore::api::describeTexture("hipGetTextureObjectTextureDesc", textureObject,
                                             pTexDesc != nullptr,
                                             [&](const auto& r) { *pTexDesc = r.texture; });
      },
      "pTexDesc, textureObject", pTexDesc, textureObject);
}

HIPCORE_API hipError_t hipDeviceGetTexture1DLinearMaxWidth(size_t* maxWidthInElements,
                                                           const hipChannelFormatDesc* fmtDesc,
                                                           int device) {
  return hipcore::api::call(
      "hipDeviceGetTexture1DLinearMaxWidth", hipDeviceGetTexture1DLinearMaxWidth,
      [&] {
        constexpr const char* call = "hipDeviceGetTexture1DLinearMaxWidth";
        if (maxWidthInElements == nullptr || fmtDesc == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "null argument"));
        hipcore::core::Device* unused = nullptr;
        if (Status status = hipcore::api::deviceAt(device, unused); !status.ok())
          return finish(call, std::move(status));
        hipcore::core::TexelFormat format;
        if (!hipcore::core::texelFormatOf(*fmtDesc, false, format))
          return finish(call, fail(hipErrorInvalidValue, "channel format has no image format"));
        // Linear textures are buffers of elements (writeBufferDescriptor).
        *maxWidthInElements = hipcore::core::kMaxLinearElements;
        return hipSuccess;
      },
      "maxWidthInElements, fmtDesc, device", maxWidthInElements, fmtDesc, device);
}
