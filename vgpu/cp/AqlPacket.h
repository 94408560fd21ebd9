// Decoding and validation of one 64-byte AQL packet (HSA Platform System Architecture
// Specification 1.2, section 2.9 "Architected Queuing Language"; AMD vendor packets per
// hsa_ext_amd.h): bytes in, a decoded packet or the queue error a CP reports, nothing else
// touched. AqlProcessor executes what this returns; tests/fuzz/targets/FuzzAqlPacket.cpp fuzzes it.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstdint>
#include <string>

#include "cp/Pm4.h"

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

inline constexpr std::size_t kAqlPacketBytes = 64;

struct AqlPacket {
  enum class Kind {
    dispatch,           // hsa_kernel_dispatch_packet_t
    barrierAnd,         // hsa_barrier_and_packet_t
    barrierOr,          // hsa_barrier_or_packet_t (same layout)
    barrierValue,       // AMD vendor BARRIER_VALUE
    pm4IndirectBuffer,  // AMD vendor PM4_IB: one INDIRECT_BUFFER jump
  };
  Kind kind = Kind::dispatch;
  std::uint16_t header = 0;
  bool acquireFence = false;  // scacquire scope is not NONE
  bool releaseFence = false;  // screlease scope is not NONE
  hsa_signal_t completionSignal{};
  // The body of the kind above (the others stay zero).
  hsa_kernel_dispatch_packet_t dispatch{};
  hsa_barrier_and_packet_t barrier{};
  hsa_amd_barrier_value_packet_t barrierValue{};
  Pm4IndirectBuffer indirectBuffer{};
};

struct AqlDecodeResult {
  bool ok = false;
  AqlPacket packet;
  std::int64_t errorCode = 0;  // a QueueErrorCode when !ok
  std::string message;
};

// The packet type field of a header (HSA_PACKET_TYPE_*).
constexpr unsigned aqlPacketType(std::uint16_t header) {
  return (header >> HSA_PACKET_HEADER_TYPE) & ((1u << HSA_PACKET_HEADER_WIDTH_TYPE) - 1);
}

// Decodes the 64 bytes of one ring slot; the header is taken from the bytes too (the caller
// loads it with acquire ordering first and passes a copy of the slot).
AqlDecodeResult decodeAqlPacket(const std::uint8_t (&bytes)[kAqlPacketBytes]);

// "kernel-dispatch", "barrier-and", ... for traces.
const char* aqlPacketTypeName(unsigned type);

}  // namespace vgpu::cp
