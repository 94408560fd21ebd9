// The dispatch fault that stopped one AQL queue, kept for the runtime above ROCR. ROCR passes
// its client only a coarse HSA status, so a runtime that knows vgpu asks for the kind and the
// full report (kernel, workgroup, wave, lane, PC, instruction and address) through the
// extension interface (vgpu/vgpu_extension.h, queue_fault). One record per queue: with two
// virtual GPUs, each device's runtime state names its own kernel, and the record goes with its
// queue when ROCR destroys it (hipDeviceReset).
#pragma once

#include <mutex>
#include <string>

#include "vgpu/vgpu_extension.h"

namespace vgpu::cp {

class FaultLog {
 public:
  // A queue halts at most once: the first fault is the one its packets stopped at.
  void record(vgpu_fault_kind kind, std::string report);
  // VGPU_FAULT_NONE and "" while the queue has not faulted.
  vgpu_fault_kind read(std::string& report) const;

 private:
  mutable std::mutex mutex_;  // written by the queue's worker, read by the runtime's threads
  vgpu_fault_kind kind_ = VGPU_FAULT_NONE;
  std::string report_;
};

}  // namespace vgpu::cp
