// Device identity and configuration calls (runtime/src/api/DeviceIdentityApi.cpp,
// DeviceConfigApi.cpp) and the older allocation names (LegacyAllocationApi.cpp): each answer
// checked against hipGetDeviceProperties or against memory the GPU really reads and writes, and
// each misuse against HIP's documented error.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

int deviceCount() {
  int count = 0;
  EXPECT_EQ(hipGetDeviceCount(&count), hipSuccess);
  return count;
}

TEST(DeviceIdentity, UuidAndComputeCapabilityAreThePropertiesOnes) {
  for (int device = 0; device < deviceCount(); ++device) {
    hipDeviceProp_t properties{};
    ASSERT_HIP(hipGetDeviceProperties(&properties, device));
    hipUUID uuid{};
    ASSERT_HIP(hipDeviceGetUuid(&uuid, device));
    EXPECT_EQ(std::memcmp(uuid.bytes, properties.uuid.bytes, sizeof(uuid.bytes)), 0);
    int major = -1, minor = -1;
    ASSERT_HIP(hipDeviceComputeCapability(&major, &minor, device));
    EXPECT_EQ(major, properties.major);
    EXPECT_EQ(minor, properties.minor);
  }
  hipUUID uuid{};
  int major = 0, minor = 0;
  EXPECT_EQ(hipDeviceGetUuid(nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetUuid(&uuid, deviceCount()), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceComputeCapability(nullptr, &minor, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceComputeCapability(&major, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceComputeCapability(&major, &minor, -1), hipErrorInvalidDevice);
}

TEST(DeviceIdentity, PciBusIdsLeadBackToTheirDevice) {
  for (int device = 0; device < deviceCount(); ++device) {
    char busId[32] = {};
    ASSERT_HIP(hipDeviceGetPCIBusId(busId, sizeof(busId), device));
    int found = -1;
    ASSERT_HIP(hipDeviceGetByPCIBusId(&found, busId));
    EXPECT_EQ(found, device) << busId;
    // Without the domain (domain 0) and in upper case, as CUDA accepts it.
    hipDeviceProp_t p{};
    ASSERT_HIP(hipGetDeviceProperties(&p, device));
    if (p.pciDomainID == 0) {
      char shortForm[32];
      std::snprintf(shortForm, sizeof(shortForm), "%02X:%02X.0", p.pciBusID, p.pciDeviceID);
      found = -1;
      ASSERT_HIP(hipDeviceGetByPCIBusId(&found, shortForm));
      EXPECT_EQ(found, device) << shortForm;
    }
  }
  int found = 0;
  EXPECT_EQ(hipDeviceGetByPCIBusId(nullptr, "0000:00:00.0"), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetByPCIBusId(&found, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetByPCIBusId(&found, "not a bus id"), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetByPCIBusId(&found, "0000:00:00.0 trailing"), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetByPCIBusId(&found, "ffff:ff:1f.0"), hipErrorInvalidDevice);
}

TEST(DeviceIdentity, PeerAttributesAreZeroWithoutPeerAccess) {
  int count = deviceCount();
  int value = -1;
  EXPECT_EQ(hipDeviceGetP2PAttribute(nullptr, hipDevP2PAttrAccessSupported, 0, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 0, 0),
            hipErrorInvalidDevice);  // a device is not its own peer
  EXPECT_EQ(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 0, count),
            hipErrorInvalidDevice);
  if (count < 2) return;
  for (int attribute = hipDevP2PAttrPerformanceRank;
       attribute <= hipDevP2PAttrHipArrayAccessSupported; ++attribute) {
    value = -1;
    ASSERT_HIP(hipDeviceGetP2PAttribute(&value, static_cast<hipDeviceP2PAttr>(attribute), 0, 1));
    EXPECT_EQ(value, 0) << attribute;
  }
  int canAccess = -1;
  ASSERT_HIP(hipDeviceCanAccessPeer(&canAccess, 0, 1));
  EXPECT_EQ(canAccess, 0);  // the attribute agrees with the peer query
  EXPECT_EQ(hipDeviceGetP2PAttribute(&value, static_cast<hipDeviceP2PAttr>(9), 0, 1),
            hipErrorInvalidValue);
}

TEST(DeviceIdentity, StreamDeviceIdsNameTheStreamsDevice) {
  int current = -1;
  ASSERT_HIP(hipGetDevice(&current));
  EXPECT_EQ(hipGetStreamDeviceId(nullptr), current);
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  EXPECT_EQ(hipGetStreamDeviceId(stream), current);
  ASSERT_HIP(hipStreamDestroy(stream));
  EXPECT_EQ(hipGetStreamDeviceId(reinterpret_cast<hipStream_t>(8)), -1);
}

TEST(DeviceConfig, FixedCacheAndBankConfigurationsAreReportedAndValidatedOnly) {
  hipFuncCache_t cache = hipFuncCachePreferL1;
  ASSERT_HIP(hipDeviceGetCacheConfig(&cache));
  EXPECT_EQ(cache, hipFuncCachePreferNone);
  hipSharedMemConfig banks = hipSharedMemBankSizeEightByte;
  ASSERT_HIP(hipDeviceGetSharedMemConfig(&banks));
  EXPECT_EQ(banks, hipSharedMemBankSizeFourByte);
  for (int c = hipFuncCachePreferNone; c <= hipFuncCachePreferEqual; ++c) {
    EXPECT_EQ(hipDeviceSetCacheConfig(static_cast<hipFuncCache_t>(c)), hipSuccess) << c;
    EXPECT_EQ(hipFuncSetCacheConfig(emptyKernelHandle(), static_cast<hipFuncCache_t>(c)),
              hipSuccess);
  }
  for (int b = hipSharedMemBankSizeDefault; b <= hipSharedMemBankSizeEightByte; ++b) {
    EXPECT_EQ(hipDeviceSetSharedMemConfig(static_cast<hipSharedMemConfig>(b)), hipSuccess) << b;
    EXPECT_EQ(hipFuncSetSharedMemConfig(emptyKernelHandle(), static_cast<hipSharedMemConfig>(b)),
              hipSuccess);
  }
  ASSERT_HIP(hipDeviceGetSharedMemConfig(&banks));
  EXPECT_EQ(banks, hipSharedMemBankSizeFourByte);  // still what the hardware has
  EXPECT_EQ(hipDeviceGetCacheConfig(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetSharedMemConfig(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceSetCacheConfig(static_cast<hipFuncCache_t>(4)), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceSetSharedMemConfig(static_cast<hipSharedMemConfig>(3)), hipErrorInvalidValue);
  EXPECT_EQ(hipFuncSetSharedMemConfig(emptyKernelHandle(), static_cast<hipSharedMemConfig>(-1)),
            hipErrorInvalidValue);
  static int notAKernel;
  EXPECT_EQ(hipFuncSetSharedMemConfig(&notAKernel, hipSharedMemBankSizeDefault),
            hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipFuncSetSharedMemConfig(nullptr, hipSharedMemBankSizeDefault),
            hipErrorInvalidDeviceFunction);
}

TEST(DeviceConfig, DynamicSharedMemoryAttributeIsBoundedByWhatTheKernelLeaves) {
  hipFuncAttributes attributes{};
  ASSERT_HIP(hipFuncGetAttributes(&attributes, emptyKernelHandle()));
  int room = attributes.maxDynamicSharedSizeBytes;
  ASSERT_GT(room, 0);
  const void* kernel = emptyKernelHandle();
  EXPECT_EQ(hipFuncSetAttribute(kernel, hipFuncAttributeMaxDynamicSharedMemorySize, 0), hipSuccess);
  EXPECT_EQ(hipFuncSetAttribute(kernel, hipFuncAttributeMaxDynamicSharedMemorySize, room),
            hipSuccess);
  EXPECT_EQ(hipFuncSetAttribute(kernel, hipFuncAttributeMaxDynamicSharedMemorySize, room + 1),
            hipErrorInvalidValue);
  EXPECT_EQ(hipFuncSetAttribute(kernel, hipFuncAttributeMaxDynamicSharedMemorySize, -1),
            hipErrorInvalidValue);
  EXPECT_EQ(hipFuncSetAttribute(kernel, hipFuncAttributePreferredSharedMemoryCarveout, -1),
            hipSuccess);
  EXPECT_EQ(hipFuncSetAttribute(kernel, hipFuncAttributePreferredSharedMemoryCarveout, 100),
            hipSuccess);
  EXPECT_EQ(hipFuncSetAttribute(kernel, hipFuncAttributePreferredSharedMemoryCarveout, 101),
            hipErrorInvalidValue);
  EXPECT_EQ(hipFuncSetAttribute(kernel, hipFuncAttributeMax, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipFuncSetAttribute(nullptr, hipFuncAttributeMaxDynamicSharedMemorySize, 0),
            hipErrorInvalidDeviceFunction);
  // The room the attribute allows is really there: a launch using all of it succeeds.
  EXPECT_EQ(hipLaunchKernel(kernel, dim3(1), dim3(32), nullptr, static_cast<size_t>(room), nullptr),
            hipSuccess);
  ASSERT_HIP(hipDeviceSynchronize());
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST(LegacyAllocation, OlderHostAllocationNamesGivePinnedMemoryTheGpuWrites) {
  using Allocate = hipError_t (*)(void**, size_t);
  Allocate allocators[] = {hipMallocHost, hipMemAllocHost,
                           [](void** p, size_t n) { return hipHostAlloc(p, n, 0); }};
  (void)hipGetLastError();  // launchCopyInt reports the last error: start from none
  for (Allocate allocate : allocators) {
    int* host = nullptr;
    ASSERT_HIP(allocate(reinterpret_cast<void**>(&host), 64 * sizeof(int)));
    ASSERT_NE(host, nullptr);
    hipPointerAttribute_t attributes{};
    ASSERT_HIP(hipPointerGetAttributes(&attributes, host));
    EXPECT_EQ(attributes.type, hipMemoryTypeHost);
    int* source = nullptr;
    ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&source), sizeof(int)));
    int value = 0x5eed;
    ASSERT_HIP(hipMemcpy(source, &value, sizeof(int), hipMemcpyHostToDevice));
    host[0] = 0;
    ASSERT_HIP(launchCopyInt(host, source, nullptr));  // the kernel writes host memory directly
    ASSERT_HIP(hipDeviceSynchronize());
    EXPECT_EQ(host[0], 0x5eed);
    ASSERT_HIP(hipFree(source));
    ASSERT_HIP(hipFreeHost(host));
  }
  void* pointer = nullptr;
  EXPECT_EQ(hipMallocHost(nullptr, 64), hipErrorInvalidValue);
  EXPECT_EQ(hipHostAlloc(&pointer, 64, hipHostMallocCoherent | hipHostMallocNonCoherent),
            hipErrorInvalidValue);
  EXPECT_EQ(hipFreeHost(reinterpret_cast<void*>(0x1000)), hipErrorInvalidValue);
}
#pragma GCC diagnostic pop

TEST(LegacyAllocation, DriverPitchedAllocationHoldsEveryRow) {
  hipDeviceptr_t device = nullptr;
  size_t pitch = 0;
  const size_t width = 100, height = 7;
  ASSERT_HIP(hipMemAllocPitch(&device, &pitch, width, height, 4));
  ASSERT_GE(pitch, width);
  std::vector<uint8_t> rows(width * height);
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<uint8_t>(i * 7 + 3);
  ASSERT_HIP(hipMemcpy2D(device, pitch, rows.data(), width, width, height, hipMemcpyHostToDevice));
  std::vector<uint8_t> back(width * height);
  ASSERT_HIP(hipMemcpy2D(back.data(), width, device, pitch, width, height, hipMemcpyDeviceToHost));
  EXPECT_EQ(back, rows);
  ASSERT_HIP(hipFree(device));
  EXPECT_EQ(hipMemAllocPitch(&device, &pitch, width, height, 3), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAllocPitch(&device, &pitch, width, height, 32), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAllocPitch(nullptr, &pitch, width, height, 4), hipErrorInvalidValue);
}

}  // namespace
