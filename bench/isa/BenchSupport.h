// What the isa benchmarks share: process CPU time and the benchmark kernels' code object.
#pragma once

#include <cstdio>
#include <ctime>
#include <memory>
#include <string>

#include "isa/Harness.h"

namespace isa_bench {

// Process CPU time in seconds: the machine may be shared, so rates use this, not wall time.
inline double cpuNow() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

// bench.hip compiled for `arch` (gfx1030 or gfx1100) at build time; null, with the reason on
// stderr, if it cannot be loaded.
inline std::unique_ptr<vgpu::isa::CodeObject> loadKernels(const std::string& arch) {
  std::string error;
  auto code =
      vgpu::isa::CodeObject::load(std::string(ISA_BENCH_DIR) + "/bench-" + arch + ".co", error);
  if (!code) std::fprintf(stderr, "%s\n", error.c_str());
  return code;
}

}  // namespace isa_bench
