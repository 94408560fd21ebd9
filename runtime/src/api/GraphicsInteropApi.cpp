// OpenGL interoperability: hipGLGetDevices, hipGraphicsGLRegisterBuffer/Image and the registered
// resources' map, unmap, pointer, array and unregister calls. Sharing an OpenGL object needs the
// graphics driver that owns it; hipcore's devices drive no OpenGL context (vgpu has no display
// engine at all), so no device is an OpenGL device and no resource can exist. Each call checks
// its arguments as AMD's runtime does, then answers what follows from that: no devices,
// registration not supported, every resource handle invalid.
#include <hip/hip_gl_interop.h>

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

constexpr unsigned kRegisterFlags =
    hipGraphicsRegisterFlagsReadOnly | hipGraphicsRegisterFlagsWriteDiscard |
    hipGraphicsRegisterFlagsSurfaceLoadStore | hipGraphicsRegisterFlagsTextureGather;

Status registration(hipGraphicsResource** resource, unsigned flags) {
  if (resource == nullptr) return fail(hipErrorInvalidValue, "resource is null");
  if ((flags & ~kRegisterFlags) != 0) return fail(hipErrorInvalidValue, "flags 0x%x", flags);
  return fail(hipErrorNotSupported,
              "no OpenGL interop: hipcore's devices drive no OpenGL context (no graphics driver)");
}

// No resource was ever registered, so none is valid.
Status resource(hipGraphicsResource_t handle) {
  if (handle == nullptr) return fail(hipErrorInvalidValue, "the resource is null");
  return fail(hipErrorInvalidHandle, "%p is not a registered graphics resource",
              static_cast<void*>(handle));
}

Status resources(int count, hipGraphicsResource_t* handles) {
  if (count <= 0 || handles == nullptr)
    return fail(hipErrorInvalidValue, "%d resources at %p", count, static_cast<void*>(handles));
  return resource(handles[0]);
}

}  // namespace

HIPCORE_API hipError_t hipGLGetDevices(unsigned int* pHipDeviceCount, int* pHipDevices,
                                       unsigned int hipDeviceCount, hipGLDeviceList deviceList) {
  return hipcore::api::call(
      "hipGLGetDevices", hipGLGetDevices,
      [&] {
        const char* call = "hipGLGetDevices";
        if (deviceList == hipGLDeviceListNextFrame)
          return finish(call, fail(hipErrorNotSupported, "hipGLDeviceListNextFrame"));
        if (pHipDeviceCount == nullptr || pHipDevices == nullptr || hipDeviceCount == 0 ||
            (deviceList != hipGLDeviceListAll && deviceList != hipGLDeviceListCurrentFrame))
          return finish(call,
                        fail(hipErrorInvalidValue, "count %p, devices %p (%u), list %d",
                             static_cast<void*>(pHipDeviceCount), static_cast<void*>(pHipDevices),
                             hipDeviceCount, static_cast<int>(deviceList)));
        *pHipDeviceCount = 0;
        return finish(call, fail(hipErrorNoDevice, "no device drives an OpenGL context"));
      },
      "pHipDeviceCount, pHipDevices, hipDeviceCount, deviceList", pHipDeviceCount, pHipDevices,
      hipDeviceCount, deviceList);
}

HIPCORE_API hipError_t hipGraphicsGLRegisterBuffer(hipGraphicsResource** resource, GLuint buffer,
                                                   unsigned int flags) {
  return hipcore::api::call(
      "hipGraphicsGLRegisterBuffer", hipGraphicsGLRegisterBuffer,
      [&] { return finish("hipGraphicsGLRegisterBuffer", registration(resource, flags)); },
      "resource, buffer, flags", resource, buffer, flags);
}

HIPCORE_API hipError_t hipGraphicsGLRegisterImage(hipGraphicsResource** resource, GLuint image,
                                                  GLenum target, unsigned int flags) {
  return hipcore::api::call(
      "hipGraphicsGLRegisterImage", hipGraphicsGLRegisterImage,
      [&] { return finish("hipGraphicsGLRegisterImage", registration(resource, flags)); },
      "resource, image, target, flags", resource, image, target, flags);
}

HIPCORE_API hipError_t hipGraphicsMapResources(int count, hipGraphicsResource_t* resources_,
                                               hipStream_t stream) {
  return hipcore::api::call(
      "hipGraphicsMapResources", hipGraphicsMapResources,
      [&] { return finish("hipGraphicsMapResources", resources(count, resources_)); },
      "count, resources, stream", count, resources_, stream);
}

HIPCORE_API hipError_t hipGraphicsUnmapResources(int count, hipGraphicsResource_t* resources_,
                                                 hipStream_t stream) {
  return hipcore::api::call(
      "hipGraphicsUnmapResources", hipGraphicsUnmapResources,
      [&] { return finish("hipGraphicsUnmapResources", resources(count, resources_)); },
      "count, resources, stream", count, resources_, stream);
}

HIPCORE_API hipError_t hipGraphicsResourceGetMappedPointer(void** devPtr, size_t* size,
                                                           hipGraphicsResource_t handle) {
  return hipcore::api::call(
      "hipGraphicsResourceGetMappedPointer", hipGraphicsResourceGetMappedPointer,
      [&] {
        Status status = devPtr == nullptr || size == nullptr
                            ? fail(hipErrorInvalidValue, "devPtr or size is null")
                            : resource(handle);
        return finish("hipGraphicsResourceGetMappedPointer", std::move(status));
      },
      "devPtr, size, resource", devPtr, size, handle);
}

HIPCORE_API hipError_t hipGraphicsSubResourceGetMappedArray(hipArray_t* array,
                                                            hipGraphicsResource_t handle,
                                                            unsigned int arrayIndex,
                                                            unsigned int mipLevel) {
  return hipcore::api::call(
      "hipGraphicsSubResourceGetMappedArray", hipGraphicsSubResourceGetMappedArray,
      [&] {
        Status status =
            array == nullptr ? fail(hipErrorInvalidValue, "array is null") : resource(handle);
        return finish("hipGraphicsSubResourceGetMappedArray", std::move(status));
      },
      "array, resource, arrayIndex, mipLevel", array, handle, arrayIndex, mipLevel);
}

HIPCORE_API hipError_t hipGraphicsUnregisterResource(hipGraphicsResource_t handle) {
  return hipcore::api::call(
      "hipGraphicsUnregisterResource", hipGraphicsUnregisterResource,
      [&] { return finish("hipGraphicsUnregisterResource", resource(handle)); }, "resource",
      handle);
}
