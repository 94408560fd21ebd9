// Measures the interpreter's speed in wave-instructions per second per core on three kernels,
// with one and two worker threads. Usage: isa_bench [gfx1030|gfx1100] [ROW]
// With ROW (saxpy(dram), saxpy(4096wg), saxpy, saxpy+check, lds_reduce, math), runs only that
// row, once per thread count: for `perf record` of one kernel.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "BenchSupport.h"
#include "isa/Harness.h"

namespace {

struct Result {
  double seconds;     // wall time
  double cpuSeconds;  // process CPU time: the machine may be shared, so rates use this
  std::uint64_t instructions;
};

std::string onlyRow;  // empty: every row

Result timeRun(const char* row, const vgpu::isa::CodeObject& code, const std::string& kernel,
               vgpu::isa::Launch launch) {
  if (!onlyRow.empty() && onlyRow != row) return {0, 0, 0};
  std::uint64_t n = 0;
  launch.instructions = &n;
  vgpu::isa::runKernel(code, kernel, launch);  // warm-up: predecode happens once per kernel
  // Best of three: the machine may be shared with other work.
  Result best{1e9, 1e9, 0};
  for (int rep = 0; rep < 3; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    double c0 = isa_bench::cpuNow();
    vgpu::DispatchOutcome o = vgpu::isa::runKernel(code, kernel, launch);
    double c = isa_bench::cpuNow() - c0;
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!o.ok()) std::fprintf(stderr, "%s failed: %s\n", kernel.c_str(), o.report.c_str());
    if (c < best.cpuSeconds) best = {s, c, n};
  }
  return best;
}

void report(const char* what, unsigned threads, Result r) {
  if (!r.instructions) return;
  double perCore = r.instructions / r.cpuSeconds / 1e6;
  std::printf(
      "%-12s threads=%u  %8.1f M wave-instr  wall %6.3f s  cpu %6.3f s  %6.1f M wave-instr/s/core  "
      "%6.1f M/s total\n",
      what, threads, r.instructions / 1e6, r.seconds, r.cpuSeconds, perCore,
      r.instructions / r.seconds / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  std::string arch = argc > 1 ? argv[1] : "gfx1030";
  if (argc > 2) onlyRow = argv[2];
  auto code = isa_bench::loadKernels(arch);
  if (!code) return 1;
  const int n = 1 << 22;
  std::vector<float> x(n, 1.5f), y(n, 2.0f), out(1 << 16);
  for (unsigned threads : {1u, 2u}) {
    vgpu::isa::Launch saxpy;
    saxpy.grid[0] = 16;
    saxpy.block[0] = 256;
    saxpy.threads = threads;
    saxpy.arg(2.0f).arg(x.data()).arg(y.data()).arg(n);
    report("saxpy(dram)", threads, timeRun("saxpy(dram)", *code, "saxpy_loop", saxpy));

    // One dispatch of 4,096 workgroups (issue 24's dispatch size), one element per work-item:
    // what a dispatch's wall time is made of when workgroups are short.
    vgpu::isa::Launch wide = saxpy;
    wide.grid[0] = 4096;
    wide.args.clear();
    wide.arg(2.0f).arg(x.data()).arg(y.data()).arg(4096 * 256);
    report("saxpy(4096wg)", threads, timeRun("saxpy(4096wg)", *code, "saxpy_loop", wide));

    vgpu::isa::Launch cached = saxpy;
    cached.args.clear();
    cached.arg(2.0f).arg(x.data()).arg(y.data()).arg(1 << 16).arg(256);
    report("saxpy", threads, timeRun("saxpy", *code, "saxpy_repeat", cached));

    // The same with bounds checking, as the command processor runs it (an AddressSpace).
    vgpu::isa::HostRanges ranges;
    ranges.add(x.data(), x.size() * 4, "x");
    ranges.add(y.data(), y.size() * 4, "y");
    vgpu::isa::Launch checked = cached;
    checked.memory = &ranges;
    report("saxpy+check", threads, timeRun("saxpy+check", *code, "saxpy_repeat", checked));

    vgpu::isa::Launch lds;
    lds.grid[0] = 32;
    lds.block[0] = 256;
    lds.threads = threads;
    lds.arg(x.data()).arg(out.data()).arg(64);
    report("lds_reduce", threads, timeRun("lds_reduce", *code, "lds_reduce", lds));

    vgpu::isa::Launch math;
    math.grid[0] = 16;
    math.block[0] = 256;
    math.threads = threads;
    math.arg(x.data()).arg(out.data()).arg(100);
    report("math", threads, timeRun("math", *code, "math_loop", math));
  }
  return 0;
}
