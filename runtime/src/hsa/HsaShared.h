// ROCR's sharing services: IPC memory handles (hsa_amd_ipc_memory_*) and host ranges pinned
// for several GPUs at once (what hipMemSetAccess and imported memory need).
#pragma once

#include <cstddef>
#include <cstdint>

#include "Hsa.h"

namespace hipcore::hsa {

// hsa_amd_ipc_memory_t: eight words, opaque.
struct IpcMemoryHandle {
  uint32_t words[8];
};

// A handle another process can attach for the ROCR allocation [base, base + bytes).
Result<IpcMemoryHandle> ipcCreate(void* base, size_t bytes);
// Maps the memory of `handle` (`bytes` long) for every agent in `agents`; returns its address.
Result<void*> ipcAttach(const IpcMemoryHandle& handle, size_t bytes, const uint64_t* agents,
                        uint32_t agentCount);
Result<void> ipcDetach(void* pointer);
// Pins [pointer, pointer + bytes) for every agent in `agents`; returns the address the agents
// use (hsa_amd_memory_lock).
Result<void*> lockForAgents(void* pointer, size_t bytes, const uint64_t* agents,
                            uint32_t agentCount);

}  // namespace hipcore::hsa
