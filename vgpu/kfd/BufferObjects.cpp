// Allocation, placement, aliasing and release of the KFD's buffer objects.
#include "kfd/BufferObjects.h"

#include <fcntl.h>
#include <linux/kfd_ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "kfd/KfdAbi.h"
#include "kfd/SharedMemory.h"
#include "kfd/UserCopy.h"

namespace vgpu::kfd {

namespace {

std::uint64_t pageBytes() {
  static const std::uint64_t page = std::uint64_t(sysconf(_SC_PAGE_SIZE));
  return page;
}

struct Mapping {
  std::uint64_t start = 0, end = 0;
  bool accessible = false;  // any of r, w, x
  bool shared = false;
};

// The process's mappings overlapping [base, base + size), from /proc/self/maps. Buffer
// allocations are rare next to their use, and this is the one exact answer to "what is mapped
// there and how" that Linux gives.
std::vector<Mapping> mappingsIn(std::uint64_t base, std::uint64_t size) {
  std::vector<Mapping> found;
  int fd = ::open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return found;
  std::string text;
  char chunk[8192];
  for (ssize_t n; (n = ::read(fd, chunk, sizeof(chunk))) > 0;) text.append(chunk, std::size_t(n));
  ::close(fd);
  std::size_t line = 0;
  while (line < text.size()) {
    std::size_t next = text.find('\n', line);
    if (next == std::string::npos) next = text.size();
    unsigned long long start = 0, end = 0;
    char perms[5] = {};
    if (std::sscanf(text.c_str() + line, "%llx-%llx %4s", &start, &end, perms) == 3 &&
        start < base + size && end > base) {
      Mapping m{start, end, perms[0] != '-' || perms[1] != '-' || perms[2] != '-', perms[3] == 's'};
      found.push_back(m);
    }
    line = next + 1;
  }
  return found;
}

// The thunk reserves a buffer's GPU range (PROT_NONE) before asking for the buffer; vgpu puts
// the memory there. A range holding anything accessible is refused: replacing it would
// corrupt the process (a real KFD never touches CPU mappings at allocation).
bool reservedOrFree(std::uint64_t base, std::uint64_t size) {
  for (const Mapping& m : mappingsIn(base, size))
    if (m.accessible) return false;
  return true;
}

bool isHostFlag(std::uint32_t flags) {
  return (flags & (KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_USERPTR)) != 0;
}

RegionKind regionKind(std::uint32_t flags) {
  if (flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) return RegionKind::userptr;
  if (flags & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL) return RegionKind::doorbell;
  return RegionKind::allocation;
}

HsaMemFlags hsaFlags(std::uint32_t flags) {
  HsaMemFlags hsa{};
  hsa.ui32.HostAccess = (flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM) ? 0 : 1;
  hsa.ui32.NonPaged = (flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) ? 0 : 1;
  hsa.ui32.ExecuteAccess = (flags & KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE) ? 1 : 0;
  hsa.ui32.CoarseGrain = (flags & KFD_IOC_ALLOC_MEM_FLAGS_COHERENT) ? 0 : 1;
  return hsa;
}

bool isExportable(std::uint32_t flags) {
  return (flags & (KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_GTT)) != 0;
}

// A VRAM or GTT buffer's memfd is named after its GPU and flags, which is how a dma-buf of it
// says what it is (/proc/self/fd shows "/memfd:<name> (deleted)"), in whichever process.
constexpr const char* kDmabufName = "vgpu-dmabuf-%x-%x";
constexpr const char* kDmabufLink = "/memfd:vgpu-dmabuf-%x-%x";

// A new memfd of `size` for a buffer of `gpuId` with `flags`, at a high descriptor; -1 if none.
int newBufferMemfd(std::uint32_t gpuId, std::uint32_t flags, std::uint64_t size) {
  char name[48];
  std::snprintf(name, sizeof name, kDmabufName, gpuId, flags);
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) return -1;
  if (ftruncate(fd, off_t(size)) != 0) {
    close(fd);
    return -1;
  }
  return moveDescriptorHigh(fd);
}

}  // namespace

