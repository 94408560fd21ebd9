// IPC memory handles: the enclosing ROCR allocation shared, the block's place in it recorded.
#include "IpcMemory.h"

#include <unistd.h>

#include <atomic>
#include <cstring>
#include <vector>

#include "HsaFailure.h"
#include "Runtime.h"
#include "hsa/HsaShared.h"

namespace hipcore::core {

namespace {

constexpr uint16_t kMagic = 0x4348;  // "HC"

// Numbers every export, so that a block freed and allocated again at the same address (its
// enclosing ROCR allocation, and so ROCR's handle, unchanged) gets a handle of its own, as
// AMD's runtime gives (hip-tests checks it).
std::atomic<uint16_t> exports{0};

// hipIpcMemHandle_t's 64 bytes as hipcore fills them.
struct HandleData {
  hsa::IpcMemoryHandle rocr;  // 32 bytes
  uint64_t rocrBytes;         // the enclosing ROCR allocation's size
  uint64_t offset;            // the exported pointer's offset in it
  uint64_t bytes;             // from the exported pointer to the end of its hipMalloc block
  uint32_t pid;               // the exporting process
  uint16_t magic;
  uint16_t serial;  // the export's number in that process (wraps at 65,536)
};
static_assert(sizeof(HandleData) == sizeof(hipIpcMemHandle_t));

}  // namespace

Status IpcMemory::exportHandle(void* pointer, hipIpcMemHandle_t& out) {
  Allocation allocation;
  if (!runtime_.pointers().find(pointer, allocation) || allocation.kind != MemoryKind::Device)
    return fail(hipErrorInvalidValue,
                "hipIpcGetMemHandle: %p is not in device memory from hipMalloc", pointer);
  hsa::PointerInfo info = hsa::pointerInfo(pointer);
  if (info.kind != hsa::PointerKind::Device || info.bytes == 0)
    return fail(hipErrorInvalidValue, "hipIpcGetMemHandle: ROCR does not know %p", pointer);
  auto shared = hsa::ipcCreate(info.agentBase, info.bytes);
  if (!shared) return hsaFailure(shared.error(), "hipIpcGetMemHandle");
  HandleData data{};
  data.rocr = *shared;
  data.rocrBytes = info.bytes;
  data.offset = uint64_t(static_cast<char*>(pointer) - static_cast<char*>(info.agentBase));
  data.bytes =
      allocation.bytes - size_t(static_cast<char*>(pointer) - static_cast<char*>(allocation.base));
  data.pid = uint32_t(getpid());
  data.magic = kMagic;
  data.serial = exports.fetch_add(1, std::memory_order_relaxed);
  std::memcpy(&out, &data, sizeof data);
  return Status::success();
}

uint32_t IpcMemory::exporterOf(const hipIpcMemHandle_t& handle) {
  HandleData data;
  std::memcpy(&data, &handle, sizeof data);
  return data.magic == kMagic ? data.pid : 0;
}

Status IpcMemory::open(const hipIpcMemHandle_t& handle, int device, void*& out,
                       uint32_t exporterPid, bool fromPool) {
  HandleData data;
  std::memcpy(&data, &handle, sizeof data);
  if (data.magic != kMagic || data.offset >= data.rocrBytes || data.bytes == 0 ||
      data.bytes > data.rocrBytes - data.offset)
    return fail(hipErrorInvalidValue, "hipIpcOpenMemHandle: not a handle from hipIpcGetMemHandle");
  if (exporterPid != 0 && data.pid != exporterPid)
    return fail(hipErrorInvalidValue,
                "hipMemPoolImportPointer: the pointer was exported by process %u, the pool by %u",
                data.pid, exporterPid);
  if (data.pid == uint32_t(getpid()))
    return fail(hipErrorInvalidContext,
                "hipIpcOpenMemHandle: the handle was made by this process (use the pointer)");
  std::vector<uint64_t> agents;
  for (int i = 0; i < runtime_.deviceCount(); ++i)
    agents.push_back(runtime_.device(i)->agent().agent);
  auto attached = hsa::ipcAttach(data.rocr, data.rocrBytes, agents.data(), uint32_t(agents.size()));
  if (!attached) {
    Status failure = hsaFailure(attached.error(), "hipIpcOpenMemHandle");
    return fail(hipErrorMapFailed, "%s (has the exporting process %u freed it or exited?)",
                failure.message().c_str(), data.pid);
  }
  void* pointer = static_cast<char*>(*attached) + data.offset;
  Allocation record;
  record.base = pointer;
  record.bytes = data.bytes;
  record.kind = MemoryKind::Mapped;
  record.device = device;
  record.devicePointer = pointer;
  runtime_.pointers().add(record);
  std::lock_guard lock(mutex_);
  opened_[reinterpret_cast<uintptr_t>(pointer)] = Opened{*attached, fromPool};
  out = pointer;
  return Status::success();
}

Status IpcMemory::close(void* pointer) {
  Opened opened;
  {
    std::lock_guard lock(mutex_);
    auto it = opened_.find(reinterpret_cast<uintptr_t>(pointer));
    if (it == opened_.end())
      return fail(hipErrorInvalidValue,
                  "hipIpcCloseMemHandle: %p was not returned by hipIpcOpenMemHandle", pointer);
    opened = it->second;
    opened_.erase(it);
  }
  return detach(pointer, opened);
}

bool IpcMemory::freePoolImport(void* pointer) {
  Opened opened;
  {
    std::lock_guard lock(mutex_);
    auto it = opened_.find(reinterpret_cast<uintptr_t>(pointer));
    if (it == opened_.end() || !it->second.fromPool) return false;
    opened = it->second;
    opened_.erase(it);
  }
  (void)detach(pointer, opened);
  return true;
}

Status IpcMemory::detach(void* pointer, const Opened& opened) {
  runtime_.pointers().remove(pointer);
  if (auto detached = hsa::ipcDetach(opened.rocrBase); !detached)
    return hsaFailure(detached.error(), "hipIpcCloseMemHandle");
  return Status::success();
}

}  // namespace hipcore::core
