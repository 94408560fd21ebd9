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

constexpr std::uint32_t kPacketBytes = 64;

std::uint16_t loadHeader(const void* slot) {
  return std::atomic_ref<std::uint16_t>(*static_cast<std::uint16_t*>(const_cast<void*>(slot)))
      .load(std::memory_order_acquire);
}

unsigned packetType(std::uint16_t header) {
  return (header >> HSA_PACKET_HEADER_TYPE) & ((1u << HSA_PACKET_HEADER_WIDTH_TYPE) - 1);
}

bool fenceNeeded(std::uint16_t header, int shift, int width) {
  return ((header >> shift) & ((1u << width) - 1)) != HSA_FENCE_SCOPE_NONE;
}

const char* typeName(unsigned type) {
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

hsa_signal_t completionSignalOf(const void* slot) {
  // Every AQL packet format keeps its completion signal in the last 8 bytes of the slot.
  hsa_signal_t signal;
  std::memcpy(&signal, static_cast<const char*>(slot) + 56, sizeof(signal));
  return signal;
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
    : QueueEngine(config), queue_(queue), doorbell_(doorbell), request_(request) {}

AqlProcessor::~AqlProcessor() {
  stop();
}

bool AqlProcessor::profiling() const {
  return (queue_->queue_properties & AMD_QUEUE_PROPERTIES_ENABLE_PROFILING) != 0;
}

QueueEngine::Progress AqlProcessor::serviceRing() {
  auto readIndex =
      std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(queue_->read_dispatch_id));
  auto writeIndex =
      std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(queue_->write_dispatch_id));
  std::uint64_t index = readIndex.load(std::memory_order_relaxed);
  if (index >= writeIndex.load(std::memory_order_acquire)) return Progress::idle;

  const std::uint32_t size = queue_->hsa_queue.size;
  char* base = static_cast<char*>(queue_->hsa_queue.base_address);
  void* slot = base + (index % size) * kPacketBytes;  // the ring wraps by packet index
  std::uint16_t header = loadHeader(slot);
  unsigned type = packetType(header);
  // A reserved slot whose header is not yet published: the producer is still writing it.
  if (type == HSA_PACKET_TYPE_INVALID) return Progress::blocked;

  if (!started_) {
    started_ = true;
    startTimestamp_ = services().gpuClock();
    if (fenceNeeded(header, HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE,
                    HSA_PACKET_HEADER_WIDTH_SCACQUIRE_FENCE_SCOPE))
      std::atomic_thread_fence(std::memory_order_acquire);
  }
  PacketResult result = execute(index, slot, header);
  if (result.outcome == Outcome::wait) return Progress::blocked;
  if (result.outcome == Outcome::fault) {
    haltWithError(index, result);
    return Progress::halted;
  }
  trace(std::string("aql packet ") + std::to_string(index) + " " + typeName(type) + " done");
  finishPacket(index, slot, header, completionSignalOf(slot));
  return Progress::advanced;
}

AqlProcessor::PacketResult AqlProcessor::execute(std::uint64_t index, const void* slot,
                                                 std::uint16_t header) {
  switch (packetType(header)) {
    case HSA_PACKET_TYPE_KERNEL_DISPATCH: {
      hsa_kernel_dispatch_packet_t packet;
      std::memcpy(&packet, slot, sizeof(packet));
      return executeDispatch(index, packet);
    }
    case HSA_PACKET_TYPE_BARRIER_AND:
    case HSA_PACKET_TYPE_BARRIER_OR: {
      hsa_barrier_and_packet_t packet;
      std::memcpy(&packet, slot, sizeof(packet));
      return executeBarrier(packet, packetType(header) == HSA_PACKET_TYPE_BARRIER_OR);
    }
    case HSA_PACKET_TYPE_VENDOR_SPECIFIC:
      return executeVendor(slot);
    default:
      return {Outcome::fault, QueueErrorCode::kInvalidPacket,
              "packet type " + std::to_string(packetType(header)) +
                  " is not an AQL packet a GPU "
                  "queue accepts"};
  }
}

