// A stream's submitter: packets into an AQL queue (which other streams may share, QueuePool.h)
// and kernargs into that queue's ring. launch() is the hot path of the runtime.
//
// launch: count the kernel, reserve a packet slot (atomic add on the write index, wait while the
// ring is full, unless the queue failed: its read index then never moves again), note it as this
// stream's last packet, pack the arguments into the kernarg slot tied to that packet index, fill
// the packet, publish its header with release, ring the doorbell. No allocation, no lock, no system
// call.
//
// Every kernel carries the stream's kernel signal as its completion signal: the packet processor
// decrements it once per kernel, in queue order, so it reads kKernelSignalStart minus the
// kernels completed. A synchronize whose last packet is a kernel polls it (Stream) instead
// of submitting a barrier and waiting for that: on the launch + synchronize round trip that is
// a packet and a doorbell fewer. The signal needs no interrupt (hsa::Signal::createPolled).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

#include "Registry.h"
#include "Status.h"
#include "hipcore/loader/KernargLayout.h"
#include "hsa/PacketQueue.h"
#include "trace/DispatchTrace.h"

namespace hipcore::core {

// Kernarg memory for a queue: one fixed-size slot per packet index, twice as many slots as
// packets. Every dispatch sets the barrier bit, so when packet i is reserved, packet i - size
// has at least started and packet i - 2*size has finished: its slot is free to reuse.
struct KernargRing {
  uint8_t* base = nullptr;
  uint32_t slotBytes = 0;
  uint32_t slotCount = 0;  // 2 * queue size, a power of two

  uint8_t* slot(uint64_t packetIndex) const {
    return base + (packetIndex & (slotCount - 1)) * slotBytes;
  }
};

class PacketSubmitter {
 public:
  // `queueError` is the queue's error status (what ROCR's queue-error callback stores, 0 while
  // healthy): a submission waiting for room in a full ring gives up once it is set.
  PacketSubmitter(hsa::PacketQueue& queue, KernargRing ring, loader::HiddenArgValues hidden,
                  const std::atomic<int>& queueError);

  // Each submission returns false, having written nothing, when the ring was full and the queue
  // failed while it waited: the caller returns the device's sticky error (Device::queueFailure).
  // No Status: the launch fast path (LaunchFastPath.h) calls it too.
  [[nodiscard]] bool launch(const DeviceKernel& kernel, const loader::LaunchGeometry& geometry,
                            void* const* args) noexcept;
  // The same with hidden_multigrid_sync_arg pointing at a grid barrier
  // (hipLaunchCooperativeKernel).
  [[nodiscard]] bool launchCooperative(const DeviceKernel& kernel,
                                       const loader::LaunchGeometry& geometry, void* const* args,
                                       uint64_t gridBarrier) noexcept;

  // Submits prebuilt kernel dispatches in order (an executable graph's kernels): each packet's
  // body is copied into the ring as it is (header and setup words aside: the header is published
  // last, with the dimensions the packet's `setup` holds), under one doorbell per batch of at
  // most half the ring. The last packet of each batch completes the stream's kernel signal.
  [[nodiscard]] bool launchPrebuilt(const hsa::DispatchPacket* packets, uint32_t count) noexcept;

  // Submits a barrier packet decrementing `signal` once all earlier packets finished.
  // With `dependency`, the barrier (and everything after it) also waits for that signal to
  // reach 0: hipStreamWaitEvent.
  // Returns the packet's index, or kFailed as above.
  [[nodiscard]] uint64_t submitBarrier(uint64_t signal, uint64_t dependency = 0) noexcept;
  // A barrier waiting for `dependency` that completes the stream's kernel signal, counted like a
  // kernel (kernelMark): a wait for the stream right after it polls that signal.
  [[nodiscard]] uint64_t submitCountedBarrier(uint64_t dependency) noexcept;
  static constexpr uint64_t kFailed = UINT64_MAX;
  // Submits a barrier-value packet: later packets wait until the value at `address`, masked,
  // meets `condition` (hsa::publishBarrierValue). Returns the packet's index, or kFailed.
  [[nodiscard]] uint64_t submitWaitValue(const void* address, int64_t value, int64_t mask,
                                         uint32_t condition) noexcept;

