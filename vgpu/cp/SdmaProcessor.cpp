// SDMA packet execution: copies, fills, fences, atomics, polls, timestamps, traps.
#include "cp/SdmaProcessor.h"

#include <atomic>
#include <cstring>

#include "cp/SdmaPackets.h"

namespace vgpu::cp {

namespace {
template <typename Packet>
Packet read(const std::uint32_t* words) {
  Packet packet;
  std::memcpy(&packet, words, sizeof(packet));
  return packet;
}
template <typename Packet>
constexpr std::uint32_t dwordsOf() {
  return sizeof(Packet) / 4;
}
}  // namespace

SdmaProcessor::SdmaProcessor(const EngineConfig& config, const SdmaRing& ring)
    : QueueEngine(config), ring_(ring) {}

SdmaProcessor::~SdmaProcessor() {
  stop();
}

QueueEngine::Progress SdmaProcessor::serviceRing() {
  auto readPointer = std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(*ring_.readPointer));
  auto writePointer =
      std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(*ring_.writePointer));
  std::uint64_t read = readPointer.load(std::memory_order_relaxed);
  std::uint64_t write = writePointer.load(std::memory_order_acquire);
  if (read >= write) return Progress::idle;
  const std::uint64_t offset = read & (ring_.sizeBytes - 1);
  const auto* packet = reinterpret_cast<const std::uint32_t*>(ring_.base + offset);
  // ROCR never lets a packet straddle the end of the ring (it pads with NOPs), so the packet
  // is contiguous; it must also be complete before the write pointer.
  std::uint64_t available = std::min(write - read, ring_.sizeBytes - offset);
  Step step = execute(packet, available);
  if (step.kind == Step::Kind::wait) return Progress::blocked;
  if (step.kind == Step::Kind::fault) {
    std::fprintf(stderr, "vgpu: SDMA queue halted at byte %llu: %s\n",
                 static_cast<unsigned long long>(read), step.message.c_str());
    if (step.faultAddress != 0)
      services().reportMemoryFault(config().nodeId, step.faultAddress, true);
    return Progress::halted;
  }
  trace("sdma packet op " + std::to_string(sdma::opOf(packet[0])) + " at byte " +
        std::to_string(read) + " done");
  readPointer.store(read + step.dwords * 4ull, std::memory_order_release);
  return Progress::advanced;
}

SdmaProcessor::Step SdmaProcessor::execute(const std::uint32_t* packet, std::uint64_t available) {
  const std::uint32_t header = packet[0];
  auto need = [&](std::uint32_t dwords) { return available >= dwords * 4ull; };
  auto truncated = [&] {
    return Step{Step::Kind::fault, 0, "packet extends past the write pointer", 0};
  };
  switch (sdma::opOf(header)) {
    case sdma::Op::kNop:
      return {Step::Kind::done, read<sdma::Nop>(packet).dwords(), {}, 0};
    case sdma::Op::kCopy:
      if (sdma::subOpOf(header) == sdma::SubOp::kCopyLinear)
        return need(dwordsOf<sdma::CopyLinear>()) ? copyLinear(packet) : truncated();
      if (sdma::subOpOf(header) == sdma::SubOp::kCopyLinearRect)
        return need(dwordsOf<sdma::CopyLinearRect>()) ? copyLinearRect(packet) : truncated();
      break;
    case sdma::Op::kFence:
      return need(dwordsOf<sdma::Fence>()) ? fence(packet) : truncated();
    case sdma::Op::kTrap: {
      if (!need(dwordsOf<sdma::Trap>())) return truncated();
      services().raiseEvent(read<sdma::Trap>(packet).intContext & 0x0FFFFFFF);
      return {Step::Kind::done, dwordsOf<sdma::Trap>(), {}, 0};
    }
    case sdma::Op::kPollRegMem:
      return need(dwordsOf<sdma::PollRegMem>()) ? pollRegMem(packet) : truncated();
    case sdma::Op::kAtomic:
      return need(dwordsOf<sdma::Atomic>()) ? atomic(packet) : truncated();
    case sdma::Op::kConstFill:
      return need(dwordsOf<sdma::ConstFill>()) ? constFill(packet) : truncated();
    case sdma::Op::kTimestamp:
      if (sdma::subOpOf(header) != sdma::SubOp::kTimestampGetGlobal) break;
      return need(dwordsOf<sdma::Timestamp>()) ? timestamp(packet) : truncated();
    case sdma::Op::kGcr:
      // Cache control: host memory is coherent; order earlier writes before later packets.
      std::atomic_thread_fence(std::memory_order_seq_cst);
      return {Step::Kind::done, dwordsOf<sdma::Gcr>(), {}, 0};
  }
  return {Step::Kind::fault, 0,
          "unsupported SDMA packet op " + std::to_string(sdma::opOf(header)) + " sub_op " +
              std::to_string(sdma::subOpOf(header)),
          0};
}

