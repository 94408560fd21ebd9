// The ROCR resources behind one stream: an AQL queue, its kernarg ring, a signal to wait on,
// and the Stream that launches into them.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "PointerRegistry.h"
#include "Status.h"
#include "Stream.h"
#include "TypeStableStorage.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class Device;

class DeviceQueue : public TypeStableStorage<DeviceQueue> {  // stale handles are refused
 public:
  // `errorSlot` receives the HSA status of a queue error (shared by a device's queues: a fault
  // is sticky for the whole device, as in CUDA).
  static Status create(Device& device, std::atomic<int>& errorSlot, std::unique_ptr<DeviceQueue>& out,
                       unsigned flags = 0, int priority = 0);
  ~DeviceQueue();
  DeviceQueue(const DeviceQueue&) = delete;
  DeviceQueue& operator=(const DeviceQueue&) = delete;

  Device& device() const { return device_; }
  Stream& stream() { return *stream_; }
  // Waits until every packet submitted so far has completed, or the queue failed.
  Status synchronize();
  // hipSuccess when every packet submitted so far has completed, else hipErrorNotReady.
  Status query();
  // Packets submitted to the queue so far (its AQL write index): tests see which calls add one.
  uint64_t submittedPackets() const noexcept { return queue_->reserve(0); }
  // Runs fn(userData) on a runtime thread once the work submitted so far has completed; later
  // work of the stream waits until fn has returned (hipLaunchHostFunc, hipStreamAddCallback).
  Status enqueueHostFunction(void (*fn)(void*), void* userData);
  unsigned flags() const { return flags_; }
  // A user stream created without hipStreamNonBlocking: ordered with the legacy null stream.
  bool blocking() const { return (flags_ & hipStreamNonBlocking) == 0; }
  // Legacy null-stream bookkeeping (Device::prepareSubmission): whether work arrived since the
  // null stream last waited for this stream, and the null stream's submission count this
  // stream last waited for.
  std::atomic<bool> unjoined{false};
  std::atomic<uint64_t> seenNullSubmissions{0};
  int priority() const { return priority_; }

  // hipFreeAsync: the block is released once the stream's work submitted before the free has
  // completed (seen by a synchronisation of the stream or the device, or at once when the
  // stream is idle); until then only this stream may reuse it (hipMallocAsync, reuseFreed), as
  // its later work runs after its earlier work.
  Status freeInStreamOrder(const Allocation& allocation, Chunk* chunk, uint32_t block);
  // A block of `pool` this stream freed and can take back for `bytes` (same size class), or null.
  void* reuseFreed(size_t bytes, const DeviceMemoryPool& pool);
  // True for a pointer to a live DeviceQueue (hipStream_t handles are checked with this).
  bool valid() const noexcept { return magic_ == kMagic; }

 private:
  DeviceQueue(Device& device, std::atomic<int>& errorSlot) : device_(device), errorSlot_(errorSlot) {}
  static constexpr uint64_t kMagic = 0x6869'7073'7472'6d31;  // "hipstrm1"
  // A host function between two barriers: `done` reaches 0 when the stream's earlier work has
  // completed (ROCR then runs the function), `gate` is what the stream's later work waits for.
  struct HostFunction {
    void (*fn)(void*);
    void* userData;
    std::unique_ptr<hsa::Signal> done;
    std::unique_ptr<hsa::Signal> gate;
    std::atomic<bool> finished{false};
    uint64_t gateIndex = 0;  // the packet waiting for `gate`
  };
  static void runHostFunction(void* call);
  void retireHostFunctions(uint64_t completedIndex);  // frees records whose gate has passed
  struct DeferredFree {
    Allocation allocation;
    Chunk* chunk;
    uint32_t block;
    uint64_t afterIndex;  // the write index when it was freed: earlier packets may use it
  };
  // Releases the deferred frees whose earlier packets all completed (index < completedIndex).
  void releaseDeferred(uint64_t completedIndex);
  std::mutex deferredMutex_;
  std::vector<DeferredFree> deferred_;
  std::atomic<bool> hasDeferred_{false};  // keeps the idle synchronize free of the mutex

  unsigned flags_ = 0;
  int priority_ = 0;
  std::unique_ptr<hsa::Signal> querySignal_;
  // The write index just after the last query barrier (under the stream's syncMutex), and the
  // write index up to which synchronize() saw everything complete.
  uint64_t queryMarker_ = 0;
  // Written under syncMutex; read without it by synchronize's idle check.
  std::atomic<uint64_t> completedThrough_{0};
  std::mutex hostFunctionsMutex_;
  std::vector<std::unique_ptr<HostFunction>> hostFunctions_;

  uint64_t magic_ = kMagic;
  Device& device_;
  std::atomic<int>& errorSlot_;
  std::unique_ptr<hsa::AqlQueue> queue_;
  void* kernargMemory_ = nullptr;
  std::unique_ptr<hsa::Signal> syncSignal_;
  std::unique_ptr<Stream> stream_;
};

}  // namespace hipcore::core
