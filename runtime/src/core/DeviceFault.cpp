// What a program reads after a device fault: CUDA's sticky error, with the facts a user needs
// to find the bug -- the kernel (named from the packet its queue stopped at), the address of a
// memory fault, and vgpu's full report (workgroup, wave, lane, PC, instruction) when running on
// vgpu.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cinttypes>
#include <cstdio>
#include <string>

#include "Device.h"

namespace hipcore::core {

void Device::recordMemoryFault(uint64_t address) noexcept {
  faultAddress_.store(address, std::memory_order_relaxed);
  int healthy = 0;
  // The first failure wins; waiters watching the slot now return an illegal address.
  queueError_.compare_exchange_strong(healthy, HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
                                      std::memory_order_acq_rel);
}

Status Device::queueFailure() const {
  int error = queueError_.load(std::memory_order_acquire);
  std::string report;
  int vgpuKind = hsa::vgpuLastFault(report);
  // Memory faults are an illegal address, s_trap (device assert, abort, __builtin_trap) an
  // assert, vgpu's watchdog a timeout (ROCR reads a trap and a killed wave alike, so vgpu's own
  // record decides), everything else (illegal instruction, invalid packet) a launch failure.
  hipError_t code = hsa::isMemoryFault(error)                  ? hipErrorIllegalAddress
                    : vgpuKind == hsa::kVgpuTimeout            ? hipErrorLaunchTimeOut
                    : vgpuKind == hsa::kVgpuIllegalInstruction ? hipErrorLaunchFailure
                    : hsa::isTrap(error)                       ? hipErrorAssert
                                                               : hipErrorLaunchFailure;
  std::string kernel = hsa::kernelNameOf(hsa::stoppedKernelObject(hsa::lastFailedQueue()));
  std::string facts = kernel.empty() ? "a kernel" : "kernel " + kernel;
  if (uint64_t address = faultAddress_.load(std::memory_order_relaxed); address != 0) {
    char text[40];
    std::snprintf(text, sizeof text, " at address 0x%" PRIx64, address);
    facts += text;
  }
  return fail(code, "device %d: %s failed and its queue stopped (%s)%s%s", index_, facts.c_str(),
              hsa::statusName(error).c_str(), report.empty() ? "" : "; ", report.c_str());
}

}  // namespace hipcore::core
