// Memory beyond hipMalloc/hipMemcpy: element fills (hipMemsetD8/D16/D32), pitched 2D memory,
// host memory registration and flags, pointer queries, and the async symbol copies.
#include <algorithm>

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
// Rows of pitched allocations start on this boundary (hipDeviceProp_t::textureAlignment).
constexpr size_t kPitchAlignment = 256;

hipError_t fillElements(const char* call, void* destination, uint32_t pattern, unsigned width, size_t count,
                        hipStream_t stream) {
  if (count == 0) return hipSuccess;
  if (destination == nullptr) return finish(call, fail(hipErrorInvalidValue, "%s of %zu elements at null", call, count));
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (status.ok()) status = device->fillPattern(destination, pattern, width, count);
  return finish(call, std::move(status));
}

// The device that owns `agent`'s memory, or -1 (host memory).
int deviceOfAgent(uint64_t agent) {
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  for (int i = 0; i < rt.deviceCount(); ++i)
    if (rt.device(i)->agent().agent == agent) return i;
  return -1;
}

}  // namespace

HIPCORE_API hipError_t hipMemsetD8(hipDeviceptr_t destination, unsigned char value, size_t count) {
  return fillElements(__func__, destination, value, 1, count, nullptr);
}
HIPCORE_API hipError_t hipMemsetD16(hipDeviceptr_t destination, unsigned short value, size_t count) {
  return fillElements(__func__, destination, value, 2, count, nullptr);
}
HIPCORE_API hipError_t hipMemsetD32(hipDeviceptr_t destination, int value, size_t count) {
  return fillElements(__func__, destination, static_cast<uint32_t>(value), 4, count, nullptr);
}
// Asynchronous in HIP's contract; complete on return here (after the stream's earlier work).
HIPCORE_API hipError_t hipMemsetD8Async(hipDeviceptr_t destination, unsigned char value, size_t count,
                                        hipStream_t stream) {
  return fillElements(__func__, destination, value, 1, count, stream);
}
HIPCORE_API hipError_t hipMemsetD16Async(hipDeviceptr_t destination, unsigned short value, size_t count,
                                         hipStream_t stream) {
  return fillElements(__func__, destination, value, 2, count, stream);
}
HIPCORE_API hipError_t hipMemsetD32Async(hipDeviceptr_t destination, int value, size_t count, hipStream_t stream) {
  return fillElements(__func__, destination, static_cast<uint32_t>(value), 4, count, stream);
}

