// Device properties in both ABIs: hipGetDevicePropertiesR0600 and hipChooseDeviceR0600 answer in
// HIP 6's hipDeviceProp_t (what hipcore's and AMD's HIP 6 headers call), the unversioned
// hipGetDeviceProperties and hipChooseDevice in HIP 5's (what ROCm 5 binaries call; HIP 6's
// headers turn both names into macros for the R0600 ones, so only old binaries reach these).
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "DevicePropR0000.h"

#undef hipGetDeviceProperties
#undef hipChooseDevice

using hipcore::api::DevicePropR0000;
using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

// The HIP 5 entry points, which no hipcore header declares (their names are macros there).
HIPCORE_API hipError_t hipGetDeviceProperties(DevicePropR0000* properties, int device);
HIPCORE_API hipError_t hipChooseDevice(int* device, const DevicePropR0000* properties);

namespace {

// The device's properties in HIP 6's layout, or why there are none.
Status deviceProperties(int device, const hipDeviceProp_tR0600*& properties) {
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return rt.initStatus();
  const hipcore::core::Device* d = rt.device(device);
  if (d == nullptr) return fail(hipErrorInvalidDevice, "device %d of %d", device, rt.deviceCount());
  properties = &d->properties();
  return Status();
}

// How many of the request's set (non-zero) criteria device `p` meets: each asks for at least
// the given amount.
int criteriaMet(const hipDeviceProp_tR0600& p, const hipDeviceProp_tR0600& request) {
  int met = 0;
  auto atLeast = [&met](long long have, long long want) {
    if (want != 0 && have >= want) ++met;
  };
  atLeast(p.major * 100LL + p.minor, request.major * 100LL + request.minor);
  atLeast(static_cast<long long>(p.totalGlobalMem), static_cast<long long>(request.totalGlobalMem));
  atLeast(static_cast<long long>(p.sharedMemPerBlock),
          static_cast<long long>(request.sharedMemPerBlock));
  atLeast(p.maxThreadsPerBlock, request.maxThreadsPerBlock);
  atLeast(static_cast<long long>(p.totalConstMem), static_cast<long long>(request.totalConstMem));
  atLeast(p.multiProcessorCount, request.multiProcessorCount);
  atLeast(p.maxThreadsPerMultiProcessor, request.maxThreadsPerMultiProcessor);
  atLeast(p.memoryClockRate, request.memoryClockRate);
  atLeast(p.memoryBusWidth, request.memoryBusWidth);
  atLeast(p.l2CacheSize, request.l2CacheSize);
  atLeast(p.clockRate, request.clockRate);
  atLeast(p.regsPerBlock, request.regsPerBlock);
  atLeast(p.warpSize, request.warpSize);
  atLeast(p.managedMemory, request.managedMemory);
  atLeast(p.cooperativeLaunch, request.cooperativeLaunch);
  return met;
}

// The device meeting most of the request's criteria, the lowest index among equals (so device 0
// when nothing is asked), as CUDA's cudaChooseDevice picks "the closest match".
Status chooseDevice(const char* call, int* device, const hipDeviceProp_tR0600& request) {
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return rt.initStatus();
  int best = 0;
  int bestMet = -1;
  for (int i = 0; i < rt.deviceCount(); ++i) {
    int met = criteriaMet(rt.device(i)->properties(), request);
    if (met > bestMet) best = i, bestMet = met;
  }
  if (bestMet < 0) return fail(hipErrorNoDevice, "%s: no device", call);
  *device = best;
  return Status();
}

}  // namespace

HIPCORE_API hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_tR0600* properties, int device) {
  return hipcore::api::call(
      "hipGetDevicePropertiesR0600", hipGetDevicePropertiesR0600,
      [&] {
        if (properties == nullptr)
          return finish("hipGetDevicePropertiesR0600",
                        fail(hipErrorInvalidValue, "properties is null"));
        const hipDeviceProp_tR0600* p = nullptr;
        Status status = deviceProperties(device, p);
        if (status.ok()) std::memcpy(properties, p, sizeof(*properties));
        return finish("hipGetDevicePropertiesR0600", std::move(status));
      },
      "properties, device", properties, device);
}

HIPCORE_API hipError_t hipGetDeviceProperties(DevicePropR0000* properties, int device) {
  return hipcore::api::call(
      "hipGetDeviceProperties", hipGetDeviceProperties,
      [&] {
        if (properties == nullptr)
          return finish("hipGetDeviceProperties", fail(hipErrorInvalidValue, "properties is null"));
        const hipDeviceProp_tR0600* p = nullptr;
        Status status = deviceProperties(device, p);
        if (status.ok()) *properties = hipcore::api::toR0000(*p);
        return finish("hipGetDeviceProperties", std::move(status));
      },
      "properties, device", properties, device);
}

HIPCORE_API hipError_t hipChooseDeviceR0600(int* device, const hipDeviceProp_tR0600* properties) {
  return hipcore::api::call(
      "hipChooseDeviceR0600", hipChooseDeviceR0600,
      [&] {
        if (device == nullptr || properties == nullptr)
          return finish("hipChooseDeviceR0600",
                        fail(hipErrorInvalidValue, "device (%p) or properties (%p) is null",
                             static_cast<void*>(device), static_cast<const void*>(properties)));
        return finish("hipChooseDeviceR0600",
                      chooseDevice("hipChooseDeviceR0600", device, *properties));
      },
      "device, properties", device, properties);
}

HIPCORE_API hipError_t hipChooseDevice(int* device, const DevicePropR0000* properties) {
  return hipcore::api::call(
      "hipChooseDevice", hipChooseDevice,
      [&] {
        if (device == nullptr || properties == nullptr)
          return finish("hipChooseDevice",
                        fail(hipErrorInvalidValue, "device (%p) or properties (%p) is null",
                             static_cast<void*>(device), static_cast<const void*>(properties)));
        return finish("hipChooseDevice", chooseDevice("hipChooseDevice", device,
                                                      hipcore::api::fromR0000(*properties)));
      },
      "device, properties", device, properties);
}

// The HIP 5 layout under its explicit name (AMD exports both names since HIP 5.x, for callers
// that name the ABI they were built with).
HIPCORE_API hipError_t hipGetDevicePropertiesR0000(DevicePropR0000* properties, int device);
HIPCORE_API hipError_t hipChooseDeviceR0000(int* device, const DevicePropR0000* properties);

HIPCORE_API hipError_t hipGetDevicePropertiesR0000(DevicePropR0000* properties, int device) {
  return hipcore::api::call(
      "hipGetDevicePropertiesR0000", hipGetDevicePropertiesR0000,
      [&] { return hipGetDeviceProperties(properties, device); }, "properties, device", properties,
      device);
}

HIPCORE_API hipError_t hipChooseDeviceR0000(int* device, const DevicePropR0000* properties) {
  return hipcore::api::call(
      "hipChooseDeviceR0000", hipChooseDeviceR0000,
      [&] { return hipChooseDevice(device, properties); }, "device, properties", device,
      properties);
}
