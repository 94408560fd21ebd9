// Opaque-descriptor external memory (mapped, pinned for every GPU) and semaphores (a shared
// 64-bit payload signalled in stream order and awaited by a waiter thread).
#include "ExternalMemory.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

#include "Device.h"
#include "HsaFailure.h"
#include "Runtime.h"
#include "Stream.h"
#include "StreamGate.h"
#include "hsa/HsaShared.h"

namespace hipcore::core {

namespace {

size_t pageRound(size_t bytes) {
  const auto page = static_cast<size_t>(sysconf(_SC_PAGE_SIZE));
  return (bytes + page - 1) / page * page;
}

// Handle types that exist only with Windows or a graphics (or NvSci) driver.
const char* unsupportedMemoryType(hipExternalMemoryHandleType type) {
  switch (type) {
    case hipExternalMemoryHandleTypeOpaqueWin32:
    case hipExternalMemoryHandleTypeOpaqueWin32Kmt:
      return "a Windows handle";
    case hipExternalMemoryHandleTypeD3D12Heap:
    case hipExternalMemoryHandleTypeD3D12Resource:
    case hipExternalMemoryHandleTypeD3D11Resource:
    case hipExternalMemoryHandleTypeD3D11ResourceKmt:
      return "a Direct3D resource (needs a graphics driver)";
    case hipExternalMemoryHandleTypeNvSciBuf:
      return "an NvSciBuf object";
    default:
      return nullptr;
  }
}

const char* unsupportedSemaphoreType(hipExternalSemaphoreHandleType type) {
  switch (type) {
    case hipExternalSemaphoreHandleTypeOpaqueWin32:
    case hipExternalSemaphoreHandleTypeOpaqueWin32Kmt:
    case hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32:
      return "a Windows handle";
    case hipExternalSemaphoreHandleTypeD3D12Fence:
    case hipExternalSemaphoreHandleTypeD3D11Fence:
    case hipExternalSemaphoreHandleTypeKeyedMutex:
    case hipExternalSemaphoreHandleTypeKeyedMutexKmt:
      return "a Direct3D fence or keyed mutex (needs a graphics driver)";
    case hipExternalSemaphoreHandleTypeNvSciSync:
      return "an NvSciSync object";
    default:
      return nullptr;
  }
}

// One hipSignalExternalSemaphoresAsync entry, run as a host function in stream order.
struct SignalCall {
  std::shared_ptr<SemaphorePayload> payload;
  uint64_t value;
};

void runSignal(void* call) {
  auto* signal = static_cast<SignalCall*>(call);
  std::atomic_ref<uint64_t>(*signal->payload->word()).store(signal->value);
  delete signal;
}

}  // namespace

SemaphorePayload::~SemaphorePayload() {
  munmap(page, pageRound(sizeof(uint64_t)));
}

Status ExternalMemory::importMemory(const hipExternalMemoryHandleDesc& desc, ImportedMemory*& out) {
  if (const char* what = unsupportedMemoryType(desc.type))
    return fail(hipErrorNotSupported,
                "hipImportExternalMemory: handle type %d is %s; hipcore imports opaque file "
                "descriptors only",
                int(desc.type), what);
  if (desc.type != hipExternalMemoryHandleTypeOpaqueFd)
    return fail(hipErrorInvalidValue, "hipImportExternalMemory: handle type %d", int(desc.type));
  if (desc.size == 0 || (desc.flags & ~unsigned(hipExternalMemoryDedicated)) != 0)
    return fail(hipErrorInvalidValue, "hipImportExternalMemory: size %llu, flags 0x%x", desc.size,
                desc.flags);
  const int fd = desc.handle.fd;
  struct stat info{};
  if (fd < 0 || fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) ||
      uint64_t(info.st_size) < desc.size)
    return fail(hipErrorInvalidValue,
                "hipImportExternalMemory: descriptor %d is not memory of at least %llu bytes", fd,
                desc.size);
  const size_t mapped = pageRound(desc.size);
  void* base = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED)
    return fail(hipErrorOutOfMemory, "hipImportExternalMemory: mapping %zu bytes failed", mapped);
  std::vector<uint64_t> agents;
  for (int i = 0; i < runtime_.deviceCount(); ++i)
    agents.push_back(runtime_.device(i)->agent().agent);
  auto locked = hsa::lockForAgents(base, mapped, agents.data(), uint32_t(agents.size()));
  if (!locked || *locked != base) {
    if (locked) (void)hsa::unlockHostMemory(base);
    munmap(base, mapped);
    if (!locked) return hsaFailure(locked.error(), "hipImportExternalMemory");
    return fail(hipErrorNotSupported,
                "hipImportExternalMemory: the GPUs reach the memory at another address");
  }
  close(fd);  // owned once imported (CUDA's rule); the mapping keeps the memory
  auto* memory = new ImportedMemory{base, size_t(desc.size), mapped};
  Allocation record;
  record.base = base;
  record.bytes = size_t(desc.size);
  record.kind = MemoryKind::Mapped;
  record.device = 0;
  record.devicePointer = base;
  runtime_.pointers().add(record);
  std::lock_guard lock(mutex_);
  memories_.insert(memory);
  out = memory;
  return Status::success();
}

