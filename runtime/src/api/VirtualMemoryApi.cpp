// Virtual memory management: hipMemCreate ... hipMemSetAccess and the shareable handles of
// physical allocations (core/VirtualMemory.h).
#include <cstdint>

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::PhysicalMemory;
using hipcore::core::Status;
using hipcore::core::VirtualMemory;

namespace {

// Linux never maps the first 64 KiB (vm.mmap_min_addr's default): a value below is no pointer.
constexpr intptr_t kLowestMappableAddress = 64 << 10;

// The runtime's virtual memory, or why there is none (no GPU).
Status virtualMemory(VirtualMemory*& out) {
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return rt.initStatus();
  out = &rt.virtualMemory();
  return Status::success();
}

PhysicalMemory* physicalOf(hipMemGenericAllocationHandle_t handle) {
  return reinterpret_cast<PhysicalMemory*>(handle);
}

}  // namespace

HIPCORE_API hipError_t hipMemGetAllocationGranularity(size_t* granularity,
                                                      const hipMemAllocationProp* prop,
                                                      hipMemAllocationGranularity_flags option) {
  return hipcore::api::call(
      "hipMemGetAllocationGranularity", hipMemGetAllocationGranularity,
      [&] {
        const char* name = "hipMemGetAllocationGranularity";
        if (granularity == nullptr || prop == nullptr)
          return finish(name, fail(hipErrorInvalidValue, "null argument"));
        if (option != hipMemAllocationGranularityMinimum &&
            option != hipMemAllocationGranularityRecommended)
          return finish(name, fail(hipErrorInvalidValue, "option %d", int(option)));
        if (prop->type != hipMemAllocationTypePinned)
          return finish(name, fail(hipErrorInvalidValue, "allocation type %d", int(prop->type)));
        hipcore::core::Device* device = nullptr;
        if (prop->location.type != hipMemLocationTypeDevice ||
            !hipcore::api::deviceAt(prop->location.id, device).ok())
          return finish(name, fail(hipErrorInvalidValue, "location %d/%d is not a device",
                                   int(prop->location.type), prop->location.id));
        *granularity = option == hipMemAllocationGranularityMinimum
                           ? VirtualMemory::kMinimumGranularity
                           : VirtualMemory::kRecommendedGranularity;
        return hipSuccess;
      },
      "granularity, prop, option", granularity, prop, option);
}

HIPCORE_API hipError_t hipMemCreate(hipMemGenericAllocationHandle_t* handle, size_t size,
                                    const hipMemAllocationProp* prop, unsigned long long flags) {
  return hipcore::api::call(
      "hipMemCreate", hipMemCreate,
      [&] {
        if (handle == nullptr || prop == nullptr)
          return finish("hipMemCreate", fail(hipErrorInvalidValue, "null argument"));
        if (flags != 0)
          return finish("hipMemCreate",
                        fail(hipErrorInvalidValue, "flags 0x%llx (must be 0)", flags));
        VirtualMemory* vm = nullptr;
        PhysicalMemory* created = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->create(size, *prop, created);
        if (status.ok()) *handle = reinterpret_cast<hipMemGenericAllocationHandle_t>(created);
        return finish("hipMemCreate", std::move(status));
      },
      "handle, size, prop, flags", handle, size, prop, flags);
}

HIPCORE_API hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle) {
  return hipcore::api::call(
      "hipMemRelease", hipMemRelease,
      [&] {
        VirtualMemory* vm = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->release(physicalOf(handle));
        return finish("hipMemRelease", std::move(status));
      },
      "handle", handle);
}

HIPCORE_API hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp* prop, hipMemGenericAllocationHandle_t handle) {
  return hipcore::api::call(
      "hipMemGetAllocationPropertiesFromHandle", hipMemGetAllocationPropertiesFromHandle,
      [&] {
        const char* name = "hipMemGetAllocationPropertiesFromHandle";
        if (prop == nullptr) return finish(name, fail(hipErrorInvalidValue, "prop is null"));
        VirtualMemory* vm = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->properties(physicalOf(handle), *prop);
        return finish(name, std::move(status));
      },
      "prop, handle", prop, handle);
}

