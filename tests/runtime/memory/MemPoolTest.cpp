// hipMemPool_t on a GPU (vgpu, VGPU_MEMORY_MB=512): the default pool, created pools used from
// two streams ordered by events, release thresholds and trimming seen in hipMemGetInfo, exact
// attributes, exhaustion and recovery, and the errors of misuse. Kernels check the data.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdint>
#include <vector>

#include "MemoryKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr size_t kMiB = size_t{1} << 20;

struct Mismatches {
  int* count = nullptr;
  Mismatches() {
    EXPECT_EQ(hipHostMalloc(reinterpret_cast<void**>(&count), sizeof(int), 0), hipSuccess);
    *count = 0;
  }
  ~Mismatches() { (void)hipHostFree(count); }
};

hipMemPoolProps devicePoolProps(size_t maxSize = 0) {
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypeNone;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  props.maxSize = maxSize;
  return props;
}

uint64_t attribute(hipMemPool_t pool, hipMemPoolAttr which) {
  uint64_t value = ~uint64_t{0};
  EXPECT_EQ(hipMemPoolGetAttribute(pool, which, &value), hipSuccess) << hipcoreGetErrorDetail();
  return value;
}

size_t freeDeviceMemory() {
  size_t free = 0, total = 0;
  EXPECT_EQ(hipMemGetInfo(&free, &total), hipSuccess);
  return free;
}

TEST(MemPool, TheDefaultPoolIsTheCurrentPoolAndServesHipMallocAsync) {
  hipMemPool_t first = nullptr, second = nullptr, current = nullptr;
  ASSERT_HIP(hipDeviceGetDefaultMemPool(&first, 0));
  ASSERT_HIP(hipDeviceGetDefaultMemPool(&second, 0));
  ASSERT_HIP(hipDeviceGetMemPool(&current, 0));
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first, second);
  EXPECT_EQ(current, first);
  uint64_t usedBefore = attribute(first, hipMemPoolAttrUsedMemCurrent);
  void* p = nullptr;
  ASSERT_HIP(hipMallocAsync(&p, 1000, nullptr));
  EXPECT_EQ(attribute(first, hipMemPoolAttrUsedMemCurrent), usedBefore + 1000);
  ASSERT_HIP(hipFreeAsync(p, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(attribute(first, hipMemPoolAttrUsedMemCurrent), usedBefore);
  EXPECT_EQ(hipMemPoolDestroy(first), hipErrorInvalidValue);  // a default pool stays
}

TEST(MemPool, ACreatedPoolBecomesCurrentServesKernelsAndIsRefusedOnceDestroyed) {
  hipMemPool_t pool = nullptr, defaultPool = nullptr, current = nullptr;
  hipMemPoolProps props = devicePoolProps();
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  ASSERT_HIP(hipDeviceGetDefaultMemPool(&defaultPool, 0));
  EXPECT_NE(pool, defaultPool);
  ASSERT_HIP(hipDeviceSetMemPool(0, pool));
  ASSERT_HIP(hipDeviceGetMemPool(&current, 0));
  EXPECT_EQ(current, pool);
  uint64_t defaultUsed = attribute(defaultPool, hipMemPoolAttrUsedMemCurrent);
  Mismatches bad;
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  uint32_t* words = nullptr;
  ASSERT_HIP(hipMallocAsync(reinterpret_cast<void**>(&words), 4096 * 4, stream));  // current pool
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 4096u * 4);
  EXPECT_EQ(attribute(defaultPool, hipMemPoolAttrUsedMemCurrent), defaultUsed);
  ASSERT_HIP(launchFillWords(words, 4096, 7, stream));
  ASSERT_HIP(launchCheckWords(words, 4096, 7, bad.count, stream));
  ASSERT_HIP(hipFreeAsync(words, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(*bad.count, 0);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 0u);
  ASSERT_HIP(hipMemPoolDestroy(pool));
  ASSERT_HIP(hipDeviceGetMemPool(&current, 0));
  EXPECT_EQ(current, defaultPool);  // the destroyed current pool is replaced by the default
  uint64_t value = 0;
  void* p = nullptr;
  EXPECT_EQ(hipMemPoolDestroy(pool), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &value),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &value),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolTrimTo(pool, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocFromPoolAsync(&p, 64, pool, stream), hipErrorInvalidValue);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(hipDeviceSetMemPool(0, pool), hipErrorInvalidValue);
  ASSERT_HIP(hipStreamDestroy(stream));
  (void)hipGetLastError();
}

