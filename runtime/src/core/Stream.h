// One HIP stream (the object behind a hipStream_t): the PacketSubmitter that writes into the pooled
// AQL queue it is bound to (QueuePool.h), its flags, host functions and stream-ordered frees.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "Event.h"
#include "HardwareQueue.h"
#include "PacketSubmitter.h"
#include "PointerRegistry.h"
#include "SpinLock.h"
#include "Status.h"
#include "TypeStableStorage.h"
#include "hsa/Hsa.h"

namespace hipcore::graph {
struct StreamCapture;
}

namespace hipcore::core {

class Device;

class Stream : public TypeStableStorage<Stream> {  // stale handles are refused
 public:
  // A stream bound to `hardware` (the device's pool keeps it; the stream does not own it).
  static Status create(Device& device, HardwareQueue& hardware, std::unique_ptr<Stream>& out,
                       unsigned flags = 0, int priority = 0);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  Device& device() const { return device_; }
  PacketSubmitter& submitter() { return *stream_; }
  HardwareQueue& hardware() const { return hardware_; }
  // Waits until every packet this stream submitted so far has completed (and whatever other
  // streams submitted before it to the same hardware queue), or the queue failed.
  Status synchronize();
  // hipSuccess when every packet this stream submitted so far has completed, else
  // hipErrorNotReady.
  Status query();
  // Packets submitted to the stream's hardware queue so far (its AQL write index): tests see
  // which calls add one.
  uint64_t submittedPackets() const noexcept { return hardware_.writeIndex(); }
  // Event::record: the stream's packet before `end` is the barrier of record number `record` of
  // the event whose signal is `event` (kept alive here until a later event barrier replaces it).
  void noteEventBarrier(uint64_t end, const std::shared_ptr<EventSignal>& event, uint64_t record);
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
  // The thread state (api::ThreadState) whose hipStreamPerThread this is, or null: a handle
  // left in a thread's table after hipDeviceReset destroyed the stream is recognised as stale
  // even when a new stream reuses the storage.
  const void* perThreadOwner = nullptr;
  int priority() const { return priority_; }
  void setPriority(int priority) { priority_ = priority; }
  // A number no other stream of the process had (hipStreamGetId).
  uint64_t id() const { return id_; }
  // The launch attributes a stream keeps (hipStreamSetAttribute): they describe, hipcore's
  // queues do not act on them.
  struct Attributes {
    hipAccessPolicyWindow accessPolicyWindow{};
    hipSynchronizationPolicy syncPolicy = hipSyncPolicyAuto;
    hipLaunchMemSyncDomainMap memSyncDomainMap{};
    hipLaunchMemSyncDomain memSyncDomain = hipLaunchMemSyncDomainDefault;
  };
  Attributes attributes;
  // The compute units the stream's kernels may use (bit i = unit i in multiProcessorCount's
  // units), empty for all; such a stream has a dedicated queue (QueuePool::acquireDedicated).
  std::vector<uint32_t> computeUnitMask;
  // The stream's part in a stream capture (graph/StreamCapture.h), null when it is not
  // capturing: then its work runs; while capturing, it becomes graph nodes instead.
  graph::StreamCapture* capture = nullptr;

  // hipFreeAsync: the block is released once the stream's work submitted before the free has
  // completed (seen by a synchronisation of the stream or the device, or at once when the
  // stream is idle); until then only this stream may reuse it (hipMallocAsync, reuseFreed), as
  // its later work runs after its earlier work.
  Status freeInStreamOrder(const Allocation& allocation, Chunk* chunk, uint32_t block);
  // A block of `pool` this stream freed and can take back for `bytes` (same size class), or null.
  void* reuseFreed(size_t bytes, const DeviceMemoryPool& pool);
  // True for a pointer to a live Stream (hipStream_t handles are checked with this).
  bool valid() const noexcept { return magic_ == kMagic; }
  // hipStreamDestroy with work pending: the handle is refused from now on, while the object
  // lives on until that work has completed (Device::retireQueue).
  void invalidateHandle() noexcept { magic_ = 0; }

 private:
  Stream(Device& device, HardwareQueue& hardware) : device_(device), hardware_(hardware) {}
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
  // When the stream's last packet before `end` is one of its kernels: whether the kernel signal
  // (PacketSubmitter.h) says it completed, looking once or (`poll`) polling briefly; if so the
  // queue is noted complete before `end`. False when it does not apply or took too long: the caller
  // waits through a barrier, which can block in the driver and sees queue errors.
  bool kernelsCompleted(uint64_t end, bool poll);
  // The same when the last packet before `end` is an event's barrier (noteEventBarrier): whether
  // the event's signal says that record completed.
  bool eventBarrierCompleted(uint64_t end);
  struct EventBarrier {
    uint64_t end = 0;
    std::shared_ptr<EventSignal> event;
    uint64_t record = 0;
  };
  SpinLock eventBarrierLock_;
  EventBarrier eventBarrier_;  // the latest event barrier of the stream, under the lock
  void retireHostFunctions(uint64_t completedIndex);  // frees records whose gate has passed
  struct DeferredFree {
    Allocation allocation;
    Chunk* chunk;
    uint32_t block;
    uint64_t afterIndex;  // the stream's end when it was freed: earlier packets may use it
  };
  // Releases the deferred frees whose earlier packets all completed (index < completedIndex).
  void releaseDeferred(uint64_t completedIndex);
  std::mutex deferredMutex_;
  std::vector<DeferredFree> deferred_;
  std::atomic<bool> hasDeferred_{false};  // keeps the idle synchronize free of the mutex

  unsigned flags_ = 0;
  int priority_ = 0;
  uint64_t id_ = 0;
  std::mutex hostFunctionsMutex_;
  std::vector<std::unique_ptr<HostFunction>> hostFunctions_;
  // hostFunctions_ is not empty (written under its mutex).
  std::atomic<bool> hasHostFunctions_{false};

  uint64_t magic_ = kMagic;
  Device& device_;
  HardwareQueue& hardware_;
  std::unique_ptr<PacketSubmitter> stream_;
  // Completed by every kernel of stream_ (PacketSubmitter::countKernelsIn). Outlives those kernels:
  // a stream destroyed with work pending lives on until it completed (Device::retireQueue).
  std::unique_ptr<hsa::Signal> kernelSignal_;
};

}  // namespace hipcore::core
