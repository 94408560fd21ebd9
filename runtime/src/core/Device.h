// One GPU: its ROCR agent, HIP properties, streams (the null stream, created ones, their legacy
// ordering and synchronisation) and the lazy loading of kernels onto it. Its memory, its fills
// and copies and its fault state are objects of their own (DeviceMemory, DeviceCopies,
// DeviceFaults).
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "BuiltinKernels.h"
#include "DeviceCopies.h"
#include "DeviceFaults.h"
#include "DeviceMemory.h"
#include "GridBarriers.h"
#include "Hostcall.h"
#include "PacketSubmitter.h"
#include "QueuePool.h"
#include "Registry.h"
#include "Status.h"
#include "Stream.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class Device {
 public:
  Device(int index, hsa::GpuAgent agent, Registry& registry, PointerRegistry& pointers);
  ~Device();

  int index() const { return index_; }
  const hsa::GpuAgent& agent() const { return agent_; }
  const hipDeviceProp_t& properties() const { return properties_; }

  // The null stream, created (queue, kernarg ring, signal) on first use.
  Status nullStream(Stream*& out);
  // The null stream if it exists already (the launch path's check: one acquire load).
  Stream* readyNullStream() const noexcept { return nullReady_.load(std::memory_order_acquire); }
  // Streams created by hipStreamCreate; they live until destroyQueue and their work completed.
  // Each is bound to a hardware queue of the device's pool (QueuePool.h).
  // A non-empty `computeUnitMask` (whole units as multiProcessorCount counts them) gives the
  // stream a queue of its own limited to those units.
  Status createStream(Stream*& out, unsigned flags = 0, int priority = 0,
                      const std::vector<uint32_t>& computeUnitMask = {});
  Status destroyStream(Stream* queue);
  // A stream whose owner went away without waiting (a per-thread stream at thread exit): it is
  // destroyed once its work has completed, at the latest by the next device synchronisation.
  void retireStream(Stream* queue);
  // AQL queues created for the device's streams so far (bounded by QueuePool's limit).
  size_t hardwareQueueCount() const { return queuePool_.size(); }
  // The pool itself, for submissions that use several of its queues (graph lanes).
  QueuePool& queuePool() { return queuePool_; }
  // hipDeviceReset calls so far: what was prepared for the queues before one (an executable
  // graph's uploads) names queues that are gone.
  uint64_t resetCount() const noexcept { return resets_.load(std::memory_order_acquire); }
  // The hostcall buffer kernels print and allocate through, and the device malloc heap
  // (created with the hostcall service thread by the first queue).
  Status hostcallArguments(uint64_t& buffer, uint64_t& heap);
  // Waits for the work of every stream of the device. With nothing submitted since the last
  // full synchronisation it returns at once (two loads), so hipFree of idle memory waits for
  // nothing.
  Status synchronize();
  // What every stream of the device counts its submitted packets in
  // (PacketSubmitter::countSubmissionsIn).
  std::atomic<uint64_t>* submissionCounter() { return &submissions_; }
  // hipStreamSynchronize(0): the null stream and the blocking streams it is ordered with.
  Status synchronizeNullStream();
  // hipStreamQuery(0): not ready while the null stream or a blocking stream it is ordered with
  // has work in flight (a null-stream query orders after them, as its synchronize does).
  Status queryNullStream();

  // Legacy null-stream semantics, called before anything is submitted to `queue`: work on the
  // null stream waits for earlier work of every blocking stream, and work on a blocking stream
  // waits for earlier null-stream work. The common cases (one stream only, non-blocking
  // streams) cost an atomic add or two loads; mixing submits marker barriers (slow path).
  __attribute__((always_inline)) Status prepareSubmission(Stream& queue) noexcept {
    return orderedWithoutJoin(queue) ? Status::success() : join(queue);
  }
  // prepareSubmission's common case without a Status (the launch fast path): true when `queue`
  // is ordered and nothing more is needed; false when join(queue) must submit the marker
  // barriers first. Either way the submission is counted.
  __attribute__((always_inline)) bool orderedWithoutJoin(Stream& queue) noexcept {
    if (&queue == readyNullStream()) {
      nullSubmissions_.fetch_add(1, std::memory_order_acq_rel);
      return unjoinedBlocking_.load(std::memory_order_acquire) == 0;
    }
    if (!queue.blocking()) return true;
    if (!queue.unjoined.load(std::memory_order_relaxed) && !queue.unjoined.exchange(true))
      unjoinedBlocking_.fetch_add(1, std::memory_order_acq_rel);
    return queue.seenNullSubmissions.load(std::memory_order_relaxed) ==
           nullSubmissions_.load(std::memory_order_acquire);
  }
  // The marker barriers orderedWithoutJoin found missing (out of line: the slow path).
  Status join(Stream& queue) noexcept {
    return &queue == readyNullStream() ? joinBlockingIntoNull(queue) : joinNullInto(queue);
  }

  // The kernel's code on this device: one atomic load once loaded; the first call loads the
  // kernel's fat binary (parse, choose, load into ROCR) under that fat binary's mutex.
  Status resolve(const Kernel& kernel, const DeviceKernel*& out);
  // The device address of a registered variable (loads its fat binary on first use).
  Status variableAddress(const Variable& variable, void*& out);

  // The per-queue barriers of cooperative launches (cooperative_groups grid sync).
  GridBarriers& gridBarriers() { return gridBarriers_; }

  // hipDeviceReset (DeviceReset.cpp): waits for the device unless it failed, destroys every
  // stream's queue and clears the sticky fault; the null stream's queue comes back on next use.
  Status reset();

  // The sticky fault state (DeviceFaults.h): failed() is the launch path's check, queueFailure()
  // the error every call on a failed device returns.
  DeviceFaults& faults() { return faults_; }
  bool failed() const noexcept { return faults_.failed(); }
  const std::atomic<int>* errorSlot() const { return faults_.errorStatus(); }
  Status queueFailure() const { return faults_.failure(index_); }

  // Memory (hipMalloc, hipHostMalloc, hipFree, memory pools) and fills and copies.
  DeviceMemory& memory() { return memory_; }
  DeviceCopies& copies() { return copies_; }
  PointerRegistry& pointers() const { return pointers_; }
  // For hipFree: nothing submitted since the last full synchronisation, or every queue's
  // packets known complete (a few loads, no lock).
  bool nothingInFlight() const noexcept {
    return submissions_.load(std::memory_order_acquire) ==
               syncedSubmissions_.load(std::memory_order_acquire) ||
           queuePool_.idle();
  }

  // hipSetDeviceFlags / hipGetDeviceFlags and hipDeviceSetLimit / hipDeviceGetLimit.
  unsigned scheduleFlags() const { return flags_.load(std::memory_order_relaxed); }
  void setScheduleFlags(unsigned flags) { flags_.store(flags, std::memory_order_relaxed); }
  size_t limit(int which) const { return limits_[which].load(std::memory_order_relaxed); }
  void setLimit(int which, size_t value) { limits_[which].store(value, std::memory_order_relaxed); }
  static constexpr int kLimitCount = 3;  // stack, printf FIFO, malloc heap

 private:
  // A mask over multiprocessors (WGPs on RDNA) as the hardware's mask over CUs.
  std::vector<uint32_t> hardwareUnitMask(const std::vector<uint32_t>& multiprocessors) const;
  Status joinBlockingIntoNull(Stream& null) noexcept;
  Status joinNullInto(Stream& queue) noexcept;
  // A signal for one cross-queue dependency; freed by synchronize(). The caller holds
  // markersMutex_ until the barriers using it are submitted.
  Status newMarker(uint64_t& handle) noexcept;
  Status loadModuleLocked(FatBinary& fatBinary, Module*& out);  // caller holds its loadMutex()
  Status bindManagedVariables(FatBinary& fatBinary, const Module& module);

  int index_;
  hsa::GpuAgent agent_;
  Registry& registry_;
  hipDeviceProp_t properties_;

  GridBarriers gridBarriers_{agent_};
  DeviceFaults faults_;
  std::mutex nullMutex_;  // creation (first use, after a reset) of the null stream's queue
  std::unique_ptr<Stream> nullQueue_;
  std::atomic<Stream*> nullReady_{nullptr};  // nullQueue_ once fully created
  // Not once flags: a creation that failed (out of host memory) is retried by the next caller,
  // so the device works again once memory was freed.
  std::mutex hostcallMutex_;
  std::unique_ptr<HostcallService> hostcall_;
  QueuePool queuePool_{*this, faults_.queueErrors()};
  std::mutex queuesMutex_;  // guards userQueues_ (not the launch path)
  std::vector<std::unique_ptr<Stream>> userQueues_;
  std::vector<Stream*> retiredQueues_;  // of userQueues_, destroyed when complete
  void reapRetiredQueues();             // caller holds queuesMutex_

  std::atomic<uint64_t> submissions_{0};        // packets submitted to any queue of the device
  std::atomic<uint64_t> syncedSubmissions_{0};  // ... all complete at the last synchronize()
  std::atomic<uint64_t> nullSubmissions_{0};
  std::atomic<uint64_t> resets_{0};
  std::atomic<int> unjoinedBlocking_{0};
  std::mutex markersMutex_;
  std::vector<std::unique_ptr<hsa::Signal>> markers_;  // oldest first
  uint64_t markersRetired_ =
      0;  // markers ever destroyed: markers_[0] is marker number markersRetired_
  std::atomic<unsigned> flags_{0};
  // Defaults as HIP reports them: 1 KiB stack per thread, 1 MiB printf FIFO, 8 MiB heap.
  std::atomic<size_t> limits_[kLimitCount] = {1024, size_t{1} << 20, size_t{8} << 20};
  PointerRegistry& pointers_;
  DeviceMemory memory_;
  DeviceCopies copies_;
};

// hipDeviceProp_t from ROCR's agent information.
hipDeviceProp_t makeProperties(const hsa::AgentProperties& agent);

}  // namespace hipcore::core
