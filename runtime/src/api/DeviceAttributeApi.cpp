// Device queries and settings: hipInit, hipDeviceGet, hipDeviceGetAttribute, hipDeviceGetName,
// hipDeviceGetPCIBusId, hipDeviceTotalMem, hipDeviceReset, device flags, limits, peer access.
#include <cstdio>
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "trace/TraceWriter.h"

using hipcore::api::deviceAt;
using hipcore::api::finish;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// Every attribute comes from the properties ROCR reported (DeviceProperties.cpp).
bool attributeOf(const hipDeviceProp_t& p, hipDeviceAttribute_t attribute, int& value) {
  auto clampInt = [](size_t v) { return static_cast<int>(v > INT32_MAX ? INT32_MAX : v); };
  switch (attribute) {
    case hipDeviceAttributeMaxThreadsPerBlock:
      value = p.maxThreadsPerBlock;
      return true;
    case hipDeviceAttributeMaxBlockDimX:
      value = p.maxThreadsDim[0];
      return true;
    case hipDeviceAttributeMaxBlockDimY:
      value = p.maxThreadsDim[1];
      return true;
    case hipDeviceAttributeMaxBlockDimZ:
      value = p.maxThreadsDim[2];
      return true;
    case hipDeviceAttributeMaxGridDimX:
      value = p.maxGridSize[0];
      return true;
    case hipDeviceAttributeMaxGridDimY:
      value = p.maxGridSize[1];
      return true;
    case hipDeviceAttributeMaxGridDimZ:
      value = p.maxGridSize[2];
      return true;
    case hipDeviceAttributeMaxSharedMemoryPerBlock:
    case hipDeviceAttributeSharedMemPerBlockOptin:
      value = clampInt(p.sharedMemPerBlock);
      return true;
    case hipDeviceAttributeTotalConstantMemory:
      value = clampInt(p.totalConstMem);
      return true;
    case hipDeviceAttributeWarpSize:
      value = p.warpSize;
      return true;
    case hipDeviceAttributeMaxRegistersPerBlock:
      value = p.regsPerBlock;
      return true;
    case hipDeviceAttributeMaxRegistersPerMultiprocessor:
      value = p.regsPerMultiprocessor;
      return true;
    case hipDeviceAttributeClockRate:
      value = p.clockRate;
      return true;
    case hipDeviceAttributeClockInstructionRate:
      value = p.clockInstructionRate;
      return true;
    case hipDeviceAttributeMemoryClockRate:
      value = p.memoryClockRate;
      return true;
    case hipDeviceAttributeMemoryBusWidth:
      value = p.memoryBusWidth;
      return true;
    case hipDeviceAttributeMultiprocessorCount:
      value = p.multiProcessorCount;
      return true;
    case hipDeviceAttributeComputeMode:
      value = p.computeMode;
      return true;
    case hipDeviceAttributeL2CacheSize:
      value = p.l2CacheSize;
      return true;
    case hipDeviceAttributeMaxThreadsPerMultiProcessor:
      value = p.maxThreadsPerMultiProcessor;
      return true;
    case hipDeviceAttributeComputeCapabilityMajor:
      value = p.major;
      return true;
    case hipDeviceAttributeComputeCapabilityMinor:
      value = p.minor;
      return true;
    case hipDeviceAttributeConcurrentKernels:
      value = p.concurrentKernels;
      return true;
    case hipDeviceAttributePciBusId:
      value = p.pciBusID;
      return true;
    case hipDeviceAttributePciDeviceId:
      value = p.pciDeviceID;
      return true;
    case hipDeviceAttributePciDomainID:
      value = p.pciDomainID;
      return true;
    case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
      value = clampInt(p.sharedMemPerMultiprocessor);
      return true;
    case hipDeviceAttributeIntegrated:
      value = p.integrated;
      return true;
    case hipDeviceAttributeCanMapHostMemory:
      value = p.canMapHostMemory;
      return true;
    case hipDeviceAttributeManagedMemory:
      value = p.managedMemory;
      return true;
    case hipDeviceAttributeConcurrentManagedAccess:
      value = p.concurrentManagedAccess;
      return true;
    case hipDeviceAttributePageableMemoryAccess:
      value = p.pageableMemoryAccess;
      return true;
    case hipDeviceAttributeHostNativeAtomicSupported:
      value = p.hostNativeAtomicSupported;
      return true;
    case hipDeviceAttributeCooperativeLaunch:
      value = p.cooperativeLaunch;
      return true;
    case hipDeviceAttributeCooperativeMultiDeviceLaunch:
      value = p.cooperativeMultiDeviceLaunch;
      return true;
    case hipDeviceAttributeKernelExecTimeout:
      value = p.kernelExecTimeoutEnabled;
      return true;
    case hipDeviceAttributeTextureAlignment:
      value = clampInt(p.textureAlignment);
      return true;
    case hipDeviceAttributeMaxPitch:
      value = clampInt(p.memPitch);
      return true;
    case hipDeviceAttributeUnifiedAddressing:
      value = 1;
      return true;  // one address space (HSA)
    case hipDeviceAttributeEccEnabled:
      value = 0;
      return true;
    case hipDeviceAttributeIsMultiGpuBoard:
      value = p.isMultiGpuBoard;
      return true;
    case hipDeviceAttributeAsicRevision:
      value = p.asicRevision;
      return true;
    case hipDeviceAttributeIsLargeBar:
      value = p.isLargeBar;
      return true;
    case hipDeviceAttributeMemoryPoolsSupported:
      value = 0;
      return true;  // no hipMemPool API yet
    case hipDeviceAttributeCanUseStreamWaitValue:
      value = 0;
      return true;
  }
  return false;
}

}  // namespace

