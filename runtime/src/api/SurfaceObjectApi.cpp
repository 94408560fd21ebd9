// Surface objects: a T# of the array's element format (stores convert into it, loads return
// it raw) plus the metadata dwords, in a device block whose address is the handle.
#include "ApiCall.h"
#include "ApiState.h"
#include "ImageObjectState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipCreateSurfaceObject(hipSurfaceObject_t* pSurfObject,
                                              const hipResourceDesc* pResDesc) {
  return hipcore::api::call(
      "hipCreateSurfaceObject", hipCreateSurfaceObject,
      [&] {
        constexpr const char* call = "hipCreateSurfaceObject";
        if (pSurfObject == nullptr || pResDesc == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "null argument"));
        *pSurfObject = nullptr;
        // Surfaces are over arrays only (CUDA's rule).
        if (pResDesc->resType != hipResourceTypeArray)
          return finish(call, fail(hipErrorInvalidValue, "resource type %d is not an array",
                                   static_cast<int>(pResDesc->resType)));
        hipcore::core::ImageLayout image;
        Status status = hipcore::api::imageOf(*pResDesc, /*normalizedRead=*/false, image);
        if (!status.ok()) return finish(call, std::move(status));
        hipDeviceProp_t properties;
        int device = 0;
        if (hipError_t e = hipGetDevice(&device); e != hipSuccess) return e;
        if (hipError_t e = hipGetDeviceProperties(&properties, device); e != hipSuccess) return e;
        std::uint32_t words[12] = {};
        hipcore::core::writeImageDescriptor(hipcore::core::imageGenerationOf(properties.major),
                                            image, reinterpret_cast<std::uint32_t(&)[8]>(words[0]));
        hipcore::core::writeImageMetadata(image, reinterpret_cast<std::uint32_t(&)[4]>(words[8]));
        void* handle = nullptr;
        hipError_t error = hipcore::api::uploadDescriptors(call, words, 12, handle);
        if (error != hipSuccess) return error;
        hipcore::api::imageObjects().addSurface(handle, *pResDesc);
        *pSurfObject = static_cast<hipSurfaceObject_t>(handle);
        return hipSuccess;
      },
      "pSurfObject, pResDesc", pSurfObject, pResDesc);
}

HIPCORE_API hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject) {
  return hipcore::api::call(
      "hipDestroySurfaceObject", hipDestroySurfaceObject,
      [&] {
        if (surfaceObject == nullptr) return hipSuccess;
        if (!hipcore::api::imageObjects().removeSurface(surfaceObject))
          return finish("hipDestroySurfaceObject",
                        fail(hipErrorInvalidValue, "%p is not a surface object",
                             static_cast<void*>(surfaceObject)));
        return hipFree(surfaceObject);
      },
      "surfaceObject", surfaceObject);
}
