// Arrays: hipMallocArray, hipMalloc3DArray, hipArrayCreate, hipArray3DCreate, hipFreeArray,
// hipArrayDestroy and the queries. An array is linear device memory laid out as the image
// descriptors expect (core/ImageArray.h); copies: ArrayCopyApi.cpp.
#include <new>

#include "ApiCall.h"
#include "ApiState.h"
#include "ImageObjectState.h"
#include "core/ImageArray.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

hipError_t createArray(const char* call, hipArray_t* array, const hipChannelFormatDesc* desc,
                       size_t width, size_t height, size_t depth, unsigned flags) {
  if (array == nullptr || desc == nullptr)
    return finish(call, fail(hipErrorInvalidValue, "%s: null argument", call));
  *array = nullptr;
  hipArray described;
  Status status = hipcore::core::describeArray(*desc, width, height, depth, flags, described);
  if (!status.ok()) return finish(call, std::move(status));
  int device = 0;
  hipError_t error = hipGetDevice(&device);
  if (error != hipSuccess) return error;
  error = hipMalloc(&described.data, described.bytes());
  if (error != hipSuccess) return error;
  described.device = device;
  *array = new (std::nothrow) hipArray(described);
  if (*array == nullptr) {
    hipFree(described.data);
    return finish(call, fail(hipErrorOutOfMemory, "%s: array object", call));
  }
  hipcore::api::imageObjects().addArray(*array);
  return hipSuccess;
}

hipError_t destroyArray(const char* call, hipArray_t array) {
  // A level of a mipmapped array stays the mipmapped array's: freeing it succeeds and does
  // nothing. AMD's runtime hands out a new view per hipGetMipmappedArrayLevel that the caller
  // frees, and AMD's tests free every level they ask for.
  if (hipcore::api::knownArray(array) && array->ownedByMipmap) return hipSuccess;
  // A freed array or memory that never held one is hipErrorContextIsDestroyed, as with AMD's
  // runtime (hip-tests' hipArray_Invalid and DoubleFree); null stays an invalid value.
  if (array == nullptr) return finish(call, fail(hipErrorInvalidValue, "%s: array is null", call));
  if (!hipcore::api::imageObjects().removeArray(array))
    return finish(call, fail(hipErrorContextIsDestroyed, "%s: %p is not a live array", call,
                             static_cast<const void*>(array)));
  hipError_t error = hipFree(array->data);
  if (error != hipSuccess) return error;
  delete array;
  return hipSuccess;
}

}  // namespace

HIPCORE_API hipError_t hipMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc,
                                      size_t width, size_t height, unsigned int flags) {
  return hipcore::api::call(
      "hipMallocArray", hipMallocArray,
      [&] { return createArray("hipMallocArray", array, desc, width, height, 0, flags); },
      "array, desc, width, height, flags", array, desc, width, height, flags);
}

HIPCORE_API hipError_t hipMalloc3DArray(hipArray_t* array, const struct hipChannelFormatDesc* desc,
                                        struct hipExtent extent, unsigned int flags) {
  return hipcore::api::call(
      "hipMalloc3DArray", hipMalloc3DArray,
      [&] {
        return createArray("hipMalloc3DArray", array, desc, extent.width, extent.height,
                           extent.depth, flags);
      },
      "array, desc, extent, flags", array, desc, extent, flags);
}

HIPCORE_API hipError_t hipArrayCreate(hipArray_t* pHandle,
                                      const HIP_ARRAY_DESCRIPTOR* pAllocateArray) {
  return hipcore::api::call(
      "hipArrayCreate", hipArrayCreate,
      [&] {
        if (pAllocateArray == nullptr)
          return finish("hipArrayCreate", fail(hipErrorInvalidValue, "null descriptor"));
        hipChannelFormatDesc desc;
        Status status =
            hipcore::core::channelDescOf(pAllocateArray->Format, pAllocateArray->NumChannels, desc);
        if (!status.ok()) return finish("hipArrayCreate", std::move(status));
        return createArray("hipArrayCreate", pHandle, &desc, pAllocateArray->Width,
                           pAllocateArray->Height, 0, hipArrayDefault);
      },
      "pHandle, pAllocateArray", pHandle, pAllocateArray);
}