HIPCORE_API hipError_t hipInit(unsigned int flags) {
  return hipcore::api::call(
      "hipInit", hipInit,
      [&] {
        if (flags != 0)
          return finish("hipInit", fail(hipErrorInvalidValue, "flags 0x%x (must be 0)", flags));
        return finish("hipInit", hipcore::api::runtime().initStatus());
      },
      "flags", flags);
}

HIPCORE_API hipError_t hipDeviceGet(hipDevice_t* device, int ordinal) {
  return hipcore::api::call(
      "hipDeviceGet", hipDeviceGet,
      [&] {
        if (device == nullptr)
          return finish("hipDeviceGet", fail(hipErrorInvalidValue, "device is null"));
        Device* d = nullptr;
        Status status = deviceAt(ordinal, d);
        if (status.ok()) *device = ordinal;
        return finish("hipDeviceGet", std::move(status));
      },
      "device, ordinal", device, ordinal);
}

HIPCORE_API hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attribute,
                                             int device) {
  return hipcore::api::call(
      "hipDeviceGetAttribute", hipDeviceGetAttribute,
      [&] {
        if (value == nullptr)
          return finish("hipDeviceGetAttribute", fail(hipErrorInvalidValue, "value is null"));
        Device* d = nullptr;
        Status status = deviceAt(device, d);
        if (status.ok() && !attributeOf(d->properties(), attribute, *value))
          status = fail(hipErrorInvalidValue, "unknown device attribute %d",
                        static_cast<int>(attribute));
        return finish("hipDeviceGetAttribute", std::move(status));
      },
      "value, attribute, device", value, attribute, device);
}

HIPCORE_API hipError_t hipDeviceGetName(char* name, int length, hipDevice_t device) {
  return hipcore::api::call(
      "hipDeviceGetName", hipDeviceGetName,
      [&] {
        if (name == nullptr || length <= 0)
          return finish("hipDeviceGetName", fail(hipErrorInvalidValue, "name %p, length %d",
                                                 static_cast<void*>(name), length));
        Device* d = nullptr;
        Status status = deviceAt(device, d);
        if (status.ok())
          std::snprintf(name, static_cast<size_t>(length), "%s", d->properties().name);
        return finish("hipDeviceGetName", std::move(status));
      },
      "name, length, device", name, length, device);
}

