// Operations a packet processor performs on ROCR's signals (amd_signal_t in host memory).
#pragma once

#include <hsa/amd_hsa_signal.h>
#include <hsa/hsa.h>

#include <cstdint>

#include "cp/DeviceServices.h"

namespace vgpu::cp {

inline amd_signal_t* signalFromHandle(hsa_signal_t signal) {
  return reinterpret_cast<amd_signal_t*>(static_cast<std::uintptr_t>(signal.handle));
}

std::int64_t loadSignal(hsa_signal_t signal);

// Stores value and, when the signal has a mailbox, writes its event id there and raises the
// interrupt, as the CP's RELEASE_MEM with interrupt does (ROCR InterruptSignal protocol).
void storeSignal(DeviceServices& services, hsa_signal_t signal, std::int64_t value);

// The AQL completion protocol: atomically decrement the value, then notify as above.
void completeSignal(DeviceServices& services, hsa_signal_t signal);

// After an atomic update of a signal's value by a packet: wake blocked queues, then mailbox
// write + interrupt.
void notifySignalWaiters(DeviceServices& services, amd_signal_t& signal);

}  // namespace vgpu::cp
