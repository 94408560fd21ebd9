// Host-side cost of the HIP API (launch, sync, events, allocation, copies, module load, graphs),
// built from this one source against hipcore and against Debian's clr; see bench/README.md.
#include <hip/hip_runtime.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "BenchTimer.h"

// How a host function is enqueued: 1 hipLaunchHostFunc, 2 hipStreamAddCallback (clr 5.2.3
// declares hipLaunchHostFunc but its libamdhip64 does not export it), 0 not available. The build
// decides, from the headers and library of the runtime it links.
#ifndef BENCH_HOST_FUNC_API
#define BENCH_HOST_FUNC_API 0
#endif

using bench::perOpUs;
using bench::result;

__global__ void emptyKernel() {}

namespace {

constexpr int kLaunches = 100000;
// Smaller than both runtimes' AQL queues (hipcore 256 packets, clr 1024), so a batch never waits
// for the device to free a slot: the instruction count is that of submitting, not of waiting.
constexpr int kBatch = 128;

void drain(hipStream_t stream) {
  BENCH_CHECK(hipStreamSynchronize(stream));
}

// 100,000 launches into one stream, then one sync. On vgpu the interpreter drains the queue more
// slowly than either runtime fills it, so the loop time also shows device throughput.
void benchLaunch(hipStream_t stream) {
  double t0 = bench::nowUs();
  for (int i = 0; i < kLaunches; ++i) emptyKernel<<<1, 1, 0, stream>>>();
  double t1 = bench::nowUs();
  drain(stream);
  double t2 = bench::nowUs();
  BENCH_CHECK(hipGetLastError());
  result("launch_host_us", (t1 - t0) / kLaunches, "us");
  result("launch_drain_us", (t2 - t0) / kLaunches, "us");
}

}  // namespace

// callgrind --toggle-collect=bench_launch_batch counts exactly this function on the main thread.
extern "C" __attribute__((noinline)) void bench_launch_batch(hipStream_t stream, int count) {
  for (int i = 0; i < count; ++i) emptyKernel<<<1, 1, 0, stream>>>();
}

// The host-only calls, counted the same way (one function each, so one callgrind run serves all).
extern "C" __attribute__((noinline)) void bench_event_batch(hipEvent_t event, hipStream_t stream,
                                                            int count) {
  for (int i = 0; i < count; ++i) BENCH_CHECK(hipEventRecord(event, stream));
}
extern "C" __attribute__((noinline)) void bench_idle_sync_batch(hipStream_t stream, int count) {
  for (int i = 0; i < count; ++i) BENCH_CHECK(hipStreamSynchronize(stream));
}
extern "C" __attribute__((noinline)) void bench_malloc_free_batch(size_t bytes, int count) {
  for (int i = 0; i < count; ++i) {
    void* p = nullptr;
    BENCH_CHECK(hipMalloc(&p, bytes));
    BENCH_CHECK(hipFree(p));
  }
}

// Launch + sync round trips of the empty kernel. Its time is mostly the virtual device's and the
// wait; callgrind gives the runtime's own part as this function's cost minus that of the signal
// wait inside it (bench/run.sh, roundtrip_host_ir), which the machine's load does not move.
extern "C" __attribute__((noinline)) void bench_roundtrip_batch(hipStream_t stream, int count) {
  for (int i = 0; i < count; ++i) {
    emptyKernel<<<1, 1, 0, stream>>>();
    BENCH_CHECK(hipStreamSynchronize(stream));
  }
}

#include "GraphBench.h"

