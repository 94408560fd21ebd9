// What hipcore asks vgpu, the virtual GPU under ROCR, beyond the HSA interface: whether the GPUs
// are virtual, the full report of a queue's fault, vgpu's own trace rows. Typed by vgpu's one C
// header (vgpu/vgpu_extension.h); on real hardware the extension is absent and every answer is
// "none".
#pragma once

#include <cstdint>
#include <string>

#include "vgpu/vgpu_extension.h"

namespace hipcore::hsa {

// True when the thunk under ROCR is vgpu's: every GPU of the process is virtual.
bool onVirtualGpu();
// Why vgpu stopped the AQL queue at `queue` (the hsa_queue_t address), with its report;
// VGPU_FAULT_NONE (and "") on hardware, for a queue that did not fault, or for 0.
vgpu_fault_kind vgpuQueueFault(uint64_t queue, std::string& report);
// vgpu's trace events since the last call (Chrome trace objects, each followed by ",\n"); ""
// on hardware or when vgpu is not tracing.
std::string vgpuTakeTraceRows();

}  // namespace hipcore::hsa
