// What the launch path needs from an AQL queue, and the packet writers: no hsa.h here, so
// core code and tests (with a queue in plain memory) use the same submission code.
#pragma once

#include <cstdint>

namespace hipcore::hsa {

// An AQL queue: a ring of 64-byte packets with monotonically increasing 64-bit indices.
class PacketQueue {
 public:
  virtual ~PacketQueue() = default;
  virtual void* packets() const = 0;                       // packet 0 of the ring
  virtual uint32_t size() const = 0;                       // packets in the ring, a power of two
  virtual uint64_t reserve(uint64_t count) noexcept = 0;   // atomic add on the write index
  virtual uint64_t readIndex() const noexcept = 0;         // acquire load
  virtual void ringDoorbell(uint64_t index) noexcept = 0;  // release store of the last index
  virtual uint64_t address() const = 0;                    // the queue object (hidden_queue_ptr)
  // Has the packet processor stamp start and end times into the completion signals of packets
  // published after this returns (queue profiling). Off until something reads them, a timing
  // event or a traced kernel: every kernel carries a completion signal (PacketSubmitter), and on
  // vgpu each stamp is a clock read on the kernel's way to completion.
  virtual void enableTimestamps() noexcept = 0;

  void* slot(uint64_t index) const {
    return static_cast<uint8_t*>(packets()) + (index & (size() - 1)) * kPacketSize;
  }
  static constexpr uint32_t kPacketSize = 64;
};

// The layout of a kernel dispatch packet (HSA Platform System Architecture 2.9.6; AqlPacket.cpp
// checks it against hsa.h's hsa_kernel_dispatch_packet_t). The launch path writes the body in
// place, then the first word with publishDispatchHeader: no intermediate copy, no call.
struct DispatchPacket {
  uint16_t header;
  uint16_t setup;  // dimensions
  uint16_t workgroupSize[3];
  uint16_t reserved0;
  uint32_t gridSize[3];  // in work-items
  uint32_t privateSegmentSize;
  uint32_t groupSegmentSize;
  uint64_t kernelObject;
  const void* kernarg;
  uint64_t reserved2;
  uint64_t completionSignal;  // hsa_signal_t handle, 0 for none
};
static_assert(sizeof(DispatchPacket) == PacketQueue::kPacketSize);

// Header of every dispatch hipcore submits: kernel dispatch type, barrier bit (streams run in
// order), system-scope acquire and release fences.
extern const uint16_t kDispatchHeader;

// One release store of header and setup makes a filled packet valid for the packet processor.
inline void publishDispatchHeader(DispatchPacket* packet, uint16_t dimensions) noexcept {
  uint32_t word = kDispatchHeader | (uint32_t{dimensions} << 16);
  __atomic_store_n(reinterpret_cast<uint32_t*>(packet), word, __ATOMIC_RELEASE);
}

// The fields of a kernel dispatch packet (HSA Platform System Architecture, 2.9.6).
struct DispatchFields {
  uint16_t dimensions = 1;
  uint16_t workgroupSize[3] = {1, 1, 1};
  uint32_t gridSize[3] = {1, 1, 1};  // in work-items
  uint32_t privateSegmentSize = 0;
  uint32_t groupSegmentSize = 0;
  uint64_t kernelObject = 0;
  const void* kernarg = nullptr;
  uint64_t completionSignal = 0;  // hsa_signal_t handle, 0 for none
};

// Fills the packet body, then publishes the header (type, barrier bit, system-scope fences)
// with a release store so that the packet processor never sees a half-written packet.
void publishDispatch(void* slot, const DispatchFields& fields) noexcept;

// A barrier-AND packet with no dependencies: completes (decrementing `completionSignal`) once
// every earlier packet of the queue has completed, because its barrier bit is set.
// `dependency` (a signal handle, 0 for none) must reach 0 before the barrier completes.
void publishBarrier(void* slot, uint64_t completionSignal, uint64_t dependency = 0) noexcept;

// AMD's barrier-value vendor packet: completes (decrementing `completionSignal`) once every
// earlier packet has completed and the 64-bit value at `address`, masked, compares with `value`
// as `condition` (hsa_signal_condition_t) says. The packet processor reads a signal's value
// 8 bytes into its amd_signal_t, so any 8-byte location serves as one (hipStreamWaitValue*).
void publishBarrierValue(void* slot, const void* address, int64_t value, int64_t mask,
                         uint32_t condition, uint64_t completionSignal) noexcept;

// Any AQL packet built ahead of time (an executable graph's): its first 32 bits (header and
// setup, or the vendor format) are published last, with one release store, after the rest has
// been copied into the ring slot (PacketSubmitter::publishRun).
struct RawPacket {
  uint32_t firstWord;
  uint8_t body[PacketQueue::kPacketSize - sizeof(uint32_t)];
};
static_assert(sizeof(RawPacket) == PacketQueue::kPacketSize);

// A prebuilt kernel dispatch: `packet`'s body with the dispatch header and its `setup`.
RawPacket rawDispatch(const DispatchPacket& packet) noexcept;
// A prebuilt barrier-value packet that waits until the value of signal `signal` (a handle) is
// below `bound`, then decrements `completionSignal` (0 for none). Signals that only ever count
// down can be waited on this way again and again without being reset: the n-th wait names a
// bound n lower (GraphExec's lanes).
RawPacket rawWaitBelow(uint64_t signal, int64_t bound, uint64_t completionSignal) noexcept;
// Where a barrier-value packet holds the value it compares with (hsa_amd_barrier_value_packet_t
// ::value): a launch rewrites it in the prebuilt copy.
void setWaitBound(RawPacket& packet, int64_t bound) noexcept;
// A prebuilt barrier-AND packet (publishBarrier's).
RawPacket rawBarrier(uint64_t completionSignal, uint64_t dependency) noexcept;
// A prebuilt dispatch's fields, and its completion signal rewritten (a traced launch).
DispatchPacket dispatchOf(const RawPacket& packet) noexcept;
void setCompletionSignal(RawPacket& packet, uint64_t signal) noexcept;

// Header word of an invalid packet: what an unused or consumed slot holds.
uint16_t invalidPacketHeader() noexcept;

}  // namespace hipcore::hsa