Status ExternalMemory::mappedBuffer(ImportedMemory* memory, const hipExternalMemoryBufferDesc& desc,
                                    void*& out) {
  if (desc.flags != 0)
    return fail(hipErrorInvalidValue, "hipExternalMemoryGetMappedBuffer: flags 0x%x (must be 0)",
                desc.flags);
  std::lock_guard lock(mutex_);
  if (memories_.count(memory) == 0)
    return fail(hipErrorInvalidValue, "hipExternalMemoryGetMappedBuffer: not imported memory");
  if (desc.size == 0 || desc.offset > memory->bytes || desc.size > memory->bytes - desc.offset)
    return fail(hipErrorInvalidValue,
                "hipExternalMemoryGetMappedBuffer: %llu bytes at offset %llu do not fit in %zu",
                desc.size, desc.offset, memory->bytes);
  out = static_cast<char*>(memory->base) + desc.offset;
  buffers_.insert(reinterpret_cast<uintptr_t>(out));
  liveBuffers_.store(buffers_.size(), std::memory_order_release);
  return Status::success();
}

bool ExternalMemory::forgetBuffer(void* pointer) {
  std::lock_guard lock(mutex_);
  auto it = buffers_.find(reinterpret_cast<uintptr_t>(pointer));
  if (it == buffers_.end()) return false;
  buffers_.erase(it);
  liveBuffers_.store(buffers_.size(), std::memory_order_release);
  return true;
}

Status ExternalMemory::destroyMemory(ImportedMemory* memory) {
  {
    std::lock_guard lock(mutex_);
    if (memories_.erase(memory) == 0)
      return fail(hipErrorInvalidValue, "hipDestroyExternalMemory: not imported memory");
    const auto base = reinterpret_cast<uintptr_t>(memory->base);
    buffers_.erase(buffers_.lower_bound(base), buffers_.lower_bound(base + memory->mapped));
    liveBuffers_.store(buffers_.size(), std::memory_order_release);
  }
  runtime_.pointers().remove(memory->base);
  (void)hsa::unlockHostMemory(memory->base);
  munmap(memory->base, memory->mapped);
  delete memory;
  return Status::success();
}

Status ExternalMemory::importSemaphore(const hipExternalSemaphoreHandleDesc& desc,
                                       ImportedSemaphore*& out) {
  if (const char* what = unsupportedSemaphoreType(desc.type))
    return fail(hipErrorNotSupported,
                "hipImportExternalSemaphore: handle type %d is %s; hipcore imports opaque file "
                "descriptors only",
                int(desc.type), what);
  if (desc.type != hipExternalSemaphoreHandleTypeOpaqueFd &&
      desc.type != hipExternalSemaphoreHandleTypeTimelineSemaphoreFd)
    return fail(hipErrorInvalidValue, "hipImportExternalSemaphore: handle type %d", int(desc.type));
  if (desc.flags != 0)
    return fail(hipErrorInvalidValue, "hipImportExternalSemaphore: flags 0x%x (must be 0)",
                desc.flags);
  const int fd = desc.handle.fd;
  struct stat info{};
  if (fd < 0 || fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) ||
      uint64_t(info.st_size) < sizeof(uint64_t))
    return fail(hipErrorInvalidValue,
                "hipImportExternalSemaphore: descriptor %d is not memory holding a 64-bit payload",
                fd);
  void* page =
      mmap(nullptr, pageRound(sizeof(uint64_t)), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (page == MAP_FAILED)
    return fail(hipErrorOutOfMemory, "hipImportExternalSemaphore: mapping the payload failed");
  close(fd);
  auto* semaphore = new ImportedSemaphore{desc.type, std::make_shared<SemaphorePayload>(page)};
  std::lock_guard lock(mutex_);
  semaphores_.insert(semaphore);
  out = semaphore;
  return Status::success();
}

bool ExternalMemory::liveSemaphore(const ImportedSemaphore* semaphore) {
  std::lock_guard lock(mutex_);
  return semaphores_.count(semaphore) != 0;
}

Status ExternalMemory::signal(ImportedSemaphore* semaphore,
                              const hipExternalSemaphoreSignalParams& params, Stream& queue) {
  const bool timeline = semaphore->type == hipExternalSemaphoreHandleTypeTimelineSemaphoreFd;
  auto* call = new SignalCall{semaphore->payload, timeline ? params.params.fence.value : 1};
  Status status = queue.enqueueHostFunction(runSignal, call);
  if (!status.ok()) delete call;
  return status;
}

Status ExternalMemory::wait(ImportedSemaphore* semaphore,
                            const hipExternalSemaphoreWaitParams& params, Stream& queue) {
  const bool timeline = semaphore->type == hipExternalSemaphoreHandleTypeTimelineSemaphoreFd;
  const uint64_t awaited = timeline ? params.params.fence.value : 1;
  return holdStreamUntil(queue, [payload = semaphore->payload, timeline, awaited] {
    std::atomic_ref<uint64_t> word(*payload->word());
    uint64_t value = word.load();
    if (timeline) return value >= awaited;
    return value != 0 && word.compare_exchange_strong(value, 0);  // a binary wait consumes
  });
}

Status ExternalMemory::destroySemaphore(ImportedSemaphore* semaphore) {
  {
    std::lock_guard lock(mutex_);
    if (semaphores_.erase(semaphore) == 0)
      return fail(hipErrorInvalidValue, "hipDestroyExternalSemaphore: not an imported semaphore");
  }
  delete semaphore;  // pending waiters keep the payload's page
  return Status::success();
}

}  // namespace hipcore::core
