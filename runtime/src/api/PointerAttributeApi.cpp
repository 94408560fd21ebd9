// The driver API's pointer attributes: hipPointerGetAttribute, hipDrvPointerGetAttributes and
// hipPointerSetAttribute, answered from hipcore's pointer registry like hipPointerGetAttributes.
// Value types are AMD's (HIP's ABI; they follow CUDA's cuPointerGetAttribute but for two):
// booleans and memory types as unsigned int, the device ordinal as int, addresses as pointers,
// and the range size and buffer id as 32-bit unsigned where CUDA writes 64 bits (AMD's runtime
// writes 4 bytes and AMD's tests pass 4-byte variables: writing 8 would overrun them).
// Attributes AMD's runtime does not support on AMD GPUs (contexts, P2P tokens, legacy IPC,
// handle types, RDMA, pool handles) answer hipErrorNotSupported as there, so programs written for
// it behave the same. hipcore's synchronous copies always complete before they return, so
// HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS reads 1 and setting it changes nothing.
#include <cstdint>
#include <cstring>
#include <string>

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::findAllocation;
using hipcore::api::finish;
using hipcore::core::Allocation;
using hipcore::core::fail;
using hipcore::core::MemoryKind;
using hipcore::core::Status;

namespace {

hipMemoryType memoryTypeOf(const Allocation& allocation) {
  switch (allocation.kind) {
    case MemoryKind::Device:
    case MemoryKind::Mapped:  // hipMemMap ranges and opened IPC handles are device memory
      return hipMemoryTypeDevice;
    case MemoryKind::Managed:
      return hipMemoryTypeManaged;
    default:
      return hipMemoryTypeHost;
  }
}

bool notSupportedHere(hipPointer_attribute attribute) {
  switch (attribute) {
    case HIP_POINTER_ATTRIBUTE_CONTEXT:
    case HIP_POINTER_ATTRIBUTE_P2P_TOKENS:
    case HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE:
    case HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
    case HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
    case HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
      return true;
    default:
      return false;
  }
}

bool known(hipPointer_attribute attribute) {
  return attribute >= HIP_POINTER_ATTRIBUTE_CONTEXT &&
         attribute <= HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE;
}

template <class T>
void put(void* data, T value) {
  std::memcpy(data, &value, sizeof(T));
}

Status pointerAttribute(void* data, hipPointer_attribute attribute, const void* pointer) {
  if (data == nullptr || pointer == nullptr)
    return fail(hipErrorInvalidValue, "data %p, pointer %p", data, pointer);
  if (!known(attribute)) return fail(hipErrorInvalidValue, "pointer attribute %d", attribute);
  if (notSupportedHere(attribute))
    return fail(hipErrorNotSupported, "pointer attribute %d is not supported on AMD GPUs",
                attribute);
  Allocation allocation;
  if (!findAllocation(pointer, allocation))
    return fail(hipErrorInvalidValue, "%p is not memory hipcore allocated or registered", pointer);
  size_t offset = static_cast<const char*>(pointer) - static_cast<const char*>(allocation.base);
  switch (attribute) {
    case HIP_POINTER_ATTRIBUTE_MEMORY_TYPE:
      put<unsigned>(data, memoryTypeOf(allocation));
      break;
    case HIP_POINTER_ATTRIBUTE_DEVICE_POINTER:
      put<void*>(data, static_cast<char*>(allocation.devicePointer) + offset);
      break;
    case HIP_POINTER_ATTRIBUTE_HOST_POINTER:
      if (memoryTypeOf(allocation) == hipMemoryTypeDevice)
        return fail(hipErrorInvalidValue, "%p is device memory: it has no host address", pointer);
      put<const void*>(data, pointer);
      break;
    case HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS:
    case HIP_POINTER_ATTRIBUTE_MAPPED:  // every allocation is mapped into the GPU's space
      put<unsigned>(data, 1);
      break;
    case HIP_POINTER_ATTRIBUTE_IS_MANAGED:
      put<unsigned>(data, allocation.kind == MemoryKind::Managed ? 1 : 0);
      break;
    case HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      put<int>(data, allocation.device);
      break;
    case HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR:
      put<void*>(data, allocation.base);
      break;
    case HIP_POINTER_ATTRIBUTE_RANGE_SIZE:
      put<uint32_t>(data, static_cast<uint32_t>(allocation.bytes));
      break;
    case HIP_POINTER_ATTRIBUTE_BUFFER_ID:
      put<uint32_t>(data, allocation.id);
      break;
    case HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS:
      put<unsigned>(data, hipMemAccessFlagsProtReadWrite);
      break;
    default:
      return fail(hipErrorInvalidValue, "pointer attribute %d", attribute);
  }
  return Status::success();
}

// The bytes hipDrvPointerGetAttributes writes for `attribute` when the pointer is unknown.
size_t valueBytes(hipPointer_attribute attribute) {
  switch (attribute) {
    case HIP_POINTER_ATTRIBUTE_DEVICE_POINTER:
    case HIP_POINTER_ATTRIBUTE_HOST_POINTER:
    case HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR:
      return sizeof(void*);
    default:
      return sizeof(unsigned);
  }
}

}  // namespace

