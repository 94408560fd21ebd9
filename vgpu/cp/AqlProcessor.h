// The packet processor of one AQL queue (HSA Platform System Architecture Specification 1.2,
// chapter 2.9 "Architected Queuing Language"; AMD vendor packets per hsa_ext_amd.h).
#pragma once

#include <hsa/amd_hsa_queue.h>
#include <hsa/hsa.h>

#include <cstdint>
#include <string>

#include "cp/QueueEngine.h"

namespace vgpu::cp {

// Error bits a CP writes into amd_queue_t::queue_inactive_signal when it halts a queue; ROCR
// 5.2.3 (AqlQueue::DynamicScratchHandler) maps them to the status of the queue error callback.
struct QueueErrorCode {
  static constexpr std::int64_t kInvalidDimension = 0x2;           // INCOMPATIBLE_ARGUMENTS
  static constexpr std::int64_t kInvalidCode = 0x8;                // INVALID_CODE_OBJECT
  static constexpr std::int64_t kInvalidPacket = 0x20;             // INVALID_PACKET_FORMAT
  static constexpr std::int64_t kInvalidGroupSize = 0x40;          // INVALID_ARGUMENT
  static constexpr std::int64_t kUnsupportedVendor = 0x100;        // INVALID_PACKET_FORMAT
  static constexpr std::int64_t kMemoryViolation = 0x20000000;     // MEMORY_APERTURE_VIOLATION
  static constexpr std::int64_t kIllegalInstruction = 0x40000000;  // ILLEGAL_INSTRUCTION
  static constexpr std::int64_t kDebugTrap = 0x80000000LL;         // EXCEPTION
};

class AqlProcessor final : public QueueEngine {
 public:
  // queue: ROCR's amd_queue_t (ring base, size, indices, error signal); doorbell: the 64-bit
  // word handed to ROCR as Queue_DoorBell; request: where dispatches are described to the
  // interpreter. It must lie in GPU-visible memory: the interpreter hands kernels the address
  // of request->packet as their dispatch_ptr (code object v4 kernels read blockDim there).
  AqlProcessor(const EngineConfig& config, amd_queue_t* queue, volatile std::uint64_t* doorbell,
               DispatchRequest* request);
  ~AqlProcessor() override;

  volatile std::uint64_t* doorbell() override { return doorbell_; }
  const char* kind() const override { return "aql"; }
  std::uint64_t packetsProcessed() const { return processed_; }

 private:
  enum class Outcome { done, wait, fault };
  struct PacketResult {
    Outcome outcome = Outcome::done;
    std::int64_t errorCode = 0;
    std::string message;
  };

  Progress serviceRing() override;
  PacketResult execute(std::uint64_t index, const void* slot, std::uint16_t header);
  PacketResult executeDispatch(std::uint64_t index, const hsa_kernel_dispatch_packet_t& packet);
  PacketResult executeBarrier(const hsa_barrier_and_packet_t& packet, bool any);
  PacketResult executeVendor(const void* slot);
  PacketResult executePm4IndirectBuffer(const std::uint32_t* jump);
  void finishPacket(std::uint64_t index, void* slot, std::uint16_t header, hsa_signal_t completion);
  void haltWithError(std::uint64_t index, const PacketResult& result);
  bool profiling() const;

  amd_queue_t* queue_;
  volatile std::uint64_t* doorbell_;
  DispatchRequest* request_;
  std::uint64_t processed_ = 0;
  std::uint64_t startTimestamp_ = 0;
  bool started_ = false;  // startTimestamp_ belongs to the packet at the read index
};

}  // namespace vgpu::cp
