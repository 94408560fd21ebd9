// SDMA packet layouts for the SDMA 5.x engines of gfx10/gfx103x, as ROCR 5.2.3's BlitSdmaV5
// emits them.
//
// Source: the register-level SDMA packet specification AMD publishes with the Linux kernel
// (drivers/gpu/drm/amd/amdgpu/navi10_sdma_pkt_open.h: SDMA_PKT_*_HEADER op/sub_op fields) and
// Mesa's src/amd/common/sid.h. Every packet starts with a header dword: op in bits 7:0, sub_op
// in bits 15:8, op-specific flags above. Each struct below is one packet, dword by dword.
#pragma once

#include <cstdint>

namespace vgpu::cp::sdma {

namespace Op {
inline constexpr std::uint32_t kNop = 0;
inline constexpr std::uint32_t kCopy = 1;
inline constexpr std::uint32_t kFence = 5;
inline constexpr std::uint32_t kTrap = 6;
inline constexpr std::uint32_t kPollRegMem = 8;
inline constexpr std::uint32_t kAtomic = 10;
inline constexpr std::uint32_t kConstFill = 11;
inline constexpr std::uint32_t kTimestamp = 13;
inline constexpr std::uint32_t kGcr = 17;
}  // namespace Op

namespace SubOp {
inline constexpr std::uint32_t kCopyLinear = 0;
inline constexpr std::uint32_t kCopyLinearRect = 4;
inline constexpr std::uint32_t kTimestampGetGlobal = 2;
}  // namespace SubOp

inline constexpr std::uint32_t opOf(std::uint32_t header) {
  return header & 0xFF;
}
inline constexpr std::uint32_t subOpOf(std::uint32_t header) {
  return (header >> 8) & 0xFF;
}
inline constexpr std::uint64_t address(std::uint32_t lo, std::uint32_t hi) {
  return lo | (std::uint64_t(hi) << 32);
}

// NOP: header only; bits 29:16 count extra dwords to skip (ROCR pads rings with zero dwords).
struct Nop {
  std::uint32_t header;
  constexpr std::uint32_t dwords() const { return 1 + ((header >> 16) & 0x3FFF); }
};
static_assert(sizeof(Nop) == 4);

// COPY_LINEAR: dw1 = byte count minus 1, dw2 swap controls. SDMA 4 counts in bits 21:0 (4 MiB);
// SDMA 5.2 (gfx10.3) and 6 (gfx11) widen the field to bits 29:0, and ROCR 6.1 issues copies
// past 4 MiB in one packet there (ROCR 5.2.3 never does, so its upper bits are always 0).
struct CopyLinear {
  std::uint32_t header;
  std::uint32_t count;
  std::uint32_t parameter;
  std::uint32_t srcLo, srcHi;
  std::uint32_t dstLo, dstHi;
  constexpr std::uint64_t bytes() const { return (count & 0x3FFFFFFF) + 1ull; }
};
static_assert(sizeof(CopyLinear) == 28);

// COPY_LINEAR_RECT (sub_op 4): header bits 31:29 = log2(element size); sub-window copy.
struct CopyLinearRect {
  std::uint32_t header;
  std::uint32_t srcLo, srcHi;
  std::uint32_t srcXY;          // x 13:0 (elements), y 29:16 (rows)
  std::uint32_t srcZPitch;      // z 10:0, pitch minus 1 in bits 31:13
  std::uint32_t srcSlicePitch;  // slice pitch minus 1 (27:0)
  std::uint32_t dstLo, dstHi;
  std::uint32_t dstXY;
  std::uint32_t dstZPitch;
  std::uint32_t dstSlicePitch;
  std::uint32_t rectXY;  // rect width minus 1 in 13:0, height minus 1 in 29:16
  std::uint32_t rectZ;   // depth minus 1 in 10:0
};
static_assert(sizeof(CopyLinearRect) == 52);

// FENCE: write a 32-bit value (mtype/cache policy bits in the header are irrelevant here).
struct Fence {
  std::uint32_t header;
  std::uint32_t addrLo, addrHi;
  std::uint32_t data;
};
static_assert(sizeof(Fence) == 16);

// TRAP: raise an interrupt whose context (bits 27:0) is the ROCR event id.
struct Trap {
  std::uint32_t header;
  std::uint32_t intContext;
};
static_assert(sizeof(Trap) == 8);

// POLL_REGMEM: header bit 26 hdp_flush, bits 30:28 compare function, bit 31 memory (not reg).
struct PollRegMem {
  std::uint32_t header;
  std::uint32_t addrLo, addrHi;
  std::uint32_t value;
  std::uint32_t mask;
  std::uint32_t intervalRetry;  // interval 15:0, retry count 27:16 (0xfff = forever)
  constexpr bool hdpFlush() const { return (header >> 26) & 1; }
  constexpr std::uint32_t function() const { return (header >> 28) & 7; }
  constexpr bool memory() const { return (header >> 31) & 1; }
};
static_assert(sizeof(PollRegMem) == 24);

// ATOMIC: header bit 16 loop, bits 31:25 operation (47 = ADD64, as TC atomics numbering).
struct Atomic {
  std::uint32_t header;
  std::uint32_t addrLo, addrHi;
  std::uint32_t srcLo, srcHi;
  std::uint32_t cmpLo, cmpHi;
  std::uint32_t loopInterval;
  constexpr std::uint32_t operation() const { return header >> 25; }
};
static_assert(sizeof(Atomic) == 32);
inline constexpr std::uint32_t kAtomicAdd64 = 47;

// CONSTANT_FILL: header bits 31:30 fill size (2 = dword); dw4 bits 21:0 = byte count minus 1
// as SDMA 4+ counts it (ROCR writes (dwords - 1) * 4, i.e. the last dword's byte offset).
struct ConstFill {
  std::uint32_t header;
  std::uint32_t dstLo, dstHi;
  std::uint32_t data;
  std::uint32_t count;
  constexpr std::uint32_t fillSizeLog2() const { return header >> 30; }
};
static_assert(sizeof(ConstFill) == 20);

// TIMESTAMP (sub_op 2, GET_GLOBAL): write the 64-bit GPU timestamp to a 32-byte aligned address.
struct Timestamp {
  std::uint32_t header;
  std::uint32_t addrLo, addrHi;
};
static_assert(sizeof(Timestamp) == 12);

// GCR (SDMA 5.x): cache write-back/invalidate over an address range.
struct Gcr {
  std::uint32_t header;
  std::uint32_t baseLo;
  std::uint32_t baseHiAndControl;
  std::uint32_t controlAndLimitLo;
  std::uint32_t limitHiAndVmid;
};
static_assert(sizeof(Gcr) == 20);

}  // namespace vgpu::cp::sdma
