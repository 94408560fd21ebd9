// AQL packet processing: dispatch hand-off to the interpreter, barriers, AMD vendor packets,
// completion signals, profiling timestamps and queue errors.
#include "cp/AqlProcessor.h"

#include <hsa/hsa_ext_amd.h>

#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "cp/Pm4.h"
#include "cp/SignalOps.h"

namespace vgpu::cp {

namespace {

std::uint16_t loadHeader(const void* slot) {
  return std::atomic_ref<std::uint16_t>(*static_cast<std::uint16_t*>(const_cast<void*>(slot)))
      .load(std::memory_order_acquire);
}

bool conditionHolds(hsa_signal_condition_t condition, std::int64_t value, std::int64_t reference) {
  switch (condition) {
    case HSA_SIGNAL_CONDITION_EQ:
      return value == reference;
    case HSA_SIGNAL_CONDITION_NE:
      return value != reference;
    case HSA_SIGNAL_CONDITION_LT:
      return value < reference;
    case HSA_SIGNAL_CONDITION_GTE:
      return value >= reference;
  }
  return false;
}

}  // namespace

AqlProcessor::AqlProcessor(const EngineConfig& config, amd_queue_t* queue,
                           volatile std::uint64_t* doorbell, DispatchRequest* request)
    : QueueEngine(config), queue_(queue), doorbell_(doorbell), request_(request) {
  requestTemplate_.target = config.target;
  requestTemplate_.queueAddress = reinterpret_cast<std::uint64_t>(queue_);
  requestTemplate_.memory = &services().memory();
  requestTemplate_.threads = config.interpreterThreads;
  requestTemplate_.coResidentWorkgroups = config.coResidentWorkgroups;
  requestTemplate_.interrupt = [](void* services, std::uint32_t m0) {
    static_cast<DeviceServices*>(services)->raiseInterrupt(m0);
  };
  requestTemplate_.interruptContext = &services();
  requestTemplate_.memo = &memo_;
  if (config.recorder) requestTemplate_.workgroupSpans = &spans_;
}

AqlProcessor::~AqlProcessor() {
  stop();
}

bool AqlProcessor::profiling() const {
  return (queue_->queue_properties & AMD_QUEUE_PROPERTIES_ENABLE_PROFILING) != 0;
}

void* AqlProcessor::slotAtReadIndex() const {
  std::uint64_t index =
      std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(queue_->read_dispatch_id))
          .load(std::memory_order_relaxed);
  return ringBase_ + (index % ringSize_) * kAqlPacketBytes;  // the ring wraps by packet index
}

bool AqlProcessor::packetVisible() const {
  if (ringBase_ == nullptr) {  // no packet yet (serviceRing caches the ring at the first)
    auto writeIndex =
        std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(queue_->write_dispatch_id));
    auto readIndex =
        std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(queue_->read_dispatch_id));
    return writeIndex.load(std::memory_order_relaxed) > readIndex.load(std::memory_order_relaxed);
  }
  return aqlPacketType(loadHeader(slotAtReadIndex())) != HSA_PACKET_TYPE_INVALID;
}

