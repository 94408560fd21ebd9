// The hook every exported HIP function's body is: api::call runs the function's body and, when
// HIPCORE_LOG=api or HIPCORE_TRACE asks for it, reports the call:
//   HIPCORE_API hipError_t hipMemcpy(void* destination, const void* source, size_t size,
//                                    hipMemcpyKind kind) {
//     return hipcore::api::call(
//         "hipMemcpy", hipMemcpy,
//         [&] { return copy1D("hipMemcpy", destination, source, size, kind, nullptr, true); },
//         "destination, source, size, kind", destination, source, size, kind);
//   }
// (the function's name, the function itself, its body, then its parameters' names and the
// parameters in order; a list of names whose count differs from the parameters' does not
// compile).
//
// A profiler's callbacks (ApiCallbacks.h: hipRegisterApiCallback, hipRegisterTracerCallback)
// take the same cold path: there the call's operation id is looked up by name, the callbacks
// asked, the arguments written into HIP's record and the enter and exit phases run around the
// nested call.
//
// Disabled (the default) call() is inlined to one load of trace::hooks and a branch never
// taken, followed by the body inlined: no object, no spill of the arguments, no destructor, so
// the launch path keeps its no-allocation, no-lock, no-syscall promise. Enabled, the outermost
// HIP call of a thread takes the cold branch into traced(), which formats the arguments by
// type, notes the start time, calls the function again -- that inner call sees it is nested
// and runs the body -- and reports the real return value and the duration to stderr as one
// line and/or to the trace as one event. A HIP function that another calls is part of the
// outer call's line, not a line of its own:
//   hipcore: [tid 1234] hipMemcpy(destination=0x7f.., source=0x55.., size=4096,
//            kind=hipMemcpyHostToDevice) = hipSuccess (12.3 us)
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "ApiCallbacks.h"
#include "ApiState.h"
#include "core/ErrorNames.h"
#include "trace/ApiIds.h"
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
  return trace::enabled(trace::Hook(trace::kLogCalls | trace::kTrace | trace::kApiCallbacks));
}

// True outside any hooked call on this thread (then the call is reported).
bool outermostCall();
// Marks the thread as inside a reported call; returns where its arguments are written.
char* enterCall(size_t& capacity);
uint64_t startCall();  // the start time, after the arguments are written
hipError_t endCall(const char* function, uint64_t startNs, hipError_t result);

// The parameters' names as written in the call ("destination, source, size"), checked at
// compile time against the number of parameters that follow them.
template <class... Args>
class ArgNames {
 public:
  template <size_t N>
  consteval ArgNames(const char (&names)[N]) : text_(names) {
    size_t count = 0;
    bool inName = false;
    for (size_t i = 0; i + 1 < N; ++i) {
      if (names[i] == ',')
        inName = false;
      else if (names[i] != ' ' && !inName)
        inName = true, ++count;
    }
    // Not a constant expression, so a wrong count is a compile error at the call.
    if (count != sizeof...(Args)) throw "api::call: the names do not match the parameters";
  }
  const char* text() const { return text_; }

 private:
  const char* text_;
};

// The reporting side of call(), out of line and cold: the log line, the trace event and the
// profiler callbacks (ApiCallbacks.h) of one outermost call, around the nested call of
// `function` that runs its body.
template <class... Params>
[[gnu::noinline, gnu::cold]] hipError_t traced(hipError_t (*function)(Params...), const char* name,
                                               const char* names, Params... args) {
  size_t capacity = 0;
  char* text = enterCall(capacity);
  if (trace::enabled(trace::Hook(trace::kLogCalls | trace::kTrace))) {
    ArgWriter out(text, capacity, names);  // for the log line and the trace event
    (writeArg(out, args), ...);
  }
  CallbackCall callbacks;
  if (trace::enabled(trace::kApiCallbacks)) {
    if (unsigned char* record = callbacks.begin(trace::apiIdOf(name))) {
      fillArgs(record, args...);
      callbacks.enter();
    }
  }
  uint64_t start = startCall();
  hipError_t result = function(args...);
  callbacks.end();
  return endCall(name, start, result);
}

// Whether this call is to be reported: HIPCORE_LOG=api or HIPCORE_TRACE is on or a profiler
// callback is registered, and the thread is in no other reported call. Inline and without a
// call, so that a nested call goes back to its body without having saved any registers (a
// thread without state is in no call).
inline bool reporting() {
  if (!hooked()) return false;
  ThreadState* thread = cachedThreadState;
  return thread == nullptr || thread->callDepth == 0;
}

// An exported HIP function: `name` is its name, `entry` the function itself, `body` what it
// does, `names` and `args` its parameters in order (both left out for a function without any).
// The body is called here only, so it is inlined and its closure, which captures the parameters
// by reference, dissolves into them. The cold side gets the parameters, not the closure (the
// compiler would build a closure passed there in memory on the common path too): it calls
// `entry` again, which runs the body as a nested call.
template <class Body, class... Params>
[[gnu::always_inline]] inline hipError_t call(const char* name, hipError_t (*entry)(Params...),
                                              Body&& body,
                                              ArgNames<std::type_identity_t<Params>...> names = "",
                                              const Params&... args) {
  if (reporting()) [[unlikely]]
    return traced(entry, name, names.text(), args...);
  return body();
}

}  // namespace hipcore::api
