// Measures hiprtc's first-compile and cached-compile time of the saxpy program, per target and
// compiler path, with the cache in a fresh private directory (not a ctest: it prints numbers).
#include <hip/hiprtc.h>
#include <hip/hiprtc_hipcore_ext.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

const char* const kSaxpy = R"(
#include <hip/hip_runtime.h>
extern "C" __global__ void saxpy(float a, const float* x, float* y, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
)";

struct Timed {
  double ms = 0;
  bool ok = false;
  bool hit = false;
  std::string compiler;
};

Timed compileOnce(const char* arch) {
  auto start = std::chrono::steady_clock::now();
  hiprtcProgram prog = nullptr;
  Timed t;
  if (hiprtcCreateProgram(&prog, kSaxpy, "saxpy.hip", 0, nullptr, nullptr) != HIPRTC_SUCCESS)
    return t;
  const char* options[] = {arch};
  t.ok = hiprtcCompileProgram(prog, 1, options) == HIPRTC_SUCCESS;
  size_t size = 0;
  hiprtcGetCodeSize(prog, &size);
  std::vector<char> code(size);
  if (t.ok) hiprtcGetCode(prog, code.data());
  t.ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  hipcoreRtcCompileInfo info{};
  hipcoreRtcGetCompileInfo(prog, &info);
  t.hit = info.cacheHit;
  t.compiler = info.compiler ? info.compiler : "?";
  hiprtcDestroyProgram(&prog);
  return t;
}

void bench(const char* arch, const char* compiler) {
  if (*compiler)
    ::setenv("HIPCORE_RTC_COMPILER", compiler, 1);
  else
    ::unsetenv("HIPCORE_RTC_COMPILER");
  Timed first = compileOnce(arch);
  constexpr int kRepeats = 50;
  std::vector<double> cached;
  bool allHits = true;
  for (int i = 0; i < kRepeats; ++i) {
    Timed t = compileOnce(arch);
    allHits = allHits && t.ok && t.hit;
    cached.push_back(t.ms);
  }
  std::sort(cached.begin(), cached.end());
  std::printf(
      "%-28s %-6s first compile %8.1f ms%s | cached compile median %.3f ms, max %.3f ms%s\n", arch,
      first.compiler.c_str(), first.ms, first.ok ? "" : " (FAILED)", cached[kRepeats / 2],
      cached.back(), allHits ? "" : " (NOT ALL HITS)");
}

}  // namespace

int main() {
  char pattern[] = "/tmp/hiprtc-bench-XXXXXX";
  if (!::mkdtemp(pattern)) return 1;
  ::setenv("XDG_CACHE_HOME", pattern, 1);
  ::unsetenv("HIPCORE_JIT_CACHE");
  std::printf("hiprtc saxpy compile times (cache in %s)\n", pattern);
  bench("--gpu-architecture=gfx1030", "");
  bench("--gpu-architecture=gfx1030", "clang");
  bench("--gpu-architecture=gfx1100", "");
  std::filesystem::remove_all(pattern);
  return 0;
}