// A block freed on stream a goes to stream b only after a synchronisation saw a's free complete;
// b's work ordered after a's by an event uses its own block meanwhile. Both keep their data.
TEST(MemPool, TwoStreamsOrderedByAnEventReuseAPoolsBlocksSafely) {
  hipMemPool_t pool = nullptr;
  hipMemPoolProps props = devicePoolProps();
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  uint64_t keepAll = UINT64_MAX;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keepAll));
  hipStream_t a = nullptr, b = nullptr;
  ASSERT_HIP(hipStreamCreate(&a));
  ASSERT_HIP(hipStreamCreate(&b));
  hipEvent_t freed = nullptr;
  ASSERT_HIP(hipEventCreate(&freed));
  Mismatches bad;
  uint32_t* onA = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&onA), 4000, pool, a));
  ASSERT_HIP(launchFillWords(onA, 1000, 100, a));
  ASSERT_HIP(launchCheckWords(onA, 1000, 100, bad.count, a));
  ASSERT_HIP(hipFreeAsync(onA, a));
  ASSERT_HIP(hipEventRecord(freed, a));
  ASSERT_HIP(hipStreamWaitEvent(b, freed, 0));
  uint32_t* onB = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&onB), 4000, pool, b));
  ASSERT_HIP(launchFillWords(onB, 1000, 200, b));
  ASSERT_HIP(launchCheckWords(onB, 1000, 200, bad.count, b));
  // The same stream takes its own freed block back at once (same size class).
  uint32_t* againOnA = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&againOnA), 3800, pool, a));
  EXPECT_EQ(againOnA, onA);
  ASSERT_HIP(launchFillWords(againOnA, 950, 300, a));
  ASSERT_HIP(launchCheckWords(againOnA, 950, 300, bad.count, a));
  ASSERT_HIP(hipFreeAsync(againOnA, a));
  ASSERT_HIP(hipStreamSynchronize(a));  // a's free is complete: the block is the pool's again
  uint32_t* laterOnB = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&laterOnB), 4000, pool, b));
  EXPECT_EQ(laterOnB, onA);  // most recently released block of the class
  ASSERT_HIP(launchFillWords(laterOnB, 1000, 400, b));
  ASSERT_HIP(launchCheckWords(laterOnB, 1000, 400, bad.count, b));
  ASSERT_HIP(launchCheckWords(onB, 1000, 200, bad.count, b));
  ASSERT_HIP(hipFreeAsync(onB, b));
  ASSERT_HIP(hipFreeAsync(laterOnB, b));
  ASSERT_HIP(hipStreamSynchronize(b));
  EXPECT_EQ(*bad.count, 0);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 0u);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 2 * kMiB);  // one 4 KiB-class chunk
  ASSERT_HIP(hipEventDestroy(freed));
  ASSERT_HIP(hipStreamDestroy(a));
  ASSERT_HIP(hipStreamDestroy(b));
  ASSERT_HIP(hipMemPoolDestroy(pool));
}

TEST(MemPool, ReleaseThresholdZeroReturnsMemoryAtSynchronisation) {
  hipMemPool_t pool = nullptr;
  hipMemPoolProps props = devicePoolProps();
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReleaseThreshold), 0u);
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  size_t baseline = freeDeviceMemory();
  Mismatches bad;
  std::vector<uint32_t*> blocks(8);
  for (uint32_t*& block : blocks) {
    ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&block), kMiB, pool, stream));
    ASSERT_HIP(launchFillWords(block, kMiB / 4, 5, stream));
    ASSERT_HIP(launchCheckWords(block, kMiB / 4, 5, bad.count, stream));
  }
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 8 * kMiB);  // two 4 MiB chunks
  EXPECT_EQ(freeDeviceMemory(), baseline - 8 * kMiB);
  for (uint32_t* block : blocks) ASSERT_HIP(hipFreeAsync(block, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(*bad.count, 0);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 0u);
  EXPECT_EQ(freeDeviceMemory(), baseline);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemHigh), 8 * kMiB);
  // Freed on an idle stream: back in the pool at once, returned at the next synchronisation
  // (an event's, here), not by the free itself (that would cost a ROCR allocation per reuse).
  hipEvent_t event = nullptr;
  ASSERT_HIP(hipEventCreate(&event));
  void* idle = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(&idle, kMiB, pool, stream));
  ASSERT_HIP(hipFreeAsync(idle, stream));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 0u);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 4 * kMiB);
  ASSERT_HIP(hipEventRecord(event, stream));
  ASSERT_HIP(hipEventSynchronize(event));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 0u);
  ASSERT_HIP(hipEventDestroy(event));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipMemPoolDestroy(pool));
}