QueueEngine::Progress AqlProcessor::serviceRing() {
  auto readIndex =
      std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(queue_->read_dispatch_id));
  std::uint64_t index = readIndex.load(std::memory_order_relaxed);
  if (ringBase_ == nullptr) {
    auto writeIndex =
        std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(queue_->write_dispatch_id));
    if (index >= writeIndex.load(std::memory_order_acquire)) return Progress::idle;
    // A packet was reserved, so ROCR has filled in the descriptor.
    ringBase_ = static_cast<char*>(queue_->hsa_queue.base_address);
    ringSize_ = queue_->hsa_queue.size;
  }
  // Only the slot at the read index is read, not the write index: a published header there is
  // a packet (the producer publishes after reserving, the slot cannot hold one a lap ahead while
  // this one is unconsumed, and a consumed slot is reset to invalid below). The write index
  // shares a cache line with the descriptor's first fields; every look at it would take that
  // line from the host's next increment.
  void* slot = slotAtReadIndex();
  std::uint16_t header = loadHeader(slot);
  // Nothing published at the read index: no packet, or a reserved slot the producer is still
  // writing; it rings the doorbell once it has (HSA 1.2 section 2.8.3), which wakes this
  // worker. Idle, not blocked: a blocked queue sleeps its back-off pause (5 us at first) before
  // looking again, and a producer that bumps the write index before filling the slot (ROCR's
  // own users do) hit that pause on about every other packet (raw HSA round trip 5.1 us
  // instead of 1.3 us).
  if (aqlPacketType(header) == HSA_PACKET_TYPE_INVALID) return Progress::idle;

  std::uint8_t bytes[kAqlPacketBytes];
  std::memcpy(bytes, slot, sizeof bytes);
  std::memcpy(bytes, &header, sizeof header);  // the header as loaded with acquire
  AqlDecodeResult decoded = decodeAqlPacket(bytes);
  if (!decoded.ok) {
    haltWithError(index, {Outcome::fault, decoded.errorCode, decoded.message});
    return Progress::halted;
  }
  const AqlPacket& packet = decoded.packet;
  if (!started_) {
    started_ = true;
    // Only a profiled completion signal gets the timestamps (finishPacket): the clock read
    // costs about as much as the rest of a barrier packet.
    startTimestamp_ = profiling() ? services().gpuClock() : 0;
    if (config().recorder) [[unlikely]]
      traceStartUs_ = TraceRecorder::nowUs();
    if (packet.acquireFence) std::atomic_thread_fence(std::memory_order_acquire);
  }
  PacketResult result = execute(index, packet);
  if (result.outcome == Outcome::wait) return Progress::blocked;
  if (result.outcome == Outcome::fault) {
    haltWithError(index, result);
    return Progress::halted;
  }
  if (logging()) [[unlikely]]
    trace(std::string("aql packet ") + std::to_string(index) + " " +
          aqlPacketTypeName(aqlPacketType(header)) + " done");
  if (config().recorder) [[unlikely]]
    tracePacket(index, packet);
  finishPacket(index, slot, packet);
  return Progress::advanced;
}

AqlProcessor::PacketResult AqlProcessor::execute(std::uint64_t index, const AqlPacket& packet) {
  switch (packet.kind) {
    case AqlPacket::Kind::dispatch:
      return executeDispatch(index, packet.dispatch);
    case AqlPacket::Kind::barrierAnd:
      return executeBarrier(packet.barrier, /*any=*/false);
    case AqlPacket::Kind::barrierOr:
      return executeBarrier(packet.barrier, /*any=*/true);
    case AqlPacket::Kind::barrierValue:
      return executeBarrierValue(packet.barrierValue);
    case AqlPacket::Kind::pm4IndirectBuffer:
      return executePm4IndirectBuffer(packet.indirectBuffer);
  }
  return {Outcome::fault, QueueErrorCode::kInvalidPacket, "undecoded packet kind"};
}

namespace {

vgpu_fault_kind faultKindOf(DispatchOutcome::Kind kind) {
  using Kind = DispatchOutcome::Kind;
  switch (kind) {
    case Kind::completed:
      return VGPU_FAULT_NONE;
    case Kind::memoryViolation:
      return VGPU_FAULT_MEMORY_VIOLATION;
    case Kind::illegalInstruction:
      return VGPU_FAULT_ILLEGAL_INSTRUCTION;
    case Kind::trap:
      return VGPU_FAULT_TRAP;
    case Kind::invalidDispatch:
      return VGPU_FAULT_INVALID_DISPATCH;
    case Kind::timeout:
      return VGPU_FAULT_TIMEOUT;
  }
  return VGPU_FAULT_INVALID_DISPATCH;
}

}  // namespace

