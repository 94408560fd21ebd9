// Device management: hipGetDeviceCount, hipGetDevice, hipSetDevice, hipGetDeviceProperties,
// hipDeviceSynchronize, hipRuntimeGetVersion, hipDriverGetVersion.
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipGetDeviceCount(int* count) {
  HIPCORE_API_CALL(hipGetDeviceCount, count);
  if (count == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "count is null"));
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  *count = rt.deviceCount();
  return finish(__func__, rt.initStatus());
}

HIPCORE_API hipError_t hipGetDevice(int* device) {
  HIPCORE_API_CALL(hipGetDevice, device);
  if (device == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "device is null"));
  hipcore::core::Device* current = nullptr;
  Status status = hipcore::api::currentDevice(current);
  if (status.ok()) *device = current->index();
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipSetDevice(int device) {
  HIPCORE_API_CALL(hipSetDevice, device);
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return finish(__func__, rt.initStatus());
  if (rt.device(device) == nullptr)
    return finish(__func__,
                  fail(hipErrorInvalidDevice, "device %d of %d", device, rt.deviceCount()));
  hipcore::api::threadState().device = device;
  return hipSuccess;
}

HIPCORE_API hipError_t hipGetDeviceProperties(hipDeviceProp_t* properties, int device) {
  HIPCORE_API_CALL(hipGetDeviceProperties, properties, device);
  if (properties == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "properties is null"));
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return finish(__func__, rt.initStatus());
  const hipcore::core::Device* d = rt.device(device);
  if (d == nullptr)
    return finish(__func__,
                  fail(hipErrorInvalidDevice, "device %d of %d", device, rt.deviceCount()));
  std::memcpy(properties, &d->properties(), sizeof(*properties));
  return hipSuccess;
}

HIPCORE_API hipError_t hipDeviceSynchronize(void) {
  HIPCORE_API_CALL(hipDeviceSynchronize);
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->synchronize();
  if (status.ok()) device->memory().pools().trimAtSynchronize();  // release thresholds (CUDA)
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipRuntimeGetVersion(int* version) {
  HIPCORE_API_CALL(hipRuntimeGetVersion, version);
  if (version == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "version is null"));
  *version = HIP_VERSION;
  return hipSuccess;
}

HIPCORE_API hipError_t hipDriverGetVersion(int* version) {
  HIPCORE_API_CALL(hipDriverGetVersion, version);
  if (version == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "version is null"));
  *version = HIP_VERSION;  // hipcore is its own driver layer over ROCR
  return hipSuccess;
}
