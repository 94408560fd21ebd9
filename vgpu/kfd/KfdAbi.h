// The numbers vgpu's KFD front door hands out and must recognise when they come back: GPU ids
// (sysfs gpu_id, ioctl gpu_id), buffer handles and mmap offsets.
//
// The kernel's own encodings live in its private headers (kfd_priv.h), not in the uAPI; a
// thunk treats them as opaque, except that a doorbell offset's low bits (below the doorbell
// page size) are the queue's byte offset inside the page (ROCT queues.c, SOC15 branch).
#pragma once

#include <cstdint>

namespace vgpu::kfd {

// gpu_id of topology node `node` (>= 1). Not 0: the thunk reads gpu_id 0 as "a CPU node".
inline constexpr std::uint32_t gpuIdOfNode(std::uint32_t node) {
  return 0x7000u + node;
}
inline constexpr std::uint32_t nodeOfGpuId(std::uint32_t gpuId) {
  return gpuId > 0x7000u ? gpuId - 0x7000u : 0;
}

// Doorbells: 1024 64-bit doorbells per GPU (gfx9+), one page set per GPU.
inline constexpr std::uint32_t kDoorbellsPerGpu = 1024;
inline constexpr std::uint64_t kDoorbellPageBytes = kDoorbellsPerGpu * sizeof(std::uint64_t);

// mmap offsets on /dev/kfd: the type in the top two bits as the KFD does (3 = doorbells), the
// gpu id above bit 46; the doorbell page bytes below stay free for the in-page offset.
inline constexpr std::uint64_t kMmapTypeDoorbell = 3ull << 62;
inline constexpr std::uint64_t kMmapGpuIdShift = 46;
inline constexpr std::uint64_t doorbellMmapOffset(std::uint32_t gpuId) {
  return kMmapTypeDoorbell | (std::uint64_t(gpuId) << kMmapGpuIdShift);
}

// Buffer objects get offsets from 4 GiB up, as DRM's fake offsets start above 32-bit values;
// each object's offsets cover its size, so a mapping of part of a buffer finds it too.
inline constexpr std::uint64_t kBufferMmapBase = 1ull << 32;

}  // namespace vgpu::kfd
