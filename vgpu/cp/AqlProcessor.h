// The packet processor of one AQL queue (HSA Platform System Architecture Specification 1.2,
// chapter 2.9 "Architected Queuing Language"; AMD vendor packets per hsa_ext_amd.h).
#pragma once

#include <hsa/amd_hsa_queue.h>
#include <hsa/hsa.h>

#include <cstdint>
#include <string>

#include "cp/AqlPacket.h"
#include "cp/FaultLog.h"
#include "cp/KernelSymbols.h"
#include "cp/QueueEngine.h"
#include "cp/TraceRecorder.h"

namespace vgpu::cp {

class AqlProcessor final : public QueueEngine {
 public:
  // queue: ROCR's amd_queue_t (ring base, size, indices, error signal); doorbell: the 64-bit
  // word handed to ROCR as Queue_DoorBell; request: where dispatches are described to the
  // interpreter. It must lie in GPU-visible memory: the interpreter hands kernels the address
  // of request->packet as their dispatch_ptr (code object v4 kernels read blockDim there).
  AqlProcessor(const EngineConfig& config, amd_queue_t* queue, volatile std::uint64_t* doorbell,
               DispatchRequest* request);
  ~AqlProcessor() override;

  volatile std::uint64_t* doorbell() override { return doorbell_; }
  const char* kind() const override { return "aql"; }
  std::uint64_t packetsProcessed() const { return processed_; }
  // The dispatch fault the queue stopped at, if any (vgpu_extension's queue_fault).
  const FaultLog& fault() const { return fault_; }

 private:
  enum class Outcome { done, wait, fault };
  struct PacketResult {
    Outcome outcome = Outcome::done;
    std::int64_t errorCode = 0;
    std::string message;
  };

  Progress serviceRing() override;
  bool packetVisible() const override;
  void* slotAtReadIndex() const;
  PacketResult execute(std::uint64_t index, const AqlPacket& packet);
  PacketResult executeDispatch(std::uint64_t index, const hsa_kernel_dispatch_packet_t& packet);
  PacketResult executeBarrier(const hsa_barrier_and_packet_t& packet, bool any);
  PacketResult executeBarrierValue(const hsa_amd_barrier_value_packet_t& packet);
  PacketResult executePm4IndirectBuffer(const Pm4IndirectBuffer& ib);
  void finishPacket(std::uint64_t index, void* slot, const AqlPacket& packet);
  void haltWithError(std::uint64_t index, const PacketResult& result);
  void reportWarnings(const hsa_kernel_dispatch_packet_t& packet, const DispatchOutcome& outcome);
  void tracePacket(std::uint64_t index, const AqlPacket& packet);
  bool profiling() const;

  amd_queue_t* queue_;
  FaultLog fault_;
  // The ring's base and size in packets, fixed for the queue's life; copied from the descriptor
  // at the first packet (ROCR has filled it in by then), null before.
  char* ringBase_ = nullptr;
  std::uint32_t ringSize_ = 0;
  volatile std::uint64_t* doorbell_;
  DispatchRequest* request_;
  DispatchRequest requestTemplate_;  // the fields every dispatch of this queue shares
  std::uint64_t processed_ = 0;
  std::uint64_t startTimestamp_ = 0;
  bool started_ = false;  // startTimestamp_ belongs to the packet at the read index
  // Tracing (config().recorder set): the packet's start, the workgroups of the last dispatch
  // and the kernel names found so far.
  double traceStartUs_ = 0;
  std::vector<WorkgroupSpan> spans_;
  KernelSymbols kernelSymbols_;
  DispatchMemo memo_;  // the last kernel dispatched (executeDispatch keeps it)
};

}  // namespace vgpu::cp
