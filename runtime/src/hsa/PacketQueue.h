// What the launch path needs from an AQL queue, and the packet writers: no hsa.h here, so
// core code and tests (with a queue in plain memory) use the same submission code.
#pragma once

#include <cstdint>

namespace hipcore::hsa {

// An AQL queue: a ring of 64-byte packets with monotonically increasing 64-bit indices.
class PacketQueue {
 public:
  virtual ~PacketQueue() = default;
  virtual void* packets() const = 0;   // packet 0 of the ring
  virtual uint32_t size() const = 0;   // packets in the ring, a power of two
  virtual uint64_t reserve(uint64_t count) noexcept = 0;  // atomic add on the write index
  virtual uint64_t readIndex() const noexcept = 0;         // acquire load
  virtual void ringDoorbell(uint64_t index) noexcept = 0;  // release store of the last index
  virtual uint64_t address() const = 0;  // the queue object (hidden_queue_ptr)

  void* slot(uint64_t index) const {
    return static_cast<uint8_t*>(packets()) + (index & (size() - 1)) * kPacketSize;
  }
  static constexpr uint32_t kPacketSize = 64;
};

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

// Header word of an invalid packet: what an unused or consumed slot holds.
uint16_t invalidPacketHeader() noexcept;

}  // namespace hipcore::hsa
