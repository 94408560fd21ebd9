// decodeSdmaPacket: one function per SDMA packet turning its dwords (SdmaPackets.h) into what
// the engine does, with the checks ROCR's packets always pass.
#include "cp/SdmaPacket.h"

#include <cstring>

#include "cp/SdmaPackets.h"

namespace vgpu::cp {

namespace {

using Kind = SdmaPacket::Kind;

template <typename Packet>
Packet read(const std::uint8_t* bytes) {
  Packet packet;
  std::memcpy(&packet, bytes, sizeof(packet));
  return packet;
}
template <typename Packet>
constexpr std::uint32_t dwordsOf() {
  return sizeof(Packet) / 4;
}

SdmaDecodeResult done(SdmaPacket p) {
  return {true, p, {}};
}
SdmaDecodeResult invalid(std::string message) {
  return {false, {}, std::move(message)};
}

SdmaDecodeResult copyLinear(const std::uint8_t* bytes) {
  auto c = read<sdma::CopyLinear>(bytes);
  SdmaPacket p;
  p.kind = Kind::copyLinear;
  p.dwords = dwordsOf<sdma::CopyLinear>();
  p.src = sdma::address(c.srcLo, c.srcHi);
  p.dst = sdma::address(c.dstLo, c.dstHi);
  p.bytes = c.bytes();
  return done(p);
}

// Pitches count elements per row and slice; x offsets count elements of 2^(header 31:29) bytes.
SdmaDecodeResult copyLinearRect(const std::uint8_t* bytes) {
  auto c = read<sdma::CopyLinearRect>(bytes);
  SdmaPacket p;
  p.kind = Kind::copyLinearRect;
  p.dwords = dwordsOf<sdma::CopyLinearRect>();
  const unsigned elementLog2 = c.header >> 29;
  if (elementLog2 > 4)
    return invalid("COPY_LINEAR_RECT element size 2^" + std::to_string(elementLog2));
  const std::uint64_t srcPitch = (c.srcZPitch >> 13) + 1, dstPitch = (c.dstZPitch >> 13) + 1;
  const std::uint64_t srcSlice = (c.srcSlicePitch & 0x0FFFFFFF) + 1;
  const std::uint64_t dstSlice = (c.dstSlicePitch & 0x0FFFFFFF) + 1;
  auto origin = [&](std::uint32_t lo, std::uint32_t hi, std::uint32_t xy, std::uint32_t zPitch,
                    std::uint64_t pitch, std::uint64_t slice) {
    return sdma::address(lo, hi) +
           (((xy & 0x3FFF) + ((xy >> 16) & 0x3FFF) * pitch + (zPitch & 0x7FF) * slice)
            << elementLog2);
  };
  SdmaRectCopy& r = p.rect;
  r.src = origin(c.srcLo, c.srcHi, c.srcXY, c.srcZPitch, srcPitch, srcSlice);
  r.dst = origin(c.dstLo, c.dstHi, c.dstXY, c.dstZPitch, dstPitch, dstSlice);
  r.srcPitch = srcPitch << elementLog2;
  r.dstPitch = dstPitch << elementLog2;
  r.srcSlice = srcSlice << elementLog2;
  r.dstSlice = dstSlice << elementLog2;
  r.rowBytes = ((c.rectXY & 0x3FFF) + 1ull) << elementLog2;
  r.rows = ((c.rectXY >> 16) & 0x3FFF) + 1;
  r.slices = (c.rectZ & 0x7FF) + 1;
  return done(p);
}

SdmaDecodeResult constFill(const std::uint8_t* bytes) {
  auto c = read<sdma::ConstFill>(bytes);
  if (c.fillSizeLog2() != 2) return invalid("CONST_FILL with a fill size other than dwords");
  SdmaPacket p;
  p.kind = Kind::constFill;
  p.dwords = dwordsOf<sdma::ConstFill>();
  p.dst = sdma::address(c.dstLo, c.dstHi);
  p.bytes = ((c.count & 0x3FFFFF) / 4 + 1) * 4;
  p.value = c.data;
  return done(p);
}

SdmaDecodeResult pollRegMem(const std::uint8_t* bytes) {
  auto c = read<sdma::PollRegMem>(bytes);
  SdmaPacket p;
  p.dwords = dwordsOf<sdma::PollRegMem>();
  if (c.hdpFlush() || !c.memory()) {  // no HDP and no registers here
    p.kind = Kind::pollNone;
    return done(p);
  }
  if (c.function() == 7) return invalid("POLL_REGMEM with reserved function 7");
  p.kind = Kind::pollRegMem;
  p.address = sdma::address(c.addrLo, c.addrHi);
  p.value = c.value;
  p.mask = c.mask;
  p.function = c.function();
  return done(p);
}

SdmaDecodeResult atomic(const std::uint8_t* bytes) {
  auto c = read<sdma::Atomic>(bytes);
  if (c.operation() != sdma::kAtomicAdd64)
    return invalid("SDMA atomic operation " + std::to_string(c.operation()));
  SdmaPacket p;
  p.kind = Kind::atomicAdd64;
  p.dwords = dwordsOf<sdma::Atomic>();
  p.address = sdma::address(c.addrLo, c.addrHi);
  p.value = sdma::address(c.srcLo, c.srcHi);
  return done(p);
}

SdmaDecodeResult fence(const std::uint8_t* bytes) {
  auto c = read<sdma::Fence>(bytes);
  SdmaPacket p;
  p.kind = Kind::fence;
  p.dwords = dwordsOf<sdma::Fence>();
  p.address = sdma::address(c.addrLo, c.addrHi);
  p.value = c.data;
  return done(p);
}

SdmaDecodeResult trap(const std::uint8_t* bytes) {
  SdmaPacket p;
  p.kind = Kind::trap;
  p.dwords = dwordsOf<sdma::Trap>();
  p.event = read<sdma::Trap>(bytes).intContext & 0x0FFFFFFF;
  return done(p);
}

SdmaDecodeResult timestamp(const std::uint8_t* bytes) {
  auto c = read<sdma::Timestamp>(bytes);
  SdmaPacket p;
  p.kind = Kind::timestamp;
  p.dwords = dwordsOf<sdma::Timestamp>();
  p.address = sdma::address(c.addrLo, c.addrHi);
  return done(p);
}

// The packet's length in dwords from its header alone (0: unknown op / sub_op).
std::uint32_t lengthOf(std::uint32_t header) {
  switch (sdma::opOf(header)) {
    case sdma::Op::kNop:
      return sdma::Nop{header}.dwords();
    case sdma::Op::kCopy:
      if (sdma::subOpOf(header) == sdma::SubOp::kCopyLinear) return dwordsOf<sdma::CopyLinear>();
      if (sdma::subOpOf(header) == sdma::SubOp::kCopyLinearRect)
        return dwordsOf<sdma::CopyLinearRect>();
      return 0;
    case sdma::Op::kFence:
      return dwordsOf<sdma::Fence>();
    case sdma::Op::kTrap:
      return dwordsOf<sdma::Trap>();
    case sdma::Op::kPollRegMem:
      return dwordsOf<sdma::PollRegMem>();
    case sdma::Op::kAtomic:
      return dwordsOf<sdma::Atomic>();
    case sdma::Op::kConstFill:
      return dwordsOf<sdma::ConstFill>();
    case sdma::Op::kTimestamp:
      return sdma::subOpOf(header) == sdma::SubOp::kTimestampGetGlobal ? dwordsOf<sdma::Timestamp>()
                                                                       : 0;
    case sdma::Op::kGcr:
      return dwordsOf<sdma::Gcr>();
  }
  return 0;
}

}  // namespace

SdmaDecodeResult decodeSdmaPacket(const std::uint8_t* bytes, std::size_t size) {
  if (size < 4) return invalid("packet header extends past the write pointer");
  std::uint32_t header;
  std::memcpy(&header, bytes, 4);
  const std::uint32_t dwords = lengthOf(header);
  if (dwords == 0)
    return invalid("unsupported SDMA packet op " + std::to_string(sdma::opOf(header)) + " sub_op " +
                   std::to_string(sdma::subOpOf(header)));
  if (size < dwords * 4ull)
    return invalid("packet of " + std::to_string(dwords) +
                   " dwords extends past the write pointer");
  switch (sdma::opOf(header)) {
    case sdma::Op::kCopy:
      return sdma::subOpOf(header) == sdma::SubOp::kCopyLinear ? copyLinear(bytes)
                                                               : copyLinearRect(bytes);
    case sdma::Op::kFence:
      return fence(bytes);
    case sdma::Op::kTrap:
      return trap(bytes);
    case sdma::Op::kPollRegMem:
      return pollRegMem(bytes);
    case sdma::Op::kAtomic:
      return atomic(bytes);
    case sdma::Op::kConstFill:
      return constFill(bytes);
    case sdma::Op::kTimestamp:
      return timestamp(bytes);
    case sdma::Op::kGcr: {
      SdmaPacket p;
      p.kind = Kind::gcr;
      p.dwords = dwords;
      return done(p);
    }
    default: {  // NOP: ROCR pads the ring with zero dwords
      SdmaPacket p;
      p.kind = Kind::nop;
      p.dwords = dwords;
      return done(p);
    }
  }
}

}  // namespace vgpu::cp
