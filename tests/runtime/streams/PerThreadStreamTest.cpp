// hipStreamPerThread: a stream per thread and device, created on first use, blocking with
// respect to the legacy null stream, released at thread exit with its work still completing;
// and a program compiled with -fgpu-default-stream=per-thread (PerThreadDefault.hip).
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "HostFlag.h"
#include "PerThreadDefault.h"
#include "StreamKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

std::vector<int> download(const int* values, int n, hipStream_t stream) {
  std::vector<int> host(n, -1);
  EXPECT_EQ(hipMemcpyAsync(host.data(), values, n * sizeof(int), hipMemcpyDeviceToHost, stream),
            hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(stream), hipSuccess);
  return host;
}

TEST(PerThreadStream, TwoThreadsRunTheirOwnWorkConcurrentlyAndExactly) {
  constexpr int n = 300, kSteps = 40;
  int* values[2] = {};
  for (int*& v : values) ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&v), n * sizeof(int)));
  auto work = [&](int t, std::vector<int>& result) {
    EXPECT_EQ(hipMemsetAsync(values[t], 0, n * sizeof(int), hipStreamPerThread), hipSuccess);
    for (int s = 0; s < kSteps; ++s)
      EXPECT_EQ(launchStep(values[t], n, (s + t) % 5, hipStreamPerThread), hipSuccess)
          << hipcoreGetErrorDetail();
    result = download(values[t], n, hipStreamPerThread);
  };
  std::vector<int> results[2];
  std::thread first(work, 0, std::ref(results[0]));
  std::thread second(work, 1, std::ref(results[1]));
  first.join();
  second.join();
  for (int t = 0; t < 2; ++t) {
    // Unsigned: the recurrence overflows int, and the kernel's int arithmetic wraps.
    unsigned expected = 0;
    for (int s = 0; s < kSteps; ++s) expected = expected * 3 + (s + t) % 5;
    ASSERT_EQ(results[t].size(), size_t{n});
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(results[t][i], static_cast<int>(expected)) << "thread " << t << " element " << i;
  }
  for (int* v : values) ASSERT_HIP(hipFree(v));
}

TEST(PerThreadStream, OneThreadsSynchronisationDoesNotWaitForAnothersKernel) {
  constexpr int n = 128;
  Flag flag;
  int *held = nullptr, *mine = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&held), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&mine), n * sizeof(int)));
  std::atomic<int> phase{0};
  std::thread holder([&] {
    EXPECT_EQ(launchWaitThenFill(flag.value, held, n, 31, hipStreamPerThread), hipSuccess);
    phase = 1;
    while (phase.load() != 2) std::this_thread::yield();
    EXPECT_EQ(hipStreamQuery(hipStreamPerThread), hipErrorNotReady);  // still held
    flag.raise();
    std::vector<int> host = download(held, n, hipStreamPerThread);
    for (int i = 0; i < n; ++i) EXPECT_EQ(host[i], 31);
  });
  while (phase.load() != 1) std::this_thread::yield();
  ASSERT_HIP(hipMemsetAsync(mine, 0, n * sizeof(int), hipStreamPerThread));
  ASSERT_HIP(launchStep(mine, n, 4, hipStreamPerThread));
  std::vector<int> host = download(mine, n, hipStreamPerThread);  // returns while `holder` is held
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 4);
  phase = 2;
  holder.join();
  ASSERT_HIP(hipFree(held));
  ASSERT_HIP(hipFree(mine));
}

TEST(PerThreadStream, AThreadExitsWithWorkPendingAndTheWorkStillCompletes) {
  constexpr int n = 64, kThreads = 12;
  Flag flag;
  int* values = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&values), kThreads * n * sizeof(int)));
  ASSERT_HIP(hipMemset(values, 0, kThreads * n * sizeof(int)));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      EXPECT_EQ(launchWaitThenFill(flag.value, values + t * n, n, 100 + t, hipStreamPerThread),
                hipSuccess);
      EXPECT_EQ(launchStep(values + t * n, n, 1, hipStreamPerThread), hipSuccess);
    });                                     // exits without waiting
  for (std::thread& t : threads) t.join();  // returns although every kernel is held
  int count = 0;
  ASSERT_HIP(hipcoreGetHardwareQueueCount(0, &count));
  EXPECT_LE(count, 4);
  flag.raise();
  ASSERT_HIP(hipDeviceSynchronize());  // waits for the streams of the threads that are gone
  std::vector<int> host(kThreads * n);
  ASSERT_HIP(hipMemcpy(host.data(), values, host.size() * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < n; ++i) ASSERT_EQ(host[t * n + i], (100 + t) * 3 + 1) << "thread " << t;
  ASSERT_HIP(hipFree(values));
}

