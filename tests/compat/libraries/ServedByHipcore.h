// Stops a compat client unless its HIP calls reach hipcore (and not AMD's libamdhip64.so.5,
// which the client was linked against): the file defining hipGetDeviceCount must be hipcore's.
#pragma once

#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <limits.h>
#include <stdlib.h>

#include <cstdio>
#include <cstring>

namespace compat {

inline void requireServedByHipcore() {
  Dl_info info{};
  char path[PATH_MAX] = "?";
  if (dladdr(reinterpret_cast<void*>(&hipGetDeviceCount), &info) == 0 ||
      info.dli_fname == nullptr || realpath(info.dli_fname, path) == nullptr ||
      std::strstr(path, "/libhipcore.so") == nullptr) {
    std::fprintf(stderr, "FAIL HIP is served by %s, not hipcore (run with HIPCORE_AS_AMDHIP=1)\n",
                 path);
    std::exit(1);
  }
  std::printf("HIP runtime: %s\n", path);
}

}  // namespace compat
