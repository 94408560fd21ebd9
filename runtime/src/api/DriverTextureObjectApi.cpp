// The driver API's texture objects: hipTexObjectCreate/Destroy/Get*Desc. The same objects as
// hipCreateTextureObject's (TextureObjectApi.cpp); only the descriptors are spelled otherwise:
// formats as hipArray_Format plus a channel count, and the read mode, coordinate
// normalization and sRGB as HIP_TRSF_* flags.
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "ImageObjectState.h"
#include "TextureReferences.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

constexpr unsigned kKnownTextureFlags =
    HIP_TRSF_READ_AS_INTEGER | HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_SRGB;

Status runtimeResource(const HIP_RESOURCE_DESC& d, hipResourceDesc& out) {
  out = {};
  if (d.flags != 0) return fail(hipErrorInvalidValue, "resource flags %#x (must be 0)", d.flags);
  switch (d.resType) {
    case HIP_RESOURCE_TYPE_ARRAY:
      out.resType = hipResourceTypeArray;
      out.res.array.array = d.res.array.hArray;
      return Status::success();
    case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY:
      out.resType = hipResourceTypeMipmappedArray;
      out.res.mipmap.mipmap = d.res.mipmap.hMipmappedArray;
      return Status::success();
    case HIP_RESOURCE_TYPE_LINEAR:
      out.resType = hipResourceTypeLinear;
      out.res.linear.devPtr = d.res.linear.devPtr;
      out.res.linear.sizeInBytes = d.res.linear.sizeInBytes;
      if (!hipcore::api::channelDescOf(d.res.linear.format, d.res.linear.numChannels,
                                       out.res.linear.desc))
        return fail(hipErrorInvalidValue, "linear resource format %d with %u channels",
                    static_cast<int>(d.res.linear.format), d.res.linear.numChannels);
      return Status::success();
    case HIP_RESOURCE_TYPE_PITCH2D:
      out.resType = hipResourceTypePitch2D;
      out.res.pitch2D.devPtr = d.res.pitch2D.devPtr;
      out.res.pitch2D.width = d.res.pitch2D.width;
      out.res.pitch2D.height = d.res.pitch2D.height;
      out.res.pitch2D.pitchInBytes = d.res.pitch2D.pitchInBytes;
      if (!hipcore::api::channelDescOf(d.res.pitch2D.format, d.res.pitch2D.numChannels,
                                       out.res.pitch2D.desc))
        return fail(hipErrorInvalidValue, "pitch2D resource format %d with %u channels",
                    static_cast<int>(d.res.pitch2D.format), d.res.pitch2D.numChannels);
      return Status::success();
  }
  return fail(hipErrorInvalidValue, "resource type %d", static_cast<int>(d.resType));
}

HIP_RESOURCE_DESC driverResource(const hipResourceDesc& r) {
  HIP_RESOURCE_DESC d;
  std::memset(&d, 0, sizeof(d));
  d.resType = static_cast<HIPresourcetype>(r.resType);
  unsigned channels = 0;
  switch (r.resType) {
    case hipResourceTypeArray:
      d.res.array.hArray = r.res.array.array;
      break;
    case hipResourceTypeMipmappedArray:
      d.res.mipmap.hMipmappedArray = r.res.mipmap.mipmap;
      break;
    case hipResourceTypeLinear:
      d.res.linear.devPtr = r.res.linear.devPtr;
      d.res.linear.sizeInBytes = r.res.linear.sizeInBytes;
      hipcore::api::arrayFormatOf(r.res.linear.desc, d.res.linear.format, channels);
      d.res.linear.numChannels = channels;
      break;
    case hipResourceTypePitch2D:
      d.res.pitch2D.devPtr = r.res.pitch2D.devPtr;
      d.res.pitch2D.width = r.res.pitch2D.width;
      d.res.pitch2D.height = r.res.pitch2D.height;
      d.res.pitch2D.pitchInBytes = r.res.pitch2D.pitchInBytes;
      hipcore::api::arrayFormatOf(r.res.pitch2D.desc, d.res.pitch2D.format, channels);
      d.res.pitch2D.numChannels = channels;
      break;
  }
  return d;
}

Status runtimeTexture(const HIP_TEXTURE_DESC& d, hipTextureDesc& out) {
  out = {};
  if ((d.flags & ~kKnownTextureFlags) != 0)
    return fail(hipErrorInvalidValue, "texture flags %#x", d.flags);
  for (int i = 0; i < 3; ++i)
    out.addressMode[i] = static_cast<hipTextureAddressMode>(d.addressMode[i]);
  out.filterMode = static_cast<hipTextureFilterMode>(d.filterMode);
  // Without HIP_TRSF_READ_AS_INTEGER, 8- and 16-bit integers read as normalized floats.
  out.readMode =
      (d.flags & HIP_TRSF_READ_AS_INTEGER) ? hipReadModeElementType : hipReadModeNormalizedFloat;
  out.normalizedCoords = (d.flags & HIP_TRSF_NORMALIZED_COORDINATES) ? 1 : 0;
  out.sRGB = (d.flags & HIP_TRSF_SRGB) ? 1 : 0;
  out.maxAnisotropy = d.maxAnisotropy;
  out.mipmapFilterMode = static_cast<hipTextureFilterMode>(d.mipmapFilterMode);
  out.mipmapLevelBias = d.mipmapLevelBias;
  out.minMipmapLevelClamp = d.minMipmapLevelClamp;
  out.maxMipmapLevelClamp = d.maxMipmapLevelClamp;
  std::memcpy(out.borderColor, d.borderColor, sizeof(out.borderColor));
  return Status::success();
}

