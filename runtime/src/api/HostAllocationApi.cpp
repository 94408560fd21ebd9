// Host memory the GPU can reach and what hipcore knows about a pointer: hipHostMalloc,
// hipMallocManaged, hipHostRegister/Unregister, hipHostGetDevicePointer, hipHostGetFlags,
// hipPointerGetAttributes, hipMemPtrGetInfo, hipMemGetAddressRange. Every answer comes from
// hipcore's pointer registry (core/PointerRegistry.h), not from ROCR.
#include "ApiCall.h"
#include "ApiState.h"
#include "hsa/Hsa.h"

using hipcore::api::findAllocation;
using hipcore::api::finish;
using hipcore::core::Allocation;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::MemoryKind;
using hipcore::core::Status;

namespace {

bool isHostKind(MemoryKind kind) {
  return kind != MemoryKind::Device && kind != MemoryKind::Mapped;
}

}  // namespace

HIPCORE_API hipError_t hipHostMalloc(void** pointer, size_t size, unsigned int flags) {
  return hipcore::api::call(
      "hipHostMalloc", hipHostMalloc,
      [&] {
        if (pointer == nullptr)
          return finish("hipHostMalloc", fail(hipErrorInvalidValue, "pointer is null"));
        *pointer = nullptr;
        constexpr unsigned known = hipHostMallocPortable | hipHostMallocMapped |
                                   hipHostMallocWriteCombined | hipHostMallocCoherent |
                                   hipHostMallocNonCoherent | hipHostMallocNumaUser;
        if ((flags & ~known) != 0 ||
            ((flags & hipHostMallocCoherent) && (flags & hipHostMallocNonCoherent)))
          return finish("hipHostMalloc",
                        fail(hipErrorInvalidValue, "hipHostMalloc flags 0x%x", flags));
        // Every hipcore host allocation is fine-grained (coherent), mapped and portable; the flags
        // are kept for hipHostGetFlags.
        Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok())
          status = device->memory().allocateHost(size, *pointer, MemoryKind::Host, flags);
        return finish("hipHostMalloc", std::move(status));
      },
      "pointer, size, flags", pointer, size, flags);
}

HIPCORE_API hipError_t hipExtHostAlloc(void** ptr, size_t size, unsigned int flags) {
  return hipcore::api::call(
      "hipExtHostAlloc", hipExtHostAlloc, [&] { return hipHostMalloc(ptr, size, flags); },
      "ptr, size, flags", ptr, size, flags);
}

// Managed memory as fine-grained host memory: coherent for host and device alike (ROCR 5.2
// has no page migration on this path).
HIPCORE_API hipError_t hipMallocManaged(void** pointer, size_t size, unsigned int flags) {
  return hipcore::api::call(
      "hipMallocManaged", hipMallocManaged,
      [&] {
        if (pointer == nullptr)
          return finish("hipMallocManaged", fail(hipErrorInvalidValue, "pointer is null"));
        *pointer = nullptr;
        if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
          return finish("hipMallocManaged", fail(hipErrorInvalidValue, "flags 0x%x", flags));
        if (size == 0)  // HIP's answer (hip-tests checks it on AMD); CUDA's too
          return finish("hipMallocManaged", fail(hipErrorInvalidValue, "size 0"));
        Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok())
          status = device->memory().allocateHost(size, *pointer, MemoryKind::Managed, 0);
        return finish("hipMallocManaged", std::move(status));
      },
      "pointer, size, flags", pointer, size, flags);
}

