// Allocation, placement, aliasing and release of the KFD's buffer objects.
#include "kfd/BufferObjects.h"

#include <fcntl.h>
#include <linux/kfd_ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "kfd/KfdAbi.h"
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

}  // namespace

int BufferObjects::placeBacking(const BufferObject& object) {
  if (!reservedOrFree(object.address, object.size)) return -EINVAL;
  // NORESERVE: scratch backings are large and mostly untouched, as on a real board's VRAM.
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
  Region region;
  region.base = address;
  region.size = size;
  region.kind = regionKind(type);
  region.node = node;
  region.flags = hsaFlags(flags);
  if (!map_.add(region)) {
    releaseBacking(object);
    return -EINVAL;  // overlaps a live buffer partially
  }
  if (!userptr) {
    object.mmapOffset = kBufferMmapBase + nextOffset_;
    nextOffset_ += size;
    byOffset_[object.mmapOffset] = object.handle;
  }
  ++nextIndex_;
  if (vram) vramBytes_[node] += size;
  if (isHostFlag(type)) hostBytes_ += size;
  byHandle_[object.handle] = object;
  out = object;
  return 0;
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
    if (object.flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM) vramBytes_[object.node] -= object.size;
    if (isHostFlag(object.flags)) hostBytes_ -= object.size;
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