HIPCORE_API hipError_t hipPointerGetAttribute(void* data, hipPointer_attribute attribute,
                                              hipDeviceptr_t ptr) {
  return hipcore::api::call(
      "hipPointerGetAttribute", hipPointerGetAttribute,
      [&] { return finish("hipPointerGetAttribute", pointerAttribute(data, attribute, ptr)); },
      "data, attribute, ptr", data, attribute, ptr);
}

// As CUDA's cuPointerGetAttributes: a pointer hipcore does not know is no error here; its
// attributes read as zero (and the device ordinal as -1).
HIPCORE_API hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes,
                                                  hipPointer_attribute* attributes, void** data,
                                                  hipDeviceptr_t ptr) {
  return hipcore::api::call(
      "hipDrvPointerGetAttributes", hipDrvPointerGetAttributes,
      [&] {
        const char* call = "hipDrvPointerGetAttributes";
        if (numAttributes == 0 || attributes == nullptr || data == nullptr || ptr == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "%u attributes at %p, data %p, ptr %p",
                                   numAttributes, static_cast<void*>(attributes),
                                   static_cast<void*>(data), ptr));
        Allocation allocation;
        bool registered = findAllocation(ptr, allocation);
        for (unsigned i = 0; i < numAttributes; ++i) {
          if (data[i] == nullptr)
            return finish(call, fail(hipErrorInvalidValue, "data[%u] is null", i));
          if (!registered && known(attributes[i]) && !notSupportedHere(attributes[i])) {
            std::memset(data[i], 0, valueBytes(attributes[i]));
            if (attributes[i] == HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL) put<int>(data[i], -1);
            continue;
          }
          // CUDA's several-at-once form: device memory has a null host pointer, not an error.
          if (registered && attributes[i] == HIP_POINTER_ATTRIBUTE_HOST_POINTER &&
              memoryTypeOf(allocation) == hipMemoryTypeDevice) {
            put<void*>(data[i], nullptr);
            continue;
          }
          if (Status status = pointerAttribute(data[i], attributes[i], ptr); !status.ok()) {
            status.addContext("attribute " + std::to_string(i));
            return finish(call, std::move(status));
          }
        }
        return hipSuccess;
      },
      "numAttributes, attributes, data, ptr", numAttributes, attributes, data, ptr);
}

HIPCORE_API hipError_t hipPointerSetAttribute(const void* value, hipPointer_attribute attribute,
                                              hipDeviceptr_t ptr) {
  return hipcore::api::call(
      "hipPointerSetAttribute", hipPointerSetAttribute,
      [&] {
        const char* call = "hipPointerSetAttribute";
        if (value == nullptr || ptr == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "value %p, ptr %p", value, ptr));
        // SYNC_MEMOPS is the only attribute CUDA lets a program set.
        if (attribute != HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS)
          return finish(
              call, fail(hipErrorInvalidValue, "pointer attribute %d cannot be set", attribute));
        Allocation allocation;
        if (!findAllocation(ptr, allocation) ||
            (allocation.kind != MemoryKind::Device && allocation.kind != MemoryKind::Mapped))
          return finish(call, fail(hipErrorInvalidDevicePointer,
                                   "%p is not device memory hipcore allocated", ptr));
        return hipSuccess;
      },
      "value, attribute, ptr", value, attribute, ptr);
}
