// Functions AMD's libamdhip64 exports for binaries built by older toolchains, with nothing of a
// GPU in them: the half-precision conversions compiler-rt once provided under GCC's names (old
// HIP host code called them for __half), and the profiler markers of HIP 5.
// The entry points of deprecated functions name themselves (api::call reports them by address).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include "ApiCall.h"
#include "ApiState.h"

// IEEE binary16 <-> binary32, round to nearest even (what _Float16 conversions do).
HIPCORE_API unsigned short __gnu_f2h_ieee(float value);
HIPCORE_API float __gnu_h2f_ieee(unsigned short value);

HIPCORE_API unsigned short __gnu_f2h_ieee(float value) {
  _Float16 half = static_cast<_Float16>(value);
  unsigned short bits;
  __builtin_memcpy(&bits, &half, sizeof bits);
  return bits;
}

HIPCORE_API float __gnu_h2f_ieee(unsigned short value) {
  _Float16 half;
  __builtin_memcpy(&half, &value, sizeof half);
  return static_cast<float>(half);
}

// There is no external profiler to start or stop: both calls are marks, the API events
// HIPCORE_TRACE records on its timeline (with HIPCORE_LOG=api, log lines).
HIPCORE_API hipError_t hipProfilerStart(void) {
  return hipcore::api::call("hipProfilerStart", hipProfilerStart, [&] { return hipSuccess; });
}

HIPCORE_API hipError_t hipProfilerStop(void) {
  return hipcore::api::call("hipProfilerStop", hipProfilerStop, [&] { return hipSuccess; });
}