HIPCORE_API hipError_t hipMallocPitch(void** pointer, size_t* pitch, size_t width, size_t height) {
  if (pointer == nullptr || pitch == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  *pointer = nullptr;
  size_t rowBytes = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
  if (height != 0 && rowBytes > SIZE_MAX / height)
    return finish(__func__, fail(hipErrorOutOfMemory, "%zu rows of %zu bytes", height, width));
  *pitch = rowBytes;
  return hipMalloc(pointer, rowBytes * height);
}

HIPCORE_API hipError_t hipMemcpy2D(void* destination, size_t destinationPitch, const void* source,
                                   size_t sourcePitch, size_t width, size_t height, hipMemcpyKind kind) {
  if (width == 0 || height == 0) return hipSuccess;
  if (destination == nullptr || source == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "hipMemcpy2D %p -> %p", source, destination));
  if (width > destinationPitch || width > sourcePitch)
    return finish(__func__, fail(hipErrorInvalidPitchValue, "width %zu, pitches %zu (destination) %zu (source)",
                                 width, destinationPitch, sourcePitch));
  // Rows packed on both sides: one copy.
  if (width == destinationPitch && width == sourcePitch) return hipMemcpy(destination, source, width * height, kind);
  for (size_t row = 0; row < height; ++row) {
    hipError_t copied = hipMemcpy(static_cast<char*>(destination) + row * destinationPitch,
                                  static_cast<const char*>(source) + row * sourcePitch, width, kind);
    if (copied != hipSuccess) return copied;
  }
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemcpy2DAsync(void* destination, size_t destinationPitch, const void* source,
                                        size_t sourcePitch, size_t width, size_t height, hipMemcpyKind kind,
                                        hipStream_t stream) {
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
    return finish(__func__, std::move(status));
  return hipMemcpy2D(destination, destinationPitch, source, sourcePitch, width, height, kind);
}

HIPCORE_API hipError_t hipMemset2D(void* destination, size_t pitch, int value, size_t width, size_t height) {
  if (width == 0 || height == 0) return hipSuccess;
  if (width > pitch) return finish(__func__, fail(hipErrorInvalidPitchValue, "width %zu > pitch %zu", width, pitch));
  if (width == pitch) return hipMemset(destination, value, width * height);
  for (size_t row = 0; row < height; ++row) {
    hipError_t filled = hipMemset(static_cast<char*>(destination) + row * pitch, value, width);
    if (filled != hipSuccess) return filled;
  }
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemset2DAsync(void* destination, size_t pitch, int value, size_t width, size_t height,
                                        hipStream_t stream) {
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
    return finish(__func__, std::move(status));
  return hipMemset2D(destination, pitch, value, width, height);
}

HIPCORE_API hipError_t hipHostMalloc(void** pointer, size_t size, unsigned int flags) {
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
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
    return finish(__func__, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  hipError_t allocated = hipHostMalloc(pointer, size, 0);
  if (allocated == hipSuccess && *pointer != nullptr) (void)hipcore::hsa::setUserData(*pointer, kKnownBit | kManagedBit);
  return allocated;
}

HIPCORE_API hipError_t hipHostRegister(void* hostPointer, size_t size, unsigned int flags) {
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
  if (hostPointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  if (!hipcore::hsa::pointerInfo(hostPointer).locked)
    return finish(__func__, fail(hipErrorHostMemoryNotRegistered, "%p was not registered", hostPointer));
  if (auto unlocked = hipcore::hsa::unlockHostMemory(hostPointer); !unlocked)
    return finish(__func__, fail(hipErrorInvalidValue, "%s", unlocked.message().c_str()));
  return hipSuccess;
}

HIPCORE_API hipError_t hipHostGetDevicePointer(void** devicePointer, void* hostPointer, unsigned int flags) {
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
  if (flags == nullptr || hostPointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  hipcore::hsa::PointerInfo info = hipcore::hsa::pointerInfo(hostPointer);
  if (info.kind != hipcore::hsa::PointerKind::Host || (info.userData & kKnownBit) == 0 || (info.userData & kManagedBit))
    return finish(__func__, fail(hipErrorInvalidValue, "%p is not from hipHostMalloc or hipHostRegister", hostPointer));
  *flags = static_cast<unsigned>(info.userData & 0xffffffffu);
  return hipSuccess;
}

HIPCORE_API hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* pointer) {
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
  if (pointer == nullptr || size == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  hipcore::hsa::PointerInfo info = hipcore::hsa::pointerInfo(pointer);
  if (info.kind == hipcore::hsa::PointerKind::Unknown)
    return finish(__func__, fail(hipErrorInvalidValue, "%p is not an allocation", pointer));
  *size = info.bytes;
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemGetAddressRange(hipDeviceptr_t* base, size_t* size, hipDeviceptr_t pointer) {
  if (pointer == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "pointer is null"));
  hipcore::hsa::PointerInfo info = hipcore::hsa::pointerInfo(pointer);
  if (info.kind == hipcore::hsa::PointerKind::Unknown)
    return finish(__func__, fail(hipErrorNotFound, "%p is not in an allocation", pointer));
  if (base != nullptr) *base = info.hostBase;
  if (size != nullptr) *size = info.bytes;
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* source, size_t size, size_t offset,
                                              hipMemcpyKind kind, hipStream_t stream) {
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
    return finish(__func__, std::move(status));
  return hipMemcpyToSymbol(symbol, source, size, offset, kind);
}

HIPCORE_API hipError_t hipMemcpyFromSymbolAsync(void* destination, const void* symbol, size_t size, size_t offset,
                                                hipMemcpyKind kind, hipStream_t stream) {
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
    return finish(__func__, std::move(status));
  return hipMemcpyFromSymbol(destination, symbol, size, offset, kind);
}