AqlProcessor::PacketResult AqlProcessor::executeDispatch(std::uint64_t index,
                                                         const hsa_kernel_dispatch_packet_t& p) {
  // decodeAqlPacket checked the sizes and the kernel object. The request is rewritten whole
  // each time: it sits in GPU-visible memory (the kernel's dispatch_ptr), where a stray store
  // of the last kernel may have landed.
  DispatchRequest& request = *request_;
  request = requestTemplate_;
  request.packet = p;
  request.dispatchId = index;
  if (config().recorder) [[unlikely]]
    spans_.clear();
  DispatchOutcome outcome = vgpu::executeDispatch(request);
  if (outcome.warnings) [[unlikely]]
    reportWarnings(p, outcome);
  using Kind = DispatchOutcome::Kind;
  if (outcome.kind != Kind::completed) {
    // Named for the user (the report itself only knows the descriptor address), and kept for
    // the runtime above ROCR (FaultLog.h).
    outcome.report =
        kernelSymbols_.nameOf(p.kernel_object, services().memory()) + ": " + outcome.report;
    fault_.record(faultKindOf(outcome.kind), outcome.report);
  }
  switch (outcome.kind) {
    case Kind::completed:
      return {};
    case Kind::memoryViolation:
      services().reportMemoryFault(config().nodeId, outcome.faultAddress, false);
      return {Outcome::fault, QueueErrorCode::kMemoryViolation, outcome.report};
    case Kind::illegalInstruction:
      return {Outcome::fault, QueueErrorCode::kIllegalInstruction, outcome.report};
    case Kind::trap:
      return {Outcome::fault, QueueErrorCode::kDebugTrap, outcome.report};
    case Kind::invalidDispatch:
      return {Outcome::fault, QueueErrorCode::kInvalidCode, outcome.report};
    case Kind::timeout:  // ROCR 5.2.3 has no hang status; a killed wave reads as EXCEPTION
      return {Outcome::fault, QueueErrorCode::kDebugTrap, outcome.report};
  }
  return {Outcome::fault, QueueErrorCode::kIllegalInstruction, "unknown dispatch outcome"};
}

AqlProcessor::PacketResult AqlProcessor::executeBarrier(const hsa_barrier_and_packet_t& p,
                                                        bool any) {
  // HSA 1.2 section 2.9.7/2.9.8: a dependency is met when its signal value is 0; null handles
  // are ignored. AND waits for all, OR for at least one (none given: nothing to wait for).
  bool sawDependency = false;
  bool anyMet = false;
  for (hsa_signal_t dependency : p.dep_signal) {
    if (dependency.handle == 0) continue;
    sawDependency = true;
    bool met = loadSignal(dependency) == 0;
    if (any && met) anyMet = true;
    if (!any && !met) return {Outcome::wait, 0, {}};
  }
  if (any && sawDependency && !anyMet) return {Outcome::wait, 0, {}};
  return {};
}

AqlProcessor::PacketResult AqlProcessor::executeBarrierValue(
    const hsa_amd_barrier_value_packet_t& p) {
  if (p.signal.handle == 0) return {};
  std::int64_t value = loadSignal(p.signal) & p.mask;
  if (!conditionHolds(hsa_signal_condition_t(p.cond), value, p.value))
    return {Outcome::wait, 0, {}};
  return {};
}

AqlProcessor::PacketResult AqlProcessor::executePm4IndirectBuffer(const Pm4IndirectBuffer& ib) {
  if (!services().memory().accessible(ib.address, ib.sizeDwords * 4ull))
    return {Outcome::fault, QueueErrorCode::kUnsupportedVendor,
            "PM4 indirect buffer outside GPU memory: " +
                services().memory().describeNearest(ib.address)};
  const auto* words = reinterpret_cast<const std::uint32_t*>(ib.address);
  for (std::uint32_t at = 0; at < ib.sizeDwords;) {
    Pm4Header h = Pm4Header::decode(words[at]);
    if (h.type != 3)
      return {Outcome::fault, QueueErrorCode::kUnsupportedVendor,
              "PM4 packet of type " + std::to_string(h.type)};
    switch (h.opcode) {
      case Pm4Opcode::kNop:
        break;
      case Pm4Opcode::kAcquireMem:
      case Pm4Opcode::kReleaseMem:
        // Cache invalidation/write-back: vgpu memory is coherent host memory, a fence suffices.
        std::atomic_thread_fence(std::memory_order_seq_cst);
        break;
      default:
        return {Outcome::fault, QueueErrorCode::kUnsupportedVendor,
                "PM4 opcode " + std::to_string(h.opcode) + " is not supported"};
    }
    at += h.totalDwords();
  }
  return {};
}

