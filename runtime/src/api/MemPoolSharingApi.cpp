// Memory pools shared between processes: hipMemPoolExportToShareableHandle /
// ImportFromShareableHandle / ExportPointer / ImportPointer.
//
// A pool created with hipMemHandleTypePosixFileDescriptor allocates, like every pool, from ROCR
// device memory, which another process can map by IPC (core/IpcMemory.h). Its shareable handle
// is a memfd naming the exporting process; an exported pointer is the IPC handle of its
// allocation (64 bytes, hipMemPoolPtrExportData's size); importing a pointer opens that handle,
// after checking it comes from the process the imported pool stands for. Imported pointers are
// freed with hipFree, as in CUDA.
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "MemPoolHandles.h"
#include "core/Device.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::MemPool;
using hipcore::core::Status;

namespace {

constexpr uint32_t kPoolMagic = 0x4C4F4F50;  // "POOL"

// What the pool's descriptor holds.
struct PoolRecord {
  uint32_t magic;
  uint32_t pid;
};

static_assert(sizeof(hipMemPoolPtrExportData) == sizeof(hipIpcMemHandle_t));

Status exportPool(void* sharedHandle, hipMemPool_t handle, hipMemAllocationHandleType type,
                  unsigned flags) {
  if (sharedHandle == nullptr) return fail(hipErrorInvalidValue, "shared_handle is null");
  MemPool* pool = nullptr;
  if (Status valid = hipcore::api::poolOf(handle, pool); !valid.ok()) return valid;
  if (type != hipMemHandleTypePosixFileDescriptor || flags != 0)
    return fail(hipErrorInvalidValue, "handle type %d, flags 0x%x (POSIX descriptors, 0)",
                int(type), flags);
  if (!pool->memory().exportable() || pool->imported)
    return fail(hipErrorInvalidValue,
                "the pool was not created with handleTypes hipMemHandleTypePosixFileDescriptor");
  int fd = memfd_create("hipcore-pool", MFD_CLOEXEC);
  PoolRecord record{kPoolMagic, uint32_t(getpid())};
  if (fd < 0 || pwrite(fd, &record, sizeof record, 0) != ssize_t(sizeof record)) {
    if (fd >= 0) close(fd);
    return fail(hipErrorOutOfMemory, "no descriptor for the pool");
  }
  *static_cast<int*>(sharedHandle) = fd;  // as in CUDA: an int where the handle points
  return Status::success();
}

Status importPool(hipMemPool_t* out, void* sharedHandle, hipMemAllocationHandleType type,
                  unsigned flags) {
  if (out == nullptr) return fail(hipErrorInvalidValue, "mem_pool is null");
  if (type != hipMemHandleTypePosixFileDescriptor || flags != 0)
    return fail(hipErrorInvalidValue, "handle type %d, flags 0x%x (POSIX descriptors, 0)",
                int(type), flags);
  // As in CUDA, the descriptor is passed as the pointer's value.
  const int fd = static_cast<int>(reinterpret_cast<intptr_t>(sharedHandle));
  PoolRecord record{};
  if (fd < 0 || pread(fd, &record, sizeof record, 0) != ssize_t(sizeof record) ||
      record.magic != kPoolMagic)
    return fail(hipErrorInvalidValue, "descriptor %d is not an exported pool", fd);
  hipcore::core::Device* device = nullptr;
  if (Status current = hipcore::api::currentDevice(device); !current.ok()) return current;
  MemPool* created = nullptr;
  if (Status made = device->memory().pools().create(0, created); !made.ok()) return made;
  created->memory().setExportable(false);
  created->imported = true;
  created->exporterPid = record.pid;
  *out = reinterpret_cast<hipMemPool_t>(created);
  return Status::success();
}

Status exportPointer(hipMemPoolPtrExportData* data, void* pointer) {
  if (data == nullptr || pointer == nullptr)
    return fail(hipErrorInvalidValue, "export_data or dev_ptr is null");
  hipcore::core::Runtime& rt = hipcore::api::runtime();
  if (!rt.initStatus().ok()) return rt.initStatus();
  hipcore::core::Allocation allocation;
  hipcore::core::Chunk* chunk = nullptr;
  uint32_t block = 0;
  if (!rt.pointers().findBase(pointer, allocation, chunk, block) ||
      allocation.kind != hipcore::core::MemoryKind::Device)
    return fail(hipErrorInvalidValue, "%p is not the start of a pool allocation", pointer);
  hipcore::core::DeviceMemoryPool* pool = chunk != nullptr ? chunk->pool : allocation.pool;
  if (pool == nullptr || !pool->exportable())
    return fail(hipErrorInvalidValue, "%p is not from a pool created for export", pointer);
  hipIpcMemHandle_t handle{};
  if (Status exported = rt.ipcMemory().exportHandle(pointer, handle); !exported.ok())
    return exported;
  std::memcpy(data, &handle, sizeof handle);
  return Status::success();
}

Status importPointer(void** out, hipMemPool_t handle, const hipMemPoolPtrExportData* data) {
  if (out == nullptr || data == nullptr)
    return fail(hipErrorInvalidValue, "dev_ptr or export_data is null");
  MemPool* pool = nullptr;
  if (Status valid = hipcore::api::poolOf(handle, pool); !valid.ok()) return valid;
  if (!pool->imported)
    return fail(hipErrorInvalidValue,
                "the pool was not imported (hipMemPoolImportFromShareableHandle)");
  hipIpcMemHandle_t ipc;
  std::memcpy(&ipc, data, sizeof ipc);
  return hipcore::api::runtime().ipcMemory().open(ipc, pool->device().index(), *out,
                                                  pool->exporterPid, /*fromPool=*/true);
}

}  // namespace

