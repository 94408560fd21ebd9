// Device memory another process can map (IPC: hsaKmtShareMemory, hsaKmtRegisterSharedHandle).
//
// A real GPU's memory is one physical pool every process's page tables can point into; vgpu's
// device memory is host memory, so that a second process can see the same pages each
// device-local allocation is a memfd of its own, mapped shared at its GPU address. A share
// handle names the exporter's descriptor (pid, fd) and the memfd's serial; the importer opens
// /proc/<pid>/fd/<fd> (what the kernel lets a process of the same user do) and checks that the
// descriptor still is that memfd before it maps it, so a stale handle whose descriptor number
// was reused fails instead of mapping foreign memory.
#pragma once

#include <hsakmt.h>

#include <cstdint>

namespace vgpu::kfd {

struct SharedBacking {
  int fd = -1;
  std::uint32_t serial = 0;
};

// What a share handle (HsaSharedMemoryHandle, 8 words) carries. Word 6 stays 0: ROCR keeps its
// fragment offset there (bit 31 and bits 8:0) and clears it before the handle reaches the thunk.
struct ShareHandle {
  std::uint32_t pid = 0;
  std::uint32_t fd = 0;
  std::uint32_t node = 0;
  std::uint32_t serial = 0;
  std::uint64_t bytes = 0;
};

// Moves a descriptor a device allocation holds for its lifetime to 1024 or above (the soft
// limit raised once, within the hard one), so that such descriptors neither use up the
// process's limit nor push the program's own past FD_SETSIZE; returns the descriptor to use
// (the same one when there is no room).
int moveDescriptorHigh(int fd);

// A new memfd of `bytes` mapped shared with `protection` at an address aligned to `alignment`
// (a power of two, at least a page); null when out of memory.
void* mapNewShared(std::uint64_t bytes, std::uint64_t alignment, int protection,
                   SharedBacking& out);
void encodeShareHandle(const ShareHandle& handle, HsaSharedMemoryHandle* out);
// False when the words are not a vgpu share handle.
bool decodeShareHandle(const HsaSharedMemoryHandle* words, ShareHandle& out);
// Maps the exporter's memory of `handle` shared anywhere (read/write); null if the exporter's
// descriptor is gone, is not the memfd named in the handle, or is smaller than the handle says.
void* mapImported(const ShareHandle& handle);

}  // namespace vgpu::kfd
