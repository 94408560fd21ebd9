// Allocation, registration, identity mapping and pointer queries for the virtual GPUs.
#include "kfd/DeviceMemory.h"

#include <sys/mman.h>
#include <unistd.h>

namespace vgpu::kfd {

namespace {
constexpr std::uint64_t kLargePage = std::uint64_t{2} << 20;

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
  // Memory of a GPU node is what another process may import (IPC): a memfd of its own. ROCR
  // asks for VRAM with HostAccess when the whole frame buffer is CPU-visible, so that flag does
  // not decide it. Scratch is a large reservation (ROCR asks for 4 GiB) of which little is ever
  // touched, private like system memory.
  bool shareable = false;  // set once a memfd backs it
  SharedBacking backing;
  void* memory = MAP_FAILED;
  if (topology_.isGpu(node) && !flags.ui32.Scratch) {
    // Blocks of 2 MiB and more start on a 2 MiB boundary, as the KFD places VRAM: ROCR shares
    // the small allocations it carves from such a block only when the block is so aligned.
    const std::uint64_t alignment = bytes >= kLargePage ? kLargePage : pageAlign(1);
    memory = mapNewShared(bytes, alignment, protection, backing);
    // Out of descriptors: the memory is still there, only not shareable with other processes.
    if (memory == nullptr)
      memory = mmap(nullptr, bytes, protection, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    else
      shareable = true;
  } else {
    int mapFlags = MAP_PRIVATE | MAP_ANONYMOUS | (flags.ui32.Scratch ? MAP_NORESERVE : 0);
    memory = mmap(nullptr, bytes, protection, mapFlags, -1, 0);
  }
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
    if (shareable) close(backing.fd);
    if (deviceLocal) deviceBytes_.fetch_sub(bytes);
    if (hostLimited) hostBytes_.fetch_sub(bytes);
    return HSAKMT_STATUS_ERROR;
  }
  if (shareable) {
    std::lock_guard lock(backingsMutex_);
    backings_[region.base] = backing;
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
  {
    std::lock_guard lock(backingsMutex_);
    if (auto it = backings_.find(gone->base); it != backings_.end()) {
      close(it->second.fd);
      backings_.erase(it);
    }
  }
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
      region->base != reinterpret_cast<std::uint64_t>(address)) {
    map_.release(reinterpret_cast<std::uint64_t>(address));
  } else if (region->kind == RegionKind::shared) {
    // Another process's memory mapped by registerShared: this mapping goes, the memory stays
    // with its exporter (and any other importer).
    if (auto gone = map_.release(region->base)) munmap(address, gone->size);
  }
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS DeviceMemory::share(void* address, std::uint64_t size,
                                  HsaSharedMemoryHandle* handle) {
  if (address == nullptr || handle == nullptr || size == 0) return HSAKMT_STATUS_INVALID_PARAMETER;
  const auto base = reinterpret_cast<std::uint64_t>(address);
  auto region = map_.find(base);
  if (!region || region->base != base || size > region->size)
    return HSAKMT_STATUS_INVALID_PARAMETER;
  ShareHandle share;
  {
    std::lock_guard lock(backingsMutex_);
    auto it = backings_.find(base);
    if (it == backings_.end()) return HSAKMT_STATUS_INVALID_PARAMETER;  // not device memory
    share.fd = std::uint32_t(it->second.fd);
    share.serial = it->second.serial;
  }
  share.pid = std::uint32_t(getpid());
  share.node = region->node;
  share.bytes = size;
  encodeShareHandle(share, handle);
  return HSAKMT_STATUS_SUCCESS;
}

HSAKMT_STATUS DeviceMemory::registerShared(const HsaSharedMemoryHandle* handle, void** address,
                                           std::uint64_t* size) {
  ShareHandle share;
  if (handle == nullptr || address == nullptr || size == nullptr ||
      !decodeShareHandle(handle, share))
    return HSAKMT_STATUS_INVALID_PARAMETER;
  if (!topology_.isGpu(share.node)) return HSAKMT_STATUS_INVALID_NODE_UNIT;
  void* memory = mapImported(share);
  if (memory == nullptr) return HSAKMT_STATUS_INVALID_HANDLE;
  Region region;
  region.base = reinterpret_cast<std::uint64_t>(memory);
  region.size = share.bytes;
  region.kind = RegionKind::shared;
  region.node = share.node;
  if (!map_.addFresh(region)) {  // freshly mapped: only stale registrations may overlap it
    munmap(memory, share.bytes);
    return HSAKMT_STATUS_ERROR;
  }
  *address = memory;
  *size = share.bytes;
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
  info->Type = region->kind == RegionKind::userptr  ? HSA_POINTER_REGISTERED_USER
               : region->kind == RegionKind::shared ? HSA_POINTER_REGISTERED_SHARED
                                                    : HSA_POINTER_ALLOCATED;
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