HIPCORE_API hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t* handle,
                                                    void* addr) {
  return hipcore::api::call(
      "hipMemRetainAllocationHandle", hipMemRetainAllocationHandle,
      [&] {
        const char* name = "hipMemRetainAllocationHandle";
        if (handle == nullptr || addr == nullptr)
          return finish(name, fail(hipErrorInvalidValue, "null argument"));
        VirtualMemory* vm = nullptr;
        PhysicalMemory* retained = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->retain(addr, retained);
        if (status.ok()) *handle = reinterpret_cast<hipMemGenericAllocationHandle_t>(retained);
        return finish(name, std::move(status));
      },
      "handle, addr", handle, addr);
}

HIPCORE_API hipError_t hipMemAddressReserve(void** ptr, size_t size, size_t alignment, void* addr,
                                            unsigned long long flags) {
  return hipcore::api::call(
      "hipMemAddressReserve", hipMemAddressReserve,
      [&] {
        if (ptr == nullptr)
          return finish("hipMemAddressReserve", fail(hipErrorInvalidValue, "ptr is null"));
        if (flags != 0)
          return finish("hipMemAddressReserve",
                        fail(hipErrorInvalidValue, "flags 0x%llx (must be 0)", flags));
        VirtualMemory* vm = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->reserve(size, alignment, addr, *ptr);
        return finish("hipMemAddressReserve", std::move(status));
      },
      "ptr, size, alignment, addr, flags", ptr, size, alignment, addr, flags);
}

HIPCORE_API hipError_t hipMemAddressFree(void* devPtr, size_t size) {
  return hipcore::api::call(
      "hipMemAddressFree", hipMemAddressFree,
      [&] {
        if (devPtr == nullptr)
          return finish("hipMemAddressFree", fail(hipErrorInvalidValue, "devPtr is null"));
        VirtualMemory* vm = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->free(devPtr, size);
        return finish("hipMemAddressFree", std::move(status));
      },
      "devPtr, size", devPtr, size);
}

HIPCORE_API hipError_t hipMemMap(void* ptr, size_t size, size_t offset,
                                 hipMemGenericAllocationHandle_t handle, unsigned long long flags) {
  return hipcore::api::call(
      "hipMemMap", hipMemMap,
      [&] {
        if (ptr == nullptr) return finish("hipMemMap", fail(hipErrorInvalidValue, "ptr is null"));
        if (flags != 0)
          return finish("hipMemMap", fail(hipErrorInvalidValue, "flags 0x%llx (must be 0)", flags));
        VirtualMemory* vm = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->map(ptr, size, offset, physicalOf(handle));
        return finish("hipMemMap", std::move(status));
      },
      "ptr, size, offset, handle, flags", ptr, size, offset, handle, flags);
}

HIPCORE_API hipError_t hipMemUnmap(void* ptr, size_t size) {
  return hipcore::api::call(
      "hipMemUnmap", hipMemUnmap,
      [&] {
        if (ptr == nullptr) return finish("hipMemUnmap", fail(hipErrorInvalidValue, "ptr is null"));
        VirtualMemory* vm = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->unmap(ptr, size);
        return finish("hipMemUnmap", std::move(status));
      },
      "ptr, size", ptr, size);
}

HIPCORE_API hipError_t hipMemMapArrayAsync(hipArrayMapInfo* mapInfoList, unsigned int count,
                                           hipStream_t stream) {
  return hipcore::api::call(
      "hipMemMapArrayAsync", hipMemMapArrayAsync,
      [&] {
        if (mapInfoList == nullptr || count == 0)
          return finish("hipMemMapArrayAsync", fail(hipErrorInvalidValue, "no map infos"));
        return finish("hipMemMapArrayAsync",
                      fail(hipErrorNotSupported,
                           "sparse arrays: hipcore's arrays are not created sparse, so none of "
                           "their tiles can be mapped to a physical allocation"));
      },
      "mapInfoList, count, stream", mapInfoList, count, stream);
}