HIPCORE_API hipError_t hipMemPoolExportToShareableHandle(void* shared_handle, hipMemPool_t mem_pool,
                                                         hipMemAllocationHandleType handle_type,
                                                         unsigned int flags) {
  return hipcore::api::call(
      "hipMemPoolExportToShareableHandle", hipMemPoolExportToShareableHandle,
      [&] {
        return finish("hipMemPoolExportToShareableHandle",
                      exportPool(shared_handle, mem_pool, handle_type, flags));
      },
      "shared_handle, mem_pool, handle_type, flags", shared_handle, mem_pool, handle_type, flags);
}

HIPCORE_API hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t* mem_pool,
                                                           void* shared_handle,
                                                           hipMemAllocationHandleType handle_type,
                                                           unsigned int flags) {
  return hipcore::api::call(
      "hipMemPoolImportFromShareableHandle", hipMemPoolImportFromShareableHandle,
      [&] {
        return finish("hipMemPoolImportFromShareableHandle",
                      importPool(mem_pool, shared_handle, handle_type, flags));
      },
      "mem_pool, shared_handle, handle_type, flags", mem_pool, shared_handle, handle_type, flags);
}

HIPCORE_API hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData* export_data,
                                               void* dev_ptr) {
  return hipcore::api::call(
      "hipMemPoolExportPointer", hipMemPoolExportPointer,
      [&] { return finish("hipMemPoolExportPointer", exportPointer(export_data, dev_ptr)); },
      "export_data, dev_ptr", export_data, dev_ptr);
}

HIPCORE_API hipError_t hipMemPoolImportPointer(void** dev_ptr, hipMemPool_t mem_pool,
                                               hipMemPoolPtrExportData* export_data) {
  return hipcore::api::call(
      "hipMemPoolImportPointer", hipMemPoolImportPointer,
      [&] {
        return finish("hipMemPoolImportPointer", importPointer(dev_ptr, mem_pool, export_data));
      },
      "dev_ptr, mem_pool, export_data", dev_ptr, mem_pool, export_data);
}
