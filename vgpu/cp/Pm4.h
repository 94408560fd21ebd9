// PM4 type-3 packets that reach vgpu inside AMD's PM4_IB vendor AQL packet.
//
// Layouts follow AMD's public "Radeon Southern Islands / RDNA Packet Manager (PM4)" encoding as
// used by Mesa (src/amd/common/sid.h: PKT3 header = type 31:30, count 29:16, opcode 15:8) and the
// Linux amdgpu driver (nvd.h for gfx10 INDIRECT_BUFFER). ROCR 5.2.3 submits one INDIRECT_BUFFER
// jump in the AQL slot; the buffer it points to holds an ACQUIRE_MEM cache invalidation.
#pragma once

#include <cstdint>

namespace vgpu::cp {

// hsa_amd_vendor_packet_header_t::AmdFormat value of the PM4 indirect-buffer packet.
inline constexpr std::uint8_t kAqlFormatPm4IndirectBuffer = 1;

namespace Pm4Opcode {
inline constexpr std::uint32_t kNop = 0x10;
inline constexpr std::uint32_t kIndirectBuffer = 0x3F;
inline constexpr std::uint32_t kReleaseMem = 0x49;
inline constexpr std::uint32_t kAcquireMem = 0x58;
}  // namespace Pm4Opcode

struct Pm4Header {
  std::uint32_t type;    // bits 31:30
  std::uint32_t count;   // bits 29:16: packet dwords minus 2
  std::uint32_t opcode;  // bits 15:8
  static constexpr Pm4Header decode(std::uint32_t word) {
    return {word >> 30, (word >> 16) & 0x3FFF, (word >> 8) & 0xFF};
  }
  constexpr std::uint32_t totalDwords() const { return count + 2; }
};

// INDIRECT_BUFFER body: dw1 = base address bits 31:2, dw2 = bits 47:32, dw3 = size in dwords
// (bits 19:0) and a valid bit.
struct Pm4IndirectBuffer {
  std::uint64_t address;
  std::uint32_t sizeDwords;
  static constexpr Pm4IndirectBuffer decode(const std::uint32_t* packet) {
    return {(packet[1] & 0xFFFFFFFCu) | (std::uint64_t(packet[2] & 0xFFFF) << 32),
            packet[3] & 0xFFFFF};
  }
};

// The AQL slot of a PM4_IB vendor packet: AQL header, vendor format, the 4-dword PM4 jump,
// the count of dwords left in the slot, padding, and the usual completion signal.
struct AqlPm4IbPacket {
  std::uint16_t header;
  std::uint16_t vendorFormat;
  std::uint32_t ibJump[4];
  std::uint32_t dwordsRemaining;
  std::uint32_t reserved[8];
  std::uint64_t completionSignal;
};
static_assert(sizeof(AqlPm4IbPacket) == 64, "an AQL packet is 64 bytes");

}  // namespace vgpu::cp
