// What HIPCORE_LOG and HIPCORE_TRACE switch on (core/Settings.h), copied when the library loads.
//
// Every exported HIP function and the launch path test `hooks` first: when nothing is enabled
// that is one load of this word and a branch that is never taken, so the cost of observability
// is nil until a user asks for it.
#pragma once

#include <cstdint>
#include <string>

namespace hipcore::trace {

enum Hook : unsigned {
  kLogErrors = 1u << 0,     // HIPCORE_LOG=1 / errors: registrations, module loads, failed calls
  kLogCalls = 1u << 1,      // HIPCORE_LOG=api: every call with arguments, result and duration
  kTrace = 1u << 2,         // HIPCORE_TRACE=file: a Chrome/Perfetto trace written at exit
  kApiCallbacks = 1u << 3,  // a profiler callback is registered (api/ApiCallbacks.h)
};

// Hidden: one RIP-relative load inside libhipcore, no GOT indirection.
extern unsigned hooks __attribute__((visibility("hidden")));

// A relaxed atomic load: the same single instruction as a plain one, and no data race with
// a profiler registering its callbacks on another thread.
inline bool enabled(Hook hook) {
  return __builtin_expect((__atomic_load_n(&hooks, __ATOMIC_RELAXED) & hook) != 0, 0);
}
inline void enableHook(Hook hook) {
  __atomic_fetch_or(&hooks, unsigned(hook), __ATOMIC_RELEASE);
}
inline void disableHook(Hook hook) {
  __atomic_fetch_and(&hooks, ~unsigned(hook), __ATOMIC_RELEASE);
}

// HIPCORE_TRACE's file name (empty when tracing is off).
const std::string& traceFile();

// CLOCK_MONOTONIC in nanoseconds: the one time base of log durations and trace events.
uint64_t monotonicNs();

}  // namespace hipcore::trace