HIPCORE_API hipError_t hipHostRegister(void* hostPointer, size_t size, unsigned int flags) {
  return hipcore::api::call(
      "hipHostRegister", hipHostRegister,
      [&] {
        if (hostPointer == nullptr || size == 0)
          return finish("hipHostRegister",
                        fail(hipErrorInvalidValue, "hipHostRegister(%p, %zu)", hostPointer, size));
        // ReadOnly (0x8, CUDA's cudaHostRegisterReadOnly, AMD's hipExtHostRegisterCoarseGrained
        // by the same value) asks nothing the lock does not give: the device only reads pages
        // the process may only read.
        constexpr unsigned known = hipHostRegisterPortable | hipHostRegisterMapped |
                                   hipHostRegisterIoMemory | hipHostRegisterReadOnly;
        if ((flags & ~known) != 0)
          return finish("hipHostRegister", fail(hipErrorInvalidValue, "flags 0x%x", flags));
        Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (!status.ok()) return finish("hipHostRegister", std::move(status));
        Allocation existing;
        if (device->pointers().find(hostPointer, existing))
          return finish("hipHostRegister", fail(hipErrorHostMemoryAlreadyRegistered,
                                                "%p is already registered", hostPointer));
        auto locked = hipcore::hsa::lockHostMemory(device->agent().agent, hostPointer, size);
        if (!locked)
          return finish("hipHostRegister",
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
      },
      "hostPointer, size, flags", hostPointer, size, flags);
}

HIPCORE_API hipError_t hipHostUnregister(void* hostPointer) {
  return hipcore::api::call(
      "hipHostUnregister", hipHostUnregister,
      [&] {
        if (hostPointer == nullptr)
          return finish("hipHostUnregister", fail(hipErrorInvalidValue, "pointer is null"));
        Allocation allocation;
        if (!findAllocation(hostPointer, allocation) || allocation.kind != MemoryKind::Registered ||
            allocation.base != hostPointer ||
            !hipcore::api::runtime().pointers().remove(hostPointer))
          return finish("hipHostUnregister", fail(hipErrorHostMemoryNotRegistered,
                                                  "%p was not registered", hostPointer));
        if (auto unlocked = hipcore::hsa::unlockHostMemory(hostPointer); !unlocked)
          return finish("hipHostUnregister",
                        fail(hipErrorInvalidValue, "%s", unlocked.message().c_str()));
        return hipSuccess;
      },
      "hostPointer", hostPointer);
}

HIPCORE_API hipError_t hipHostGetDevicePointer(void** devicePointer, void* hostPointer,
                                               unsigned int flags) {
  return hipcore::api::call(
      "hipHostGetDevicePointer", hipHostGetDevicePointer,
      [&] {
        if (devicePointer == nullptr || hostPointer == nullptr || flags != 0)
          return finish("hipHostGetDevicePointer",
                        fail(hipErrorInvalidValue, "hipHostGetDevicePointer(%p, %p, 0x%x)",
                             static_cast<void*>(devicePointer), hostPointer, flags));
        Allocation allocation;
        if (!findAllocation(hostPointer, allocation) || !isHostKind(allocation.kind))
          return finish(
              "hipHostGetDevicePointer",
              fail(hipErrorInvalidValue, "%p is not host memory known to the GPU", hostPointer));
        *devicePointer = static_cast<char*>(allocation.devicePointer) +
                         (static_cast<char*>(hostPointer) - static_cast<char*>(allocation.base));
        return hipSuccess;
      },
      "devicePointer, hostPointer, flags", devicePointer, hostPointer, flags);
}

HIPCORE_API hipError_t hipHostGetFlags(unsigned int* flags, void* hostPointer) {
  return hipcore::api::call(
      "hipHostGetFlags", hipHostGetFlags,
      [&] {
        if (flags == nullptr || hostPointer == nullptr)
          return finish("hipHostGetFlags", fail(hipErrorInvalidValue, "null argument"));
        Allocation allocation;
        if (!findAllocation(hostPointer, allocation) ||
            (allocation.kind != MemoryKind::Host && allocation.kind != MemoryKind::Registered))
          return finish("hipHostGetFlags",
                        fail(hipErrorInvalidValue,
                             "%p is not from hipHostMalloc or hipHostRegister", hostPointer));
        *flags = allocation.flags;
        return hipSuccess;
      },
      "flags, hostPointer", flags, hostPointer);
}

HIPCORE_API hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                               const void* pointer) {
  return hipcore::api::call(
      "hipPointerGetAttributes", hipPointerGetAttributes,
      [&] {
        if (attributes == nullptr || pointer == nullptr)
          return finish("hipPointerGetAttributes",
                        fail(hipErrorInvalidValue, "hipPointerGetAttributes(%p, %p)",
                             static_cast<void*>(attributes), pointer));
        *attributes = {};
        attributes->device = -1;
        Allocation allocation;
        if (!findAllocation(pointer, allocation)) return hipSuccess;  // hipMemoryTypeUnregistered
        size_t offset =
            static_cast<const char*>(pointer) - static_cast<const char*>(allocation.base);
        attributes->devicePointer = static_cast<char*>(allocation.devicePointer) + offset;
        attributes->device = allocation.device;
        if (allocation.kind == MemoryKind::Device || allocation.kind == MemoryKind::Mapped) {
          attributes->type = hipMemoryTypeDevice;
          return hipSuccess;
        }
        attributes->hostPointer = const_cast<void*>(pointer);
        attributes->isManaged = allocation.kind == MemoryKind::Managed;
        attributes->type = attributes->isManaged ? hipMemoryTypeManaged : hipMemoryTypeHost;
        attributes->allocationFlags = allocation.flags;
        return hipSuccess;
      },
      "attributes, pointer", attributes, pointer);
}

HIPCORE_API hipError_t hipMemPtrGetInfo(void* pointer, size_t* size) {
  return hipcore::api::call(
      "hipMemPtrGetInfo", hipMemPtrGetInfo,
      [&] {
        if (pointer == nullptr || size == nullptr)
          return finish("hipMemPtrGetInfo", fail(hipErrorInvalidValue, "null argument"));
        Allocation allocation;
        if (!findAllocation(pointer, allocation))
          return finish("hipMemPtrGetInfo",
                        fail(hipErrorInvalidValue, "%p is not an allocation", pointer));
        *size = allocation.bytes;
        return hipSuccess;
      },
      "pointer, size", pointer, size);
}

HIPCORE_API hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size,
                                             hipDeviceptr_t pointer) {
  return hipcore::api::call(
      "hipMemGetAddressRange", hipMemGetAddressRange,
      [&] {
        if (pointer == nullptr)
          return finish("hipMemGetAddressRange", fail(hipErrorInvalidValue, "pointer is null"));
        Allocation allocation;
        if (!findAllocation(pointer, allocation))
          return finish("hipMemGetAddressRange",
                        fail(hipErrorNotFound, "%p is not in an allocation", pointer));
        if (base != nullptr) *base = allocation.base;
        if (size != nullptr) *size = allocation.bytes;
        return hipSuccess;
      },
      "base, size, pointer", base, size, pointer);
}
