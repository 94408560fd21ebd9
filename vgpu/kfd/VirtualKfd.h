// The virtual KFD: one object holding vgpu's whole device state, behind the hsaKmt C ABI.
//
// It is created on first use and deliberately never destroyed: HIP 5.2.3 never calls
// hsa_shut_down, so ROCR keeps using queues, events and memory while static destructors run.
// A leaked heap object has no destructor to race with them.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "cp/DeviceServices.h"
#include "cp/DoorbellWatcher.h"
#include "cp/TraceRecorder.h"
#include "kfd/DeviceMemory.h"
#include "kfd/EventTable.h"
#include "kfd/MemoryMap.h"
#include "kfd/QueueTable.h"
#include "kfd/Topology.h"
#include "options/Options.h"

namespace vgpu::kfd {

class VirtualKfd final : public cp::DeviceServices {
 public:
  static VirtualKfd& instance();

  const Options& options() const { return options_; }
  const Topology& topology() const { return topology_; }
  DeviceMemory& deviceMemory() { return deviceMemory_; }
  EventTable& events() { return events_; }
  QueueTable& queues() { return queues_; }
  MemoryMap& memoryMap() { return map_; }
  cp::EngineConfig engineConfig(std::uint32_t node);
  std::uint64_t systemClock() const;
  // The host is about to block on GPU work: look at the doorbells now (see DoorbellWatcher).
  void hostWaiting() { watcher_.nudge(); }

  std::atomic<int> openCount{0};
  // Trace events (HIPCORE_TRACE or VGPU_TRACE set), else null.
  cp::TraceRecorder* recorder() { return recorder_.get(); }

  // cp::DeviceServices
  void raiseEvent(std::uint32_t eventId) override { events_.raise(eventId); }
  void raiseInterrupt(std::uint32_t partialId) override {
    events_.raisePartial(partialId, /*bits=*/8);
  }
  void reportMemoryFault(std::uint32_t nodeId, std::uint64_t address, bool write) override {
    events_.raiseMemoryFault(nodeId, address, write);
  }
  const AddressSpace& memory() const override { return map_; }
  std::uint64_t gpuClock() const override { return systemClock(); }
  void signalsChanged() override { queues_.wakeBlocked(); }

 private:
  VirtualKfd();

  const Options& options_;  // vgpu::options(), the process's
  const Topology topology_;
  MemoryMap map_;
  DeviceMemory deviceMemory_;
  EventTable events_;
  cp::DoorbellWatcher watcher_;
  QueueTable queues_;
  std::unique_ptr<cp::TraceRecorder> recorder_;

  void writeTraceFile();
};

}  // namespace vgpu::kfd
