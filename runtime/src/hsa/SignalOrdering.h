// What ThreadSanitizer cannot see by itself: the ordering a signal gives.
//
// hipcore waits for and sets signals through ROCR, which is not instrumented, while the other
// side (vgpu's command processor, or another hipcore thread) is. A wait that saw a signal
// complete orders everything its completer wrote before it, but TSan only knows that if the
// acquire is on the same address the completer released: amd_signal_t's value, which vgpu updates
// with instrumented atomics. Without TSan these compile to nothing.
#pragma once

#include <hsa/amd_hsa_signal.h>

#include <cstdint>

#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace hipcore::hsa {

// ROCR's signal handle is the address of its amd_signal_t.
inline void* signalValueAddress(uint64_t handle) {
  return const_cast<int64_t*>(&reinterpret_cast<amd_signal_t*>(handle)->value);
}

// After a load or wait that may have seen the completer's value.
inline void acquireSignalOrdering([[maybe_unused]] uint64_t handle) {
#if defined(__SANITIZE_THREAD__)
  __tsan_acquire(signalValueAddress(handle));
#endif
}

// Before a store that others wait for.
inline void releaseSignalOrdering([[maybe_unused]] uint64_t handle) {
#if defined(__SANITIZE_THREAD__)
  __tsan_release(signalValueAddress(handle));
#endif
}

}  // namespace hipcore::hsa
