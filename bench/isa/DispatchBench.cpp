// Measures vgpu's fixed cost per kernel dispatch: executeDispatch of an empty kernel, 1 and 64
// workgroups (and 4,096, issue 24's dispatch size), on one and two workers, without and with
// bounds checks.
// Usage: isa_dispatch_bench [gfx1030|gfx1100] [COUNT WORKGROUPS THREADS CHECKED]
// With COUNT, runs only that shape, COUNT dispatches inside benchDispatchBatch, for
// `valgrind --tool=callgrind --toggle-collect=benchDispatchBatch` (instructions per dispatch).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "BenchSupport.h"
#include "isa/Harness.h"

// Not static and never inlined: callgrind's --toggle-collect names it.
extern "C" __attribute__((noinline)) bool benchDispatchBatch(const vgpu::DispatchRequest& request,
                                                             int count) {
  bool ok = true;
  for (int i = 0; i < count; ++i) ok &= vgpu::executeDispatch(request).ok();
  return ok;
}

int main(int argc, char** argv) {
  std::string arch = argc > 1 ? argv[1] : "gfx1030";
  const int fixedCount = argc > 5 ? std::atoi(argv[2]) : 0;
  const unsigned onlyGroups = fixedCount ? std::atoi(argv[3]) : 0;
  const unsigned onlyThreads = fixedCount ? std::atoi(argv[4]) : 0;
  const int onlyChecked = fixedCount ? std::atoi(argv[5]) : -1;
  auto code = isa_bench::loadKernels(arch);
  if (!code) return 1;
  std::string error;
  // Checked: bounds checks through an AddressSpace, as the command processor dispatches.
  vgpu::isa::HostRanges ranges;
  for (bool checked : {false, true})
    for (unsigned threads : {1u, 2u}) {
      for (unsigned groups : {1u, 64u, 4096u}) {
        if (fixedCount &&
            (groups != onlyGroups || threads != onlyThreads || checked != onlyChecked))
          continue;
        vgpu::isa::Launch launch;
        launch.grid[0] = groups;
        launch.block[0] = 32;
        launch.threads = threads;
        if (checked) launch.memory = &ranges;
        auto prepared = vgpu::isa::prepareKernel(*code, "empty_kernel", launch, error);
        if (!prepared) {
          std::fprintf(stderr, "%s\n", error.c_str());
          return 1;
        }
        const vgpu::DispatchRequest& request = prepared->request;
        // Warm-up, outside benchDispatchBatch: predecode, worker start-up.
        bool warm = true;
        for (int i = 0; i < 10; ++i) warm &= vgpu::executeDispatch(request).ok();
        if (!warm) {
          std::fprintf(stderr, "empty_kernel failed\n");
          return 1;
        }
        if (fixedCount) {
          benchDispatchBatch(request, fixedCount);
          std::printf("workgroups=%-4u threads=%u checked=%d  %d dispatches\n", groups, threads,
                      checked, fixedCount);
          continue;
        }
        // Best of five batches: the machine may be shared with other work.
        const int count = groups == 1 ? 20000 : groups == 64 ? 2000 : 50;
        double bestWall = 1e9, bestCpu = 1e9;
        for (int rep = 0; rep < 5; ++rep) {
          auto t0 = std::chrono::steady_clock::now();
          double c0 = isa_bench::cpuNow();
          benchDispatchBatch(request, count);
          double cpu = isa_bench::cpuNow() - c0;
          double wall =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
          if (wall < bestWall) bestWall = wall;
          if (cpu < bestCpu) bestCpu = cpu;
        }
        std::printf(
            "workgroups=%-4u threads=%u checked=%d  %8.2f us/dispatch wall  %8.2f us/dispatch "
            "cpu\n",
            groups, threads, checked, bestWall / count * 1e6, bestCpu / count * 1e6);
      }
    }
  return 0;
}
