// What a program reads after a device fault: the error code and the facts a user needs to find
// the bug.
#include "DeviceFaults.h"

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <string>
#include <thread>

#include "hsa/VgpuExtension.h"

namespace hipcore::core {

void DeviceFaults::recordMemoryFault(uint64_t address) noexcept {
  faultAddress_.store(address, std::memory_order_relaxed);
  int healthy = 0;
  // The first failure wins; waiters watching the status now return an illegal address.
  slot_.status.compare_exchange_strong(healthy, HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
                                       std::memory_order_acq_rel);
}

uint64_t DeviceFaults::failedQueue() const {
  uint64_t queue = slot_.queue.load(std::memory_order_acquire);
  // A memory fault reaches ROCR's event handler (recordMemoryFault) before the queue-error
  // callback names the queue, and a caller that saw the status may get here in between (seen:
  // 2 in 5 runs of faults.full_queue_one_stream). Give the callback up to 200 ms, once per fault:
  // without the queue the error can name neither the kernel nor vgpu's report.
  if (queue != 0 || queueWaited_.exchange(true, std::memory_order_acq_rel)) return queue;
  for (int i = 0; i < 2000 && queue == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::microseconds(100));
    queue = slot_.queue.load(std::memory_order_acquire);
  }
  return queue;
}

Status DeviceFaults::failure(int deviceIndex) const {
  int error = slot_.status.load(std::memory_order_acquire);
  uint64_t queue = failedQueue();
  std::string report;
  vgpu_fault_kind vgpuKind = hsa::vgpuQueueFault(queue, report);
  // Memory faults are an illegal address, s_trap (device assert, abort, __builtin_trap) an
  // assert, vgpu's watchdog a timeout (ROCR reads a trap and a killed wave alike, so vgpu's own
  // record decides), everything else (illegal instruction, invalid packet) a launch failure.
  hipError_t code = hsa::isMemoryFault(error)                    ? hipErrorIllegalAddress
                    : vgpuKind == VGPU_FAULT_TIMEOUT             ? hipErrorLaunchTimeOut
                    : vgpuKind == VGPU_FAULT_ILLEGAL_INSTRUCTION ? hipErrorLaunchFailure
                    : hsa::isTrap(error)                         ? hipErrorAssert
                                                                 : hipErrorLaunchFailure;
  std::string kernel = hsa::kernelNameOf(hsa::stoppedKernelObject(queue));
  // No kernel queue stopped on a memory fault: a copy engine (DMA) made the access.
  std::string facts = !kernel.empty()                           ? "kernel " + kernel
                      : queue == 0 && hsa::isMemoryFault(error) ? "a copy engine's transfer"
                                                                : "a kernel";
  if (uint64_t address = faultAddress_.load(std::memory_order_relaxed); address != 0) {
    char text[40];
    std::snprintf(text, sizeof text, " at address 0x%" PRIx64, address);
    facts += text;
  }
  return fail(code, "device %d: %s failed and its queue stopped (%s)%s%s", deviceIndex,
              facts.c_str(), hsa::statusName(error).c_str(), report.empty() ? "" : "; ",
              report.c_str());
}

void DeviceFaults::clear() noexcept {
  faultAddress_.store(0, std::memory_order_relaxed);
  slot_.queue.store(0, std::memory_order_relaxed);
  queueWaited_.store(false, std::memory_order_relaxed);
  slot_.status.store(0, std::memory_order_release);
}

}  // namespace hipcore::core