SdmaProcessor::Step SdmaProcessor::checked(std::uint64_t address, std::uint64_t bytes,
                                           std::uint32_t dwords) {
  if (services().memory().accessible(address, bytes)) return {Step::Kind::done, dwords, {}, 0};
  return {Step::Kind::fault, 0,
          "access of " + std::to_string(bytes) + " bytes at 0x" +
              [&] {
                char text[32];
                std::snprintf(text, sizeof(text), "%llx", static_cast<unsigned long long>(address));
                return std::string(text);
              }() +
              " outside GPU memory (" + services().memory().describeNearest(address) + ")",
          address};
}

SdmaProcessor::Step SdmaProcessor::copyLinear(const std::uint32_t* words) {
  auto p = read<sdma::CopyLinear>(words);
  const std::uint64_t src = sdma::address(p.srcLo, p.srcHi);
  const std::uint64_t dst = sdma::address(p.dstLo, p.dstHi);
  constexpr std::uint32_t dwords = dwordsOf<sdma::CopyLinear>();
  if (Step s = checked(src, p.bytes(), dwords); s.kind != Step::Kind::done) return s;
  if (Step s = checked(dst, p.bytes(), dwords); s.kind != Step::Kind::done) return s;
  std::memmove(reinterpret_cast<void*>(dst), reinterpret_cast<const void*>(src), p.bytes());
  return {Step::Kind::done, dwords, {}, 0};
}

SdmaProcessor::Step SdmaProcessor::copyLinearRect(const std::uint32_t* words) {
  auto p = read<sdma::CopyLinearRect>(words);
  constexpr std::uint32_t dwords = dwordsOf<sdma::CopyLinearRect>();
  const unsigned elementLog2 = p.header >> 29;
  const std::uint64_t srcPitch = (p.srcZPitch >> 13) + 1, dstPitch = (p.dstZPitch >> 13) + 1;
  const std::uint64_t srcSlice = (p.srcSlicePitch & 0x0FFFFFFF) + 1;
  const std::uint64_t dstSlice = (p.dstSlicePitch & 0x0FFFFFFF) + 1;
  const std::uint64_t width = ((p.rectXY & 0x3FFF) + 1ull) << elementLog2;
  const std::uint64_t height = ((p.rectXY >> 16) & 0x3FFF) + 1, depth = (p.rectZ & 0x7FF) + 1;
  // Pitches count elements per row and slice; x offsets count elements.
  auto origin = [&](std::uint32_t lo, std::uint32_t hi, std::uint32_t xy, std::uint32_t zPitch,
                    std::uint64_t pitch, std::uint64_t slice) {
    return sdma::address(lo, hi) +
           (((xy & 0x3FFF) + ((xy >> 16) & 0x3FFF) * pitch + (zPitch & 0x7FF) * slice)
            << elementLog2);
  };
  const std::uint64_t src = origin(p.srcLo, p.srcHi, p.srcXY, p.srcZPitch, srcPitch, srcSlice);
  const std::uint64_t dst = origin(p.dstLo, p.dstHi, p.dstXY, p.dstZPitch, dstPitch, dstSlice);
  for (std::uint64_t z = 0; z < depth; ++z) {
    for (std::uint64_t y = 0; y < height; ++y) {
      std::uint64_t s = src + ((z * srcSlice + y * srcPitch) << elementLog2);
      std::uint64_t d = dst + ((z * dstSlice + y * dstPitch) << elementLog2);
      if (Step c = checked(s, width, dwords); c.kind != Step::Kind::done) return c;
      if (Step c = checked(d, width, dwords); c.kind != Step::Kind::done) return c;
      std::memmove(reinterpret_cast<void*>(d), reinterpret_cast<const void*>(s), width);
    }
  }
  return {Step::Kind::done, dwords, {}, 0};
}