  // A run of prebuilt packets in two steps, so that a submission spanning several queues (an
  // executable graph's lanes) can reserve its slots on all of them first: reserveRun takes
  // `count` consecutive slots (at most half the ring; false as above), publishRun copies the
  // packets' bodies into them, publishes their first words in order and rings the doorbell once.
  [[nodiscard]] bool reserveRun(uint64_t& first, uint32_t count) noexcept;
  void publishRun(uint64_t first, const hsa::RawPacket* packets, uint32_t count) noexcept;

  hsa::PacketQueue& queue() const { return queue_; }

  // The value the kernel signal starts at; far from 0, it never reaches it.
  static constexpr int64_t kKernelSignalStart = int64_t{1} << 62;
  // Required before the first launch: the signal every kernel of this stream completes.
  void countKernelsIn(uint64_t signal) { kernelSignal_ = signal; }
  // What a wait for `end` (a value of end()) may poll instead of a barrier: whether the packet
  // before `end` is one of this stream's counted kernels, and a count of kernels issued that
  // covers it: the kernel signal at kKernelSignalStart - issued or below means that packet, and
  // so every packet before it, completed. The count may include kernels issued after `end`
  // (they are reserved, so they complete too); a kernel launched with tracing on carries its
  // own signal and is not counted, so a stream ending in one waits through a barrier.
  struct KernelMark {
    bool lastPacketIsKernel;
    uint64_t issued;
  };
  KernelMark kernelMark(uint64_t end) const noexcept {
    // end() was read first (acquire): every count made before a packet up to `end` was
    // reserved is seen (the write index is an acquire-release read-modify-write).
    return {kernelEnd_.load(std::memory_order_acquire) == end,
            kernelsIssued_.load(std::memory_order_relaxed)};
  }
  // One past the queue index of this stream's last packet (0 before its first): the stream's
  // work is complete once every packet of the queue before it has completed.
  uint64_t end() const noexcept { return end_.load(std::memory_order_acquire); }
  // The agent whose queue this is, for HIPCORE_TRACE's dispatch times.
  void identify(uint64_t agent) { traceQueue_ = trace::identifyQueue(agent); }
  const trace::QueueIdentity& traceQueue() const { return traceQueue_; }
  std::mutex& syncMutex() { return syncMutex_; }
  // Every packet this stream submits also counts in `counter` (its device's submission count:
  // Device::synchronize answers at once when nothing was submitted since its last full wait).
  void countSubmissionsIn(std::atomic<uint64_t>* counter) { submissions_ = counter; }

 private:
  // The next packet index; false when the ring was full and the queue failed (nothing reserved
  // that will ever be written).
  bool reserveSlot(uint64_t& index, uint32_t count = 1) noexcept;
  bool waitForRoom(uint64_t index) noexcept;
  bool dispatch(const DeviceKernel& kernel, const loader::LaunchGeometry& geometry,
                void* const* args, const loader::HiddenArgValues& hidden) noexcept;
  void* slot(uint64_t index) const {
    return packets_ + (index & (size_ - 1)) * hsa::PacketQueue::kPacketSize;
  }

  hsa::PacketQueue& queue_;
  const std::atomic<int>& queueError_;
  KernargRing ring_;
  loader::HiddenArgValues hidden_;
  trace::QueueIdentity traceQueue_;
  uint8_t* packets_;  // the queue's ring and size, fixed for its life (no virtual calls per packet)
  uint32_t size_;
  std::atomic<uint64_t> seenReadIndex_{0};  // the queue's read index as last read (reserveSlot)
  std::atomic<uint64_t> end_{0};
  uint64_t kernelSignal_ = 0;
  // Kernels counted in the signal so far, each counted before its slot is reserved.
  std::atomic<uint64_t> kernelsIssued_{0};
  // end_ as a counted kernel left it: equal to end_ exactly when the stream's last packet is one.
  // A plain store: with threads launching at once it may lag end_, and then the next wait
  // simply takes the barrier.
  std::atomic<uint64_t> kernelEnd_{0};
  std::atomic<uint64_t> ownSubmissions_{0};
  std::atomic<uint64_t>* submissions_ = &ownSubmissions_;
  std::mutex syncMutex_;  // serialises synchronize() callers sharing one signal; not for launch
};

}  // namespace hipcore::core
