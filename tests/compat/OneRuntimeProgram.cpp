// A program linked against hipcore and against a library built against AMD's libamdhip64.so.5
// (AmdBuiltLibrary.cpp): the process must hold one HIP runtime, hipcore, whose SONAME satisfies
// the library's need, and never load AMD's runtime beside it.
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <limits.h>
#include <link.h>
#include <stdlib.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern "C" int amdBuiltDeviceCount();

namespace {

// The loaded objects that are a HIP runtime: hipcore's file or AMD's (libamdhip64.so.5.2.*).
int collectRuntime(dl_phdr_info* info, size_t, void* data) {
  char path[PATH_MAX];
  if (info->dlpi_name == nullptr || realpath(info->dlpi_name, path) == nullptr) return 0;
  const char* base = std::strrchr(path, '/');
  base = base != nullptr ? base + 1 : path;
  if (std::strncmp(base, "libhipcore.so", 13) == 0 || std::strncmp(base, "libamdhip64.so", 14) == 0)
    static_cast<std::vector<std::string>*>(data)->push_back(path);
  return 0;
}

}  // namespace

int main() {
  int count = -1;
  if (hipGetDeviceCount(&count) != hipSuccess || count < 1) {
    std::fprintf(stderr, "FAIL hipGetDeviceCount through hipcore: %d devices\n", count);
    return 1;
  }
  if (amdBuiltDeviceCount() != count) {
    std::fprintf(stderr, "FAIL the AMD-built library sees %d devices, the program %d\n",
                 amdBuiltDeviceCount(), count);
    return 1;
  }
  std::vector<std::string> runtimes;
  dl_iterate_phdr(collectRuntime, &runtimes);
  for (const std::string& path : runtimes) std::printf("HIP runtime loaded: %s\n", path.c_str());
  if (runtimes.size() != 1 || runtimes[0].find("libhipcore.so") == std::string::npos) {
    std::fprintf(stderr, "FAIL %zu HIP runtimes in the process (want hipcore alone)\n",
                 runtimes.size());
    return 1;
  }
  std::printf("one HIP runtime, hipcore, serves the program and the AMD-built library\n");
  return 0;
}
