// The hook every exported HIP function starts with:
//   HIPCORE_API_CALL(hipMemcpy, destination, source, size, kind);
// (the function's own name, then its parameters in order).
//
// Disabled (the default) it is one load of trace::hooks and a branch never taken: no object,
// no spill of the arguments, no destructor, so the launch path keeps its no-allocation,
// no-lock, no-syscall promise. Enabled, the outermost HIP call of a thread takes the cold
// branch into traced(), which formats the arguments by type, notes the start time, calls the
// function again -- that inner call sees it is nested and runs the body -- and reports the
// real return value and the duration to stderr as one line and/or to the trace as one event.
// A HIP function that another calls is part of the outer call's line, not a line of its own:
//   hipcore: [tid 1234] hipMemcpy(destination=0x7f.., source=0x55.., size=4096,
//            kind=hipMemcpyHostToDevice) = hipSuccess (12.3 us)
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/ErrorNames.h"
#include "trace/Settings.h"

namespace hipcore::api {

// Appends "name=value, " pieces to a fixed buffer; truncates rather than allocates.
class ArgWriter {
 public:
  ArgWriter(char* buffer, size_t capacity, const char* names);
  void pointer(const void* value);
  void string(const char* value);
  void signedNumber(long long value);
  void unsignedNumber(unsigned long long value);
  void real(double value);
  void dims(const dim3& value);
  void text(const char* value);
  // Writes the next parameter name (from the stringified argument list) and '='.
  void nextName();

 private:
  void append(const char* format, ...) __attribute__((format(printf, 2, 3)));
  char* buffer_;
  size_t capacity_;
  size_t used_ = 0;
  const char* names_;
};

const char* memcpyKindName(hipMemcpyKind kind);

template <class T>
void writeArg(ArgWriter& out, const T& value) {
  out.nextName();
  if constexpr (std::is_same_v<T, const char*>) {
    out.string(value);  // names and paths; `char*` parameters are output buffers: pointers
  } else if constexpr (std::is_pointer_v<T>) {
    out.pointer(reinterpret_cast<const void*>(value));
  } else if constexpr (std::is_same_v<T, bool>) {
    out.text(value ? "true" : "false");
  } else if constexpr (std::is_same_v<T, hipMemcpyKind>) {
    out.text(memcpyKindName(value));
  } else if constexpr (std::is_same_v<T, hipError_t>) {
    out.text(core::errorName(value));
  } else if constexpr (std::is_enum_v<T>) {
    out.signedNumber(static_cast<long long>(value));
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    out.signedNumber(value);
  } else if constexpr (std::is_integral_v<T>) {
    out.unsignedNumber(value);
  } else if constexpr (std::is_floating_point_v<T>) {
    out.real(value);
  } else if constexpr (std::is_same_v<T, dim3>) {
    out.dims(value);
  } else {
    out.text("{...}");
  }
}

inline bool hooked() {
  return trace::enabled(trace::Hook(trace::kLogCalls | trace::kTrace));
}

// True outside any hooked call on this thread (then the call is reported).
bool outermostCall();
// Marks the thread as inside a reported call; returns where its arguments are written.
char* enterCall(size_t& capacity);
uint64_t startCall();  // the start time, after the arguments are written
hipError_t endCall(const char* function, uint64_t startNs, hipError_t result);

template <class... Params>
[[gnu::noinline, gnu::cold]] hipError_t traced(hipError_t (*function)(Params...), const char* name,
                                               const char* names, Params... args) {
  size_t capacity = 0;
  char* text = enterCall(capacity);
  ArgWriter out(text, capacity, names);  // for the log line and the trace event
  (writeArg(out, args), ...);
  uint64_t start = startCall();
  return endCall(name, start, function(args...));
}

}  // namespace hipcore::api

// First line of every exported HIP function: its name, then its parameters in order.
#define HIPCORE_API_CALL(function, ...)                            \
  if (::hipcore::api::hooked() && ::hipcore::api::outermostCall()) \
  return ::hipcore::api::traced(function, __func__, #__VA_ARGS__ __VA_OPT__(, ) __VA_ARGS__)
