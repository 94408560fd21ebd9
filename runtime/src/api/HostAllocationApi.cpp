// Host memory the GPU can reach and what hipcore knows about a pointer: hipHostMalloc,
// hipMallocManaged, hipHostRegister/Unregister, hipHostGetDevicePointer, hipHostGetFlags,
// hipPointerGetAttributes, hipMemPtrGetInfo, hipMemGetAddressRange.
#include "ApiCall.h"
#include "ApiState.h"
#include "hsa/Hsa.h"

using hipcore::api::finish;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// hsa user data of host allocations: the hip*Malloc/Register flags, plus a bit for managed.
constexpr uintptr_t kManagedBit = uintptr_t{1} << 40;
constexpr uintptr_t kKnownBit = uintptr_t{1} << 41;  // set by hipcore (user data 0: not ours)

// The device that owns `agent`'s memory, or -1 (host memory).
int deviceOfAgent(uint64_t agent) {
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  for (int i = 0; i < rt.deviceCount(); ++i)
    if (rt.device(i)->agent().agent == agent) return i;
  return -1;
}

}  // namespace

HIPCORE_API hipError_t hipHostMalloc(void** pointer, size_t size, unsigned int flags) {
  HIPCORE_API_CALL(hipHostMalloc, pointer, size, flags);
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  *pointer = nullptr;
  constexpr unsigned known = hipHostMallocPortable | hipHostMallocMapped | hipHostMallocWriteCombined |
                             hipHostMallocCoherent | hipHostMallocNonCoherent | hipHostMallocNumaUser;
  if ((flags & ~known) != 0 || ((flags & hipHostMallocCoherent) && (flags & hipHostMallocNonCoherent)))
    return finish(__func__, fail(hipErrorInvalidValue, "hipHostMalloc flags 0x%x", flags));
  // Every hipcore host allocation is fine-grained (coherent), mapped and portable; the flags
  // are kept for hipHostGetFlags.
  Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (status.ok()) status = device->allocateHost(size, *pointer);
  if (status.ok() && *pointer != nullptr) (void)hipcore::hsa::setUserData(*pointer, kKnownBit | flags);
  return finish(__func__, std::move(status));
}

