// Exhaustion of host resources on vgpu with a bounded system memory (VGPU_HOST_MEMORY_MB, set by
// the ctest): pinned host memory and event signals run out with hipErrorOutOfMemory, and the
// runtime works again once some are freed. Kernels check the memory they reach.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "MemoryKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr size_t kMiB = size_t{1} << 20;
// Far more than VGPU_HOST_MEMORY_MB allows: reaching it means the limit was not enforced.
constexpr size_t kMaxBlocks = 4096;

// 1 MiB pinned blocks until hipHostMalloc refuses; the refusal must be hipErrorOutOfMemory.
std::vector<void*> pinUntilFull() {
  std::vector<void*> blocks;
  for (size_t i = 0; i < kMaxBlocks; ++i) {
    void* block = reinterpret_cast<void*>(1);
    hipError_t result = hipHostMalloc(&block, kMiB, hipHostMallocDefault);
    if (result != hipSuccess) {
      EXPECT_EQ(result, hipErrorOutOfMemory);
      EXPECT_EQ(block, nullptr);
      EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);
      break;
    }
    blocks.push_back(block);
  }
  return blocks;
}

void expectPinnedBlockWorks(void* block, uint32_t tag) {
  auto* words = static_cast<uint32_t*>(block);
  size_t count = kMiB / 4;
  ASSERT_HIP(launchFillWords(words, count, tag, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  size_t wrong = 0;
  for (size_t i = 0; i < count; ++i) wrong += words[i] != tag + static_cast<uint32_t>(i);
  EXPECT_EQ(wrong, 0u);
}

// The process starts with no queue: with host memory full, the first kernel cannot get one
// (its queue and hostcall buffer live in system memory) and fails with hipErrorOutOfMemory;
// after some frees it runs, and pinning fills the rest again.
TEST(HostExhaustion, PinnedMemoryUntilRefusedThenRecoversAfterFrees) {
  std::vector<void*> blocks = pinUntilFull();
  std::printf("host exhaustion: %zu pinned MiB before hipErrorOutOfMemory\n", blocks.size());
  ASSERT_GT(blocks.size(), 16u);
  ASSERT_LT(blocks.size(), kMaxBlocks);
  EXPECT_EQ(launchFillWords(static_cast<uint32_t*>(blocks.front()), kMiB / 4, 3, nullptr),
            hipErrorOutOfMemory);
  for (int i = 0; i < 8; ++i) {
    ASSERT_HIP(hipHostFree(blocks.back()));
    blocks.pop_back();
  }
  expectPinnedBlockWorks(blocks.front(), 17);
  // Full again; then one freed block makes room for exactly one more.
  for (void* block : pinUntilFull()) blocks.push_back(block);
  ASSERT_HIP(hipHostFree(blocks.back()));
  blocks.pop_back();
  void* again = nullptr;
  ASSERT_HIP(hipHostMalloc(&again, kMiB, hipHostMallocDefault));
  blocks.push_back(again);
  void* refused = reinterpret_cast<void*>(1);
  EXPECT_EQ(hipHostMalloc(&refused, kMiB, hipHostMallocDefault), hipErrorOutOfMemory);
  EXPECT_EQ(refused, nullptr);
  (void)hipGetLastError();
  expectPinnedBlockWorks(again, 29);
  size_t count = blocks.size();
  for (void* block : blocks) ASSERT_HIP(hipHostFree(block));
  // Everything freed: the same number fits again.
  blocks = pinUntilFull();
  EXPECT_EQ(blocks.size(), count);
  expectPinnedBlockWorks(blocks.front(), 41);
  for (void* block : blocks) ASSERT_HIP(hipHostFree(block));
}

// ROCR takes event signals from system memory: with nearly all of it pinned, creating events
// runs out too, and destroying some lets creation succeed again.
TEST(HostExhaustion, EventSignalsUntilRefusedThenRecoverAfterDestroys) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(
      launchFillWords(nullptr, 0, 0, stream));  // the stream's queue exists before memory runs out
  ASSERT_HIP(hipStreamSynchronize(stream));
  std::vector<void*> blocks = pinUntilFull();
  ASSERT_GT(blocks.size(), 1u);
  ASSERT_HIP(hipHostFree(blocks.back()));  // leave about 1 MiB for signals
  blocks.pop_back();
  constexpr size_t kMaxEvents = 200000;
  std::vector<hipEvent_t> events;
  hipError_t last = hipSuccess;
  for (size_t i = 0; i < kMaxEvents; ++i) {
    hipEvent_t event = nullptr;
    last = hipEventCreate(&event);
    if (last != hipSuccess) break;
    events.push_back(event);
  }
  std::printf("host exhaustion: %zu events before %s\n", events.size(), hipGetErrorName(last));
  EXPECT_EQ(last, hipErrorOutOfMemory);
  (void)hipGetLastError();
  for (hipEvent_t event : events) ASSERT_HIP(hipEventDestroy(event));
  events.clear();
  for (void* block : blocks) ASSERT_HIP(hipHostFree(block));
  // Recovered: events work again, ordered with a kernel writing pinned memory.
  hipEvent_t done = nullptr;
  ASSERT_HIP(hipEventCreate(&done));
  void* block = nullptr;
  ASSERT_HIP(hipHostMalloc(&block, kMiB, hipHostMallocDefault));
  ASSERT_HIP(launchFillWords(static_cast<uint32_t*>(block), kMiB / 4, 55, stream));
  ASSERT_HIP(hipEventRecord(done, stream));
  ASSERT_HIP(hipEventSynchronize(done));
  size_t wrong = 0;
  for (size_t i = 0; i < kMiB / 4; ++i)
    wrong += static_cast<uint32_t*>(block)[i] != 55 + static_cast<uint32_t>(i);
  EXPECT_EQ(wrong, 0u);
  ASSERT_HIP(hipEventDestroy(done));
  ASSERT_HIP(hipHostFree(block));
  ASSERT_HIP(hipStreamDestroy(stream));
}

}  // namespace
