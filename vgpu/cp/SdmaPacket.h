// Decoding and validation of one SDMA 5.x packet (layouts in SdmaPackets.h): bytes in, a decoded
// packet (what to do, on which addresses) or the reason the engine must halt, no memory touched
// besides the given bytes. SdmaProcessor executes what this returns;
// tests/fuzz/targets/FuzzSdmaPacket.cpp fuzzes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace vgpu::cp {

// COPY_LINEAR_RECT in bytes: rows of rowBytes, `rows` per slice, `slices` slices.
struct SdmaRectCopy {
  std::uint64_t src = 0, dst = 0;            // first byte of the sub-window
  std::uint64_t srcPitch = 0, dstPitch = 0;  // bytes between rows
  std::uint64_t srcSlice = 0, dstSlice = 0;  // bytes between slices
  std::uint64_t rowBytes = 0, rows = 0, slices = 0;
};

struct SdmaPacket {
  enum class Kind {
    nop,             // skip `dwords`
    copyLinear,      // memmove bytes from src to dst
    copyLinearRect,  // rect
    fence,           // store the u32 `value` at address
    trap,            // raise KFD event `event`
    pollRegMem,      // wait until (u32 at address & mask) `function` value (memory polls only)
    pollNone,        // a register poll or HDP flush: nothing to wait for on vgpu
    atomicAdd64,     // add `value` to the u64 at address
    constFill,       // store the u32 `value` to bytes / 4 dwords at dst
    timestamp,       // store the GPU clock (u64) at address
    gcr,             // cache control: a memory fence
  };
  Kind kind = Kind::nop;
  std::uint32_t dwords = 1;  // packet length: the read pointer advances by 4 x dwords
  std::uint64_t src = 0, dst = 0, bytes = 0;
  std::uint64_t address = 0;
  std::uint64_t value = 0;
  std::uint32_t mask = 0;
  std::uint32_t function = 0;  // POLL_REGMEM: 0 always, 1 <, 2 <=, 3 ==, 4 !=, 5 >=, 6 >
  std::uint32_t event = 0;
  SdmaRectCopy rect;
};

struct SdmaDecodeResult {
  bool ok = false;
  SdmaPacket packet;
  std::string message;  // why the engine halts, when !ok
};

// Decodes the packet at the start of bytes; size is what the producer has written past it (a
// packet longer than that is an error: ROCR never splits one).
SdmaDecodeResult decodeSdmaPacket(const std::uint8_t* bytes, std::size_t size);

}  // namespace vgpu::cp