void AqlProcessor::finishPacket(std::uint64_t index, void* slot, const AqlPacket& packet) {
  const hsa_signal_t completion = packet.completionSignal;
  if (packet.releaseFence) std::atomic_thread_fence(std::memory_order_release);
  if (completion.handle != 0 && profiling()) {
    amd_signal_t& signal = *signalFromHandle(completion);
    signal.end_ts = services().gpuClock();
    // Profiling switched on while the packet waited: it started no earlier than now.
    signal.start_ts = startTimestamp_ != 0 ? startTimestamp_ : signal.end_ts;
  }
  started_ = false;
  ++processed_;
  // Release the slot before the read index moves past it: the producer may reuse it then.
  std::atomic_ref<std::uint16_t>(*static_cast<std::uint16_t*>(slot))
      .store(HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE, std::memory_order_relaxed);
  std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(queue_->read_dispatch_id))
      .store(index + 1, std::memory_order_release);
  completeSignal(services(), completion);
}

void AqlProcessor::tracePacket(std::uint64_t index, const AqlPacket& packet) {
  TraceRecorder& recorder = *config().recorder;
  std::string args = "\"packet\":" + std::to_string(index);
  std::string name;
  switch (packet.kind) {
    case AqlPacket::Kind::dispatch: {
      const hsa_kernel_dispatch_packet_t& p = packet.dispatch;
      name = kernelSymbols_.nameOf(p.kernel_object, services().memory());
      args += ",\"grid\":[" + std::to_string(p.grid_size_x) + "," + std::to_string(p.grid_size_y) +
              "," + std::to_string(p.grid_size_z) + "],\"workgroup\":[" +
              std::to_string(p.workgroup_size_x) + "," + std::to_string(p.workgroup_size_y) + "," +
              std::to_string(p.workgroup_size_z) + "]";
      recorder.workgroups(name, spans_);
      break;
    }
    case AqlPacket::Kind::barrierAnd:
      name = "barrier-and";
      break;
    case AqlPacket::Kind::barrierOr:
      name = "barrier-or";
      break;
    case AqlPacket::Kind::barrierValue:
      name = "barrier-value";
      break;
    case AqlPacket::Kind::pm4IndirectBuffer:
      name = "pm4-indirect-buffer";
      break;
  }
  recorder.aqlPacket(queue_->hsa_queue.id, name, traceStartUs_, TraceRecorder::nowUs(), args);
}

// Accesses the hardware defines but that are almost surely bugs (DispatchRequest::strictness):
// one stderr line per dispatch naming the first, with the kernel's name; VGPU_STRICT=1 makes
// them faults instead.
void AqlProcessor::reportWarnings(const hsa_kernel_dispatch_packet_t& packet,
                                  const DispatchOutcome& outcome) {
  std::fprintf(stderr, "%s: %s (%" PRIu64 " such lanes in this dispatch; VGPU_STRICT=1 faults)\n",
               kernelSymbols_.nameOf(packet.kernel_object, services().memory()).c_str(),
               outcome.warning.c_str(), outcome.warnings);
}

void AqlProcessor::haltWithError(std::uint64_t index, const PacketResult& result) {
  std::fprintf(stderr, "vgpu: AQL queue %" PRIu64 " halted at packet %" PRIu64 ": %s\n",
               queue_->hsa_queue.id, index, result.message.c_str());
  // The queue stays where it stopped, as on hardware: the read index does not move and the
  // completion signal is not touched. ROCR learns of it through queue_inactive_signal.
  storeSignal(services(), queue_->queue_inactive_signal, result.errorCode);
}

}  // namespace vgpu::cp
