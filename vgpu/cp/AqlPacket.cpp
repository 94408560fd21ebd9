// decodeAqlPacket: header fields, the packet body of each type, and the checks a CP makes before
// it executes anything (what the hardware CP rejects with a queue error).
#include "cp/AqlPacket.h"

#include <cstring>

namespace vgpu::cp {

namespace {

bool fenceScopeSet(std::uint16_t header, int shift, int width) {
  return ((header >> shift) & ((1u << width) - 1)) != HSA_FENCE_SCOPE_NONE;
}

// The result is filled in place and returned under its one name: no copies of its ~200 bytes
// on the way (every packet is decoded).
void reject(AqlDecodeResult& r, std::int64_t code, std::string message) {
  r.ok = false;
  r.errorCode = code;
  r.message = std::move(message);
}

// Kernel dispatch (HSA 2.9.6): non-zero sizes, a workgroup of at most 1024 work-items (RDNA),
// a kernel object.
void checkDispatch(AqlDecodeResult& r) {
  const hsa_kernel_dispatch_packet_t& p = r.packet.dispatch;
  if (p.workgroup_size_x == 0 || p.workgroup_size_y == 0 || p.workgroup_size_z == 0 ||
      p.grid_size_x == 0 || p.grid_size_y == 0 || p.grid_size_z == 0)
    return reject(r, QueueErrorCode::kInvalidDimension, "dispatch with a zero dimension");
  if (std::uint64_t(p.workgroup_size_x) * p.workgroup_size_y * p.workgroup_size_z > 1024)
    return reject(r, QueueErrorCode::kInvalidGroupSize, "workgroup larger than 1024");
  if (p.kernel_object == 0)
    return reject(r, QueueErrorCode::kInvalidCode, "dispatch with a null kernel object");
  r.ok = true;
}

void decodeVendor(const std::uint8_t (&bytes)[kAqlPacketBytes], AqlDecodeResult& r) {
  hsa_amd_vendor_packet_header_t vendor;
  std::memcpy(&vendor, bytes, sizeof(vendor));
  if (vendor.AmdFormat == HSA_AMD_PACKET_TYPE_BARRIER_VALUE) {
    r.packet.kind = AqlPacket::Kind::barrierValue;
    std::memcpy(&r.packet.barrierValue, bytes, sizeof(r.packet.barrierValue));
    switch (r.packet.barrierValue.cond) {
      case HSA_SIGNAL_CONDITION_EQ:
      case HSA_SIGNAL_CONDITION_NE:
      case HSA_SIGNAL_CONDITION_LT:
      case HSA_SIGNAL_CONDITION_GTE:
        r.ok = true;
        return;
    }
    return reject(r, QueueErrorCode::kInvalidPacket,
                  "BARRIER_VALUE condition " + std::to_string(r.packet.barrierValue.cond));
  }
  if (vendor.AmdFormat == kAqlFormatPm4IndirectBuffer) {
    AqlPm4IbPacket p;
    std::memcpy(&p, bytes, sizeof(p));
    Pm4Header jump = Pm4Header::decode(p.ibJump[0]);
    if (jump.type != 3 || jump.opcode != Pm4Opcode::kIndirectBuffer)
      return reject(r, QueueErrorCode::kUnsupportedVendor,
                    "PM4_IB packet does not start with INDIRECT_BUFFER");
    r.packet.kind = AqlPacket::Kind::pm4IndirectBuffer;
    r.packet.indirectBuffer = Pm4IndirectBuffer::decode(p.ibJump);
    r.ok = true;
    return;
  }
  reject(r, QueueErrorCode::kUnsupportedVendor,
         "AMD vendor packet format " + std::to_string(vendor.AmdFormat) + " is not supported");
}

}  // namespace

const char* aqlPacketTypeName(unsigned type) {
  switch (type) {
    case HSA_PACKET_TYPE_VENDOR_SPECIFIC:
      return "vendor";
    case HSA_PACKET_TYPE_KERNEL_DISPATCH:
      return "kernel-dispatch";
    case HSA_PACKET_TYPE_BARRIER_AND:
      return "barrier-and";
    case HSA_PACKET_TYPE_BARRIER_OR:
      return "barrier-or";
    case HSA_PACKET_TYPE_AGENT_DISPATCH:
      return "agent-dispatch";
    default:
      return "invalid";
  }
}

AqlDecodeResult decodeAqlPacket(const std::uint8_t (&bytes)[kAqlPacketBytes]) {
  AqlDecodeResult r;
  AqlPacket& p = r.packet;
  std::memcpy(&p.header, bytes, sizeof(p.header));
  p.acquireFence = fenceScopeSet(p.header, HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE,
                                 HSA_PACKET_HEADER_WIDTH_SCACQUIRE_FENCE_SCOPE);
  p.releaseFence = fenceScopeSet(p.header, HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE,
                                 HSA_PACKET_HEADER_WIDTH_SCRELEASE_FENCE_SCOPE);
  // Every AQL packet format keeps its completion signal in the last 8 bytes of the slot.
  std::memcpy(&p.completionSignal, bytes + 56, sizeof(p.completionSignal));
  const unsigned type = aqlPacketType(p.header);
  switch (type) {
    case HSA_PACKET_TYPE_KERNEL_DISPATCH:
      p.kind = AqlPacket::Kind::dispatch;
      std::memcpy(&p.dispatch, bytes, sizeof(p.dispatch));
      checkDispatch(r);
      return r;
    case HSA_PACKET_TYPE_BARRIER_AND:
    case HSA_PACKET_TYPE_BARRIER_OR:
      p.kind = type == HSA_PACKET_TYPE_BARRIER_AND ? AqlPacket::Kind::barrierAnd
                                                   : AqlPacket::Kind::barrierOr;
      std::memcpy(&p.barrier, bytes, sizeof(p.barrier));
      r.ok = true;
      return r;
    case HSA_PACKET_TYPE_VENDOR_SPECIFIC:
      decodeVendor(bytes, r);
      return r;
    default:
      reject(r, QueueErrorCode::kInvalidPacket,
             "packet type " + std::to_string(type) + " is not an AQL packet a GPU queue accepts");
      return r;
  }
}

}  // namespace vgpu::cp