HIPCORE_API hipError_t hipDeviceGetPCIBusId(char* pciBusId, int length, int device) {
  return hipcore::api::call(
      "hipDeviceGetPCIBusId", hipDeviceGetPCIBusId,
      [&] {
        // "dddd:bb:dd.f" and its terminator.
        if (pciBusId == nullptr || length < 13)
          return finish("hipDeviceGetPCIBusId", fail(hipErrorInvalidValue, "buffer %p of %d bytes",
                                                     static_cast<void*>(pciBusId), length));
        Device* d = nullptr;
        Status status = deviceAt(device, d);
        if (status.ok()) {
          const hipDeviceProp_t& p = d->properties();
          std::snprintf(pciBusId, static_cast<size_t>(length), "%04x:%02x:%02x.0",
                        p.pciDomainID & 0xffff, p.pciBusID & 0xff, p.pciDeviceID & 0x1f);
        }
        return finish("hipDeviceGetPCIBusId", std::move(status));
      },
      "pciBusId, length, device", pciBusId, length, device);
}

HIPCORE_API hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device) {
  return hipcore::api::call(
      "hipDeviceTotalMem", hipDeviceTotalMem,
      [&] {
        if (bytes == nullptr)
          return finish("hipDeviceTotalMem", fail(hipErrorInvalidValue, "bytes is null"));
        Device* d = nullptr;
        Status status = deviceAt(device, d);
        if (status.ok()) *bytes = d->properties().totalGlobalMem;
        return finish("hipDeviceTotalMem", std::move(status));
      },
      "bytes, device", bytes, device);
}

// Waits for the device's work, destroys its streams and clears a sticky fault (Device::reset):
// after a faulting kernel, this is how a program gets a working device back.
HIPCORE_API hipError_t hipDeviceReset(void) {
  return hipcore::api::call("hipDeviceReset", hipDeviceReset, [&] {
    Device* device = nullptr;
    Status status = hipcore::api::currentDevice(device);
    if (status.ok()) status = device->reset();
    // The allocator's cache goes back to ROCR (whole free chunks; live allocations stay).
    if (status.ok()) device->memory().pool().trim(0);
    // The fault the thread's last error may report is gone with it.
    if (status.ok()) hipcore::api::threadState().lastError = hipSuccess;
    // HIPCORE_TRACE: the file holds everything up to here (and is rewritten at exit).
    if (hipcore::trace::enabled(hipcore::trace::kTrace)) hipcore::trace::writeTrace();
    return finish("hipDeviceReset", std::move(status));
  });
}

HIPCORE_API hipError_t hipSetDeviceFlags(unsigned flags) {
  return hipcore::api::call(
      "hipSetDeviceFlags", hipSetDeviceFlags,
      [&] {
        unsigned schedule = flags & hipDeviceScheduleMask;
        bool oneSchedule = schedule == 0 || schedule == hipDeviceScheduleSpin ||
                           schedule == hipDeviceScheduleYield ||
                           schedule == hipDeviceScheduleBlockingSync;
        if (!oneSchedule ||
            (flags & ~(hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax)) != 0)
          return finish("hipSetDeviceFlags",
                        fail(hipErrorInvalidValue, "device flags 0x%x", flags));
        Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok()) device->setScheduleFlags(flags);
        return finish("hipSetDeviceFlags", std::move(status));
      },
      "flags", flags);
}

HIPCORE_API hipError_t hipGetDeviceFlags(unsigned int* flags) {
  return hipcore::api::call(
      "hipGetDeviceFlags", hipGetDeviceFlags,
      [&] {
        if (flags == nullptr)
          return finish("hipGetDeviceFlags", fail(hipErrorInvalidValue, "flags is null"));
        Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok()) *flags = device->scheduleFlags();
        return finish("hipGetDeviceFlags", std::move(status));
      },
      "flags", flags);
}

HIPCORE_API hipError_t hipDeviceGetLimit(size_t* value, enum hipLimit_t limit) {
  return hipcore::api::call(
      "hipDeviceGetLimit", hipDeviceGetLimit,
      [&] {
        if (value == nullptr)
          return finish("hipDeviceGetLimit", fail(hipErrorInvalidValue, "value is null"));
        if (static_cast<unsigned>(limit) >= Device::kLimitCount)
          return finish("hipDeviceGetLimit",
                        fail(hipErrorUnsupportedLimit, "limit %d", static_cast<int>(limit)));
        Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok()) *value = device->limit(limit);
        return finish("hipDeviceGetLimit", std::move(status));
      },
      "value, limit", value, limit);
}

