// Hardware queues of the virtual GPUs: creation hands ROCR doorbells and (for SDMA) ring
// pointers, and starts a command processor on the ring.
#pragma once

#include <hsakmt.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "cp/AqlProcessor.h"
#include "cp/DeviceServices.h"
#include "cp/DoorbellWatcher.h"
#include "cp/QueueEngine.h"
#include "kfd/MemoryMap.h"

namespace vgpu::kfd {

class QueueTable {
 public:
  QueueTable(MemoryMap& memory, cp::DoorbellWatcher& watcher)
      : memory_(memory), watcher_(watcher) {}

  // A queue as the KFD ioctl describes it: the caller names the ring and its pointers.
  struct Setup {
    HSA_QUEUE_TYPE type = HSA_QUEUE_COMPUTE_AQL;
    void* ring = nullptr;
    std::uint64_t ringBytes = 0;
    // AQL: &amd_queue_t::read_dispatch_id / write_dispatch_id. SDMA: the thunk's byte
    // counters; null: vgpu's own (the hsaKmt front door hands those out).
    volatile std::uint64_t* readPointer = nullptr;
    volatile std::uint64_t* writePointer = nullptr;
    volatile std::uint64_t* doorbell = nullptr;  // null: vgpu's own, in the queue's words
  };
  // The queue's words as the creator hands them on (doorbell; SDMA read/write pointers).
  struct Created {
    HSA_QUEUEID id = 0;
    volatile std::uint64_t* doorbell = nullptr;
    volatile std::uint64_t* readPointer = nullptr;
    volatile std::uint64_t* writePointer = nullptr;
  };

  HSAKMT_STATUS create(const cp::EngineConfig& config, const Setup& setup, Created& created);
  // The hsaKmtCreateQueue form: fills the resource's doorbell, id and (SDMA) pointers.
  HSAKMT_STATUS create(const cp::EngineConfig& config, HSA_QUEUE_TYPE type, void* ring,
                       std::uint64_t ringBytes, HsaQueueResource* resource);
  HSAKMT_STATUS destroy(HSA_QUEUEID id);
  HSAKMT_STATUS update(HSA_QUEUEID id, std::uint32_t percentage);
  bool exists(HSA_QUEUEID id) const;
  // The dispatch fault that stopped the AQL queue whose amd_queue_t is at `descriptor`
  // (VGPU_FAULT_NONE for a queue that did not fault or is not, or no longer, one of ours).
  vgpu_fault_kind faultOf(std::uint64_t descriptor, std::string& report) const;
  // A signal changed: queues waiting on dependencies re-check them now.
  void wakeBlocked();

 private:
  // The words the "hardware" owns for one queue, in GPU-visible pages of their own.
  struct alignas(64) QueueWords {
    // Not 0: ROCR's first AQL doorbell write is packet index 0, which must read as a change.
    volatile std::uint64_t doorbell = ~0ull;
    volatile std::uint64_t readPointer = 0;   // SDMA only
    volatile std::uint64_t writePointer = 0;  // SDMA only
    // AQL only: the packet copy the interpreter exposes to kernels as their dispatch_ptr, so
    // it is part of the registered (GPU-visible) range. On a cache line of its own: the host
    // writes the doorbell at every submission and the worker rewrites the request at every
    // dispatch, so sharing one line moved it between their cores twice per round trip (no
    // change beyond the noise of the round trip on the CI VM, ~0.9 us, but no reason to).
    alignas(64) DispatchRequest dispatch;
  };
  // QueueWords live in pages of their own (mmap), never in the heap: host memory a program
  // registers is page-granular, and a registration sharing a page with doorbell words would
  // overlap them (clr 5.2.3 pins heap buffers; the refused registration made it read stale
  // bytes and crash).
  struct UnmapWords {
    void operator()(QueueWords* words) const;
  };
  static std::unique_ptr<QueueWords, UnmapWords> mapWords();
  struct Entry {
    std::unique_ptr<QueueWords, UnmapWords> words;
    std::unique_ptr<cp::QueueEngine> engine;
    const cp::AqlProcessor* aql = nullptr;  // engine, when it serves an AQL queue
    std::uint64_t descriptorBase = 0;       // amd_queue_t registered in the memory map (AQL)
    std::uint64_t ringBase = 0;             // ring registered here when ROCR had not
  };
  void track(std::uint64_t base, std::uint64_t size, RegionKind kind);

  MemoryMap& memory_;
  cp::DoorbellWatcher& watcher_;
  mutable std::mutex mutex_;
  std::unordered_map<HSA_QUEUEID, Entry> queues_;
  HSA_QUEUEID nextId_ = 1;
};

}  // namespace vgpu::kfd
