// main() of the start-up benchmark: time from process start (BENCH_T0, set by bench/run.sh just
// before exec) to the first kernel completed. Included by the generated startup_N.hip files.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>

int main() {
  void* out = nullptr;
  if (hipMalloc(&out, 64 * sizeof(int)) != hipSuccess) return 1;
  kernel_0<<<1, 64>>>(static_cast<int*>(out), 64);
  if (hipDeviceSynchronize() != hipSuccess) return 1;
  // Wall clock, not steady_clock: the start time comes from another process (bash EPOCHREALTIME).
  double now =
      std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  const char* t0 = std::getenv("BENCH_T0");
  if (t0)
    std::printf("RESULT startup_ms %.3f ms\n", (now - std::atof(t0)) * 1e3);
  else
    std::printf("RESULT startup_ms n/a ms\n");
  return 0;
}
