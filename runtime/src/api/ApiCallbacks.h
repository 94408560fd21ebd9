// HIP's profiler interface on api::call's cold path: the callbacks a tracer built against AMD's
// HIP registers (roctracer and the tools on it), called on entry to and exit from each HIP call
// with its operation id (trace/ApiIds.h), a correlation id and the call's arguments laid out as
// AMD's `hip_api_data_t` lays them out.
//
// Two protocols, both AMD's ABI:
// - HIP 5.2.3 (clr's hip_prof_api.h of that release; roctracer 5.2): per id, an API callback
//   `void(uint32_t domain, uint32_t id, const void* data, void* arg)` (hipRegisterApiCallback)
//   and an "activity" callback `void*(uint32_t id, void* record, const void* data, void* arg)`
//   (hipRegisterActivityCallback). On entry the activity callback is asked, with null record,
//   data and arg, for the `hip_api_data_t` to fill (the tracer sets its correlation id and
//   phase); the arguments are written into it, the API callback is called (phase enter), the
//   phase set to exit; after the body the API callback is called again, then the activity
//   callback with its own arg (its exit). AMD calls nothing when only an API callback is
//   registered (no record to fill); hipcore then fills a record of its own, with a correlation id
//   from its own counter, so a program using hipRegisterApiCallback alone sees its calls.
// - HIP >= 5.3 (hipRegisterTracerCallback; roctracer 5.3+): one function
//   `int(activity_domain_t domain, uint32_t id, void* data)`, asked per call with domain 3
//   (ACTIVITY_DOMAIN_HIP_API) and the address of a `hip_api_trace_data_t` (the record, then the
//   tracer's enter timestamp, phase data and its phase_enter/phase_exit functions); 0 means it
//   traces the call: the arguments are written, then phase_enter and, after the body,
//   phase_exit are called when set.
//
// The argument record: `hip_api_data_t` is a correlation id, a phase, then a union of one struct
// per function holding its parameters in order, each pointer parameter to a complete, non-void
// type followed by a `__val` copy of what it points at (the tracer fills those, at exit); HIP 6
// adds a `uint64_t* phase_data` after the union. ArgsLayout derives each function's struct from
// its parameter types (a handle such as hipStream_t points at an incomplete type: no copy), so
// every traced function's arguments are filled, not a chosen few.
#pragma once

#include <hip/hip_runtime_api.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <tuple>
#include <type_traits>

#include "trace/ApiIds.h"

namespace hipcore::api {

// The argument union of HIP 6's hip_api_data_t: its largest member is hipChooseDeviceR0600's
// (int*, int, const hipDeviceProp_tR0600*, hipDeviceProp_tR0600), 1,496 bytes.
constexpr size_t kApiArgsBytes = 1496;

struct ApiData {  // hip_api_data_t
  uint64_t correlationId;
  uint32_t phase;  // 0 enter, 1 exit (activity_api_phase_t)
  alignas(8) unsigned char args[kApiArgsBytes];
  uint64_t* phaseData;  // HIP >= 5.3
};
static_assert(offsetof(ApiData, args) == 16 && sizeof(ApiData) == 1520,
              "hip_api_data_t of HIP 6: correlation id, phase, args at 16, phase_data at 1512");

struct TracerData {  // hip_api_trace_data_t (clr's hip_prof_api.h, HIP >= 5.3)
  ApiData api;
  uint64_t phaseEnterTimestamp;
  uint64_t phaseData;
  void (*phaseEnter)(uint32_t id, TracerData* data);
  void (*phaseExit)(uint32_t id, TracerData* data);
};

// activity_domain_t (roctracer's prof_protocol.h)
constexpr uint32_t kDomainHipApi = 3;
constexpr uint32_t kPhaseEnter = 0;
constexpr uint32_t kPhaseExit = 1;

using ApiCallback = void (*)(uint32_t domain, uint32_t id, const void* data, void* arg);
using ActivityCallback = void* (*)(uint32_t id, void* record, const void* data, void* arg);
using TracerCallback = int (*)(uint32_t domain, uint32_t id, void* data);

// What hipRegister*Callback and hipRegisterTracerCallback registered (ApiState: apiCallbacks()).
// Registering anything sets trace::kApiCallbacks, so api::call takes its cold path; removing
// the last registration clears it again.
class ApiCallbacks {
 public:
  struct Entry {
    ApiCallback api = nullptr;
    void* apiArg = nullptr;
    ActivityCallback activity = nullptr;
    void* activityArg = nullptr;
  };
  // False for an id outside 1..kApiIdLast (AMD: hipErrorInvalidValue).
  bool setApi(uint32_t id, ApiCallback callback, void* arg);
  bool setActivity(uint32_t id, ActivityCallback callback, void* arg);
  void setTracer(TracerCallback callback);

