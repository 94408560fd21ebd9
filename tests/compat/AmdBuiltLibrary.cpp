// A shared library built against AMD's HIP 5.2.3 (g++, Debian's headers, linked against Debian's
// libamdhip64.so.5), standing in for rocRAND or rocSPARSE: what it calls must reach the one HIP
// runtime of the process.
#include <hip/hip_runtime_api.h>

extern "C" __attribute__((visibility("default"))) int amdBuiltDeviceCount() {
  int count = -1;
  return hipGetDeviceCount(&count) == hipSuccess ? count : -1;
}
