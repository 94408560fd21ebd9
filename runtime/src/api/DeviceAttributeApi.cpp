// Device queries and settings: hipInit, hipDeviceGet, hipDeviceGetAttribute, hipDeviceGetName,
// hipDeviceGetPCIBusId, hipDeviceTotalMem, hipDeviceReset, device flags, limits, peer access.
#include <cstdio>
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "graph/StreamCapture.h"
#include "trace/TraceWriter.h"

using hipcore::api::deviceAt;
using hipcore::api::finish;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// Every attribute comes from the properties ROCR reported (DeviceProperties.cpp). An attribute
// of HIP 6's list that is not here (the unused slots, the LUID of Windows drivers, the two-value
// MaxThreadsDim) is refused with hipErrorInvalidValue, as HIP refuses unknown ones.
// RDNA's constant-rate clock (s_memrealtime, what wall_clock64() reads) runs at 100 MHz.
constexpr int kWallClockKhz = 100000;

bool attributeOf(const hipDeviceProp_t& p, hipDeviceAttribute_t attribute, int& value) {
  auto clampInt = [](size_t v) { return static_cast<int>(v > INT32_MAX ? INT32_MAX : v); };
  auto set = [&value](long long v) {
    value = static_cast<int>(v);
    return true;
  };
  switch (attribute) {
    case hipDeviceAttributeEccEnabled:
      return set(p.ECCEnabled);
    case hipDeviceAttributeAccessPolicyMaxWindowSize:
      return set(p.accessPolicyMaxWindowSize);
    case hipDeviceAttributeAsyncEngineCount:
      return set(p.asyncEngineCount);
    case hipDeviceAttributeCanMapHostMemory:
      return set(p.canMapHostMemory);
    case hipDeviceAttributeCanUseHostPointerForRegisteredMem:
      return set(p.canUseHostPointerForRegisteredMem);
    case hipDeviceAttributeClockRate:
      return set(p.clockRate);
    case hipDeviceAttributeComputeMode:
      return set(p.computeMode);
    case hipDeviceAttributeComputePreemptionSupported:
      return set(p.computePreemptionSupported);
    case hipDeviceAttributeConcurrentKernels:
      return set(p.concurrentKernels);
    case hipDeviceAttributeConcurrentManagedAccess:
      return set(p.concurrentManagedAccess);
    case hipDeviceAttributeCooperativeLaunch:
      return set(p.cooperativeLaunch);
    case hipDeviceAttributeCooperativeMultiDeviceLaunch:
      return set(p.cooperativeMultiDeviceLaunch);
    case hipDeviceAttributeDeviceOverlap:
      return set(p.deviceOverlap);
    case hipDeviceAttributeDirectManagedMemAccessFromHost:
      return set(p.directManagedMemAccessFromHost);
    case hipDeviceAttributeGlobalL1CacheSupported:
      return set(p.globalL1CacheSupported);
    case hipDeviceAttributeHostNativeAtomicSupported:
      return set(p.hostNativeAtomicSupported);
    case hipDeviceAttributeIntegrated:
      return set(p.integrated);
    case hipDeviceAttributeIsMultiGpuBoard:
      return set(p.isMultiGpuBoard);
    case hipDeviceAttributeKernelExecTimeout:
      return set(p.kernelExecTimeoutEnabled);
    case hipDeviceAttributeL2CacheSize:
      return set(p.l2CacheSize);
    case hipDeviceAttributeLocalL1CacheSupported:
      return set(p.localL1CacheSupported);
    case hipDeviceAttributeLuidDeviceNodeMask:
      return set(p.luidDeviceNodeMask);
    case hipDeviceAttributeComputeCapabilityMajor:
      return set(p.major);
    case hipDeviceAttributeManagedMemory:
      return set(p.managedMemory);
    case hipDeviceAttributeMaxBlocksPerMultiProcessor:
      return set(p.maxBlocksPerMultiProcessor);
    case hipDeviceAttributeMaxBlockDimX:
      return set(p.maxThreadsDim[0]);
    case hipDeviceAttributeMaxBlockDimY:
      return set(p.maxThreadsDim[1]);
    case hipDeviceAttributeMaxBlockDimZ:
      return set(p.maxThreadsDim[2]);
    case hipDeviceAttributeMaxGridDimX:
      return set(p.maxGridSize[0]);
    case hipDeviceAttributeMaxGridDimY:
      return set(p.maxGridSize[1]);
    case hipDeviceAttributeMaxGridDimZ:
      return set(p.maxGridSize[2]);
    case hipDeviceAttributeMaxSurface1D:
      return set(p.maxSurface1D);
    case hipDeviceAttributeMaxSurface1DLayered:
      return set(p.maxSurface1DLayered[0]);
    case hipDeviceAttributeMaxSurface2D:
      return set(p.maxSurface2D[0]);
    case hipDeviceAttributeMaxSurface2DLayered:
      return set(p.maxSurface2DLayered[0]);
    case hipDeviceAttributeMaxSurface3D:
      return set(p.maxSurface3D[0]);
    case hipDeviceAttributeMaxSurfaceCubemap:
      return set(p.maxSurfaceCubemap);
    case hipDeviceAttributeMaxSurfaceCubemapLayered:
      return set(p.maxSurfaceCubemapLayered[0]);
    case hipDeviceAttributeMaxTexture1DWidth:
      return set(p.maxTexture1D);
    case hipDeviceAttributeMaxTexture1DLayered:
      return set(p.maxTexture1DLayered[0]);
    case hipDeviceAttributeMaxTexture1DLinear:
      return set(p.maxTexture1DLinear);
    case hipDeviceAttributeMaxTexture1DMipmap:
      return set(p.maxTexture1DMipmap);
    case hipDeviceAttributeMaxTexture2DWidth:
      return set(p.maxTexture2D[0]);
    case hipDeviceAttributeMaxTexture2DHeight:
      return set(p.maxTexture2D[1]);
    case hipDeviceAttributeMaxTexture2DGather:
      return set(p.maxTexture2DGather[0]);
    case hipDeviceAttributeMaxTexture2DLayered:
      return set(p.maxTexture2DLayered[0]);
    case hipDeviceAttributeMaxTexture2DLinear:
      return set(p.maxTexture2DLinear[0]);
    case hipDeviceAttributeMaxTexture2DMipmap:
      return set(p.maxTexture2DMipmap[0]);
    case hipDeviceAttributeMaxTexture3DWidth:
      return set(p.maxTexture3D[0]);
    case hipDeviceAttributeMaxTexture3DHeight:
      return set(p.maxTexture3D[1]);
    case hipDeviceAttributeMaxTexture3DDepth:
      return set(p.maxTexture3D[2]);
    case hipDeviceAttributeMaxTexture3DAlt:
      return set(p.maxTexture3DAlt[0]);
    case hipDeviceAttributeMaxTextureCubemap:
      return set(p.maxTextureCubemap);
    case hipDeviceAttributeMaxTextureCubemapLayered:
      return set(p.maxTextureCubemapLayered[0]);
    case hipDeviceAttributeMaxThreadsPerBlock:
      return set(p.maxThreadsPerBlock);
    case hipDeviceAttributeMaxThreadsPerMultiProcessor:
      return set(p.maxThreadsPerMultiProcessor);
    case hipDeviceAttributeMaxPitch:
      return set(clampInt(p.memPitch));
    case hipDeviceAttributeMemoryBusWidth:
      return set(p.memoryBusWidth);
    case hipDeviceAttributeMemoryClockRate:
      return set(p.memoryClockRate);
    case hipDeviceAttributeComputeCapabilityMinor:
      return set(p.minor);
    case hipDeviceAttributeMultiGpuBoardGroupID:
      return set(p.multiGpuBoardGroupID);
    case hipDeviceAttributeMultiprocessorCount:
      return set(p.multiProcessorCount);
    case hipDeviceAttributePageableMemoryAccess:
      return set(p.pageableMemoryAccess);
    case hipDeviceAttributePageableMemoryAccessUsesHostPageTables:
      return set(p.pageableMemoryAccessUsesHostPageTables);
    case hipDeviceAttributePciBusId:
      return set(p.pciBusID);
    case hipDeviceAttributePciDeviceId:
      return set(p.pciDeviceID);
    case hipDeviceAttributePciDomainID:
      return set(p.pciDomainID);
    case hipDeviceAttributePersistingL2CacheMaxSize:
      return set(p.persistingL2CacheMaxSize);
    case hipDeviceAttributeMaxRegistersPerBlock:
      return set(p.regsPerBlock);
    case hipDeviceAttributeMaxRegistersPerMultiprocessor:
      return set(p.regsPerMultiprocessor);
    case hipDeviceAttributeReservedSharedMemPerBlock:
      return set(clampInt(p.reservedSharedMemPerBlock));
    case hipDeviceAttributeMaxSharedMemoryPerBlock:
      return set(clampInt(p.sharedMemPerBlock));
    case hipDeviceAttributeSharedMemPerBlockOptin:
      return set(clampInt(p.sharedMemPerBlockOptin));
    case hipDeviceAttributeSharedMemPerMultiprocessor:
      return set(clampInt(p.sharedMemPerMultiprocessor));
    case hipDeviceAttributeSingleToDoublePrecisionPerfRatio:
      return set(p.singleToDoublePrecisionPerfRatio);
    case hipDeviceAttributeStreamPrioritiesSupported:
      return set(p.streamPrioritiesSupported);
    case hipDeviceAttributeSurfaceAlignment:
      return set(clampInt(p.surfaceAlignment));
    case hipDeviceAttributeTccDriver:
      return set(p.tccDriver);
    case hipDeviceAttributeTextureAlignment:
      return set(clampInt(p.textureAlignment));
    case hipDeviceAttributeTexturePitchAlignment:
      return set(clampInt(p.texturePitchAlignment));
    case hipDeviceAttributeTotalConstantMemory:
      return set(clampInt(p.totalConstMem));
    case hipDeviceAttributeTotalGlobalMem:
      return set(clampInt(p.totalGlobalMem));
    case hipDeviceAttributeUnifiedAddressing:
      return set(p.unifiedAddressing);
    case hipDeviceAttributeWarpSize:
      return set(p.warpSize);
    case hipDeviceAttributeMemoryPoolsSupported:
      return set(p.memoryPoolsSupported);
    case hipDeviceAttributeVirtualMemoryManagementSupported:
      return set(1);  // hipMemCreate & co. (core/VirtualMemory), on every device
    case hipDeviceAttributeHostRegisterSupported:
      return set(p.hostRegisterSupported);
    case hipDeviceAttributeMemoryPoolSupportedHandleTypes:
      return set(p.memoryPoolSupportedHandleTypes);
    case hipDeviceAttributeClockInstructionRate:
      return set(p.clockInstructionRate);
    case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
      return set(clampInt(p.maxSharedMemoryPerMultiProcessor));
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc:
      return set(p.cooperativeMultiDeviceUnmatchedFunc);
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim:
      return set(p.cooperativeMultiDeviceUnmatchedGridDim);
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim:
      return set(p.cooperativeMultiDeviceUnmatchedBlockDim);
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem:
      return set(p.cooperativeMultiDeviceUnmatchedSharedMem);
    case hipDeviceAttributeIsLargeBar:
      return set(p.isLargeBar);
    case hipDeviceAttributeAsicRevision:
      return set(p.asicRevision);
    case hipDeviceAttributeCanUseStreamWaitValue:
      return set(1);  // hipStreamWaitValue32/64 (StreamMemoryApi.cpp; tests/runtime/hostapi)
    case hipDeviceAttributeImageSupport:
      return set(1);  // textures and surfaces (image instructions; vgpu runs them)
    case hipDeviceAttributePhysicalMultiProcessorCount:
      return set(p.multiProcessorCount);
    case hipDeviceAttributeFineGrainSupport:
      return set(1);  // hipHostMalloc memory is coherent
    case hipDeviceAttributeWallClockRate:
      return set(kWallClockKhz);
    default:
      return false;
  }
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
        if (pciBusId == nullptr || length <= 0)
          return finish("hipDeviceGetPCIBusId", fail(hipErrorInvalidValue, "buffer %p of %d bytes",
                                                     static_cast<void*>(pciBusId), length));
        Device* d = nullptr;
        if (Status status = deviceAt(device, d); !status.ok())
          return finish("hipDeviceGetPCIBusId", std::move(status));
        // "dddd:bb:dd.f" and its terminator. A shorter buffer gets as much as fits, terminated,
        // and the call fails (AMD's hip-tests check both).
        const hipDeviceProp_t& p = d->properties();
        const int written =
            std::snprintf(pciBusId, static_cast<size_t>(length), "%04x:%02x:%02x.0",
                          p.pciDomainID & 0xffff, p.pciBusID & 0xff, p.pciDeviceID & 0x1f);
        if (written >= length)
          return finish("hipDeviceGetPCIBusId",
                        fail(hipErrorInvalidValue, "%d bytes hold only %d of the bus id's %d",
                             length, length - 1, written));
        return hipSuccess;
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
    if (status.ok()) hipcore::graph::abandonCapturesOn(*device);  // its streams are destroyed
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
        if (!hipcore::api::validDeviceFlags(flags))
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
        // Only the scheduling bits, as AMD's runtime answers (hip-tests requires it on AMD): the
        // mapped-host and local-memory flags are accepted by hipSetDeviceFlags and always hold.
        if (status.ok()) *flags = device->scheduleFlags() & hipDeviceScheduleMask;
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
          // HIP answers an unknown limit here with hipErrorInvalidValue (its tests check it),
          // hipDeviceGetLimit with hipErrorUnsupportedLimit.
          return finish(
              "hipDeviceSetLimit",
              fail(hipErrorInvalidValue, "limit %d is not a hipLimit_t", static_cast<int>(limit)));
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