TEST(PerThreadStream, IsOrderedWithTheLegacyNullStream) {
  constexpr int n = 96;
  Flag flag;
  int *x = nullptr, *y = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&x), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&y), n * sizeof(int)));
  ASSERT_HIP(hipMemset(y, 0, n * sizeof(int)));
  ASSERT_HIP(launchWaitThenFill(flag.value, x, n, 8, hipStreamPerThread));
  ASSERT_HIP(launchCopy(y, x, n, nullptr));  // the null stream waits for the per-thread stream
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(hipStreamQuery(nullptr), hipErrorNotReady);
  flag.raise();
  ASSERT_HIP(launchStep(y, n, 1, hipStreamPerThread));  // and it waits for the null stream
  std::vector<int> host = download(y, n, hipStreamPerThread);
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 8 * 3 + 1);
  EXPECT_EQ(hipStreamDestroy(hipStreamPerThread), hipErrorInvalidHandle);
  (void)hipGetLastError();
  unsigned flags = 99;
  ASSERT_HIP(hipStreamGetFlags(hipStreamPerThread, &flags));
  EXPECT_EQ(flags, unsigned{hipStreamDefault});
  ASSERT_HIP(hipFree(x));
  ASSERT_HIP(hipFree(y));
}

// hipStreamLegacy names the legacy null stream wherever a stream is taken (hip-tests'
// hipStreamLegacy cases): work on it and on stream 0 is one queue, in order.
TEST(LegacyStream, TheLegacyHandleIsTheNullStream) {
  constexpr int n = 96;
  Flag flag;
  int *x = nullptr, *y = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&x), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&y), n * sizeof(int)));
  ASSERT_HIP(hipMemsetAsync(y, 0, n * sizeof(int), hipStreamLegacy));
  ASSERT_HIP(launchWaitThenFill(flag.value, x, n, 8, hipStreamLegacy));
  ASSERT_HIP(launchCopy(y, x, n, nullptr));
  EXPECT_EQ(hipStreamQuery(hipStreamLegacy), hipErrorNotReady);
  EXPECT_EQ(hipStreamQuery(nullptr), hipErrorNotReady);
  flag.raise();
  ASSERT_HIP(launchStep(y, n, 1, hipStreamLegacy));
  std::vector<int> host = download(y, n, hipStreamLegacy);
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 8 * 3 + 1);
  EXPECT_EQ(hipStreamQuery(nullptr), hipSuccess);
  ASSERT_HIP(hipFree(x));
  ASSERT_HIP(hipFree(y));
}

TEST(PerThreadStream, SurvivesADeviceReset) {
  int* values = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&values), 64 * sizeof(int)));
  ASSERT_HIP(hipMemsetAsync(values, 0, 64 * sizeof(int), hipStreamPerThread));
  ASSERT_HIP(hipStreamSynchronize(hipStreamPerThread));
  ASSERT_HIP(hipDeviceReset());  // destroys every stream, the per-thread ones included
  ASSERT_HIP(launchStep(values, 64, 6, hipStreamPerThread));  // a new one
  std::vector<int> host = download(values, 64, hipStreamPerThread);
  for (int i = 0; i < 64; ++i) ASSERT_EQ(host[i], 6);
  ASSERT_HIP(hipFree(values));
}

// The same separation, in code compiled with -fgpu-default-stream=per-thread that names no stream.
TEST(PerThreadDefaultStreamFlag, LaunchesAndCallsWithoutAStreamUseThePerThreadStream) {
  constexpr int n = 200;
  Flag flag;
  int *held = nullptr, *mine = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&held), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&mine), n * sizeof(int)));
  std::atomic<int> phase{0};
  std::thread holder([&] {
    EXPECT_EQ(defaultHoldThenFill(flag.value, held, n, 12), hipSuccess);
    phase = 1;
    while (phase.load() != 2) std::this_thread::yield();
    EXPECT_EQ(defaultQuery(), hipErrorNotReady);
    flag.raise();
    EXPECT_EQ(defaultSynchronize(), hipSuccess);
    std::vector<int> host(n);
    EXPECT_EQ(defaultDownload(host.data(), held, n), hipSuccess);
    for (int i = 0; i < n; ++i) EXPECT_EQ(host[i], 12);
  });
  while (phase.load() != 1) std::this_thread::yield();
  ASSERT_HIP(defaultZero(mine, n));
  ASSERT_HIP(defaultAdd(mine, n, 5));
  ASSERT_HIP(defaultAdd(mine, n, 2));
  ASSERT_HIP(defaultSynchronize());  // this thread's stream only: `holder`'s kernel still waits
  std::vector<int> host(n);
  ASSERT_HIP(defaultDownload(host.data(), mine, n));
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 7);
  phase = 2;
  holder.join();
  ASSERT_HIP(hipFree(held));
  ASSERT_HIP(hipFree(mine));
}

}  // namespace
