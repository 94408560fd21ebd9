// hipFree synchronises the device when work is in flight, as HIP documents ("an implicit
// hipDeviceSynchronize", runtime/src/core/DeviceMemory.cpp), and costs nothing when all is idle.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "HostFlag.h"
#include "StreamKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// Raises `flag` after `delay` from another thread, and says whether it did.
class LateRaise {
 public:
  LateRaise(Flag& flag, std::chrono::milliseconds delay)
      : thread_([this, &flag, delay] {
          std::this_thread::sleep_for(delay);
          raised_.store(true);
          flag.raise();
        }) {}
  ~LateRaise() { thread_.join(); }
  bool raised() const { return raised_.load(); }

 private:
  std::atomic<bool> raised_{false};
  std::thread thread_;
};

TEST(FreeSynchronizes, FreeDuringAKernelReturnsAfterTheKernel) {
  constexpr int n = 1024;
  Flag flag;
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  int *freed = nullptr, *out = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&freed), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&out), n * sizeof(int)));
  ASSERT_HIP(launchWaitThenFill(flag.value, out, n, 77, stream));
  {
    LateRaise raise(flag, std::chrono::milliseconds(100));
    ASSERT_HIP(hipFree(freed));  // another stream's kernel, unrelated memory: still waited for
    EXPECT_TRUE(raise.raised());
    EXPECT_EQ(hipStreamQuery(stream), hipSuccess);
  }
  EXPECT_EQ(hipFree(freed), hipErrorInvalidValue);  // freed already
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);
  std::vector<int> host(n);
  ASSERT_HIP(hipMemcpy(host.data(), out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 77) << "element " << i;
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(FreeSynchronizes, MemGetInfoHasTheMemoryBackWhenFreeReturns) {
  constexpr size_t kBytes = size_t{64} << 20;  // beyond the pooled sizes: straight from ROCR
  Flag flag;
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  size_t free0 = 0, free1 = 0, free2 = 0, total = 0;
  ASSERT_HIP(hipMemGetInfo(&free0, &total));
  int* big = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&big), kBytes));
  ASSERT_HIP(hipMemGetInfo(&free1, &total));
  EXPECT_LE(free1 + kBytes, free0);
  ASSERT_HIP(launchWaitThenFill(flag.value, big, 4096, 9, stream));
  {
    LateRaise raise(flag, std::chrono::milliseconds(50));
    ASSERT_HIP(hipFree(big));
    EXPECT_TRUE(raise.raised());
  }
  ASSERT_HIP(hipMemGetInfo(&free2, &total));
  EXPECT_EQ(free2, free0);
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(FreeSynchronizes, AFreeWithNothingInFlightSubmitsNothing) {
  constexpr int n = 256;
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  int* a = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&a), n * sizeof(int)));
  ASSERT_HIP(hipMemsetAsync(a, 0, n * sizeof(int), stream));
  ASSERT_HIP(launchStep(a, n, 3, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  unsigned long long before = 0, after = 0, nullBefore = 0, nullAfter = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &before));
  ASSERT_HIP(hipcoreGetStreamPacketCount(nullptr, &nullBefore));
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  ASSERT_HIP(hipcoreGetStreamPacketCount(nullptr, &nullAfter));
  EXPECT_EQ(after, before);  // no barrier, no wait
  EXPECT_EQ(nullAfter, nullBefore);
  int* b = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&b), n * sizeof(int)));
  EXPECT_EQ(b, a);  // back in the allocator at once
  ASSERT_HIP(hipFree(b));
  ASSERT_HIP(hipStreamDestroy(stream));
}

}  // namespace
