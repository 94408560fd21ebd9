// External memory and semaphores imported by file descriptor (hipImportExternalMemory,
// hipImportExternalSemaphore).
//
// Without a graphics driver the only handle type with a meaning is the opaque file descriptor,
// and hipcore gives it the one meaning a descriptor has everywhere: memory that can be mapped.
// External memory is the descriptor's first `size` bytes, mapped shared and pinned for every GPU
// (as hipMemSetAccess does, VirtualMemory.h), so hipMemExportToShareableHandle's descriptors and
// any memfd work; the descriptor is owned (closed) once imported, as CUDA specifies. An
// opaque-descriptor semaphore is a 64-bit payload in the descriptor's first 8 bytes: binary
// semaphores (OpaqueFd) are signalled by storing 1 and consumed by a wait (back to 0); timeline
// semaphores (TimelineSemaphoreFd) store the signalled value and a wait lasts until the payload
// reaches the awaited one. Signals are host functions in stream order; a wait holds the
// stream's later work until the payload allows (StreamGate.h).
#pragma once

#include <hip/hip_runtime_api.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>

#include "Status.h"

namespace hipcore::core {

class Runtime;
class Stream;

struct ImportedMemory {
  void* base = nullptr;
  size_t bytes = 0;   // as imported
  size_t mapped = 0;  // page-rounded
};

// The payload's page, mapped shared; held by the semaphore and by each waiter thread, so a
// semaphore destroyed while waits are pending does not pull the page from under them.
struct SemaphorePayload {
  explicit SemaphorePayload(void* page) : page(page) {}
  ~SemaphorePayload();
  uint64_t* word() const { return static_cast<uint64_t*>(page); }
  void* page;
};

struct ImportedSemaphore {
  hipExternalSemaphoreHandleType type{};
  std::shared_ptr<SemaphorePayload> payload;
};

class ExternalMemory {
 public:
  explicit ExternalMemory(Runtime& runtime) : runtime_(runtime) {}
  ExternalMemory(const ExternalMemory&) = delete;
  ExternalMemory& operator=(const ExternalMemory&) = delete;

  Status importMemory(const hipExternalMemoryHandleDesc& desc, ImportedMemory*& out);
  Status mappedBuffer(ImportedMemory* memory, const hipExternalMemoryBufferDesc& desc, void*& out);
  Status destroyMemory(ImportedMemory* memory);
  // hipFree of a pointer hipExternalMemoryGetMappedBuffer returned (CUDA frees them so): true
  // when it was one (then it is forgotten; the memory stays until destroyMemory).
  bool freeBuffer(void* pointer) {
    return liveBuffers_.load(std::memory_order_acquire) != 0 && forgetBuffer(pointer);
  }

  Status importSemaphore(const hipExternalSemaphoreHandleDesc& desc, ImportedSemaphore*& out);
  Status signal(ImportedSemaphore* semaphore, const hipExternalSemaphoreSignalParams& params,
                Stream& queue);
  Status wait(ImportedSemaphore* semaphore, const hipExternalSemaphoreWaitParams& params,
              Stream& queue);
  Status destroySemaphore(ImportedSemaphore* semaphore);
  bool liveSemaphore(const ImportedSemaphore* semaphore);

 private:
  bool forgetBuffer(void* pointer);

  Runtime& runtime_;
  std::mutex mutex_;
  std::set<const ImportedMemory*> memories_;
  std::multiset<uintptr_t> buffers_;  // pointers handed out (the same one may be asked twice)
  std::atomic<size_t> liveBuffers_{0};
  std::set<const ImportedSemaphore*> semaphores_;
};

}  // namespace hipcore::core
