// What a command processor needs from the device it belongs to (implemented by vgpu/kfd).
//
// The command processor never includes the thunk: interrupts, memory faults, the allocation map
// and the GPU clock reach it through this interface, so cp/ can be driven by a test harness and
// the dependency between the two folders points one way (kfd -> cp).
#pragma once

#include <cstdint>

#include "isa/Dispatch.h"

namespace vgpu::cp {

class DoorbellWatcher;
class TraceRecorder;

class DeviceServices {
 public:
  virtual ~DeviceServices() = default;
  // The interrupt a real CP or SDMA engine raises after writing an event mailbox: the driver
  // looks the event up by id and wakes its waiters.
  virtual void raiseEvent(std::uint32_t eventId) = 0;
  // A wave's s_sendmsg(MSG_INTERRUPT): only the low 8 bits of the event id arrive, so the
  // driver wakes the events they may name (KFD: partial-id lookup, else a search).
  virtual void raiseInterrupt(std::uint32_t partialId) { raiseEvent(partialId); }
  // A GPU virtual-memory fault, delivered like the KFD does: through the process's
  // memory-fault events (HsaMemoryAccessFault), so ROCR's system event handlers see it.
  virtual void reportMemoryFault(std::uint32_t nodeId, std::uint64_t address, bool write) = 0;
  // Every allocation the GPU may touch (bounds checks for SDMA and the interpreter).
  virtual const AddressSpace& memory() const = 0;
  // The GPU timestamp counter, in the clock domain hsaKmtGetClockCounters reports.
  virtual std::uint64_t gpuClock() const = 0;
  // A packet changed a signal's value: queues blocked on dependencies should look again now
  // rather than after their back-off pause.
  virtual void signalsChanged() = 0;
};

// Per-queue configuration that does not change while the queue lives.
struct EngineConfig {
  DeviceServices* services = nullptr;
  std::uint32_t nodeId = 1;
  GpuTarget target = GpuTarget::gfx1030;
  bool log = false;                    // VGPU_LOG=1: one stderr line per packet
  TraceRecorder* recorder = nullptr;   // trace events (null: not tracing)
  std::uint64_t queueId = 0;           // the KFD queue id (trace rows of SDMA queues)
  DoorbellWatcher* watcher = nullptr;  // told when the queue's worker goes to sleep
  unsigned interpreterThreads = 0;
  // Workgroups of a dispatch that must be able to run concurrently: the topology's CUs x the
  // workgroups per CU the runtime's occupancy allows (cooperative launches size grids by it).
  unsigned coResidentWorkgroups = 0;
};

}  // namespace vgpu::cp
