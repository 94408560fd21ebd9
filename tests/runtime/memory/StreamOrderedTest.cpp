// hipMallocAsync / hipFreeAsync: a block freed on a stream is taken back by the same stream at
// once, and reaches other streams and hipMalloc only after the freeing stream's earlier work
// completed. A host function holds a stream so that "earlier work pending" is deterministic.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "MemoryKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

struct Gate {
  std::atomic<bool> started{false};
  std::atomic<bool> release{false};
};

void holdStream(void* data) {
  auto* gate = static_cast<Gate*>(data);
  gate->started.store(true);
  while (!gate->release.load()) std::this_thread::sleep_for(std::chrono::microseconds(100));
}

struct Counter {
  int* count = nullptr;
  Counter() {
    EXPECT_EQ(hipHostMalloc(reinterpret_cast<void**>(&count), sizeof(int), 0), hipSuccess);
    *count = 0;
  }
  ~Counter() { (void)hipHostFree(count); }
};

TEST(StreamOrderedAllocation, TheFreeingStreamReusesABlockAtOnce) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  Counter bad;
  Gate gate;
  ASSERT_HIP(hipLaunchHostFunc(stream, holdStream, &gate));  // the stream's work stays pending
  uint32_t* first = nullptr;
  ASSERT_HIP(hipMallocAsync(reinterpret_cast<void**>(&first), 4000, stream));
  ASSERT_HIP(launchFillWords(first, 1000, 11, stream));
  ASSERT_HIP(launchCheckWords(first, 1000, 11, bad.count, stream));
  ASSERT_HIP(hipFreeAsync(first, stream));
  uint32_t* second = nullptr;
  ASSERT_HIP(hipMallocAsync(reinterpret_cast<void**>(&second), 3500, stream));  // same 4 KiB class
  EXPECT_EQ(second, first);
  ASSERT_HIP(launchFillWords(second, 875, 22, stream));
  ASSERT_HIP(launchCheckWords(second, 875, 22, bad.count, stream));
  hipDeviceptr_t base = nullptr;
  size_t size = 0;
  ASSERT_HIP(hipMemGetAddressRange(&base, &size, second));
  EXPECT_EQ(size, 3500u);
  gate.release.store(true);
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(*bad.count, 0);
  ASSERT_HIP(hipFreeAsync(second, stream));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(StreamOrderedAllocation, OtherStreamsGetTheBlockOnlyAfterTheFreeingStreamsWork) {
  hipStream_t a = nullptr, b = nullptr;
  ASSERT_HIP(hipStreamCreate(&a));
  ASSERT_HIP(hipStreamCreate(&b));
  Counter bad;
  Gate gate;
  ASSERT_HIP(hipLaunchHostFunc(a, holdStream, &gate));
  uint32_t* block = nullptr;
  ASSERT_HIP(hipMallocAsync(reinterpret_cast<void**>(&block), 2048, a));
  ASSERT_HIP(launchFillWords(block, 512, 33, a));
  ASSERT_HIP(launchCheckWords(block, 512, 33, bad.count, a));
  ASSERT_HIP(hipFreeAsync(block, a));
  // Stream a's kernels have not run: nobody else may get the block.
  uint32_t* onB = nullptr;
  ASSERT_HIP(hipMallocAsync(reinterpret_cast<void**>(&onB), 2048, b));
  EXPECT_NE(onB, block);
  void* plain = nullptr;
  ASSERT_HIP(hipMalloc(&plain, 2048));
  EXPECT_NE(plain, block);
  // b's work is independent of a's and completes while a is held.
  ASSERT_HIP(launchFillWords(onB, 512, 44, b));
  ASSERT_HIP(launchCheckWords(onB, 512, 44, bad.count, b));
  ASSERT_HIP(hipStreamSynchronize(b));
  EXPECT_EQ(*bad.count, 0);
  gate.release.store(true);
  ASSERT_HIP(hipStreamSynchronize(a));  // a's work done: the block is released
  EXPECT_EQ(*bad.count, 0);
  void* after = nullptr;
  ASSERT_HIP(hipMalloc(&after, 2048));
  EXPECT_EQ(after, block);  // most recently freed block of the class
  ASSERT_HIP(hipFree(after));
  ASSERT_HIP(hipFree(plain));
  ASSERT_HIP(hipFreeAsync(onB, b));
  ASSERT_HIP(hipStreamDestroy(a));
  ASSERT_HIP(hipStreamDestroy(b));
}

TEST(StreamOrderedAllocation, MisuseIsRefused) {
  void* p = nullptr;
  EXPECT_EQ(hipMallocAsync(nullptr, 64, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocAsync(&p, 64, reinterpret_cast<hipStream_t>(3)), hipErrorInvalidHandle);
  ASSERT_HIP(hipMallocAsync(&p, 0, nullptr));
  EXPECT_EQ(p, nullptr);
  ASSERT_HIP(hipMallocAsync(&p, 512, nullptr));
  EXPECT_EQ(hipFreeAsync(static_cast<char*>(p) + 256, nullptr), hipErrorInvalidValue);
  int local = 0;
  EXPECT_EQ(hipFreeAsync(&local, nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipFreeAsync(p, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(hipFree(p), hipErrorInvalidValue);  // released: not live any more
  ASSERT_HIP(hipFreeAsync(nullptr, nullptr));
  (void)hipGetLastError();
}

}  // namespace
