// Resource exhaustion (label stress): asking for more memory, streams or events than the
// device has returns the documented error (hipErrorOutOfMemory), loses nothing already
// allocated, and the runtime keeps working once resources are released.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdio>
#include <vector>

#include "StressKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << #call << ": " << hipcoreGetErrorDetail()

// A kernel writes `count` values on `stream` and they read back exactly.
void expectKernelRoundTrip(hipStream_t stream, unsigned seed) {
  constexpr unsigned kCount = 1000;
  unsigned* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), kCount * sizeof(unsigned)));
  ASSERT_HIP(launchPattern(device, kCount, seed, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  std::vector<unsigned> values(kCount);
  ASSERT_HIP(hipMemcpy(values.data(), device, kCount * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < kCount; ++i) ASSERT_EQ(values[i], patternOnHost(i, seed)) << i;
  ASSERT_HIP(hipFree(device));
}

TEST(Exhaustion, ImpossibleAllocationsFailCleanly) {
  size_t free = 0, total = 0;
  ASSERT_HIP(hipMemGetInfo(&free, &total));
  void* pointer = reinterpret_cast<void*>(uintptr_t{0x1234});
  EXPECT_EQ(hipMalloc(&pointer, total * 4), hipErrorOutOfMemory);
  EXPECT_EQ(pointer, nullptr);  // as CUDA: the output is cleared on failure
  EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);
  EXPECT_EQ(hipMalloc(&pointer, size_t{1} << 62), hipErrorOutOfMemory);
  EXPECT_EQ(hipHostMalloc(&pointer, size_t{1} << 50, 0), hipErrorOutOfMemory);
  EXPECT_EQ(hipMallocManaged(&pointer, size_t{1} << 50, hipMemAttachGlobal), hipErrorOutOfMemory);
  size_t pitch = 0;
  EXPECT_EQ(hipMallocPitch(&pointer, &pitch, size_t{1} << 31, size_t{1} << 31),
            hipErrorOutOfMemory);
  EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);  // the last failure, reset by reading it
  expectKernelRoundTrip(nullptr, 1);
}

TEST(Exhaustion, DeviceMemoryUntilFullThenReuse) {
  // Allocate 64 MiB blocks until the device says no; every block stays intact.
  constexpr size_t kBlock = size_t{64} << 20;
  std::vector<void*> blocks;
  hipError_t last = hipSuccess;
  for (int i = 0; i < 1024; ++i) {
    void* block = nullptr;
    last = hipMalloc(&block, kBlock);
    if (last != hipSuccess) break;
    blocks.push_back(block);
  }
  ASSERT_EQ(last, hipErrorOutOfMemory) << "1024 x 64 MiB fitted";
  EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);
  ASSERT_FALSE(blocks.empty());
  // Write the first and last block while memory is exhausted: they are usable.
  unsigned marker = 0xC0FFEEu;
  ASSERT_HIP(hipMemcpy(blocks.front(), &marker, sizeof marker, hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemcpy(blocks.back(), &marker, sizeof marker, hipMemcpyHostToDevice));
  unsigned back = 0;
  ASSERT_HIP(hipMemcpy(&back, blocks.back(), sizeof back, hipMemcpyDeviceToHost));
  EXPECT_EQ(back, marker);
  // Releasing one block makes room for a block of its size again.
  ASSERT_HIP(hipFree(blocks.back()));
  blocks.pop_back();
  void* again = nullptr;
  ASSERT_HIP(hipMalloc(&again, kBlock));
  blocks.push_back(again);
  for (void* block : blocks) ASSERT_HIP(hipFree(block));
  std::printf("exhaustion: %zu blocks of 64 MiB before hipErrorOutOfMemory\n", blocks.size());
  expectKernelRoundTrip(nullptr, 2);
}

TEST(Exhaustion, ManyStreamsThenRelease) {
  // Up to 512 streams: each either works or is refused with hipErrorOutOfMemory, and after
  // destroying them a new stream runs kernels exactly.
  std::vector<hipStream_t> streams;
  hipError_t last = hipSuccess;
  for (int i = 0; i < 512; ++i) {
    hipStream_t stream = nullptr;
    last = hipStreamCreate(&stream);
    if (last != hipSuccess) break;
    streams.push_back(stream);
  }
  EXPECT_TRUE(last == hipSuccess || last == hipErrorOutOfMemory) << hipGetErrorName(last);
  EXPECT_EQ(hipGetLastError(), last);
  // Every stream created works, the first and the last one checked with data.
  ASSERT_FALSE(streams.empty());
  expectKernelRoundTrip(streams.front(), 3);
  expectKernelRoundTrip(streams.back(), 4);
  for (hipStream_t stream : streams) ASSERT_HIP(hipStreamDestroy(stream));
  std::printf("exhaustion: %zu streams created (%s at the end)\n", streams.size(),
              hipGetErrorName(last));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  expectKernelRoundTrip(stream, 5);
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(Exhaustion, ManyEventsThenRelease) {
  // More events than the KFD has interrupt events (4096): each is created and recorded, or
  // refused with hipErrorOutOfMemory; all recorded ones complete.
  std::vector<hipEvent_t> events;
  hipError_t last = hipSuccess;
  for (int i = 0; i < 10000; ++i) {
    hipEvent_t event = nullptr;
    last = hipEventCreate(&event);
    if (last != hipSuccess) break;
    events.push_back(event);
    ASSERT_HIP(hipEventRecord(event, nullptr));
  }
  EXPECT_TRUE(last == hipSuccess || last == hipErrorOutOfMemory) << hipGetErrorName(last);
  EXPECT_EQ(hipGetLastError(), last);
  for (hipEvent_t event : events) ASSERT_HIP(hipEventSynchronize(event));
  float ms = -1.0f;
  ASSERT_HIP(hipEventElapsedTime(&ms, events.front(), events.back()));
  EXPECT_GE(ms, 0.0f);
  for (hipEvent_t event : events) ASSERT_HIP(hipEventDestroy(event));
  std::printf("exhaustion: %zu events created and recorded (%s at the end)\n", events.size(),
              hipGetErrorName(last));
  expectKernelRoundTrip(nullptr, 6);
}

}  // namespace
