// The process's table of live texture and surface objects (TextureObjectApi.cpp), and the
// descriptor block every object's handle points at.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>

#include "ApiCall.h"
#include "core/ImageDescriptors.h"
#include "core/ImageObjects.h"
#include "core/Status.h"

namespace hipcore::api {

core::ImageObjects& imageObjects();
// True for an array hipMallocArray & co. made and no one freed yet.
inline bool knownArray(const hipArray* array) {
  return array != nullptr && imageObjects().knowsArray(array);
}

// The image a texture or surface over `resource` reads (normalizedRead: 8/16-bit integers as
// unorm/snorm), or why there is none.
core::Status imageOf(const hipResourceDesc& resource, bool normalizedRead, core::ImageLayout& out);

// Allocates device memory for `count` descriptor words and copies them there.
hipError_t uploadDescriptors(const char* call, const std::uint32_t* words, unsigned count,
                             void*& handle);

// hipCreateTextureObject and hipDestroyTextureObject under the name of the call that makes or
// destroys the object (texture references, the driver API's hipTexObject*).
hipError_t createTexture(const char* call, hipTextureObject_t* object,
                         const hipResourceDesc* resource, const hipTextureDesc* texture,
                         const hipResourceViewDesc* view);
hipError_t destroyTexture(const char* call, hipTextureObject_t object);
// The record of a live texture object, or false.
inline bool findTexture(hipTextureObject_t object, core::ImageObjects::Texture& out) {
  return object != nullptr && imageObjects().findTexture(object, out);
}

// The Get*Desc calls of both APIs: `pick` reads the record of a live texture object; a null
// output or an unknown handle is hipErrorInvalidValue.
template <class Pick>
hipError_t describeTexture(const char* call, hipTextureObject_t object, bool haveOutput,
                           Pick pick) {
  if (!haveOutput) return finish(call, core::fail(hipErrorInvalidValue, "%s: null output", call));
  core::ImageObjects::Texture record;
  if (!findTexture(object, record))
    return finish(call, core::fail(hipErrorInvalidValue, "%s: %p is not a texture object", call,
                                   static_cast<void*>(object)));
  pick(record);
  return hipSuccess;
}

}  // namespace hipcore::api
