// hipFree does not stall the device (runtime/src/core/DeviceMemory.cpp): with a kernel in flight
// it returns at once, and the block is handed out again only after the kernel, which writes it
// last, has finished.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <vector>

#include "HostFlag.h"
#include "StreamKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

TEST(DeferredFree, FreeDuringALongKernelReturnsAtOnceAndTheBlockWaitsForIt) {
  constexpr int n = 1024;  // 4 KiB: a pooled size class
  Flag flag;
  hipStream_t stream, other;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipStreamCreateWithFlags(&other, hipStreamNonBlocking));
  int* a = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&a), n * sizeof(int)));
  ASSERT_HIP(launchWaitThenFill(flag.value, a, n, 77, stream));
  ASSERT_HIP(hipFree(a));  // the kernel still waits for the flag: a wait here would never end
  EXPECT_EQ(hipStreamQuery(stream), hipErrorNotReady);
  EXPECT_EQ(hipFree(a), hipErrorInvalidValue);         // freed already, even though still held
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);  // read and cleared (launchStep reads it)
  // Same size class: none of these may be `a`, which the kernel is about to write.
  std::vector<int*> blocks(8);
  for (int*& b : blocks) {
    ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&b), n * sizeof(int)));
    EXPECT_NE(b, a);
    ASSERT_HIP(hipMemsetAsync(b, 0, n * sizeof(int), other));
    ASSERT_HIP(launchStep(b, n, 5, other));
  }
  ASSERT_HIP(hipStreamSynchronize(other));
  flag.raise();
  ASSERT_HIP(hipStreamSynchronize(stream));
  std::vector<int> host(n);
  for (int* b : blocks) {
    ASSERT_HIP(hipMemcpy(host.data(), b, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 5) << "element " << i;
  }
  // The kernel finished and the device synchronised: the block is back in the allocator.
  ASSERT_HIP(hipDeviceSynchronize());
  int* again = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&again), n * sizeof(int)));
  EXPECT_EQ(again, a);
  ASSERT_HIP(hipFree(again));
  for (int* b : blocks) ASSERT_HIP(hipFree(b));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipStreamDestroy(other));
}

TEST(DeferredFree, MemGetInfoCountsAHeldBlockUntilItIsReleased) {
  constexpr size_t kBytes = size_t{64} << 20;  // beyond the pooled sizes: straight from ROCR
  Flag flag;
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  size_t free0 = 0, free1 = 0, free2 = 0, free3 = 0, total = 0;
  ASSERT_HIP(hipMemGetInfo(&free0, &total));
  int* big = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&big), kBytes));
  ASSERT_HIP(hipMemGetInfo(&free1, &total));
  EXPECT_LE(free1 + kBytes, free0);
  ASSERT_HIP(launchWaitThenFill(flag.value, big, 4096, 9, stream));
  ASSERT_HIP(hipFree(big));
  ASSERT_HIP(hipMemGetInfo(&free2, &total));
  EXPECT_EQ(free2, free1);  // still in use by the kernel: not free yet
  flag.raise();
  ASSERT_HIP(hipDeviceSynchronize());
  ASSERT_HIP(hipMemGetInfo(&free3, &total));
  EXPECT_EQ(free3, free0);
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(DeferredFree, ABlockNothingInFlightCanUseIsReusedAtOnce) {
  constexpr int n = 256;
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  int* a = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&a), n * sizeof(int)));
  ASSERT_HIP(hipMemsetAsync(a, 0, n * sizeof(int), stream));
  ASSERT_HIP(launchStep(a, n, 3, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  unsigned long long before = 0, after = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &before));
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  EXPECT_EQ(after, before);  // no barrier, no wait
  int* b = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&b), n * sizeof(int)));
  EXPECT_EQ(b, a);
  ASSERT_HIP(hipFree(b));
  ASSERT_HIP(hipStreamDestroy(stream));
}

// Out of memory with blocks held for a running kernel: hipMalloc waits for them and succeeds.
TEST(DeferredFree, AnAllocationThatNeedsHeldMemoryWaitsForIt) {
  size_t free = 0, total = 0;
  ASSERT_HIP(hipMemGetInfo(&free, &total));
  size_t bytes = (free / 2 + (size_t{1} << 20)) & ~((size_t{1} << 20) - 1);  // two do not fit
  Flag flag;
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  int *first = nullptr, *second = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&first), bytes));
  ASSERT_HIP(launchWaitThenFill(flag.value, first, 64, 1, stream));
  ASSERT_HIP(launchStep(first, 64, 2, stream));  // first[i] = 1 * 3 + 2 once the flag is up
  ASSERT_HIP(hipFree(first));
  flag.raise();  // the allocation below waits for the kernel, which now finishes
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&second), bytes));
  EXPECT_EQ(hipStreamQuery(stream), hipSuccess);
  ASSERT_HIP(hipFree(second));
  ASSERT_HIP(hipStreamDestroy(stream));
}

}  // namespace