SdmaProcessor::Step SdmaProcessor::constFill(const std::uint32_t* words) {
  auto p = read<sdma::ConstFill>(words);
  constexpr std::uint32_t dwords = dwordsOf<sdma::ConstFill>();
  const std::uint64_t dst = sdma::address(p.dstLo, p.dstHi);
  if (p.fillSizeLog2() != 2)
    return {Step::Kind::fault, 0, "CONST_FILL with a fill size other than dwords", 0};
  const std::uint64_t count = (p.count & 0x3FFFFF) / 4 + 1;
  if (Step s = checked(dst, count * 4, dwords); s.kind != Step::Kind::done) return s;
  auto* out = reinterpret_cast<std::uint32_t*>(dst);
  for (std::uint64_t i = 0; i < count; ++i) out[i] = p.data;
  return {Step::Kind::done, dwords, {}, 0};
}

SdmaProcessor::Step SdmaProcessor::pollRegMem(const std::uint32_t* words) {
  auto p = read<sdma::PollRegMem>(words);
  constexpr std::uint32_t dwords = dwordsOf<sdma::PollRegMem>();
  if (p.hdpFlush() || !p.memory()) return {Step::Kind::done, dwords, {}, 0};  // no HDP here
  const std::uint64_t address = sdma::address(p.addrLo, p.addrHi);
  if (Step s = checked(address, 4, dwords); s.kind != Step::Kind::done) return s;
  std::uint32_t value = std::atomic_ref<std::uint32_t>(*reinterpret_cast<std::uint32_t*>(address))
                            .load(std::memory_order_acquire) &
                        p.mask;
  bool met = false;
  switch (p.function()) {
    case 0:
      met = true;
      break;
    case 1:
      met = value < p.value;
      break;
    case 2:
      met = value <= p.value;
      break;
    case 3:
      met = value == p.value;
      break;
    case 4:
      met = value != p.value;
      break;
    case 5:
      met = value >= p.value;
      break;
    case 6:
      met = value > p.value;
      break;
    default:
      return {Step::Kind::fault, 0, "POLL_REGMEM with reserved function 7", 0};
  }
  return met ? Step{Step::Kind::done, dwords, {}, 0} : Step{Step::Kind::wait, 0, {}, 0};
}

SdmaProcessor::Step SdmaProcessor::atomic(const std::uint32_t* words) {
  auto p = read<sdma::Atomic>(words);
  constexpr std::uint32_t dwords = dwordsOf<sdma::Atomic>();
  if (p.operation() != sdma::kAtomicAdd64)
    return {Step::Kind::fault, 0, "SDMA atomic operation " + std::to_string(p.operation()), 0};
  const std::uint64_t address = sdma::address(p.addrLo, p.addrHi);
  if (Step s = checked(address, 8, dwords); s.kind != Step::Kind::done) return s;
  std::atomic_ref<std::uint64_t>(*reinterpret_cast<std::uint64_t*>(address))
      .fetch_add(sdma::address(p.srcLo, p.srcHi), std::memory_order_acq_rel);
  services().signalsChanged();  // ROCR completes copy signals with this atomic
  return {Step::Kind::done, dwords, {}, 0};
}

SdmaProcessor::Step SdmaProcessor::fence(const std::uint32_t* words) {
  auto p = read<sdma::Fence>(words);
  constexpr std::uint32_t dwords = dwordsOf<sdma::Fence>();
  const std::uint64_t address = sdma::address(p.addrLo, p.addrHi);
  if (Step s = checked(address, 4, dwords); s.kind != Step::Kind::done) return s;
  std::atomic_ref<std::uint32_t>(*reinterpret_cast<std::uint32_t*>(address))
      .store(p.data, std::memory_order_release);
  return {Step::Kind::done, dwords, {}, 0};
}

SdmaProcessor::Step SdmaProcessor::timestamp(const std::uint32_t* words) {
  auto p = read<sdma::Timestamp>(words);
  constexpr std::uint32_t dwords = dwordsOf<sdma::Timestamp>();
  const std::uint64_t address = sdma::address(p.addrLo, p.addrHi);
  if (Step s = checked(address, 8, dwords); s.kind != Step::Kind::done) return s;
  std::atomic_ref<std::uint64_t>(*reinterpret_cast<std::uint64_t*>(address))
      .store(services().gpuClock(), std::memory_order_release);
  return {Step::Kind::done, dwords, {}, 0};
}

}  // namespace vgpu::cp