HIPCORE_API hipError_t hipMemSetAccess(void* ptr, size_t size, const hipMemAccessDesc* desc,
                                       size_t count) {
  return hipcore::api::call(
      "hipMemSetAccess", hipMemSetAccess,
      [&] {
        if (ptr == nullptr || desc == nullptr || count == 0)
          return finish("hipMemSetAccess", fail(hipErrorInvalidValue, "null or empty argument"));
        VirtualMemory* vm = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->setAccess(ptr, size, desc, count);
        return finish("hipMemSetAccess", std::move(status));
      },
      "ptr, size, desc, count", ptr, size, desc, count);
}

HIPCORE_API hipError_t hipMemGetAccess(unsigned long long* flags, const hipMemLocation* location,
                                       void* ptr) {
  return hipcore::api::call(
      "hipMemGetAccess", hipMemGetAccess,
      [&] {
        if (flags == nullptr || location == nullptr || ptr == nullptr)
          return finish("hipMemGetAccess", fail(hipErrorInvalidValue, "null argument"));
        VirtualMemory* vm = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->access(*location, ptr, *flags);
        return finish("hipMemGetAccess", std::move(status));
      },
      "flags, location, ptr", flags, location, ptr);
}

HIPCORE_API hipError_t hipMemExportToShareableHandle(void* shareableHandle,
                                                     hipMemGenericAllocationHandle_t handle,
                                                     hipMemAllocationHandleType handleType,
                                                     unsigned long long flags) {
  return hipcore::api::call(
      "hipMemExportToShareableHandle", hipMemExportToShareableHandle,
      [&] {
        const char* name = "hipMemExportToShareableHandle";
        if (shareableHandle == nullptr)
          return finish(name, fail(hipErrorInvalidValue, "shareableHandle is null"));
        if (flags != 0)
          return finish(name, fail(hipErrorInvalidValue, "flags 0x%llx (must be 0)", flags));
        if (handleType != hipMemHandleTypePosixFileDescriptor)
          return finish(
              name, fail(hipErrorInvalidValue,
                         "handle type %d (POSIX file descriptors only on Linux)", int(handleType)));
        VirtualMemory* vm = nullptr;
        int fd = -1;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->exportFd(physicalOf(handle), fd);
        // As in CUDA: an int is written where shareableHandle points.
        if (status.ok()) *static_cast<int*>(shareableHandle) = fd;
        return finish(name, std::move(status));
      },
      "shareableHandle, handle, handleType, flags", shareableHandle, handle, handleType, flags);
}

HIPCORE_API hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t* handle,
                                                       void* osHandle,
                                                       hipMemAllocationHandleType shHandleType) {
  return hipcore::api::call(
      "hipMemImportFromShareableHandle", hipMemImportFromShareableHandle,
      [&] {
        const char* name = "hipMemImportFromShareableHandle";
        if (handle == nullptr) return finish(name, fail(hipErrorInvalidValue, "handle is null"));
        if (shHandleType != hipMemHandleTypePosixFileDescriptor)
          return finish(name, fail(hipErrorInvalidValue,
                                   "handle type %d (POSIX file descriptors only on Linux)",
                                   int(shHandleType)));
        // AMD's runtime reads the descriptor where osHandle points (what HIP programs and
        // AMD's tests pass); CUDA passes it as the pointer's value (what ported programs pass).
        // Both are accepted: no object lives in the first 64 KiB of the address space (Linux's
        // mmap_min_addr) nor in the last (the kernel's), and descriptors are small integers
        // (or -1).
        const auto value = reinterpret_cast<intptr_t>(osHandle);
        if (value == 0) return finish(name, fail(hipErrorInvalidValue, "osHandle is null"));
        const bool byValue = value > -kLowestMappableAddress && value < kLowestMappableAddress;
        const int fd = byValue ? static_cast<int>(value) : *static_cast<const int*>(osHandle);
        VirtualMemory* vm = nullptr;
        PhysicalMemory* imported = nullptr;
        Status status = virtualMemory(vm);
        if (status.ok()) status = vm->importFd(fd, imported);
        if (status.ok()) *handle = reinterpret_cast<hipMemGenericAllocationHandle_t>(imported);
        return finish(name, std::move(status));
      },
      "handle, osHandle, shHandleType", handle, osHandle, shHandleType);
}