TEST(MemPool, TrimToReleasesHeldMemoryDownToTheBytesToKeep) {
  hipMemPool_t pool = nullptr;
  hipMemPoolProps props = devicePoolProps();
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  uint64_t keepAll = UINT64_MAX;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keepAll));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  size_t baseline = freeDeviceMemory();
  std::vector<void*> blocks(8);
  for (void*& block : blocks) ASSERT_HIP(hipMallocFromPoolAsync(&block, kMiB, pool, stream));
  for (void* block : blocks) ASSERT_HIP(hipFreeAsync(block, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 0u);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent),
            8 * kMiB);  // kept: the threshold is UINT64_MAX
  EXPECT_EQ(freeDeviceMemory(), baseline - 8 * kMiB);
  ASSERT_HIP(hipMemPoolTrimTo(pool, 5 * kMiB));  // one 4 MiB chunk must stay to keep 5 MiB
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 8 * kMiB);
  ASSERT_HIP(hipMemPoolTrimTo(pool, 4 * kMiB));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 4 * kMiB);
  EXPECT_EQ(freeDeviceMemory(), baseline - 4 * kMiB);
  ASSERT_HIP(hipMemPoolTrimTo(pool, 0));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 0u);
  EXPECT_EQ(freeDeviceMemory(), baseline);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipMemPoolDestroy(pool));
}

// Blocks beyond the size classes (here 24 MiB, each its own ROCR allocation) freed in stream
// order stay in the pool under its release threshold: the next allocation of that size takes
// the same memory back, and hipMemPoolTrimTo returns it (hip-tests' hipMemPoolTrimTo_Basic).
TEST(MemPool, LargeBlocksFreedInStreamOrderAreKeptReusedAndTrimmed) {
  constexpr size_t kLarge = 24 * kMiB;
  hipMemPool_t pool = nullptr;
  hipMemPoolProps props = devicePoolProps();
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  uint64_t threshold = 64 * kMiB;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  size_t baseline = freeDeviceMemory();
  Mismatches bad;
  uint32_t* first = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&first), kLarge, pool, stream));
  ASSERT_HIP(launchFillWords(first, kLarge / 4, 3, stream));
  ASSERT_HIP(hipFreeAsync(first, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 0u);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), kLarge);  // under the threshold
  EXPECT_EQ(freeDeviceMemory(), baseline - kLarge);

  uint32_t* again = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&again), kLarge, pool, stream));
  EXPECT_EQ(again, first) << "the kept block was not reused";
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), kLarge);
  ASSERT_HIP(launchFillWords(again, kLarge / 4, 9, stream));
  ASSERT_HIP(launchCheckWords(again, kLarge / 4, 9, bad.count, stream));
  // Another size does not take it: a second ROCR allocation.
  void* other = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(&other, kLarge + 4096, pool, stream));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 2 * kLarge + 4096);
  ASSERT_HIP(hipFreeAsync(again, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  ASSERT_HIP(hipFreeAsync(other, stream));  // freed later: kept longer
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(*bad.count, 0);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 2 * kLarge + 4096);

  ASSERT_HIP(hipMemPoolTrimTo(pool, kLarge + 4096));  // the older block goes, one stays
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), kLarge + 4096);
  ASSERT_HIP(hipMemPoolTrimTo(pool, 0));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 0u);
  EXPECT_EQ(freeDeviceMemory(), baseline);

  // A release threshold below the cached bytes returns them at the next synchronisation.
  threshold = 0;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold));
  ASSERT_HIP(hipMallocFromPoolAsync(&other, kLarge, pool, stream));
  ASSERT_HIP(hipFreeAsync(other, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 0u);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipMemPoolDestroy(pool));
}

