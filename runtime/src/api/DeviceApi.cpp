// Device management: hipGetDeviceCount, hipGetDevice, hipSetDevice, hipDeviceSynchronize,
// hipRuntimeGetVersion, hipDriverGetVersion.
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "graph/StreamCapture.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipGetDeviceCount(int* count) {
  return hipcore::api::call(
      "hipGetDeviceCount", hipGetDeviceCount,
      [&] {
        if (count == nullptr)
          return finish("hipGetDeviceCount", fail(hipErrorInvalidValue, "count is null"));
        hipcore::core::Runtime& rt = hipcore::api::runtime();
        *count = rt.deviceCount();
        return finish("hipGetDeviceCount", rt.initStatus());
      },
      "count", count);
}

HIPCORE_API hipError_t hipGetDevice(int* device) {
  return hipcore::api::call(
      "hipGetDevice", hipGetDevice,
      [&] {
        if (device == nullptr)
          return finish("hipGetDevice", fail(hipErrorInvalidValue, "device is null"));
        hipcore::core::Device* current = nullptr;
        Status status = hipcore::api::currentDevice(current);
        if (status.ok()) *device = current->index();
        return finish("hipGetDevice", std::move(status));
      },
      "device", device);
}

HIPCORE_API hipError_t hipSetDevice(int device) {
  return hipcore::api::call(
      "hipSetDevice", hipSetDevice,
      [&] {
        hipcore::core::Runtime& rt = hipcore::api::runtime();
        if (!rt.initStatus().ok()) return finish("hipSetDevice", rt.initStatus());
        if (rt.device(device) == nullptr)
          return finish("hipSetDevice",
                        fail(hipErrorInvalidDevice, "device %d of %d", device, rt.deviceCount()));
        hipcore::api::threadState().device = device;
        return hipSuccess;
      },
      "device", device);
}

HIPCORE_API hipError_t hipDeviceSynchronize(void) {
  return hipcore::api::call("hipDeviceSynchronize", hipDeviceSynchronize, [&] {
    hipcore::core::Device* device = nullptr;
    Status status = hipcore::graph::checkDeviceSynchronize();
    if (status.ok()) status = hipcore::api::currentDevice(device);
    if (status.ok()) status = device->synchronize();
    if (status.ok()) device->memory().pools().trimAtSynchronize();  // release thresholds (CUDA)
    return finish("hipDeviceSynchronize", std::move(status));
  });
}

HIPCORE_API hipError_t hipRuntimeGetVersion(int* version) {
  return hipcore::api::call(
      "hipRuntimeGetVersion", hipRuntimeGetVersion,
      [&] {
        if (version == nullptr)
          return finish("hipRuntimeGetVersion", fail(hipErrorInvalidValue, "version is null"));
        *version = HIP_VERSION;
        return hipSuccess;
      },
      "version", version);
}

HIPCORE_API hipError_t hipDriverGetVersion(int* version) {
  return hipcore::api::call(
      "hipDriverGetVersion", hipDriverGetVersion,
      [&] {
        if (version == nullptr)
          return finish("hipDriverGetVersion", fail(hipErrorInvalidValue, "version is null"));
        *version = HIP_VERSION;  // hipcore is its own driver layer over ROCR
        return hipSuccess;
      },
      "version", version);
}

// CUDA's list of devices a thread may use, in order of preference: hipcore's threads may use
// every device, so the list only chooses the first, which becomes the thread's current device
// (the device work goes to until hipSetDevice). Each entry must be a distinct device.
HIPCORE_API hipError_t hipSetValidDevices(int* device_arr, int len) {
  return hipcore::api::call(
      "hipSetValidDevices", hipSetValidDevices,
      [&] {
        const char* call = "hipSetValidDevices";
        if (len < 0 || (len > 0 && device_arr == nullptr))
          return finish(call, fail(hipErrorInvalidValue, "device_arr %p, len %d",
                                   static_cast<void*>(device_arr), len));
        uint32_t seen = 0;
        for (int i = 0; i < len; ++i) {
          hipcore::core::Device* device = nullptr;
          if (Status status = hipcore::api::deviceAt(device_arr[i], device); !status.ok())
            return finish(call, std::move(status));
          if ((seen >> device_arr[i]) & 1)
            return finish(call,
                          fail(hipErrorInvalidValue, "device %d listed twice", device_arr[i]));
          seen |= uint32_t{1} << device_arr[i];
        }
        if (len > 0) hipcore::api::threadState().device = device_arr[0];
        return hipSuccess;
      },
      "device_arr, len", device_arr, len);
}
