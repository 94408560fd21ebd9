// FaultLog: written when a queue halts (rare), read by the runtime after the queue error.
#include "cp/FaultLog.h"

namespace vgpu::cp {

void FaultLog::record(vgpu_fault_kind kind, std::string report) {
  std::lock_guard lock(mutex_);
  if (kind_ != VGPU_FAULT_NONE) return;
  kind_ = kind;
  report_ = std::move(report);
}

vgpu_fault_kind FaultLog::read(std::string& report) const {
  std::lock_guard lock(mutex_);
  report = report_;
  return kind_;
}

}  // namespace vgpu::cp