TEST(MemPool, AttributesReadBackAndUsedMemoryIsExact) {
  hipMemPool_t pool = nullptr;
  hipMemPoolProps props = devicePoolProps();
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  for (hipMemPoolAttr reuse :
       {hipMemPoolReuseFollowEventDependencies, hipMemPoolReuseAllowOpportunistic,
        hipMemPoolReuseAllowInternalDependencies}) {
    int value = -1;
    ASSERT_HIP(hipMemPoolGetAttribute(pool, reuse, &value));
    EXPECT_EQ(value, 1);  // on by default, as in CUDA
    int off = 0;
    ASSERT_HIP(hipMemPoolSetAttribute(pool, reuse, &off));
    ASSERT_HIP(hipMemPoolGetAttribute(pool, reuse, &value));
    EXPECT_EQ(value, 0);
  }
  uint64_t threshold = 3 * kMiB;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReleaseThreshold), threshold);

  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  void *small = nullptr, *medium = nullptr, *large = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(&small, 100, pool, stream));    // 256 B class, 2 MiB chunk
  ASSERT_HIP(hipMallocFromPoolAsync(&medium, 3000, pool, stream));  // 3 KiB class, 3 MiB chunk
  ASSERT_HIP(hipMallocFromPoolAsync(&large, 2 * kMiB + 1, pool, stream));  // its own, 256-rounded
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 100u + 3000u + 2 * kMiB + 1);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemHigh), 100u + 3000u + 2 * kMiB + 1);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent),
            2 * kMiB + 3 * kMiB + 2 * kMiB + 256);
  ASSERT_HIP(hipFreeAsync(large, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 3100u);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemHigh), 3100u + 2 * kMiB + 1);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 5 * kMiB);
  uint64_t zero = 0, nonzero = 1;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero));  // reset to current
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemHigh), 3100u);
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &zero));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemHigh), 5 * kMiB);
  EXPECT_EQ(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &nonzero),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &zero),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &zero),
            hipErrorInvalidValue);
  // Both blocks freed: the pool keeps at least its 3 MiB threshold (CUDA: memory above it is
  // released): the 2 MiB chunk goes, the 3 MiB one stays.
  ASSERT_HIP(hipFreeAsync(small, stream));
  ASSERT_HIP(hipFreeAsync(medium, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemCurrent), 0u);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 3 * kMiB);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipMemPoolDestroy(pool));
  (void)hipGetLastError();
}