bool describeDmabuf(int fd, DmabufInfo& out) {
  char link[64];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  char target[128] = {};
  struct stat info{};
  unsigned gpuId = 0, flags = 0;
  if (fd < 0 || readlink(link, target, sizeof target - 1) <= 0 ||
      std::sscanf(target, kDmabufLink, &gpuId, &flags) != 2 || fstat(fd, &info) != 0 ||
      info.st_size <= 0)
    return false;
  out.size = std::uint64_t(info.st_size);
  out.gpuId = gpuId;
  out.flags = flags;
  return true;
}

int BufferObjects::placeBacking(BufferObject& object) {
  if (!reservedOrFree(object.address, object.size)) return -EINVAL;
  if (isExportable(object.flags)) {
    object.fd = newBufferMemfd(object.gpuId, object.flags, object.size);
    if (object.fd < 0) return -ENOMEM;
    void* memory = mmap(reinterpret_cast<void*>(object.address), object.size,
                        PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, object.fd, 0);
    if (memory != MAP_FAILED) return 0;
    close(object.fd);
    object.fd = -1;
    return -ENOMEM;
  }
  // Doorbell and MMIO pages: nothing exports them.
  void* memory = mmap(reinterpret_cast<void*>(object.address), object.size, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
  return memory == MAP_FAILED ? -ENOMEM : 0;
}

int BufferObjects::aliasUserPages(const BufferObject& object) {
  if (!reservedOrFree(object.address, object.size)) return -EINVAL;
  void* user = reinterpret_cast<void*>(object.userAddress);
  void* gpu = reinterpret_cast<void*>(object.address);
  std::vector<Mapping> mappings = mappingsIn(object.userAddress, object.size);
  const bool oneSharedMapping = mappings.size() == 1 && mappings[0].shared &&
                                mappings[0].start <= object.userAddress &&
                                mappings[0].end >= object.userAddress + object.size;
  if (!oneSharedMapping) {
    // Linux aliases only shared pages (mremap with old size 0), so private user pages move
    // into shared memory at the same address first; their contents are copied, which is also
    // the check that the whole range is the caller's readable memory (else EFAULT). A store
    // another thread makes to these pages while this runs is lost: registration of memory in
    // concurrent use is the one case this emulation does not cover.
    void* shared =
        mmap(nullptr, object.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) return -ENOMEM;
    if (copyFromUser(shared, object.userAddress, object.size) != 0 ||
        mremap(shared, object.size, object.size, MREMAP_MAYMOVE | MREMAP_FIXED, user) ==
            MAP_FAILED) {
      munmap(shared, object.size);
      return -EFAULT;
    }
  }
  if (mremap(user, 0, object.size, MREMAP_MAYMOVE | MREMAP_FIXED, gpu) == MAP_FAILED)
    return -EFAULT;
  return 0;
}

void BufferObjects::releaseBacking(const BufferObject& object) {
  if (object.fd >= 0) close(object.fd);  // exported descriptors keep the memory alive
  if (!object.ownsBacking) return;
  // Back to the caller's PROT_NONE reservation (the thunk releases the range itself after the
  // free): the pages go, the address range stays the caller's.
  mmap(reinterpret_cast<void*>(object.address), object.size, PROT_NONE,
       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
}

int BufferObjects::allocate(std::uint32_t gpuId, std::uint32_t node, std::uint64_t address,
                            std::uint64_t size, std::uint32_t flags, std::uint64_t userAddress,
                            BufferObject& out) {
  const std::uint64_t page = pageBytes();
  constexpr std::uint32_t kTypes =
      KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_USERPTR |
      KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL | KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP;
  const std::uint32_t type = flags & kTypes;
  // Exactly one memory type; a page-aligned, non-empty range. As in the KFD, the budget is
  // checked before the range (amdgpu reserves memory at allocation, validates the VA at map).
  if (type == 0 || (type & (type - 1)) != 0) return -EINVAL;
  if (size == 0 || address == 0 || (address | size) % page != 0) return -EINVAL;
  const bool userptr = type == KFD_IOC_ALLOC_MEM_FLAGS_USERPTR;
  const bool vram = type == KFD_IOC_ALLOC_MEM_FLAGS_VRAM;

  std::lock_guard lock(mutex_);
  if (vram && size > options_.memoryBytes - vramBytes_[node]) return -ENOMEM;
  if (isHostFlag(type) && options_.hostMemoryBytes != 0 &&
      size > options_.hostMemoryBytes - hostBytes_)
    return -ENOMEM;
  // Canonical lower-half ranges only: the GPU VM covers the CPU's user address space.
  if (address + size < address || address + size > (1ull << 47)) return -EINVAL;
  if (userptr && (userAddress == 0 || userAddress % page != 0 || userAddress + size < userAddress ||
                  userAddress + size > (1ull << 47)))
    return -EINVAL;

  BufferObject object;
  object.handle = (std::uint64_t(gpuId) << 32) | nextIndex_;
  object.gpuId = gpuId;
  object.node = node;
  object.address = address;
  object.size = size;
  object.flags = flags;
  object.userAddress = userptr ? userAddress : 0;
  if (userptr && userAddress == address) {
    // The thunk's own paged memory: the GPU uses the pages where they are. They must exist.
    char probe;
    if (copyFromUser(&probe, address, 1) != 0 || copyFromUser(&probe, address + size - 1, 1) != 0)
      return -EFAULT;
  } else {
    int error = userptr ? aliasUserPages(object) : placeBacking(object);
    if (error != 0) return error;
    object.ownsBacking = true;
  }
  return record(object, out);
}

int BufferObjects::record(BufferObject& object, BufferObject& out) {
  const bool userptr = (object.flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) != 0;
  Region region;
  region.base = object.address;
  region.size = object.size;
  region.kind = regionKind(object.flags);
  region.node = object.node;
  region.flags = hsaFlags(object.flags);
  if (!map_.add(region)) {
    releaseBacking(object);
    return -EINVAL;  // overlaps a live buffer partially
  }
  if (!userptr) {
    object.mmapOffset = kBufferMmapBase + nextOffset_;
    nextOffset_ += object.size;
    byOffset_[object.mmapOffset] = object.handle;
  }
  ++nextIndex_;
  if (!object.imported) {
    if (object.flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM) vramBytes_[object.node] += object.size;
    if (isHostFlag(object.flags)) hostBytes_ += object.size;
  }
  byHandle_[object.handle] = object;
  out = object;
  return 0;
}

int BufferObjects::exportDmabuf(std::uint64_t handle, std::uint32_t flags) {
  if ((flags & ~std::uint32_t(O_CLOEXEC | O_RDWR)) != 0) return -EINVAL;
  std::lock_guard lock(mutex_);
  auto it = byHandle_.find(handle);
  if (it == byHandle_.end()) return -EINVAL;
  // amdgpu refuses to export user pages (EPERM); doorbell and MMIO pages are no GEM memory.
  if (it->second.flags & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) return -EPERM;
  if (it->second.fd < 0) return -EINVAL;
  int fd = fcntl(it->second.fd, (flags & O_CLOEXEC) ? F_DUPFD_CLOEXEC : F_DUPFD, 0);
  return fd < 0 ? -errno : fd;
}

int BufferObjects::importDmabuf(std::uint32_t gpuId, std::uint32_t node, std::uint64_t address,
                                int dmabuf, BufferObject& out) {
  DmabufInfo info;
  if (!describeDmabuf(dmabuf, info)) return -EINVAL;
  const std::uint64_t page = pageBytes();
  if (address == 0 || address % page != 0 || info.size % page != 0 ||
      address + info.size < address || address + info.size > (1ull << 47))
    return -EINVAL;
  std::lock_guard lock(mutex_);
  if (!reservedOrFree(address, info.size)) return -EINVAL;
  BufferObject object;
  object.handle = (std::uint64_t(gpuId) << 32) | nextIndex_;
  object.gpuId = gpuId;
  object.node = node;
  object.address = address;
  object.size = info.size;
  object.flags = info.flags;
  object.imported = true;
  object.fd = fcntl(dmabuf, F_DUPFD_CLOEXEC, 0);  // the buffer outlives the caller's descriptor
  if (object.fd < 0) return -errno;
  object.fd = moveDescriptorHigh(object.fd);
  if (mmap(reinterpret_cast<void*>(address), info.size, PROT_READ | PROT_WRITE,
           MAP_SHARED | MAP_FIXED, object.fd, 0) == MAP_FAILED) {
    close(object.fd);
    return -ENOMEM;
  }
  object.ownsBacking = true;
  return record(object, out);
}

int BufferObjects::exportIpc(std::uint64_t handle, std::uint32_t share[4]) const {
  std::lock_guard lock(mutex_);
  auto it = byHandle_.find(handle);
  struct stat info{};
  if (it == byHandle_.end() || it->second.fd < 0 || fstat(it->second.fd, &info) != 0)
    return -EINVAL;
  const auto inode = std::uint64_t(info.st_ino);
  share[0] = std::uint32_t(getpid());
  share[1] = std::uint32_t(it->second.fd);
  share[2] = std::uint32_t(inode);
  share[3] = std::uint32_t(inode >> 32);
  return 0;
}

int BufferObjects::importIpc(std::uint32_t gpuId, std::uint32_t node, std::uint64_t address,
                             const std::uint32_t share[4], BufferObject& out) {
  // The exporter's memfd through /proc (the same user's process): open fails once the exporter
  // closed it (freed the buffer, exited); a reused descriptor number shows another inode.
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%u/fd/%u", share[0], share[1]);
  const int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0) return -EINVAL;
  struct stat info{};
  const std::uint64_t inode = share[2] | (std::uint64_t(share[3]) << 32);
  const int error = fstat(fd, &info) == 0 && std::uint64_t(info.st_ino) == inode
                        ? importDmabuf(gpuId, node, address, fd, out)
                        : -EINVAL;
  close(fd);
  return error;
}

int BufferObjects::free(std::uint64_t handle) {
  BufferObject object;
  {
    std::lock_guard lock(mutex_);
    auto it = byHandle_.find(handle);
    if (it == byHandle_.end()) return -EINVAL;
    object = it->second;
    byHandle_.erase(it);
    if (object.mmapOffset != 0) byOffset_.erase(object.mmapOffset);
    if (!object.imported) {
      if (object.flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM) vramBytes_[object.node] -= object.size;
      if (isHostFlag(object.flags)) hostBytes_ -= object.size;
    }
  }
  map_.release(object.address);
  releaseBacking(object);
  return 0;
}

std::optional<BufferObject> BufferObjects::find(std::uint64_t handle) const {
  std::lock_guard lock(mutex_);
  auto it = byHandle_.find(handle);
  if (it == byHandle_.end()) return std::nullopt;
  return it->second;
}

std::optional<BufferObject> BufferObjects::findByOffset(std::uint64_t offset) const {
  std::lock_guard lock(mutex_);
  auto it = byOffset_.upper_bound(offset);
  if (it == byOffset_.begin()) return std::nullopt;
  --it;
  const BufferObject& object = byHandle_.at(it->second);
  if (offset - object.mmapOffset >= object.size) return std::nullopt;
  return object;
}

std::uint64_t BufferObjects::deviceBytes(std::uint32_t node) const {
  std::lock_guard lock(mutex_);
  auto it = vramBytes_.find(node);
  return it == vramBytes_.end() ? 0 : it->second;
}

}  // namespace vgpu::kfd
