// Managed-memory hints (runtime/src/api/ManagedMemoryApi.cpp): advice and prefetches read back
// page by page with CUDA's rules for ranges, the memory still read and written by a kernel and
// the host after them, and each misuse with its code.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdint>
#include <vector>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr size_t kPage = 4096;

int32_t rangeInt(hipMemRangeAttribute attribute, const void* address, size_t bytes) {
  int32_t value = 12345;
  EXPECT_EQ(hipMemRangeGetAttribute(&value, sizeof value, attribute, address, bytes), hipSuccess)
      << hipcoreGetErrorDetail();
  return value;
}

TEST(ManagedMemory, AdviceIsReadBackPageByPage) {
  uint8_t* managed = nullptr;
  ASSERT_HIP(hipMallocManaged(&managed, 3 * kPage));
  ASSERT_EQ(reinterpret_cast<uintptr_t>(managed) % kPage, 0u);
  // Nothing advised yet.
  EXPECT_EQ(rangeInt(hipMemRangeAttributeReadMostly, managed, 3 * kPage), 0);
  EXPECT_EQ(rangeInt(hipMemRangeAttributePreferredLocation, managed, 3 * kPage),
            hipInvalidDeviceId);
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, managed, 3 * kPage),
            hipInvalidDeviceId);

  // Half a page in the middle of page 1 marks all of page 1.
  ASSERT_HIP(hipMemAdvise(managed + kPage + kPage / 4, kPage / 2, hipMemAdviseSetReadMostly, 0));
  EXPECT_EQ(rangeInt(hipMemRangeAttributeReadMostly, managed + kPage, kPage), 1);
  EXPECT_EQ(rangeInt(hipMemRangeAttributeReadMostly, managed, 3 * kPage), 0);  // not all pages
  ASSERT_HIP(hipMemAdvise(managed, 3 * kPage, hipMemAdviseUnsetReadMostly, 0));
  EXPECT_EQ(rangeInt(hipMemRangeAttributeReadMostly, managed + kPage, kPage), 0);

  // A preferred location across a page border covers both pages.
  ASSERT_HIP(hipMemAdvise(managed + kPage / 2, kPage, hipMemAdviseSetPreferredLocation, 0));
  EXPECT_EQ(rangeInt(hipMemRangeAttributePreferredLocation, managed, 2 * kPage), 0);
  EXPECT_EQ(rangeInt(hipMemRangeAttributePreferredLocation, managed, 3 * kPage),
            hipInvalidDeviceId);
  ASSERT_HIP(
      hipMemAdvise(managed + 2 * kPage, kPage, hipMemAdviseSetPreferredLocation, hipCpuDeviceId));
  EXPECT_EQ(rangeInt(hipMemRangeAttributePreferredLocation, managed + 2 * kPage, 1),
            hipCpuDeviceId);

  // Accessed-by: the list of locations set on every page, then hipInvalidDeviceId.
  ASSERT_HIP(hipMemAdvise(managed, 3 * kPage, hipMemAdviseSetAccessedBy, hipCpuDeviceId));
  ASSERT_HIP(hipMemAdvise(managed, kPage, hipMemAdviseSetAccessedBy, 0));
  int32_t list[3] = {7, 7, 7};
  ASSERT_HIP(
      hipMemRangeGetAttribute(list, sizeof list, hipMemRangeAttributeAccessedBy, managed, kPage));
  EXPECT_EQ(list[0], hipCpuDeviceId);
  EXPECT_EQ(list[1], 0);
  EXPECT_EQ(list[2], hipInvalidDeviceId);
  ASSERT_HIP(hipMemRangeGetAttribute(list, sizeof list, hipMemRangeAttributeAccessedBy, managed,
                                     3 * kPage));
  EXPECT_EQ(list[0], hipCpuDeviceId);
  EXPECT_EQ(list[1], hipInvalidDeviceId);

  // Coherency: fine, coarse, or mixed.
  EXPECT_EQ(rangeInt(hipMemRangeAttributeCoherencyMode, managed, 3 * kPage),
            hipMemRangeCoherencyModeFineGrain);
  ASSERT_HIP(hipMemAdvise(managed, kPage, hipMemAdviseSetCoarseGrain, 0));
  EXPECT_EQ(rangeInt(hipMemRangeAttributeCoherencyMode, managed, kPage),
            hipMemRangeCoherencyModeCoarseGrain);
  EXPECT_EQ(rangeInt(hipMemRangeAttributeCoherencyMode, managed, 3 * kPage),
            hipMemRangeCoherencyModeIndeterminate);

  // Several at once.
  int32_t readMostly = -1, preferred = -1;
  void* data[] = {&readMostly, &preferred};
  size_t sizes[] = {sizeof readMostly, sizeof preferred};
  hipMemRangeAttribute which[] = {hipMemRangeAttributeReadMostly,
                                  hipMemRangeAttributePreferredLocation};
  ASSERT_HIP(hipMemRangeGetAttributes(data, sizes, which, 2, managed, kPage));
  EXPECT_EQ(readMostly, 0);
  EXPECT_EQ(preferred, 0);
  ASSERT_HIP(hipFree(managed));
}