TEST(MemPool, OnlyTheOwningDeviceHasAccess) {
  hipMemPool_t pool = nullptr;
  hipMemPoolProps props = devicePoolProps();
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  hipMemLocation owner{hipMemLocationTypeDevice, 0};
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  ASSERT_HIP(hipMemPoolGetAccess(&flags, pool, &owner));
  EXPECT_EQ(flags, hipMemAccessFlagsProtReadWrite);
  hipMemAccessDesc readWrite{owner, hipMemAccessFlagsProtReadWrite};
  ASSERT_HIP(hipMemPoolSetAccess(pool, &readWrite, 1));
  ASSERT_HIP(hipMemPoolSetAccess(pool, nullptr, 0));
  hipMemAccessDesc none{owner, hipMemAccessFlagsProtNone};
  EXPECT_EQ(hipMemPoolSetAccess(pool, &none, 1), hipErrorInvalidValue);
  hipMemAccessDesc badFlags{owner, static_cast<hipMemAccessFlags>(2)};
  EXPECT_EQ(hipMemPoolSetAccess(pool, &badFlags, 1), hipErrorInvalidValue);
  int devices = 0;
  ASSERT_HIP(hipGetDeviceCount(&devices));
  hipMemLocation missing{hipMemLocationTypeDevice, devices};
  hipMemAccessDesc onMissing{missing, hipMemAccessFlagsProtReadWrite};
  EXPECT_EQ(hipMemPoolSetAccess(pool, &onMissing, 1), hipErrorInvalidDevice);
  EXPECT_EQ(hipMemPoolGetAccess(&flags, pool, &missing), hipErrorInvalidDevice);
  hipMemLocation invalid{hipMemLocationTypeInvalid, 0};
  EXPECT_EQ(hipMemPoolGetAccess(&flags, pool, &invalid), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolSetAccess(pool, nullptr, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolGetAccess(nullptr, pool, &owner), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolGetAccess(&flags, pool, nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipMemPoolDestroy(pool));
  (void)hipGetLastError();
}

// A pool limited by maxSize: 1 MiB blocks fill 4 MiB chunks exactly, so 64 fit in 64 MiB.
TEST(MemPool, ExhaustionReturnsOutOfMemoryAndTrimmingRecovers) {
  hipMemPool_t pool = nullptr;
  hipMemPoolProps props = devicePoolProps(64 * kMiB);
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  uint64_t keepAll = UINT64_MAX;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keepAll));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  Mismatches bad;
  std::vector<uint32_t*> blocks;
  for (int i = 0; i < 100; ++i) {
    uint32_t* block = nullptr;
    hipError_t result =
        hipMallocFromPoolAsync(reinterpret_cast<void**>(&block), kMiB, pool, stream);
    if (result != hipSuccess) {
      EXPECT_EQ(result, hipErrorOutOfMemory);
      EXPECT_EQ(block, nullptr);
      break;
    }
    blocks.push_back(block);
  }
  ASSERT_EQ(blocks.size(), 64u);
  (void)hipGetLastError();
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 64 * kMiB);
  void* large = nullptr;
  EXPECT_EQ(hipMallocFromPoolAsync(&large, 8 * kMiB, pool, stream), hipErrorOutOfMemory);
  EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);  // the launch helpers report the last error
  for (uint32_t* block : blocks) ASSERT_HIP(hipFreeAsync(block, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 64 * kMiB);  // all cached
  ASSERT_HIP(hipMemPoolTrimTo(pool, 0));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReservedMemCurrent), 0u);
  // Recovered: eight 8 MiB allocations fill the pool again, and kernels use them.
  std::vector<uint32_t*> larges(8);
  for (size_t i = 0; i < larges.size(); ++i) {
    ASSERT_HIP(
        hipMallocFromPoolAsync(reinterpret_cast<void**>(&larges[i]), 8 * kMiB, pool, stream));
    ASSERT_HIP(launchFillWords(larges[i], 2 * kMiB, 1000 * uint32_t(i), stream));
  }
  for (size_t i = 0; i < larges.size(); ++i)
    ASSERT_HIP(launchCheckWords(larges[i], 2 * kMiB, 1000 * uint32_t(i), bad.count, stream));
  EXPECT_EQ(hipMallocFromPoolAsync(&large, 256, pool, stream), hipErrorOutOfMemory);
  for (uint32_t* block : larges) ASSERT_HIP(hipFreeAsync(block, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(*bad.count, 0);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipMemPoolDestroy(pool));
  (void)hipGetLastError();
}

