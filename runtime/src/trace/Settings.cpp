// The trace hooks, taken from libhipcore's settings before any HIP call can run.
#include "Settings.h"

#include <ctime>

#include "core/Settings.h"

namespace hipcore::trace {

// Dynamic initialisation of libhipcore runs before the constructors of the programs and
// libraries that link it (which make the first HIP calls: __hipRegisterFatBinary).
unsigned hooks = core::settings().hooks;

const std::string& traceFile() {
  return core::settings().traceFile;
}

uint64_t monotonicNs() {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return uint64_t(now.tv_sec) * 1'000'000'000u + uint64_t(now.tv_nsec);
}

}  // namespace hipcore::trace