// Managed memory as fine-grained host memory: coherent for host and device alike (ROCR 5.2
// has no page migration on this path).
HIPCORE_API hipError_t hipMallocManaged(void** pointer, size_t size, unsigned int flags) {
  HIPCORE_API_CALL(hipMallocManaged, pointer, size, flags);
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
    return finish(__func__, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  hipError_t allocated = hipHostMalloc(pointer, size, 0);
  if (allocated == hipSuccess && *pointer != nullptr) (void)hipcore::hsa::setUserData(*pointer, kKnownBit | kManagedBit);
  return allocated;
}

HIPCORE_API hipError_t hipHostRegister(void* hostPointer, size_t size, unsigned int flags) {
  HIPCORE_API_CALL(hipHostRegister, hostPointer, size, flags);
  if (hostPointer == nullptr || size == 0)
    return finish(__func__, fail(hipErrorInvalidValue, "hipHostRegister(%p, %zu)", hostPointer, size));
  constexpr unsigned known = hipHostRegisterPortable | hipHostRegisterMapped | hipHostRegisterIoMemory;
  if ((flags & ~known) != 0) return finish(__func__, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  if (hipcore::hsa::pointerInfo(hostPointer).kind != hipcore::hsa::PointerKind::Unknown)
    return finish(__func__, fail(hipErrorHostMemoryAlreadyRegistered, "%p is already registered", hostPointer));
  Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (!status.ok()) return finish(__func__, std::move(status));
  auto locked = hipcore::hsa::lockHostMemory(device->agent().agent, hostPointer, size);
  if (!locked) return finish(__func__, fail(hipErrorOutOfMemory, "hipHostRegister: %s", locked.message().c_str()));
  (void)hipcore::hsa::setUserData(hostPointer, kKnownBit | flags);
  return hipSuccess;
}

HIPCORE_API hipError_t hipHostUnregister(void* hostPointer) {
  HIPCORE_API_CALL(hipHostUnregister, hostPointer);
  if (hostPointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  if (!hipcore::hsa::pointerInfo(hostPointer).locked)
    return finish(__func__, fail(hipErrorHostMemoryNotRegistered, "%p was not registered", hostPointer));
  if (auto unlocked = hipcore::hsa::unlockHostMemory(hostPointer); !unlocked)
    return finish(__func__, fail(hipErrorInvalidValue, "%s", unlocked.message().c_str()));
  return hipSuccess;
}

HIPCORE_API hipError_t hipHostGetDevicePointer(void** devicePointer, void* hostPointer, unsigned int flags) {
  HIPCORE_API_CALL(hipHostGetDevicePointer, devicePointer, hostPointer, flags);
  if (devicePointer == nullptr || hostPointer == nullptr || flags != 0)
    return finish(__func__, fail(hipErrorInvalidValue, "hipHostGetDevicePointer(%p, %p, 0x%x)",
                                 static_cast<void*>(devicePointer), hostPointer, flags));
  hipcore::hsa::PointerInfo info = hipcore::hsa::pointerInfo(hostPointer);
  if (info.kind != hipcore::hsa::PointerKind::Host)
    return finish(__func__, fail(hipErrorInvalidValue, "%p is not host memory known to the GPU", hostPointer));
  *devicePointer = static_cast<char*>(info.agentBase) + (static_cast<char*>(hostPointer) - static_cast<char*>(info.hostBase));
  return hipSuccess;
}

HIPCORE_API hipError_t hipHostGetFlags(unsigned int* flags, void* hostPointer) {
  HIPCORE_API_CALL(hipHostGetFlags, flags, hostPointer);
  if (flags == nullptr || hostPointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  hipcore::hsa::PointerInfo info = hipcore::hsa::pointerInfo(hostPointer);
  if (info.kind != hipcore::hsa::PointerKind::Host || (info.userData & kKnownBit) == 0 || (info.userData & kManagedBit))
    return finish(__func__, fail(hipErrorInvalidValue, "%p is not from hipHostMalloc or hipHostRegister", hostPointer));
  *flags = static_cast<unsigned>(info.userData & 0xffffffffu);
  return hipSuccess;
}

HIPCORE_API hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* pointer) {
  HIPCORE_API_CALL(hipPointerGetAttributes, attributes, pointer);
  if (attributes == nullptr || pointer == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "hipPointerGetAttributes(%p, %p)", static_cast<void*>(attributes), pointer));
  *attributes = {};
  hipcore::hsa::PointerInfo info = hipcore::hsa::pointerInfo(pointer);
  attributes->device = -1;
  if (info.kind == hipcore::hsa::PointerKind::Unknown) return hipSuccess;  // hipMemoryTypeUnregistered
  size_t offset = static_cast<const char*>(pointer) - static_cast<const char*>(info.hostBase);
  attributes->devicePointer = static_cast<char*>(info.agentBase) + offset;
  if (info.kind == hipcore::hsa::PointerKind::Device) {
    attributes->type = hipMemoryTypeDevice;
    attributes->device = deviceOfAgent(info.owner);
    return hipSuccess;
  }
  attributes->hostPointer = const_cast<void*>(pointer);
  attributes->isManaged = (info.userData & kManagedBit) != 0;
  attributes->type = attributes->isManaged ? hipMemoryTypeManaged : hipMemoryTypeHost;
  attributes->allocationFlags = static_cast<unsigned>(info.userData & 0xffffffffu);
  attributes->device = hipcore::api::threadState().device;
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemPtrGetInfo(void* pointer, size_t* size) {
  HIPCORE_API_CALL(hipMemPtrGetInfo, pointer, size);
  if (pointer == nullptr || size == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  hipcore::hsa::PointerInfo info = hipcore::hsa::pointerInfo(pointer);
  if (info.kind == hipcore::hsa::PointerKind::Unknown)
    return finish(__func__, fail(hipErrorInvalidValue, "%p is not an allocation", pointer));
  *size = info.bytes;
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size, hipDeviceptr_t pointer) {
  HIPCORE_API_CALL(hipMemGetAddressRange, base, size, pointer);
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  hipcore::hsa::PointerInfo info = hipcore::hsa::pointerInfo(pointer);
  if (info.kind == hipcore::hsa::PointerKind::Unknown)
    return finish(__func__, fail(hipErrorNotFound, "%p is not in an allocation", pointer));
  if (base != nullptr) *base = info.hostBase;
  if (size != nullptr) *size = info.bytes;
  return hipSuccess;
}