// CUDA: destroying a pool with allocations outstanding returns at once; they stay usable and
// the pool's memory goes back as they are freed.
TEST(MemPool, DestroyingAPoolWithOutstandingAllocationsKeepsThemUntilFreed) {
  size_t baseline = freeDeviceMemory();
  hipMemPool_t pool = nullptr;
  hipMemPoolProps props = devicePoolProps();
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  Mismatches bad;
  uint32_t *block = nullptr, *large = nullptr, *idle = nullptr;
  ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&block), 4096, pool, stream));
  ASSERT_HIP(hipMallocFromPoolAsync(reinterpret_cast<void**>(&large), 3 * kMiB, pool, stream));
  ASSERT_HIP(
      hipMallocFromPoolAsync(reinterpret_cast<void**>(&idle), 256 * kMiB / 1024, pool, stream));
  ASSERT_HIP(hipMemPoolDestroy(pool));
  ASSERT_HIP(launchFillWords(block, 1024, 9, stream));
  ASSERT_HIP(launchCheckWords(block, 1024, 9, bad.count, stream));
  ASSERT_HIP(launchFillWords(large, 3 * kMiB / 4, 19, stream));
  ASSERT_HIP(launchCheckWords(large, 3 * kMiB / 4, 19, bad.count, stream));
  ASSERT_HIP(hipFreeAsync(block, stream));
  ASSERT_HIP(hipFreeAsync(large, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(*bad.count, 0);
  EXPECT_LT(freeDeviceMemory(), baseline);  // the 256 KiB block's chunk is still held
  ASSERT_HIP(hipFree(idle));                // hipFree returns pool memory to its pool too
  EXPECT_EQ(freeDeviceMemory(), baseline);  // every byte of the destroyed pool went back
  // A new pool reuses the retired one's bookkeeping and starts empty.
  ASSERT_HIP(hipMemPoolCreate(&pool, &props));
  EXPECT_EQ(attribute(pool, hipMemPoolAttrUsedMemHigh), 0u);
  EXPECT_EQ(attribute(pool, hipMemPoolAttrReleaseThreshold), 0u);
  ASSERT_HIP(hipMemPoolDestroy(pool));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(MemPool, MisuseIsRefusedWithTheDocumentedErrors) {
  hipMemPool_t pool = nullptr, defaultPool = nullptr;
  hipMemPoolProps props = devicePoolProps();
  int devices = 0;
  ASSERT_HIP(hipGetDeviceCount(&devices));
  EXPECT_EQ(hipDeviceGetDefaultMemPool(nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetDefaultMemPool(&pool, -1), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceGetDefaultMemPool(&pool, devices), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceGetMemPool(nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetMemPool(&pool, devices), hipErrorInvalidValue);
  ASSERT_HIP(hipDeviceGetDefaultMemPool(&defaultPool, 0));
  EXPECT_EQ(hipDeviceSetMemPool(devices, defaultPool), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceSetMemPool(0, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceSetMemPool(0, reinterpret_cast<hipMemPool_t>(8)), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolCreate(nullptr, &props), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolCreate(&pool, nullptr), hipErrorInvalidValue);
  hipMemPoolProps bad = props;
  bad.allocType = hipMemAllocationTypeInvalid;
  EXPECT_EQ(hipMemPoolCreate(&pool, &bad), hipErrorInvalidValue);
  bad = props;
  bad.location.type = hipMemLocationTypeInvalid;
  EXPECT_EQ(hipMemPoolCreate(&pool, &bad), hipErrorInvalidValue);
  bad = props;
  bad.location.id = devices;
  EXPECT_EQ(hipMemPoolCreate(&pool, &bad), hipErrorInvalidDevice);
  bad = props;
  bad.handleTypes = hipMemHandleTypeWin32;  // POSIX descriptors: tests/runtime/sharing
  EXPECT_EQ(hipMemPoolCreate(&pool, &bad), hipErrorNotSupported);
  EXPECT_EQ(hipMemPoolDestroy(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolTrimTo(nullptr, 0), hipErrorInvalidValue);
  uint64_t value = 0;
  EXPECT_EQ(hipMemPoolGetAttribute(nullptr, hipMemPoolAttrUsedMemCurrent, &value),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolGetAttribute(defaultPool, hipMemPoolAttrUsedMemCurrent, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolGetAttribute(defaultPool, static_cast<hipMemPoolAttr>(99), &value),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolSetAttribute(defaultPool, hipMemPoolAttrReleaseThreshold, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolSetAttribute(defaultPool, static_cast<hipMemPoolAttr>(0), &value),
            hipErrorInvalidValue);
  void* p = reinterpret_cast<void*>(1);
  EXPECT_EQ(hipMallocFromPoolAsync(nullptr, 64, defaultPool, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocFromPoolAsync(&p, 64, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(hipMallocFromPoolAsync(&p, 64, defaultPool, reinterpret_cast<hipStream_t>(3)),
            hipErrorInvalidHandle);
  ASSERT_HIP(hipMallocFromPoolAsync(&p, 0, defaultPool, nullptr));
  EXPECT_EQ(p, nullptr);
  // The runtime is still usable.
  ASSERT_HIP(hipMallocFromPoolAsync(&p, 64, defaultPool, nullptr));
  ASSERT_HIP(hipFreeAsync(p, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  (void)hipGetLastError();
}

}  // namespace