HIPCORE_API hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value) {
  return hipcore::api::call(
      "hipDeviceSetLimit", hipDeviceSetLimit,
      [&] {
        if (static_cast<unsigned>(limit) >= Device::kLimitCount)
          return finish("hipDeviceSetLimit",
                        fail(hipErrorUnsupportedLimit, "limit %d", static_cast<int>(limit)));
        if (value == 0)
          return finish("hipDeviceSetLimit",
                        fail(hipErrorInvalidValue, "limit %d set to 0", static_cast<int>(limit)));
        Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok()) device->setLimit(limit, value);
        return finish("hipDeviceSetLimit", std::move(status));
      },
      "limit, value", limit, value);
}

// Peer access between GPUs is not wired up yet: every pair of valid, distinct devices answers 0.
HIPCORE_API hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId, int peerDeviceId) {
  return hipcore::api::call(
      "hipDeviceCanAccessPeer", hipDeviceCanAccessPeer,
      [&] {
        if (canAccessPeer == nullptr)
          return finish("hipDeviceCanAccessPeer",
                        fail(hipErrorInvalidValue, "canAccessPeer is null"));
        Device* d = nullptr;
        Status status = deviceAt(deviceId, d);
        if (status.ok()) status = deviceAt(peerDeviceId, d);
        if (status.ok()) *canAccessPeer = 0;
        return finish("hipDeviceCanAccessPeer", std::move(status));
      },
      "canAccessPeer, deviceId, peerDeviceId", canAccessPeer, deviceId, peerDeviceId);
}

HIPCORE_API hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags) {
  return hipcore::api::call(
      "hipDeviceEnablePeerAccess", hipDeviceEnablePeerAccess,
      [&] {
        if (flags != 0)
          return finish("hipDeviceEnablePeerAccess",
                        fail(hipErrorInvalidValue, "flags 0x%x (must be 0)", flags));
        Device* current = nullptr;
        Device* peer = nullptr;
        Status status = hipcore::api::currentDevice(current);
        if (status.ok()) status = deviceAt(peerDeviceId, peer);
        if (status.ok())
          status = fail(hipErrorInvalidDevice,
                        "device %d cannot access device %d (peer access is not supported)",
                        current->index(), peerDeviceId);
        return finish("hipDeviceEnablePeerAccess", std::move(status));
      },
      "peerDeviceId, flags", peerDeviceId, flags);
}

HIPCORE_API hipError_t hipDeviceDisablePeerAccess(int peerDeviceId) {
  return hipcore::api::call(
      "hipDeviceDisablePeerAccess", hipDeviceDisablePeerAccess,
      [&] {
        Device* peer = nullptr;
        Status status = deviceAt(peerDeviceId, peer);
        if (status.ok())
          status = fail(hipErrorPeerAccessNotEnabled, "peer access to device %d was never enabled",
                        peerDeviceId);
        return finish("hipDeviceDisablePeerAccess", std::move(status));
      },
      "peerDeviceId", peerDeviceId);
}

HIPCORE_API hipError_t hipFuncSetCacheConfig(const void* function, hipFuncCache_t config) {
  return hipcore::api::call(
      "hipFuncSetCacheConfig", hipFuncSetCacheConfig,
      [&] {
        // AMD GPUs have no configurable L1/LDS split: accepted and ignored, as HIP does.
        if (function == nullptr)
          return finish("hipFuncSetCacheConfig",
                        fail(hipErrorInvalidDeviceFunction, "function is null"));
        if (config > hipFuncCachePreferEqual)
          return finish("hipFuncSetCacheConfig",
                        fail(hipErrorInvalidValue, "cache config %d", config));
        return hipSuccess;
      },
      "function, config", function, config);
}

HIPCORE_API hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config) {
  return hipcore::api::call(
      "hipDeviceSetCacheConfig", hipDeviceSetCacheConfig,
      [&] {
        if (config > hipFuncCachePreferEqual)
          return finish("hipDeviceSetCacheConfig",
                        fail(hipErrorInvalidValue, "cache config %d", config));
        return hipSuccess;
      },
      "config", config);
}