namespace {

// Mode for callgrind: fixed numbers of calls of each counted function (see bench/run.sh).
void benchCountedCalls(hipStream_t stream) {
  const int batches = 40;
  for (int b = 0; b < batches; ++b) {
    bench_launch_batch(stream, kBatch);
    drain(stream);
  }
  result("calls_launch", batches * kBatch, "calls");
  hipEvent_t event;
  BENCH_CHECK(hipEventCreate(&event));
  for (int b = 0; b < 10; ++b) {
    bench_event_batch(event, stream, 100);
    drain(stream);
  }
  BENCH_CHECK(hipEventDestroy(event));
  result("calls_event_record", 10 * 100, "calls");
  bench_idle_sync_batch(stream, 1000);
  result("calls_stream_sync_idle", 1000, "calls");
  // Warm-up (not counted): the first allocation of a size sets up its pool in both runtimes.
  void* warm = nullptr;
  BENCH_CHECK(hipMalloc(&warm, 256));
  BENCH_CHECK(hipFree(warm));
  bench_malloc_free_batch(256, 1000);
  result("calls_malloc_free_256", 1000, "calls");
  graphbench::countedLaunches(stream);
}

void benchRoundTrip(hipStream_t stream) {
  double us = perOpUs(7, 200, [&](int n) {
    for (int i = 0; i < n; ++i) {
      emptyKernel<<<1, 1, 0, stream>>>();
      BENCH_CHECK(hipStreamSynchronize(stream));
    }
  });
  result("roundtrip_us", us, "us");
}

void benchEventRecord(hipStream_t stream) {
  hipEvent_t event;
  BENCH_CHECK(hipEventCreate(&event));
  double us = perOpUs(
      51, 100,
      [&](int n) {
        for (int i = 0; i < n; ++i) BENCH_CHECK(hipEventRecord(event, stream));
      },
      [&] { drain(stream); });
  BENCH_CHECK(hipEventDestroy(event));
  result("event_record_us", us, "us");
}

void benchIdleSync(hipStream_t stream) {
  drain(stream);
  double us = perOpUs(21, 1000, [&](int n) {
    for (int i = 0; i < n; ++i) BENCH_CHECK(hipStreamSynchronize(stream));
  });
  result("stream_sync_idle_us", us, "us");
}

#if BENCH_HOST_FUNC_API == 1
void hostFunction(void* counter) {
  ++*static_cast<int*>(counter);
}
hipError_t enqueueHostFunction(hipStream_t stream, int* counter) {
  return hipLaunchHostFunc(stream, hostFunction, counter);
}
#elif BENCH_HOST_FUNC_API == 2
void streamCallback(hipStream_t, hipError_t, void* counter) {
  ++*static_cast<int*>(counter);
}
hipError_t enqueueHostFunction(hipStream_t stream, int* counter) {
  return hipStreamAddCallback(stream, streamCallback, counter, 0);
}
#endif

void benchHostFunc(hipStream_t stream) {
#if BENCH_HOST_FUNC_API != 0
  int counter = 0;
  double us = perOpUs(
      21, 100,
      [&](int n) {
        for (int i = 0; i < n; ++i) BENCH_CHECK(enqueueHostFunction(stream, &counter));
      },
      [&] { drain(stream); });
  if (counter != 21 * 100) {
    std::fprintf(stderr, "bench: host function ran %d times, expected %d\n", counter, 21 * 100);
    std::exit(1);
  }
  if (BENCH_HOST_FUNC_API == 2) std::printf("NOTE host_func_us through hipStreamAddCallback\n");
  result("host_func_us", us, "us");
#else
  (void)stream;
  bench::unavailable("host_func_us", "us");
#endif
}

void benchMallocFree(size_t bytes, const char* key, int iterations) {
  double us = perOpUs(11, iterations, [&](int n) {
    for (int i = 0; i < n; ++i) {
      void* p = nullptr;
      BENCH_CHECK(hipMalloc(&p, bytes));
      BENCH_CHECK(hipFree(p));
    }
  });
  result(key, us, "us");
}

void benchSmallCopies(void* device, void* host, const char* h2dKey, const char* d2hKey) {
  const size_t bytes = 4096;
  double h2d = perOpUs(11, 100, [&](int n) {
    for (int i = 0; i < n; ++i) BENCH_CHECK(hipMemcpy(device, host, bytes, hipMemcpyHostToDevice));
  });
  double d2h = perOpUs(11, 100, [&](int n) {
    for (int i = 0; i < n; ++i) BENCH_CHECK(hipMemcpy(host, device, bytes, hipMemcpyDeviceToHost));
  });
  result(h2dKey, h2d, "us");
  result(d2hKey, d2h, "us");
}

void benchLargeCopies(void* device, void* host, const char* h2dKey, const char* d2hKey) {
  const size_t bytes = size_t{64} << 20;
  double h2d = perOpUs(
      5, 1, [&](int) { BENCH_CHECK(hipMemcpy(device, host, bytes, hipMemcpyHostToDevice)); });
  double d2h = perOpUs(
      5, 1, [&](int) { BENCH_CHECK(hipMemcpy(host, device, bytes, hipMemcpyDeviceToHost)); });
  result(h2dKey, bytes / (h2d * 1e3), "GB/s");
  result(d2hKey, bytes / (d2h * 1e3), "GB/s");
}

// The 4 KiB copies alone (mode memcpy_4k), for profiling them without the 64 MiB ones.
void benchSmallMemcpy() {
  const size_t bytes = 4096;
  void* device = nullptr;
  void* pinned = nullptr;
  BENCH_CHECK(hipMalloc(&device, bytes));
  BENCH_CHECK(hipHostMalloc(&pinned, bytes));
  std::vector<char> pageable(bytes, 1);
  std::memset(pinned, 1, bytes);
  benchSmallCopies(device, pageable.data(), "memcpy_h2d_4k_pageable_us",
                   "memcpy_d2h_4k_pageable_us");
  benchSmallCopies(device, pinned, "memcpy_h2d_4k_pinned_us", "memcpy_d2h_4k_pinned_us");
  BENCH_CHECK(hipHostFree(pinned));
  BENCH_CHECK(hipFree(device));
}

void benchMemcpy() {
  const size_t large = size_t{64} << 20;
  void* device = nullptr;
  void* pinned = nullptr;
  BENCH_CHECK(hipMalloc(&device, large));
  BENCH_CHECK(hipHostMalloc(&pinned, large));
  std::vector<char> pageable(large, 1);  // touched, so page faults are not part of the copy
  std::memset(pinned, 1, large);
  benchSmallCopies(device, pageable.data(), "memcpy_h2d_4k_pageable_us",
                   "memcpy_d2h_4k_pageable_us");
  benchSmallCopies(device, pinned, "memcpy_h2d_4k_pinned_us", "memcpy_d2h_4k_pinned_us");
  benchLargeCopies(device, pageable.data(), "memcpy_h2d_64m_pageable_gbs",
                   "memcpy_d2h_64m_pageable_gbs");
  benchLargeCopies(device, pinned, "memcpy_h2d_64m_pinned_gbs", "memcpy_d2h_64m_pinned_gbs");
  BENCH_CHECK(hipHostFree(pinned));
  BENCH_CHECK(hipFree(device));
}

// Load a code object of 200 kernels from memory and find one kernel in it: what a program does
// before its first hipModuleLaunchKernel (file reading is not timed).
void benchModuleLoad(const char* path) {
  std::ifstream file(path, std::ios::binary);
  std::vector<char> image((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (image.empty()) {
    std::fprintf(stderr, "bench: cannot read code object %s\n", path);
    std::exit(1);
  }
  std::vector<double> samples;
  for (int r = 0; r < 9; ++r) {
    hipModule_t module;
    hipFunction_t function;
    double t0 = bench::nowUs();
    BENCH_CHECK(hipModuleLoadData(&module, image.data()));
    BENCH_CHECK(hipModuleGetFunction(&function, module, "kernel_199"));
    samples.push_back(bench::nowUs() - t0);
    BENCH_CHECK(hipModuleUnload(module));
  }
  result("module_load_200_us", bench::median(samples), "us");
}

bool wants(int argc, char** argv, const char* mode) {
  if (argc < 2) return std::strncmp(mode, "counted_", 8) != 0;  // all but the callgrind modes
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], mode) == 0) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  hipStream_t stream;
  BENCH_CHECK(hipStreamCreate(&stream));
  // Warm-up: the first launch loads code and the first sync sets up waiting in both runtimes.
  emptyKernel<<<1, 1, 0, stream>>>();
  drain(stream);

