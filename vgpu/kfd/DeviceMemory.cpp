// Allocation, registration, identity mapping and pointer queries for the virtual GPUs.
#include "kfd/DeviceMemory.h"

#include <sys/mman.h>
#include <unistd.h>

namespace vgpu::kfd {

namespace {
std::uint64_t pageAlign(std::uint64_t size) {
  const std::uint64_t page = std::uint64_t(sysconf(_SC_PAGE_SIZE));
  return (size + page - 1) & ~(page - 1);
}
}  // namespace

DeviceMemory::DeviceMemory(const Options& options, const Topology& topology, MemoryMap& map)
    : options_(options), topology_(topology), map_(map) {
  for (std::uint32_t node = 1; node < topology.nodeCount(); ++node) gpuNodes_.push_back(node);
}

HSAKMT_STATUS DeviceMemory::allocate(std::uint32_t node, std::uint64_t size, HsaMemFlags flags,
                                     void** address) {
  if (address == nullptr || size == 0 || node >= topology_.nodeCount())
    return HSAKMT_STATUS_INVALID_PARAMETER;
  const std::uint64_t bytes = pageAlign(size);
  // "VRAM" (non-host-access allocations on a GPU node, scratch aside) counts against the
  // configured device memory size, so out-of-memory paths behave as on a real board.
  const bool deviceLocal = topology_.isGpu(node) && !flags.ui32.Scratch && !flags.ui32.HostAccess;
  if (deviceLocal && deviceBytes_.fetch_add(bytes) + bytes > options_.memoryBytes) {
    deviceBytes_.fetch_sub(bytes);
    return HSAKMT_STATUS_NO_MEMORY;
  }
  // System memory (pinned host allocations, ROCR's signals and queues) likewise, when
  // VGPU_HOST_MEMORY_MB bounds it: exhaustion tests then run in seconds.
  const bool hostLimited = !deviceLocal && !flags.ui32.Scratch && options_.hostMemoryBytes != 0;
  if (hostLimited && hostBytes_.fetch_add(bytes) + bytes > options_.hostMemoryBytes) {
    hostBytes_.fetch_sub(bytes);
    return HSAKMT_STATUS_NO_MEMORY;
  }
  int protection = PROT_READ | PROT_WRITE | (flags.ui32.ExecuteAccess ? PROT_EXEC : 0);
  // Scratch is a large reservation (ROCR asks for 4 GiB) of which little is ever touched.
  int mapFlags = MAP_PRIVATE | MAP_ANONYMOUS | (flags.ui32.Scratch ? MAP_NORESERVE : 0);
  void* memory = mmap(nullptr, bytes, protection, mapFlags, -1, 0);
  if (memory == MAP_FAILED) {
    if (deviceLocal) deviceBytes_.fetch_sub(bytes);
    if (hostLimited) hostBytes_.fetch_sub(bytes);
    return HSAKMT_STATUS_NO_MEMORY;
  }
  Region region;
  region.base = reinterpret_cast<std::uint64_t>(memory);
  region.size = bytes;
  region.kind = flags.ui32.Scratch ? RegionKind::scratch : RegionKind::allocation;
  region.node = node;
  region.flags = flags;
  if (!map_.addFresh(region)) {
    munmap(memory, bytes);
    if (deviceLocal) deviceBytes_.fetch_sub(bytes);
    if (hostLimited) hostBytes_.fetch_sub(bytes);
    return HSAKMT_STATUS_ERROR;
  }
  *address = memory;
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS DeviceMemory::free(void* address, std::uint64_t) {
  auto region = map_.find(reinterpret_cast<std::uint64_t>(address));
  if (!region || region->base != reinterpret_cast<std::uint64_t>(address) ||
      (region->kind != RegionKind::allocation && region->kind != RegionKind::scratch))
    return HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
  auto gone = map_.release(region->base);
  if (!gone) return HSAKMT_STATUS_SUCCESS;
  munmap(address, gone->size);
  const bool deviceLocal =
      topology_.isGpu(gone->node) && !gone->flags.ui32.Scratch && !gone->flags.ui32.HostAccess;
  if (deviceLocal) deviceBytes_.fetch_sub(gone->size);
  if (!deviceLocal && !gone->flags.ui32.Scratch && options_.hostMemoryBytes != 0)
    hostBytes_.fetch_sub(gone->size);
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS DeviceMemory::registerHost(void* address, std::uint64_t size, HsaMemFlags flags) {
  if (address == nullptr || size == 0) return HSAKMT_STATUS_INVALID_PARAMETER;
  Region region;
  region.base = reinterpret_cast<std::uint64_t>(address);
  region.size = size;
  region.kind = RegionKind::userptr;
  region.flags = flags;
  return map_.add(region) ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_MEMORY_ALREADY_REGISTERED;
}

HSAKMT_STATUS DeviceMemory::deregister(void* address) {
  auto region = map_.find(reinterpret_cast<std::uint64_t>(address));
  if (!region) return HSAKMT_STATUS_MEMORY_NOT_REGISTERED;
  // ROCR also deregisters its own allocations (IPC/interop paths): those stay until freed.
  if (region->kind == RegionKind::userptr ||
      region->base != reinterpret_cast<std::uint64_t>(address))
    map_.release(reinterpret_cast<std::uint64_t>(address));
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS DeviceMemory::map(void* address, std::uint64_t, std::uint64_t* gpuAddress) const {
  if (!map_.find(reinterpret_cast<std::uint64_t>(address))) return HSAKMT_STATUS_INVALID_PARAMETER;
  if (gpuAddress != nullptr) *gpuAddress = reinterpret_cast<std::uint64_t>(address);
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS DeviceMemory::query(const void* pointer, HsaPointerInfo* info) const {
  if (info == nullptr) return HSAKMT_STATUS_INVALID_PARAMETER;
  *info = HsaPointerInfo{};
  auto region = map_.find(reinterpret_cast<std::uint64_t>(pointer));
  if (!region) {
    info->Type = HSA_POINTER_UNKNOWN;
    return HSAKMT_STATUS_ERROR;  // what the thunk returns for unknown pointers
  }
  info->Type =
      region->kind == RegionKind::userptr ? HSA_POINTER_REGISTERED_USER : HSA_POINTER_ALLOCATED;
  info->Node = region->node;
  info->MemFlags = region->flags;
  info->CPUAddress = reinterpret_cast<void*>(region->base);
  info->GPUAddress = region->base;
  info->SizeInBytes = region->size;
  info->NRegisteredNodes = HSAuint32(gpuNodes_.size());
  info->NMappedNodes = HSAuint32(gpuNodes_.size());
  info->RegisteredNodes = gpuNodes_.data();
  info->MappedNodes = gpuNodes_.data();
  info->UserData = region->userData;
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS DeviceMemory::setUserData(const void* pointer, void* userData) {
  return map_.setUserData(reinterpret_cast<std::uint64_t>(pointer), userData)
             ? HSAKMT_STATUS_SUCCESS
             : HSAKMT_STATUS_INVALID_PARAMETER;
}

}  // namespace vgpu::kfd
