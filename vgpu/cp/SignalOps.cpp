// Signal updates with the release ordering and mailbox/interrupt protocol of a real CP.
#include "cp/SignalOps.h"

#include <atomic>
#include <cstddef>

namespace vgpu::cp {

namespace {
std::atomic_ref<std::int64_t> valueOf(amd_signal_t& signal) {
  return std::atomic_ref<std::int64_t>(const_cast<std::int64_t&>(signal.value));
}
}  // namespace

std::int64_t loadSignal(hsa_signal_t signal) {
  if (signal.handle == 0) return 0;
  // Only the value is read, through its own address: a barrier-value packet may name any
  // 8-byte location as a signal's value (HIP's stream waits do), with no amd_signal_t around it.
  auto* value = reinterpret_cast<std::int64_t*>(static_cast<std::uintptr_t>(signal.handle) +
                                                offsetof(amd_signal_t, value));
  return std::atomic_ref<std::int64_t>(*value).load(std::memory_order_acquire);
}

void notifySignalWaiters(DeviceServices& services, amd_signal_t& signal) {
  services.signalsChanged();
  if (signal.event_mailbox_ptr == 0) return;
  // The mailbox is a 64-bit slot in the event page; the CP writes the event id into it before
  // raising the interrupt that makes the driver wake the event's waiters.
  auto* mailbox = reinterpret_cast<std::uint64_t*>(signal.event_mailbox_ptr);
  std::atomic_ref<std::uint64_t>(*mailbox).store(signal.event_id, std::memory_order_release);
  services.raiseEvent(signal.event_id);
}

void storeSignal(DeviceServices& services, hsa_signal_t handle, std::int64_t value) {
  if (handle.handle == 0) return;
  amd_signal_t& signal = *signalFromHandle(handle);
  valueOf(signal).store(value, std::memory_order_release);
  notifySignalWaiters(services, signal);
}

void completeSignal(DeviceServices& services, hsa_signal_t handle) {
  if (handle.handle == 0) return;
  amd_signal_t& signal = *signalFromHandle(handle);
  valueOf(signal).fetch_sub(1, std::memory_order_acq_rel);
  notifySignalWaiters(services, signal);
}

}  // namespace vgpu::cp
