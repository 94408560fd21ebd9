// hipMemGetHandleForAddressRange: a dma-buf file descriptor for a range of device memory, through
// ROCR's hsa_amd_portable_export_dmabuf (ROCR >= 6.0; hipErrorNotSupported on ROCR 5.2.3).
#include <unistd.h>

#include "ApiCall.h"
#include "ApiState.h"
#include "core/HsaFailure.h"
#include "hsa/Hsa.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

Status exportRange(void* handle, hipDeviceptr_t pointer, size_t size,
                   hipMemRangeHandleType handleType, unsigned long long flags) {
  if (handle == nullptr) return fail(hipErrorInvalidValue, "handle is null");
  if (pointer == nullptr) return fail(hipErrorInvalidValue, "dptr is null");
  if (size == 0) return fail(hipErrorInvalidValue, "size is 0");
  if (handleType != hipMemRangeHandleTypeDmaBufFd)
    return fail(hipErrorInvalidValue, "handle type %d (only hipMemRangeHandleTypeDmaBufFd)",
                static_cast<int>(handleType));
  if (flags != 0) return fail(hipErrorInvalidValue, "flags 0x%llx (must be 0)", flags);
  hipcore::core::Allocation allocation;
  if (!hipcore::api::findAllocation(pointer, allocation) ||
      (allocation.kind != hipcore::core::MemoryKind::Device &&
       allocation.kind != hipcore::core::MemoryKind::Mapped))
    return fail(hipErrorInvalidValue, "%p is not device memory", pointer);
  const auto* base = static_cast<const char*>(allocation.base);
  const auto* start = static_cast<const char*>(pointer);
  if (size > allocation.bytes - size_t(start - base))
    return fail(hipErrorInvalidValue, "%zu bytes at %p run past its allocation (%zu bytes at %p)",
                size, pointer, allocation.bytes, allocation.base);
  if (!hipcore::hsa::canExportDmabuf())
    return fail(hipErrorNotSupported,
                "this ROCR cannot export dma-bufs (hsa_amd_portable_export_dmabuf: ROCR >= 6.0)");
  auto exported = hipcore::hsa::exportDmabuf(pointer, size);
  if (!exported) return hipcore::core::hsaFailure(exported.error(), "dma-buf export");
  if (exported->offset != 0) {
    // The descriptor covers ROCR's whole allocation (a chunk of hipcore's allocator for small
    // blocks); the HIP call has no way to return the offset, so a range not at its start is
    // refused rather than handed out wrongly.
    ::close(exported->fd);
    return fail(hipErrorNotSupported,
                "%p starts %llu bytes into the ROCR allocation a dma-buf would describe", pointer,
                static_cast<unsigned long long>(exported->offset));
  }
  *static_cast<int*>(handle) = exported->fd;
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipMemGetHandleForAddressRange(void* handle, hipDeviceptr_t dptr,
                                                      size_t size, hipMemRangeHandleType handleType,
                                                      unsigned long long flags) {
  return hipcore::api::call(
      "hipMemGetHandleForAddressRange", hipMemGetHandleForAddressRange,
      [&] {
        return finish("hipMemGetHandleForAddressRange",
                      exportRange(handle, dptr, size, handleType, flags));
      },
      "handle, dptr, size, handleType, flags", handle, dptr, size, handleType, flags);
}
