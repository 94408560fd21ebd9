// The older names HIP keeps for allocation calls (CUDA runtime and driver-style code):
// hipHostAlloc, hipMallocHost, hipMemAllocHost and hipFreeHost are hipHostMalloc/hipHostFree;
// hipMemAllocPitch is hipMallocPitch with the driver API's element-size check.
// The entry points of deprecated functions name themselves (api::call reports them by address).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;

HIPCORE_API hipError_t hipHostAlloc(void** pointer, size_t size, unsigned int flags) {
  return hipcore::api::call(
      "hipHostAlloc", hipHostAlloc, [&] { return hipHostMalloc(pointer, size, flags); },
      "pointer, size, flags", pointer, size, flags);
}

HIPCORE_API hipError_t hipMallocHost(void** pointer, size_t size) {
  return hipcore::api::call(
      "hipMallocHost", hipMallocHost, [&] { return hipHostMalloc(pointer, size, 0); },
      "pointer, size", pointer, size);
}

HIPCORE_API hipError_t hipMemAllocHost(void** pointer, size_t size) {
  return hipcore::api::call(
      "hipMemAllocHost", hipMemAllocHost, [&] { return hipHostMalloc(pointer, size, 0); },
      "pointer, size", pointer, size);
}

HIPCORE_API hipError_t hipFreeHost(void* pointer) {
  return hipcore::api::call(
      "hipFreeHost", hipFreeHost, [&] { return hipHostFree(pointer); }, "pointer", pointer);
}

HIPCORE_API hipError_t hipMemAllocPitch(hipDeviceptr_t* pointer, size_t* pitch, size_t widthInBytes,
                                        size_t height, unsigned int elementSizeBytes) {
  return hipcore::api::call(
      "hipMemAllocPitch", hipMemAllocPitch,
      [&] {
        // The driver API's rule: the elements the rows hold are 4, 8 or 16 bytes wide.
        if (elementSizeBytes != 4 && elementSizeBytes != 8 && elementSizeBytes != 16)
          return finish("hipMemAllocPitch", fail(hipErrorInvalidValue,
                                                 "element size %u (4, 8 or 16)", elementSizeBytes));
        return hipMallocPitch(pointer, pitch, widthInBytes, height);
      },
      "pointer, pitch, widthInBytes, height, elementSizeBytes", pointer, pitch, widthInBytes,
      height, elementSizeBytes);
}
