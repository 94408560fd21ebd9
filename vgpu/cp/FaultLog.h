// The last dispatch fault vgpu stopped a queue for, kept for the runtime above ROCR. ROCR only
// passes a coarse HSA status to its client (a trap and a watchdog timeout both read as
// HSA_STATUS_ERROR_EXCEPTION), so a runtime that knows vgpu asks it (vgpu_last_fault, exported
// by libhsakmt.so.1) for the kind and the full report: kernel, workgroup, wave, lane, PC,
// instruction and address.
#pragma once

#include <string>

namespace vgpu::cp {

// Values of vgpu_last_fault's result (a C ABI: keep them stable).
enum class FaultKind : int {
  none = 0,
  memoryViolation = 1,
  illegalInstruction = 2,
  trap = 3,
  invalidDispatch = 4,
  timeout = 5,
};

void recordFault(FaultKind kind, std::string report);
// The most recent fault of the process (FaultKind::none and "" before the first).
FaultKind lastFault(std::string& report);

}  // namespace vgpu::cp
