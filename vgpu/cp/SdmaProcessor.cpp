// SDMA packet execution: copies, fills, fences, atomics, polls, timestamps, traps.
#include "cp/SdmaProcessor.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "cp/SdmaPacket.h"
#include "cp/SdmaPackets.h"
#include "cp/TraceRecorder.h"

namespace vgpu::cp {

SdmaProcessor::SdmaProcessor(const EngineConfig& config, const SdmaRing& ring)
    : QueueEngine(config), ring_(ring) {}

SdmaProcessor::~SdmaProcessor() {
  stop();
}

bool SdmaProcessor::packetVisible() const {
  auto readPointer = std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(*ring_.readPointer));
  auto writePointer =
      std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(*ring_.writePointer));
  return readPointer.load(std::memory_order_relaxed) < writePointer.load(std::memory_order_relaxed);
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
  if (logging()) [[unlikely]]
    trace("sdma packet op " + std::to_string(sdma::opOf(packet[0])) + " at byte " +
          std::to_string(read) + " done");
  readPointer.store(read + step.dwords * 4ull, std::memory_order_release);
  return Progress::advanced;
}

SdmaProcessor::Step SdmaProcessor::execute(const std::uint32_t* words, std::uint64_t available) {
  SdmaDecodeResult decoded = decodeSdmaPacket(reinterpret_cast<const std::uint8_t*>(words),
                                              static_cast<std::size_t>(available));
  if (!decoded.ok) return {Step::Kind::fault, 0, decoded.message, 0};
  const SdmaPacket& p = decoded.packet;
  const Step done{Step::Kind::done, p.dwords, {}, 0};
  // Copies and fills get a trace event each (the other packets take no measurable time).
  TraceRecorder* recorder = config().recorder;
  const double startUs = recorder ? TraceRecorder::nowUs() : 0;
  auto traced = [&](const char* name, std::uint64_t bytes) {
    if (recorder) [[unlikely]]
      recorder->sdmaPacket(config().queueId, name, startUs, TraceRecorder::nowUs(),
                           "\"bytes\":" + std::to_string(bytes));
    return done;
  };
  switch (p.kind) {
    case SdmaPacket::Kind::nop:
    case SdmaPacket::Kind::pollNone:
      return done;
    case SdmaPacket::Kind::gcr:
      // Cache control: host memory is coherent; order earlier writes before later packets.
      std::atomic_thread_fence(std::memory_order_seq_cst);
      return done;
    case SdmaPacket::Kind::trap:
      services().raiseEvent(p.event);
      return done;
    case SdmaPacket::Kind::copyLinear:
      if (Step s = checked(p.src, p.bytes, p.dwords); s.kind != Step::Kind::done) return s;
      if (Step s = checked(p.dst, p.bytes, p.dwords); s.kind != Step::Kind::done) return s;
      std::memmove(reinterpret_cast<void*>(p.dst), reinterpret_cast<const void*>(p.src), p.bytes);
      return traced("copy", p.bytes);
    case SdmaPacket::Kind::copyLinearRect: {
      Step s = copyLinearRect(p);
      if (s.kind != Step::Kind::done) return s;
      return traced("copy-rect", p.rect.rowBytes * p.rect.rows * p.rect.slices);
    }
    case SdmaPacket::Kind::constFill: {
      if (Step s = checked(p.dst, p.bytes, p.dwords); s.kind != Step::Kind::done) return s;
      auto* out = reinterpret_cast<std::uint32_t*>(p.dst);
      for (std::uint64_t i = 0; i < p.bytes / 4; ++i) out[i] = static_cast<std::uint32_t>(p.value);
      return traced("fill", p.bytes);
    }
    case SdmaPacket::Kind::pollRegMem:
      return pollRegMem(p);
    case SdmaPacket::Kind::atomicAdd64:
      if (Step s = checked(p.address, 8, p.dwords); s.kind != Step::Kind::done) return s;
      std::atomic_ref<std::uint64_t>(*reinterpret_cast<std::uint64_t*>(p.address))
          .fetch_add(p.value, std::memory_order_acq_rel);
      services().signalsChanged();  // ROCR completes copy signals with this atomic
      return done;
    case SdmaPacket::Kind::fence:
      if (Step s = checked(p.address, 4, p.dwords); s.kind != Step::Kind::done) return s;
      std::atomic_ref<std::uint32_t>(*reinterpret_cast<std::uint32_t*>(p.address))
          .store(static_cast<std::uint32_t>(p.value), std::memory_order_release);
      return done;
    case SdmaPacket::Kind::timestamp:
      if (Step s = checked(p.address, 8, p.dwords); s.kind != Step::Kind::done) return s;
      std::atomic_ref<std::uint64_t>(*reinterpret_cast<std::uint64_t*>(p.address))
          .store(services().gpuClock(), std::memory_order_release);
      return done;
  }
  return {Step::Kind::fault, 0, "undecoded SDMA packet kind", 0};
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

SdmaProcessor::Step SdmaProcessor::copyLinearRect(const SdmaPacket& p) {
  const SdmaRectCopy& r = p.rect;
  for (std::uint64_t z = 0; z < r.slices; ++z) {
    for (std::uint64_t y = 0; y < r.rows; ++y) {
      std::uint64_t s = r.src + z * r.srcSlice + y * r.srcPitch;
      std::uint64_t d = r.dst + z * r.dstSlice + y * r.dstPitch;
      if (Step c = checked(s, r.rowBytes, p.dwords); c.kind != Step::Kind::done) return c;
      if (Step c = checked(d, r.rowBytes, p.dwords); c.kind != Step::Kind::done) return c;
      std::memmove(reinterpret_cast<void*>(d), reinterpret_cast<const void*>(s), r.rowBytes);
    }
  }
  return {Step::Kind::done, p.dwords, {}, 0};
}

SdmaProcessor::Step SdmaProcessor::pollRegMem(const SdmaPacket& p) {
  if (Step s = checked(p.address, 4, p.dwords); s.kind != Step::Kind::done) return s;
  const std::uint32_t value =
      std::atomic_ref<std::uint32_t>(*reinterpret_cast<std::uint32_t*>(p.address))
          .load(std::memory_order_acquire) &
      p.mask;
  const std::uint32_t reference = static_cast<std::uint32_t>(p.value);
  bool met = false;
  switch (p.function) {
    case 0:
      met = true;
      break;
    case 1:
      met = value < reference;
      break;
    case 2:
      met = value <= reference;
      break;
    case 3:
      met = value == reference;
      break;
    case 4:
      met = value != reference;
      break;
    case 5:
      met = value >= reference;
      break;
    default:
      met = value > reference;
      break;
  }
  return met ? Step{Step::Kind::done, p.dwords, {}, 0} : Step{Step::Kind::wait, 0, {}, 0};
}

}  // namespace vgpu::cp
