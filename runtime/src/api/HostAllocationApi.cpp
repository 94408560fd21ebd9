// Host memory the GPU can reach and what hipcore knows about a pointer: hipHostMalloc,
// hipMallocManaged, hipHostRegister/Unregister, hipHostGetDevicePointer, hipHostGetFlags,
// hipPointerGetAttributes, hipMemPtrGetInfo, hipMemGetAddressRange. Every answer comes from
// hipcore's pointer registry (core/PointerRegistry.h), not from ROCR.
#include "ApiCall.h"
#include "ApiState.h"
#include "hsa/Hsa.h"

using hipcore::api::finish;
using hipcore::core::Allocation;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::MemoryKind;
using hipcore::core::Status;

namespace {

// The live allocation containing `pointer` (runtime initialised first, as for any call).
bool findAllocation(const void* pointer, Allocation& out) {
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  return rt.initStatus().ok() && rt.pointers().find(pointer, out);
}

bool isHostKind(MemoryKind kind) {
  return kind != MemoryKind::Device;
}

}  // namespace

HIPCORE_API hipError_t hipHostMalloc(void** pointer, size_t size, unsigned int flags) {
  HIPCORE_API_CALL(hipHostMalloc, pointer, size, flags);
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  *pointer = nullptr;
  constexpr unsigned known = hipHostMallocPortable | hipHostMallocMapped |
                             hipHostMallocWriteCombined | hipHostMallocCoherent |
                             hipHostMallocNonCoherent | hipHostMallocNumaUser;
  if ((flags & ~known) != 0 ||
      ((flags & hipHostMallocCoherent) && (flags & hipHostMallocNonCoherent)))
    return finish(__func__, fail(hipErrorInvalidValue, "hipHostMalloc flags 0x%x", flags));
  // Every hipcore host allocation is fine-grained (coherent), mapped and portable; the flags
  // are kept for hipHostGetFlags.
  Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->memory().allocateHost(size, *pointer, MemoryKind::Host, flags);
  return finish(__func__, std::move(status));
}