TEST(ManagedMemory, PrefetchRecordsTheLocationAndTheDataStaysCoherent) {
  int* managed = nullptr;
  ASSERT_HIP(hipMallocManaged(&managed, 2 * kPage));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  for (int i = 0; i < 64; ++i) managed[i] = i * 3;
  ASSERT_HIP(hipMemPrefetchAsync(managed, 2 * kPage, 0, stream));
  ASSERT_HIP(hipStreamAttachMemAsync(stream, managed, 0, hipMemAttachSingle));
  ASSERT_HIP(launchCopyInt(managed + 100, managed + 5, stream));  // a kernel reads and writes it
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(managed[100], 15);
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, managed, 2 * kPage), 0);
  ASSERT_HIP(hipMemPrefetchAsync(managed, kPage, hipCpuDeviceId, stream));
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, managed, kPage), hipCpuDeviceId);
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, managed, 2 * kPage),
            hipInvalidDeviceId);

  // Freed and allocated again: no advice carries over to the new allocation.
  ASSERT_HIP(hipFree(managed));
  int* again = nullptr;
  ASSERT_HIP(hipMallocManaged(&again, 2 * kPage));
  EXPECT_EQ(rangeInt(hipMemRangeAttributeLastPrefetchLocation, again, 2 * kPage),
            hipInvalidDeviceId);
  ASSERT_HIP(hipFree(again));
  ASSERT_HIP(hipStreamDestroy(stream));
}

// AMD's coherency attribute answers for every allocation, not only managed memory: device memory
// is coarse-grained, host memory fine-grained unless asked for non-coherent (hip-tests'
// Unit_hipMalloc_CoherentTst reads it of hipMalloc memory).
TEST(ManagedMemory, CoherencyModeOfOtherAllocations) {
  void *device = nullptr, *host = nullptr, *nonCoherent = nullptr;
  ASSERT_EQ(hipMalloc(&device, 3 * kPage), hipSuccess);
  ASSERT_EQ(hipHostMalloc(&host, kPage, hipHostMallocDefault), hipSuccess);
  ASSERT_EQ(hipHostMalloc(&nonCoherent, kPage, hipHostMallocNonCoherent), hipSuccess);
  const struct {
    void* base;
    int32_t mode;
  } cases[] = {{device, hipMemRangeCoherencyModeCoarseGrain},
               {host, hipMemRangeCoherencyModeFineGrain},
               {nonCoherent, hipMemRangeCoherencyModeCoarseGrain}};
  for (const auto& c : cases) {
    int32_t mode = -1;
    ASSERT_EQ(
        hipMemRangeGetAttribute(&mode, sizeof mode, hipMemRangeAttributeCoherencyMode, c.base, 64),
        hipSuccess);
    EXPECT_EQ(mode, c.mode) << c.base;
  }
  // Other attributes stay managed memory's; a range past the allocation is refused.
  int32_t value = 0;
  EXPECT_EQ(hipMemRangeGetAttribute(&value, 4, hipMemRangeAttributeReadMostly, device, kPage),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemRangeGetAttribute(&value, 4, hipMemRangeAttributeCoherencyMode,
                                    static_cast<char*>(device) + kPage, 3 * kPage),
            hipErrorInvalidValue);
  ASSERT_EQ(hipFree(device), hipSuccess);
  ASSERT_EQ(hipHostFree(host), hipSuccess);
  ASSERT_EQ(hipHostFree(nonCoherent), hipSuccess);
}

TEST(ManagedMemory, MisuseGetsHipErrors) {
  uint8_t* managed = nullptr;
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMallocManaged(&managed, kPage));
  ASSERT_HIP(hipMalloc(&device, kPage));
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  void* empty = nullptr;
  EXPECT_EQ(hipMallocManaged(&empty, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAdvise(nullptr, kPage, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAdvise(managed, 0, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAdvise(managed, kPage + 1, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAdvise(device, kPage, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAdvise(managed, kPage, static_cast<hipMemoryAdvise>(-1), 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemAdvise(managed, kPage, hipMemAdviseSetPreferredLocation, count),
            hipErrorInvalidDevice);
  EXPECT_EQ(hipMemPrefetchAsync(managed, kPage, count, nullptr), hipErrorInvalidDevice);
  EXPECT_EQ(hipMemPrefetchAsync(device, kPage, 0, nullptr), hipErrorInvalidValue);
  int32_t value = 0;
  EXPECT_EQ(hipMemRangeGetAttribute(nullptr, 4, hipMemRangeAttributeReadMostly, managed, kPage),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemRangeGetAttribute(&value, 2, hipMemRangeAttributeReadMostly, managed, kPage),
            hipErrorInvalidValue);
  EXPECT_EQ(
      hipMemRangeGetAttribute(&value, 4, static_cast<hipMemRangeAttribute>(0), managed, kPage),
      hipErrorInvalidValue);
  EXPECT_EQ(hipMemRangeGetAttribute(&value, 4, hipMemRangeAttributeReadMostly, device, kPage),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemRangeGetAttributes(nullptr, nullptr, nullptr, 1, managed, kPage),
            hipErrorInvalidValue);
  EXPECT_EQ(hipStreamAttachMemAsync(nullptr, managed, 0, 8), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamAttachMemAsync(nullptr, managed + 64, 0, hipMemAttachGlobal),
            hipErrorInvalidValue);
  EXPECT_EQ(hipStreamAttachMemAsync(nullptr, device, 0, hipMemAttachGlobal), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(managed));
  ASSERT_HIP(hipFree(device));
  (void)hipGetLastError();
}

}  // namespace
