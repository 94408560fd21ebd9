// hsaKmt memory services over host memory: allocations are mappings whose host address is also
// their GPU address (device-local ones a memfd each, so another process can map them: IPC);
// registrations of host memory are recorded, not copied.
#pragma once

#include <hsakmt.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

#include "kfd/MemoryMap.h"
#include "kfd/SharedMemory.h"
#include "kfd/Topology.h"
#include "options/Options.h"

namespace vgpu::kfd {

class DeviceMemory {
 public:
  DeviceMemory(const Options& options, const Topology& topology, MemoryMap& map);

  HSAKMT_STATUS allocate(std::uint32_t node, std::uint64_t size, HsaMemFlags flags, void** address);
  HSAKMT_STATUS free(void* address, std::uint64_t size);
  HSAKMT_STATUS registerHost(void* address, std::uint64_t size, HsaMemFlags flags);
  HSAKMT_STATUS deregister(void* address);
  // Mapping is the identity: the GPU address of a range is its host address.
  HSAKMT_STATUS map(void* address, std::uint64_t size, std::uint64_t* gpuAddress) const;
  HSAKMT_STATUS query(const void* pointer, HsaPointerInfo* info) const;
  HSAKMT_STATUS setUserData(const void* pointer, void* userData);
  // IPC: a handle for the device-local allocation starting at `address`, and the other side,
  // which maps the exporter's memory here (released by deregister).
  HSAKMT_STATUS share(void* address, std::uint64_t size, HsaSharedMemoryHandle* handle);
  HSAKMT_STATUS registerShared(const HsaSharedMemoryHandle* handle, void** address,
                               std::uint64_t* size);

 private:
  const Options& options_;
  const Topology& topology_;
  MemoryMap& map_;
  std::vector<HSAuint32> gpuNodes_;  // what pointer info reports as mapped/registered nodes
  std::atomic<std::uint64_t> deviceBytes_{0};
  std::atomic<std::uint64_t> hostBytes_{0};  // system memory, against VGPU_HOST_MEMORY_MB
  std::mutex backingsMutex_;
  std::map<std::uint64_t, SharedBacking> backings_;  // device-local allocation -> its memfd
};

}  // namespace vgpu::kfd