// Managed memory as fine-grained host memory: coherent for host and device alike (ROCR 5.2
// has no page migration on this path).
HIPCORE_API hipError_t hipMallocManaged(void** pointer, size_t size, unsigned int flags) {
  HIPCORE_API_CALL(hipMallocManaged, pointer, size, flags);
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  *pointer = nullptr;
  if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
    return finish(__func__, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->memory().allocateHost(size, *pointer, MemoryKind::Managed, 0);
  return finish(__func__, std::move(status));
}

HIPCORE_API hipError_t hipHostRegister(void* hostPointer, size_t size, unsigned int flags) {
  HIPCORE_API_CALL(hipHostRegister, hostPointer, size, flags);
  if (hostPointer == nullptr || size == 0)
    return finish(__func__,
                  fail(hipErrorInvalidValue, "hipHostRegister(%p, %zu)", hostPointer, size));
  constexpr unsigned known =
      hipHostRegisterPortable | hipHostRegisterMapped | hipHostRegisterIoMemory;
  if ((flags & ~known) != 0)
    return finish(__func__, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (!status.ok()) return finish(__func__, std::move(status));
  Allocation existing;
  if (device->pointers().find(hostPointer, existing))
    return finish(__func__, fail(hipErrorHostMemoryAlreadyRegistered, "%p is already registered",
                                 hostPointer));
  auto locked = hipcore::hsa::lockHostMemory(device->agent().agent, hostPointer, size);
  if (!locked)
    return finish(__func__,
                  fail(hipErrorOutOfMemory, "hipHostRegister: %s", locked.message().c_str()));
  Allocation allocation;
  allocation.base = hostPointer;
  allocation.bytes = size;
  allocation.kind = MemoryKind::Registered;
  allocation.device = device->index();
  allocation.flags = flags;
  allocation.devicePointer = *locked;
  device->pointers().add(allocation);
  return hipSuccess;
}

HIPCORE_API hipError_t hipHostUnregister(void* hostPointer) {
  HIPCORE_API_CALL(hipHostUnregister, hostPointer);
  if (hostPointer == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  Allocation allocation;
  if (!findAllocation(hostPointer, allocation) || allocation.kind != MemoryKind::Registered ||
      allocation.base != hostPointer || !hipcore::api::runtime().pointers().remove(hostPointer))
    return finish(__func__,
                  fail(hipErrorHostMemoryNotRegistered, "%p was not registered", hostPointer));
  if (auto unlocked = hipcore::hsa::unlockHostMemory(hostPointer); !unlocked)
    return finish(__func__, fail(hipErrorInvalidValue, "%s", unlocked.message().c_str()));
  return hipSuccess;
}

HIPCORE_API hipError_t hipHostGetDevicePointer(void** devicePointer, void* hostPointer,
                                               unsigned int flags) {
  HIPCORE_API_CALL(hipHostGetDevicePointer, devicePointer, hostPointer, flags);
  if (devicePointer == nullptr || hostPointer == nullptr || flags != 0)
    return finish(__func__, fail(hipErrorInvalidValue, "hipHostGetDevicePointer(%p, %p, 0x%x)",
                                 static_cast<void*>(devicePointer), hostPointer, flags));
  Allocation allocation;
  if (!findAllocation(hostPointer, allocation) || !isHostKind(allocation.kind))
    return finish(__func__, fail(hipErrorInvalidValue, "%p is not host memory known to the GPU",
                                 hostPointer));
  *devicePointer = static_cast<char*>(allocation.devicePointer) +
                   (static_cast<char*>(hostPointer) - static_cast<char*>(allocation.base));
  return hipSuccess;
}

HIPCORE_API hipError_t hipHostGetFlags(unsigned int* flags, void* hostPointer) {
  HIPCORE_API_CALL(hipHostGetFlags, flags, hostPointer);
  if (flags == nullptr || hostPointer == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  Allocation allocation;
  if (!findAllocation(hostPointer, allocation) ||
      (allocation.kind != MemoryKind::Host && allocation.kind != MemoryKind::Registered))
    return finish(__func__, fail(hipErrorInvalidValue,
                                 "%p is not from hipHostMalloc or hipHostRegister", hostPointer));
  *flags = allocation.flags;
  return hipSuccess;
}

HIPCORE_API hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                               const void* pointer) {
  HIPCORE_API_CALL(hipPointerGetAttributes, attributes, pointer);
  if (attributes == nullptr || pointer == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "hipPointerGetAttributes(%p, %p)",
                                 static_cast<void*>(attributes), pointer));
  *attributes = {};
  attributes->device = -1;
  Allocation allocation;
  if (!findAllocation(pointer, allocation)) return hipSuccess;  // hipMemoryTypeUnregistered
  size_t offset = static_cast<const char*>(pointer) - static_cast<const char*>(allocation.base);
  attributes->devicePointer = static_cast<char*>(allocation.devicePointer) + offset;
  attributes->device = allocation.device;
  if (allocation.kind == MemoryKind::Device) {
    attributes->type = hipMemoryTypeDevice;
    return hipSuccess;
  }
  attributes->hostPointer = const_cast<void*>(pointer);
  attributes->isManaged = allocation.kind == MemoryKind::Managed;
  attributes->type = attributes->isManaged ? hipMemoryTypeManaged : hipMemoryTypeHost;
  attributes->allocationFlags = allocation.flags;
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemPtrGetInfo(void* pointer, size_t* size) {
  HIPCORE_API_CALL(hipMemPtrGetInfo, pointer, size);
  if (pointer == nullptr || size == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  Allocation allocation;
  if (!findAllocation(pointer, allocation))
    return finish(__func__, fail(hipErrorInvalidValue, "%p is not an allocation", pointer));
  *size = allocation.bytes;
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size,
                                             hipDeviceptr_t pointer) {
  HIPCORE_API_CALL(hipMemGetAddressRange, base, size, pointer);
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  Allocation allocation;
  if (!findAllocation(pointer, allocation))
    return finish(__func__, fail(hipErrorNotFound, "%p is not in an allocation", pointer));
  if (base != nullptr) *base = allocation.base;
  if (size != nullptr) *size = allocation.bytes;
  return hipSuccess;
}
