// Device files, doorbell pages, queue bookkeeping and mmap for vgpu's kernel front door.
#include "kfd/KfdProcess.h"

#include <sys/mman.h>

#include <cerrno>

#include "kfd/KfdAbi.h"

namespace vgpu::kfd {

KfdProcess& KfdProcess::instance() {
  // Intentionally leaked, as VirtualKfd (see the header).
  static KfdProcess* process = new KfdProcess(VirtualKfd::instance());
  return *process;
}

KfdProcess::KfdProcess(VirtualKfd& device)
    : device_(device), buffers_(device.memoryMap(), device.options()) {}

std::uint32_t KfdProcess::nodeOf(std::uint32_t gpuId) const {
  const std::uint32_t node = nodeOfGpuId(gpuId);
  return device_.topology().isGpu(node) ? node : 0;
}

std::vector<std::uint32_t> KfdProcess::gpuIds() const {
  std::vector<std::uint32_t> ids;
  for (std::uint32_t node = 1; node < device_.topology().nodeCount(); ++node)
    ids.push_back(gpuIdOfNode(node));
  return ids;
}

void KfdProcess::addFile(int fd, DeviceFile kind, std::uint32_t node) {
  std::lock_guard lock(mutex_);
  files_[fd] = {kind, node};
}

void KfdProcess::removeFile(int fd) {
  std::lock_guard lock(mutex_);
  files_.erase(fd);
}

DeviceFile KfdProcess::fileKind(int fd) const {
  std::lock_guard lock(mutex_);
  auto it = files_.find(fd);
  return it == files_.end() ? DeviceFile::none : it->second.first;
}

std::uint32_t KfdProcess::fileNode(int fd) const {
  std::lock_guard lock(mutex_);
  auto it = files_.find(fd);
  return it == files_.end() ? 0 : it->second.second;
}

volatile std::uint64_t* KfdProcess::claimDoorbell(std::uint32_t node, std::uint32_t& slot) {
  std::lock_guard lock(mutex_);
  DoorbellPage& page = doorbells_[node];
  if (page.words == nullptr) {
    void* memory = mmap(nullptr, kDoorbellPageBytes, PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return nullptr;
    page.words = static_cast<std::uint64_t*>(memory);
    page.used.assign(kDoorbellsPerGpu, false);
  }
  for (std::uint32_t i = 0; i < kDoorbellsPerGpu; ++i) {
    if (page.used[i]) continue;
    page.used[i] = true;
    slot = i;
    return &page.words[i];
  }
  return nullptr;  // 1024 queues on one GPU: the KFD's limit too
}

void KfdProcess::releaseDoorbell(std::uint32_t node, std::uint32_t slot) {
  std::lock_guard lock(mutex_);
  auto it = doorbells_.find(node);
  if (it != doorbells_.end() && slot < it->second.used.size()) it->second.used[slot] = false;
}

void KfdProcess::addQueue(std::uint64_t id, std::uint32_t node, std::uint32_t slot) {
  std::lock_guard lock(mutex_);
  queues_[id] = {node, slot};
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> KfdProcess::takeQueue(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  auto it = queues_.find(id);
  if (it == queues_.end()) return std::nullopt;
  auto entry = it->second;
  queues_.erase(it);
  return entry;
}

namespace {
// A second view of shared pages at `address` (any address without MAP_FIXED). Linux makes it
// with mremap and an old size of 0, which duplicates a shared mapping instead of moving it.
void* alias(void* source, std::size_t length, void* address, int flags) {
  if ((flags & MAP_FIXED) && address == source) return source;  // the pages are already there
  int remapFlags = MREMAP_MAYMOVE | ((flags & MAP_FIXED) ? MREMAP_FIXED : 0);
  return mremap(source, 0, length, remapFlags, address);
}
}  // namespace

void* KfdProcess::map(DeviceFile kind, void* address, std::size_t length, int flags,
                      std::uint64_t offset) {
  if (length == 0) {
    errno = EINVAL;
    return MAP_FAILED;
  }
  if (kind == DeviceFile::kfd && (offset & kMmapTypeDoorbell) == kMmapTypeDoorbell) {
    const std::uint32_t node =
        nodeOf(std::uint32_t((offset & ~kMmapTypeDoorbell) >> kMmapGpuIdShift));
    std::lock_guard lock(mutex_);
    auto page = doorbells_.find(node);
    if (node == 0 || page == doorbells_.end() || length > kDoorbellPageBytes ||
        (offset & (kDoorbellPageBytes - 1)) != 0) {
      errno = EINVAL;
      return MAP_FAILED;
    }
    return alias(page->second.words, length, address, flags);
  }
  // Buffer objects: on the render node (VRAM, GTT) and on /dev/kfd (MMIO remap) alike.
  std::optional<BufferObject> object = buffers_.findByOffset(offset);
  if (!object || offset - object->mmapOffset + length > object->size) {
    errno = EINVAL;
    return MAP_FAILED;
  }
  // The buffer's own range is also its GPU view: a CPU protection asked for there (the thunk
  // maps scratch PROT_NONE for debuggers) is not applied, or the GPU would lose access.
  return alias(reinterpret_cast<void*>(object->address + (offset - object->mmapOffset)), length,
               address, flags);
}

}  // namespace vgpu::kfd
