// The KFD's buffer objects (AMDKFD_IOC_ALLOC/FREE_MEMORY_OF_GPU) over host memory.
//
// vgpu's GPU addresses are host addresses, so a buffer's GPU virtual address must hold its
// memory in this process: VRAM, GTT, doorbell and MMIO buffers are shared anonymous memory
// placed at the address the thunk reserved for them (shared, so that the thunk's CPU mappings of
// the buffer, mmap of the render node at the buffer's offset, can alias the same pages). A
// userptr buffer at its own CPU address (the thunk's paged allocations) is that memory; a
// userptr buffer at another address (hsaKmtRegisterMemory) aliases the user's pages there, so
// GPU and host views stay separate apertures and the user may unmap its range without the GPU
// range moving. VRAM and GTT memory is a memfd of its own, so that a dma-buf export can hand it
// out as a descriptor another process (or another GPU's import) maps: the same pages, as a
// dma-buf of a real buffer object is.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>

#include "kfd/MemoryMap.h"
#include "options/Options.h"

namespace vgpu::kfd {

struct BufferObject {
  std::uint64_t handle = 0;
  std::uint32_t gpuId = 0;
  std::uint32_t node = 0;
  std::uint64_t address = 0;  // GPU virtual address (= where the memory is in this process)
  std::uint64_t size = 0;
  std::uint32_t flags = 0;        // KFD_IOC_ALLOC_MEM_FLAGS_*
  std::uint64_t mmapOffset = 0;   // CPU mapping offset (not for userptr)
  std::uint64_t userAddress = 0;  // userptr: the user's pages
  bool ownsBacking = false;       // vgpu placed memory at `address`
  bool imported = false;          // a dma-buf import: the exporter's memory, not in our budget
  int fd = -1;                    // VRAM and GTT: the memfd holding the memory
};

// What a dma-buf descriptor vgpu exported says of itself (AMDKFD_IOC_GET_DMABUF_INFO).
struct DmabufInfo {
  std::uint64_t size = 0;
  std::uint32_t gpuId = 0;
  std::uint32_t flags = 0;  // the exported buffer's KFD_IOC_ALLOC_MEM_FLAGS_*
};
// False when `fd` is not a dma-buf of a vgpu buffer object.
bool describeDmabuf(int fd, DmabufInfo& out);

class BufferObjects {
 public:
  BufferObjects(MemoryMap& map, const Options& options) : map_(map), options_(options) {}

  // 0 or -errno as the ioctl returns it: EINVAL (alignment, size, an address range that is
  // neither free nor reserved by the caller, overlap), ENOMEM (budget), EFAULT (user pages).
  int allocate(std::uint32_t gpuId, std::uint32_t node, std::uint64_t address, std::uint64_t size,
               std::uint32_t flags, std::uint64_t userAddress, BufferObject& out);
  int free(std::uint64_t handle);
  // AMDKFD_IOC_EXPORT_DMABUF: a new descriptor of a VRAM or GTT buffer's memory (O_CLOEXEC as
  // `flags` says), or -EINVAL (unknown handle, another memory type, flags beyond O_CLOEXEC and
  // O_RDWR), -EMFILE.
  int exportDmabuf(std::uint64_t handle, std::uint32_t flags);
  // AMDKFD_IOC_IMPORT_DMABUF: a buffer at `address` (reserved by the caller, as for an
  // allocation) holding the memory a vgpu dma-buf names; -EINVAL for any other descriptor.
  int importDmabuf(std::uint32_t gpuId, std::uint32_t node, std::uint64_t address, int dmabuf,
                   BufferObject& out);
  // AMDKFD_IOC_IPC_EXPORT_HANDLE: a share handle that names a VRAM or GTT buffer's memory to
  // another process of the same user: the exporter's pid, the descriptor of the buffer's memfd
  // there and that memfd's inode (so that a descriptor number reused after a free names
  // nothing). -EINVAL for unknown handles and memory without a memfd (user pages, doorbells).
  int exportIpc(std::uint64_t handle, std::uint32_t share[4]) const;
  // AMDKFD_IOC_IPC_IMPORT_HANDLE: the buffer a share handle names, imported at `address` as a
  // dma-buf is; -EINVAL when the handle names nothing alive (buffer freed, process gone).
  int importIpc(std::uint32_t gpuId, std::uint32_t node, std::uint64_t address,
                const std::uint32_t share[4], BufferObject& out);
  std::optional<BufferObject> find(std::uint64_t handle) const;
  // The buffer whose mmap offsets contain `offset`.
  std::optional<BufferObject> findByOffset(std::uint64_t offset) const;
  std::uint64_t deviceBytes(std::uint32_t node) const;

 private:
  int placeBacking(BufferObject& object);
  // Records a placed buffer (region, mmap offset, budgets) under the lock; -EINVAL on overlap.
  int record(BufferObject& object, BufferObject& out);
  int aliasUserPages(const BufferObject& object);
  void releaseBacking(const BufferObject& object);

  MemoryMap& map_;
  const Options& options_;
  mutable std::mutex mutex_;
  std::map<std::uint64_t, BufferObject> byHandle_;
  std::map<std::uint64_t, std::uint64_t> byOffset_;   // mmap offset -> handle
  std::map<std::uint32_t, std::uint64_t> vramBytes_;  // node -> VRAM in use
  std::uint64_t hostBytes_ = 0;                       // GTT + userptr, against the host budget
  std::uint64_t nextIndex_ = 1;
  std::uint64_t nextOffset_ = 0;
};

}  // namespace vgpu::kfd