  if (wants(argc, argv, "counted_calls")) benchCountedCalls(stream);
  if (wants(argc, argv, "counted_roundtrip")) {  // a callgrind run of its own (bench/run.sh)
    bench_roundtrip_batch(stream, 200);
    result("calls_roundtrip", 200, "calls");
  }
  if (wants(argc, argv, "launch")) benchLaunch(stream);
  if (wants(argc, argv, "roundtrip")) benchRoundTrip(stream);
  if (wants(argc, argv, "event")) benchEventRecord(stream);
  if (wants(argc, argv, "sync")) benchIdleSync(stream);
  if (wants(argc, argv, "hostfunc")) benchHostFunc(stream);
  if (wants(argc, argv, "malloc")) {
    benchMallocFree(256, "malloc_free_256_us", 1000);
    benchMallocFree(64 << 10, "malloc_free_64k_us", 1000);
    benchMallocFree(16 << 20, "malloc_free_16m_us", 20);
  }
  if (wants(argc, argv, "memcpy")) benchMemcpy();
  if (argc >= 2 && wants(argc, argv, "memcpy_4k")) benchSmallMemcpy();
  if (wants(argc, argv, "module")) benchModuleLoad(BENCH_MODULE_FILE);
  if (wants(argc, argv, "graph")) graphbench::timings(stream);
  BENCH_CHECK(hipStreamDestroy(stream));
  return 0;
}