  Entry entry(uint32_t id);
  TracerCallback tracer() const { return tracer_.load(std::memory_order_acquire); }
  uint64_t nextCorrelationId() { return correlation_.fetch_add(1, std::memory_order_relaxed); }

 private:
  void updateHook();  // under mutex_

  std::mutex mutex_;
  Entry entries_[trace::kApiIdLast + 1] = {};
  int registered_ = 0;  // entries with a callback
  std::atomic<TracerCallback> tracer_{nullptr};
  std::atomic<uint64_t> correlation_{1};
};

ApiCallbacks& apiCallbacks();

// Whether T can be copied as a parameter's `__val`: a complete object type.
template <class T>
concept CopiedPointee = !std::is_void_v<T> && !std::is_function_v<T> && requires { sizeof(T); };

template <class P>
struct ArgSlot {
  static constexpr size_t valueSize = 0, valueAlign = 1;
};
template <class T>
  requires CopiedPointee<std::remove_cv_t<T>>
struct ArgSlot<T*> {
  static constexpr size_t valueSize = sizeof(T), valueAlign = alignof(T);
};

// AMD's generator reads spellings: parameters spelled as handles (hipMipmappedArray_t,
// hipMipmappedArray_const_t) get no `__val` although hipMipmappedArray is a complete struct;
// only hipTexRefSetMipmappedArray spells `struct hipMipmappedArray*` and gets one (ArgsLayout).
template <>
struct ArgSlot<hipMipmappedArray*> : ArgSlot<void> {};
template <>
struct ArgSlot<const hipMipmappedArray*> : ArgSlot<void> {};
template <class... Params>
constexpr bool kSpellsMipmappedArrayPointer =
    std::is_same_v<std::tuple<Params...>,
                   std::tuple<textureReference*, hipMipmappedArray*, unsigned int>>;

// Where each parameter of a function with parameters Params goes in its member of the
// argument union.
template <class... Params>
struct ArgsLayout {
  static constexpr size_t kCount = sizeof...(Params);
  struct Result {
    std::array<size_t, kCount> offsets;
    size_t size;
  };
  static consteval Result compute() {
    constexpr size_t sizes[] = {sizeof(Params)..., 0};
    constexpr size_t aligns[] = {alignof(Params)..., 1};
    size_t valueSizes[] = {ArgSlot<Params>::valueSize..., 0};
    size_t valueAligns[] = {ArgSlot<Params>::valueAlign..., 1};
    if constexpr (kSpellsMipmappedArrayPointer<Params...>) {
      valueSizes[1] = sizeof(hipMipmappedArray);
      valueAligns[1] = alignof(hipMipmappedArray);
    }
    Result result{};
    size_t at = 0, structAlign = 1;
    for (size_t i = 0; i < kCount; ++i) {
      at = (at + aligns[i] - 1) / aligns[i] * aligns[i];
      result.offsets[i] = at;
      at += sizes[i];
      structAlign = aligns[i] > structAlign ? aligns[i] : structAlign;
      if (valueSizes[i] != 0) {
        at = (at + valueAligns[i] - 1) / valueAligns[i] * valueAligns[i];
        at += valueSizes[i];
        structAlign = valueAligns[i] > structAlign ? valueAligns[i] : structAlign;
      }
    }
    result.size = (at + structAlign - 1) / structAlign * structAlign;
    return result;
  }
  static constexpr Result kLayout = compute();
  static_assert(kLayout.size <= kApiArgsBytes, "a parameter list larger than HIP's union");
};

template <class... Params>
void fillArgs([[maybe_unused]] unsigned char* args, const Params&... params) {
  using Layout = ArgsLayout<Params...>;
  [[maybe_unused]] size_t i = 0;
  (std::memcpy(args + Layout::kLayout.offsets[i++], &params, sizeof(Params)), ...);
}

// The callbacks of one reported call (cold path of api::call): begin() asks the registered
// callbacks whether they trace `id` and returns the record whose args to fill (null: nobody
// does), enter() runs the enter phase once the args are written, end() the exit phase.
class CallbackCall {
 public:
  unsigned char* begin(uint32_t id);
  void enter();
  void end();

 private:
  uint32_t id_ = 0;
  ApiData* record_ = nullptr;  // the record being filled (the tracer's or own_.api)
  ApiCallbacks::Entry entry_;
  bool tracer_ = false;  // the hipRegisterTracerCallback protocol traces this call
  TracerData own_;
};

}  // namespace hipcore::api
