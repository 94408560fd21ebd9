// ROCR IPC memory and multi-agent pinning.
#include "HsaShared.h"

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstring>
#include <vector>

namespace hipcore::hsa {

static_assert(sizeof(IpcMemoryHandle) == sizeof(hsa_amd_ipc_memory_t));

namespace {

std::vector<hsa_agent_t> agentList(const uint64_t* agents, uint32_t count) {
  std::vector<hsa_agent_t> list(count);
  for (uint32_t i = 0; i < count; ++i) list[i].handle = agents[i];
  return list;
}

}  // namespace

Result<IpcMemoryHandle> ipcCreate(void* base, size_t bytes) {
  hsa_amd_ipc_memory_t handle{};
  hsa_status_t status = hsa_amd_ipc_memory_create(base, bytes, &handle);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_ipc_memory_create(%p, %zu)", base, bytes));
  IpcMemoryHandle out{};
  std::memcpy(out.words, &handle, sizeof handle);
  return out;
}

Result<void*> ipcAttach(const IpcMemoryHandle& handle, size_t bytes, const uint64_t* agents,
                        uint32_t agentCount) {
  hsa_amd_ipc_memory_t words;
  std::memcpy(&words, handle.words, sizeof words);
  std::vector<hsa_agent_t> list = agentList(agents, agentCount);
  void* mapped = nullptr;
  hsa_status_t status = hsa_amd_ipc_memory_attach(&words, bytes, agentCount, list.data(), &mapped);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_ipc_memory_attach of %zu bytes", bytes));
  return mapped;
}

Result<void> ipcDetach(void* pointer) {
  hsa_status_t status = hsa_amd_ipc_memory_detach(pointer);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_ipc_memory_detach(%p)", pointer));
  return loader::Ok{};
}

Result<void*> lockForAgents(void* pointer, size_t bytes, const uint64_t* agents,
                            uint32_t agentCount) {
  std::vector<hsa_agent_t> list = agentList(agents, agentCount);
  void* agentPointer = nullptr;
  hsa_status_t status =
      hsa_amd_memory_lock(pointer, bytes, list.data(), int(agentCount), &agentPointer);
  if (status != HSA_STATUS_SUCCESS)
    return hsaError(status, errorf("hsa_amd_memory_lock(%p, %zu)", pointer, bytes));
  return agentPointer;
}

}  // namespace hipcore::hsa
