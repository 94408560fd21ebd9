// Device memory shared between processes: hipIpcGetMemHandle / hipIpcOpenMemHandle /
// hipIpcCloseMemHandle over ROCR's IPC memory (hsa_amd_ipc_memory_*; on vgpu its thunk maps
// the exporter's memfd-backed device memory, vgpu/kfd/SharedMemory.h).
//
// A hipMalloc block lives inside a larger ROCR allocation (a sub-allocator chunk), and ROCR
// shares whole allocations: the 64-byte handle carries ROCR's handle of the enclosing
// allocation, its size, the block's offset and size, and the exporter's pid (opening a handle
// in the process that made it is refused, as in AMD's runtime).
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

#include "Status.h"

namespace hipcore::core {

class Runtime;

class IpcMemory {
 public:
  explicit IpcMemory(Runtime& runtime) : runtime_(runtime) {}
  IpcMemory(const IpcMemory&) = delete;
  IpcMemory& operator=(const IpcMemory&) = delete;

  Status exportHandle(void* pointer, hipIpcMemHandle_t& out);
  // Maps the handle's memory for every device; `out` is the exported pointer's address here.
  // `exporterPid`, if not 0, is the process the handle must come from (pool imports).
  Status open(const hipIpcMemHandle_t& handle, int device, void*& out, uint32_t exporterPid = 0,
              bool fromPool = false);
  Status close(void* pointer);
  // hipFree of a pointer hipMemPoolImportPointer returned: true when it was one (now closed).
  bool freePoolImport(void* pointer);
  // The exporting process a handle names (0 if it is not a handle).
  static uint32_t exporterOf(const hipIpcMemHandle_t& handle);

 private:
  struct Opened {
    void* rocrBase = nullptr;  // what ROCR attached (the exporter's whole allocation)
    bool fromPool = false;     // hipMemPoolImportPointer: freed by hipFree
  };
  Status detach(void* pointer, const Opened& opened);
  Runtime& runtime_;
  std::mutex mutex_;
  std::map<uintptr_t, Opened> opened_;  // by the pointer open() returned
};

}  // namespace hipcore::core
