// Device memory: hipMalloc, hipFree, hipMemGetInfo (copies: CopyApi.cpp, fills: FillApi.cpp).
#include "ApiCall.h"
#include "ApiState.h"
#include "ManagedAdvice.h"
#include "graph/GraphMemory.h"
#include "graph/StreamCapture.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipMalloc(void** pointer, size_t size) {
  return hipcore::api::call(
      "hipMalloc", hipMalloc,
      [&] {
        if (pointer == nullptr)
          return finish("hipMalloc", fail(hipErrorInvalidValue, "pointer is null"));
        *pointer = nullptr;
        hipcore::core::Device* device = nullptr;
        Status status = hipcore::graph::checkUnsafeCall("hipMalloc");
        if (status.ok()) status = hipcore::api::currentDevice(device);
        if (status.ok()) status = device->memory().allocate(size, *pointer);
        return finish("hipMalloc", std::move(status));
      },
      "pointer, size", pointer, size);
}

HIPCORE_API hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes, unsigned int flags) {
  return hipcore::api::call(
      "hipExtMallocWithFlags", hipExtMallocWithFlags,
      [&] {
        const char* call = "hipExtMallocWithFlags";
        if (ptr == nullptr) return finish(call, fail(hipErrorInvalidValue, "ptr is null"));
        if (flags > hipDeviceMallocContiguous)
          return finish(call, fail(hipErrorInvalidValue, "flags 0x%x", flags));
        // A signal's word is 8 bytes, nothing else (AMD's rule).
        if (flags == hipMallocSignalMemory && sizeBytes != 8)
          return finish(call, fail(hipErrorInvalidValue, "signal memory of %zu bytes", sizeBytes));
        // Every flavour comes from the device's memory pool. vgpu's device memory is coherent
        // with the host whatever runs, as fine-grained and uncached memory is; ROCR's
        // fine-grained device pool, which hardware needs for them, is not used yet (issue 20).
        return hipMalloc(ptr, sizeBytes);
      },
      "ptr, sizeBytes, flags", ptr, sizeBytes, flags);
}

namespace {

// hipFree and hipHostFree: the registry says whose allocation `pointer` is; anything that is
// not the base of a live allocation of the right kind (an interior pointer, a double free,
// host memory given to hipFree) is refused with hipErrorInvalidValue.
hipError_t freeAllocation(const char* call, void* pointer, bool hostOnly) {
  if (pointer == nullptr) return hipSuccess;
  // Graph-owned memory goes back to its graph, which keeps it reserved for its next launch and
  // releases it when the graph goes (GraphMemory.h).
  if (hipcore::graph::freeGraphMemory(pointer)) return hipSuccess;
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return finish(call, rt.initStatus());
  // A buffer of imported external memory is freed by hipFree, as in CUDA (one load when none).
  if (!hostOnly && rt.externalMemory().freeBuffer(pointer)) return hipSuccess;
  hipcore::core::Allocation allocation;
  hipcore::core::Chunk* chunk = nullptr;
  uint32_t block = 0;
  if (!rt.pointers().findBase(pointer, allocation, chunk, block))
    return finish(call, fail(hipErrorInvalidValue, "%s(%p): not the start of a live allocation",
                             call, pointer));
  // Pointers imported from another process's pool are freed by hipFree, as in CUDA.
  if (allocation.kind == hipcore::core::MemoryKind::Mapped && !hostOnly &&
      rt.ipcMemory().freePoolImport(pointer))
    return hipSuccess;
  if (allocation.kind == hipcore::core::MemoryKind::Mapped)
    return finish(call, fail(hipErrorInvalidValue,
                             "%s(%p): mapped memory (hipMemUnmap or hipIpcCloseMemHandle it)", call,
                             pointer));
  // As in CUDA: hipHostMalloc memory goes to hipHostFree, device and managed memory to hipFree.
  bool host = allocation.kind == hipcore::core::MemoryKind::Host;
  if (host != hostOnly)
    return finish(
        call, fail(hipErrorInvalidValue, "%s(%p): %s memory", call, pointer,
                   host ? "hipHostMalloc (use hipHostFree)" : "device or managed (use hipFree)"));
  hipcore::core::Device* owner = rt.device(allocation.device);
  Status released = owner->memory().release(allocation, chunk, block);
  if (released.ok() && allocation.kind == hipcore::core::MemoryKind::Managed)
    hipcore::api::managedAdvice().forget(allocation.base);
  return finish(call, std::move(released));
}

}  // namespace

HIPCORE_API hipError_t hipFree(void* pointer) {
  return hipcore::api::call(
      "hipFree", hipFree, [&] { return freeAllocation("hipFree", pointer, /*hostOnly=*/false); },
      "pointer", pointer);
}

HIPCORE_API hipError_t hipHostFree(void* pointer) {
  return hipcore::api::call(
      "hipHostFree", hipHostFree,
      [&] { return freeAllocation("hipHostFree", pointer, /*hostOnly=*/true); }, "pointer",
      pointer);
}

HIPCORE_API hipError_t hipMemGetInfo(size_t* free, size_t* total) {
  return hipcore::api::call(
      "hipMemGetInfo", hipMemGetInfo,
      [&] {
        if (free == nullptr || total == nullptr)
          return finish("hipMemGetInfo", fail(hipErrorInvalidValue, "null argument"));
        hipcore::core::Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (status.ok()) device->memory().info(*free, *total);
        return finish("hipMemGetInfo", std::move(status));
      },
      "free, total", free, total);
}