AqlProcessor::PacketResult AqlProcessor::executeDispatch(std::uint64_t index,
                                                         const hsa_kernel_dispatch_packet_t& p) {
  if (p.workgroup_size_x == 0 || p.workgroup_size_y == 0 || p.workgroup_size_z == 0 ||
      p.grid_size_x == 0 || p.grid_size_y == 0 || p.grid_size_z == 0)
    return {Outcome::fault, QueueErrorCode::kInvalidDimension, "dispatch with a zero dimension"};
  if (std::uint64_t(p.workgroup_size_x) * p.workgroup_size_y * p.workgroup_size_z > 1024)
    return {Outcome::fault, QueueErrorCode::kInvalidGroupSize, "workgroup larger than 1024"};
  if (p.kernel_object == 0)
    return {Outcome::fault, QueueErrorCode::kInvalidCode, "dispatch with a null kernel object"};

  DispatchRequest& request = *request_;
  request = DispatchRequest{};
  request.target = config().target;
  request.packet = p;
  request.queueAddress = reinterpret_cast<std::uint64_t>(queue_);
  request.dispatchId = index;
  request.memory = &services().memory();
  request.threads = config().interpreterThreads;
  request.interrupt = [](void* services, std::uint32_t m0) { static_cast<DeviceServices*>(services)->raiseInterrupt(m0); };
  request.interruptContext = &services();
  DispatchOutcome outcome = vgpu::executeDispatch(request);
  using Kind = DispatchOutcome::Kind;
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

AqlProcessor::PacketResult AqlProcessor::executeVendor(const void* slot) {
  hsa_amd_vendor_packet_header_t vendor;
  std::memcpy(&vendor, slot, sizeof(vendor));
  if (vendor.AmdFormat == HSA_AMD_PACKET_TYPE_BARRIER_VALUE) {
    hsa_amd_barrier_value_packet_t p;
    std::memcpy(&p, slot, sizeof(p));
    if (p.signal.handle == 0) return {};
    std::int64_t value = loadSignal(p.signal) & p.mask;
    if (!conditionHolds(hsa_signal_condition_t(p.cond), value, p.value))
      return {Outcome::wait, 0, {}};
    return {};
  }
  if (vendor.AmdFormat == kAqlFormatPm4IndirectBuffer) {
    AqlPm4IbPacket p;
    std::memcpy(&p, slot, sizeof(p));
    return executePm4IndirectBuffer(p.ibJump);
  }
  return {Outcome::fault, QueueErrorCode::kUnsupportedVendor,
          "AMD vendor packet format " + std::to_string(vendor.AmdFormat) + " is not supported"};
}

AqlProcessor::PacketResult AqlProcessor::executePm4IndirectBuffer(const std::uint32_t* jump) {
  Pm4Header jumpHeader = Pm4Header::decode(jump[0]);
  if (jumpHeader.type != 3 || jumpHeader.opcode != Pm4Opcode::kIndirectBuffer)
    return {Outcome::fault, QueueErrorCode::kUnsupportedVendor,
            "PM4_IB packet does not start with INDIRECT_BUFFER"};
  Pm4IndirectBuffer ib = Pm4IndirectBuffer::decode(jump);
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

void AqlProcessor::finishPacket(std::uint64_t index, void* slot, std::uint16_t header,
                                hsa_signal_t completion) {
  if (fenceNeeded(header, HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE,
                  HSA_PACKET_HEADER_WIDTH_SCRELEASE_FENCE_SCOPE))
    std::atomic_thread_fence(std::memory_order_release);
  if (completion.handle != 0 && profiling()) {
    amd_signal_t& signal = *signalFromHandle(completion);
    signal.start_ts = startTimestamp_;
    signal.end_ts = services().gpuClock();
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

void AqlProcessor::haltWithError(std::uint64_t index, const PacketResult& result) {
  std::fprintf(stderr, "vgpu: AQL queue %" PRIu64 " halted at packet %" PRIu64 ": %s\n",
               queue_->hsa_queue.id, index, result.message.c_str());
  // The queue stays where it stopped, as on hardware: the read index does not move and the
  // completion signal is not touched. ROCR learns of it through queue_inactive_signal.
  storeSignal(services(), queue_->queue_inactive_signal, result.errorCode);
}

}  // namespace vgpu::cp