HIP_TEXTURE_DESC driverTexture(const hipTextureDesc& t) {
  HIP_TEXTURE_DESC d;
  std::memset(&d, 0, sizeof(d));
  for (int i = 0; i < 3; ++i) d.addressMode[i] = static_cast<HIPaddress_mode>(t.addressMode[i]);
  d.filterMode = static_cast<HIPfilter_mode>(t.filterMode);
  d.flags = (t.readMode == hipReadModeElementType ? HIP_TRSF_READ_AS_INTEGER : 0u) |
            (t.normalizedCoords ? HIP_TRSF_NORMALIZED_COORDINATES : 0u) |
            (t.sRGB ? HIP_TRSF_SRGB : 0u);
  d.maxAnisotropy = t.maxAnisotropy;
  d.mipmapFilterMode = static_cast<HIPfilter_mode>(t.mipmapFilterMode);
  d.mipmapLevelBias = t.mipmapLevelBias;
  d.minMipmapLevelClamp = t.minMipmapLevelClamp;
  d.maxMipmapLevelClamp = t.maxMipmapLevelClamp;
  std::memcpy(d.borderColor, t.borderColor, sizeof(d.borderColor));
  return d;
}

// The two view descriptors differ only in the driver's reserved words (same format values).
hipResourceViewDesc runtimeView(const HIP_RESOURCE_VIEW_DESC& d) {
  return {static_cast<hipResourceViewFormat>(d.format),
          d.width,
          d.height,
          d.depth,
          d.firstMipmapLevel,
          d.lastMipmapLevel,
          d.firstLayer,
          d.lastLayer};
}

HIP_RESOURCE_VIEW_DESC driverView(const hipResourceViewDesc& v) {
  HIP_RESOURCE_VIEW_DESC d;
  std::memset(&d, 0, sizeof(d));
  d.format = static_cast<HIPresourceViewFormat>(v.format);
  d.width = v.width;
  d.height = v.height;
  d.depth = v.depth;
  d.firstMipmapLevel = v.firstMipmapLevel;
  d.lastMipmapLevel = v.lastMipmapLevel;
  d.firstLayer = v.firstLayer;
  d.lastLayer = v.lastLayer;
  return d;
}

}  // namespace

HIPCORE_API hipError_t hipTexObjectCreate(hipTextureObject_t* pTexObject,
                                          const HIP_RESOURCE_DESC* pResDesc,
                                          const HIP_TEXTURE_DESC* pTexDesc,
                                          const HIP_RESOURCE_VIEW_DESC* pResViewDesc) {
  return hipcore::api::call(
      "hipTexObjectCreate", hipTexObjectCreate,
      [&] {
        constexpr const char* call = "hipTexObjectCreate";
        if (pTexObject == nullptr || pResDesc == nullptr || pTexDesc == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "null argument"));
        *pTexObject = nullptr;
        hipResourceDesc resource;
        hipTextureDesc texture;
        if (Status s = runtimeResource(*pResDesc, resource); !s.ok())
          return finish(call, std::move(s));
        if (Status s = runtimeTexture(*pTexDesc, texture); !s.ok())
          return finish(call, std::move(s));
        hipResourceViewDesc view;
        if (pResViewDesc != nullptr) view = runtimeView(*pResViewDesc);
        return hipcore::api::createTexture(call, pTexObject, &resource, &texture,
                                           pResViewDesc != nullptr ? &view : nullptr);
      },
      "pTexObject, pResDesc, pTexDesc, pResViewDesc", pTexObject, pResDesc, pTexDesc, pResViewDesc);
}

HIPCORE_API hipError_t hipTexObjectDestroy(hipTextureObject_t texObject) {
  return hipcore::api::call(
      "hipTexObjectDestroy", hipTexObjectDestroy,
      [&] { return hipcore::api::destroyTexture("hipTexObjectDestroy", texObject); }, "texObject",
      texObject);
}

HIPCORE_API hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC* pResDesc,
                                                   hipTextureObject_t texObject) {
  return hipcore::api::call(
      "hipTexObjectGetResourceDesc", hipTexObjectGetResourceDesc,
      [&] {
        return hipcore::api::describeTexture(
            "hipTexObjectGetResourceDesc", texObject, pResDesc != nullptr,
            [&](const auto& r) { *pResDesc = driverResource(r.resource); });
      },
      "pResDesc, texObject", pResDesc, texObject);
}

HIPCORE_API hipError_t hipTexObjectGetResourceViewDesc(HIP_RESOURCE_VIEW_DESC* pResViewDesc,
                                                       hipTextureObject_t texObject) {
  return hipcore::api::call(
      "hipTexObjectGetResourceViewDesc", hipTexObjectGetResourceViewDesc,
      [&] {
        return hipcore::api::describeTexture(
            "hipTexObjectGetResourceViewDesc", texObject, pResViewDesc != nullptr,
            [&](const auto& r) { *pResViewDesc = driverView(r.view); });
      },
      "pResViewDesc, texObject", pResViewDesc, texObject);
}

HIPCORE_API hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC* pTexDesc,
                                                  hipTextureObject_t texObject) {
  return hipcore::api::call(
      "hipTexObjectGetTextureDesc", hipTexObjectGetTextureDesc,
      [&] {
        return hipcore::api::describeTexture(
            "hipTexObjectGetTextureDesc", texObject, pTexDesc != nullptr,
            [&](const auto& r) { *pTexDesc = driverTexture(r.texture); });
      },
      "pTexDesc, texObject", pTexDesc, texObject);
}