HIPCORE_API hipError_t hipArray3DCreate(hipArray_t* array,
                                        const HIP_ARRAY3D_DESCRIPTOR* pAllocateArray) {
  return hipcore::api::call(
      "hipArray3DCreate", hipArray3DCreate,
      [&] {
        if (pAllocateArray == nullptr)
          return finish("hipArray3DCreate", fail(hipErrorInvalidValue, "null descriptor"));
        hipChannelFormatDesc desc;
        Status status =
            hipcore::core::channelDescOf(pAllocateArray->Format, pAllocateArray->NumChannels, desc);
        if (!status.ok()) return finish("hipArray3DCreate", std::move(status));
        return createArray("hipArray3DCreate", array, &desc, pAllocateArray->Width,
                           pAllocateArray->Height, pAllocateArray->Depth, pAllocateArray->Flags);
      },
      "array, pAllocateArray", array, pAllocateArray);
}

HIPCORE_API hipError_t hipFreeArray(hipArray_t array) {
  return hipcore::api::call(
      "hipFreeArray", hipFreeArray, [&] { return destroyArray("hipFreeArray", array); }, "array",
      array);
}

HIPCORE_API hipError_t hipArrayDestroy(hipArray_t array) {
  return hipcore::api::call(
      "hipArrayDestroy", hipArrayDestroy, [&] { return destroyArray("hipArrayDestroy", array); },
      "array", array);
}

HIPCORE_API hipError_t hipArrayGetInfo(hipChannelFormatDesc* desc, hipExtent* extent,
                                       unsigned int* flags, hipArray_t array) {
  return hipcore::api::call(
      "hipArrayGetInfo", hipArrayGetInfo,
      [&] {
        if (!hipcore::api::knownArray(array))
          return finish("hipArrayGetInfo", fail(hipErrorInvalidHandle, "not an array"));
        // Each output is optional (CUDA's cudaArrayGetInfo).
        if (desc != nullptr) *desc = array->desc;
        if (extent != nullptr) *extent = hipExtent{array->width, array->height, array->depth};
        if (flags != nullptr) *flags = array->flags;
        return hipSuccess;
      },
      "desc, extent, flags, array", desc, extent, flags, array);
}

HIPCORE_API hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR* pArrayDescriptor,
                                             hipArray_t array) {
  return hipcore::api::call(
      "hipArrayGetDescriptor", hipArrayGetDescriptor,
      [&] {
        if (pArrayDescriptor == nullptr)
          return finish("hipArrayGetDescriptor", fail(hipErrorInvalidValue, "null descriptor"));
        if (!hipcore::api::knownArray(array))
          return finish("hipArrayGetDescriptor", fail(hipErrorInvalidHandle, "not an array"));
        pArrayDescriptor->Width = array->width;
        pArrayDescriptor->Height = array->height;
        pArrayDescriptor->Format = hipcore::core::arrayFormatOf(array->desc);
        pArrayDescriptor->NumChannels = array->format.channels;
        return hipSuccess;
      },
      "pArrayDescriptor, array", pArrayDescriptor, array);
}

HIPCORE_API hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR* pArrayDescriptor,
                                               hipArray_t array) {
  return hipcore::api::call(
      "hipArray3DGetDescriptor", hipArray3DGetDescriptor,
      [&] {
        if (pArrayDescriptor == nullptr)
          return finish("hipArray3DGetDescriptor", fail(hipErrorInvalidValue, "null descriptor"));
        if (!hipcore::api::knownArray(array))
          return finish("hipArray3DGetDescriptor", fail(hipErrorInvalidHandle, "not an array"));
        pArrayDescriptor->Width = array->width;
        pArrayDescriptor->Height = array->height;
        pArrayDescriptor->Depth = array->depth;
        pArrayDescriptor->Format = hipcore::core::arrayFormatOf(array->desc);
        pArrayDescriptor->NumChannels = array->format.channels;
        pArrayDescriptor->Flags = array->flags;
        return hipSuccess;
      },
      "pArrayDescriptor, array", pArrayDescriptor, array);
}

HIPCORE_API hipError_t hipGetChannelDesc(hipChannelFormatDesc* desc, hipArray_const_t array) {
  return hipcore::api::call(
      "hipGetChannelDesc", hipGetChannelDesc,
      [&] {
        if (desc == nullptr)
          return finish("hipGetChannelDesc", fail(hipErrorInvalidValue, "null desc"));
        // AMD's runtime (and its tests) answer an array that is not one as a bad handle.
        if (!hipcore::api::knownArray(array))
          return finish("hipGetChannelDesc",
                        fail(hipErrorInvalidHandle, "array %p is null or unknown", array));
        *desc = array->desc;
        return hipSuccess;
      },
      "desc, array", desc, array);
}
