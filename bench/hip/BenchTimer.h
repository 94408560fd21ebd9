// Timing and reporting helpers shared by the host-API benchmarks (hipcore and clr builds alike).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <hip/hip_runtime.h>

namespace bench {

// Every HIP call in a benchmark must succeed; a failure makes the numbers meaningless, so stop.
inline void check(hipError_t status, const char* what) {
  if (status != hipSuccess) {
    std::fprintf(stderr, "bench: %s failed: %s\n", what, hipGetErrorString(status));
    std::exit(1);
  }
}
#define BENCH_CHECK(call) ::bench::check((call), #call)

inline double nowUs() {
  using namespace std::chrono;
  return duration<double, std::micro>(steady_clock::now().time_since_epoch()).count();
}

// The median resists the outliers a shared, loaded machine produces (preemption, page faults).
inline double median(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  size_t n = samples.size();
  return n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
}

// Runs body(iterations) `reps` times and returns the median time per iteration in microseconds.
// `after` runs outside the timed region (e.g. draining the queue a batch filled).
template <class Body, class After>
double perOpUs(int reps, int iterations, Body body, After after) {
  std::vector<double> samples;
  for (int r = 0; r < reps; ++r) {
    double t0 = nowUs();
    body(iterations);
    double t1 = nowUs();
    after();
    samples.push_back((t1 - t0) / iterations);
  }
  return median(samples);
}

template <class Body>
double perOpUs(int reps, int iterations, Body body) {
  return perOpUs(reps, iterations, body, [] {});
}

// One machine-readable line per number; bench/report.py reads these.
inline void result(const char* key, double value, const char* unit) {
  std::printf("RESULT %s %.4f %s\n", key, value, unit);
  std::fflush(stdout);
}
inline void unavailable(const char* key, const char* unit) {
  std::printf("RESULT %s n/a %s\n", key, unit);
  std::fflush(stdout);
}

}  // namespace bench
