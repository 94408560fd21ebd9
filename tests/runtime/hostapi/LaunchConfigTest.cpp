// Launches with a configuration (hipLaunchKernelExC, the hipLaunchKernelEx template,
// hipDrvLaunchKernelEx), hipOccupancyAvailableDynamicSMemPerBlock, stream attributes and ids,
// and CU-masked streams: each launch's results are checked element by element.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <algorithm>
#include <set>
#include <vector>

#include "LaunchConfigKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kBlocks = 4;
constexpr int kThreads = 64;
constexpr int kCount = kBlocks * kThreads;

// Device memory of kCount ints filled with -1, read back after a launch.
struct Output {
  int* device = nullptr;
  Output() {
    EXPECT_EQ(hipMalloc(&device, kCount * sizeof(int)), hipSuccess);
    EXPECT_EQ(hipMemset(device, 0xff, kCount * sizeof(int)), hipSuccess);
  }
  ~Output() { hipFree(device); }
  std::vector<int> read() {
    std::vector<int> host(kCount);
    EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
    EXPECT_EQ(hipMemcpy(host.data(), device, kCount * sizeof(int), hipMemcpyDeviceToHost),
              hipSuccess);
    return host;
  }
};

void expectScaled(const std::vector<int>& values, int factor) {
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(values[i], i * factor) << "element " << i;
}

hipLaunchAttribute attribute(hipLaunchAttributeID id) {
  hipLaunchAttribute a{};
  a.id = id;
  return a;
}

TEST(LaunchConfig, TemplateLaunchWithAttributesRunsTheKernel) {
  Output out;
  hipLaunchAttribute attrs[3] = {attribute(hipLaunchAttributePriority),
                                 attribute(hipLaunchAttributeClusterDimension),
                                 attribute(hipLaunchAttributeSynchronizationPolicy)};
  attrs[0].val.priority = -1;
  attrs[1].val.clusterDim = {1, 1, 1};
  attrs[2].val.syncPolicy = hipSyncPolicyYield;
  hipLaunchConfig_t config{dim3(kBlocks), dim3(kThreads), 0, nullptr, attrs, 3};
  ASSERT_HIP(launchScaleEx(&config, out.device, 7));
  expectScaled(out.read(), 7);
}

TEST(LaunchConfig, RefusedConfigurationsLaunchNothing) {
  Output out;
  int factor = 3;
  void* args[] = {&out.device, &factor};
  hipLaunchAttribute cluster = attribute(hipLaunchAttributeClusterDimension);
  cluster.val.clusterDim = {2, 1, 1};
  hipLaunchConfig_t config{dim3(kBlocks), dim3(kThreads), 0, nullptr, &cluster, 1};
  EXPECT_EQ(hipLaunchKernelExC(&config, scaleKernelHandle(), args), hipErrorNotSupported);
  hipLaunchAttribute unknown = attribute(static_cast<hipLaunchAttributeID>(77));
  config.attrs = &unknown;
  EXPECT_EQ(hipLaunchKernelExC(&config, scaleKernelHandle(), args), hipErrorInvalidValue);
  config.attrs = nullptr;  // one attribute at a null address
  EXPECT_EQ(hipLaunchKernelExC(&config, scaleKernelHandle(), args), hipErrorInvalidValue);
  EXPECT_EQ(hipLaunchKernelExC(nullptr, scaleKernelHandle(), args), hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernelExC(&config, nullptr, args), hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipDrvLaunchKernelEx(nullptr, nullptr, args, nullptr), hipErrorInvalidValue);
  for (int v : out.read()) ASSERT_EQ(v, -1);
}

TEST(LaunchConfig, CooperativeAttributeSynchronisesTheGrid) {
  int* partial = nullptr;
  int* total = nullptr;
  ASSERT_HIP(hipMalloc(&partial, kBlocks * sizeof(int)));
  ASSERT_HIP(hipMalloc(&total, sizeof(int)));
  ASSERT_HIP(hipMemset(total, 0, sizeof(int)));
  void* args[] = {&partial, &total};
  hipLaunchAttribute cooperative = attribute(hipLaunchAttributeCooperative);
  cooperative.val.cooperative = 1;
  hipLaunchConfig_t config{dim3(kBlocks), dim3(kThreads), 0, nullptr, &cooperative, 1};
  ASSERT_HIP(hipLaunchKernelExC(&config, gridSumKernelHandle(), args));
  int sum = 0;
  ASSERT_HIP(hipMemcpy(&sum, total, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT_EQ(sum, kBlocks * (kBlocks + 1) / 2);
  // The driver form through the kernel's hipFunction_t.
  hipFunction_t function = nullptr;
  ASSERT_HIP(hipGetFuncBySymbol(&function, gridSumKernelHandle()));
  ASSERT_HIP(hipMemset(total, 0, sizeof(int)));
  HIP_LAUNCH_CONFIG drv{kBlocks, 1, 1, kThreads, 1, 1, 0, nullptr, &cooperative, 1};
  ASSERT_HIP(hipDrvLaunchKernelEx(&drv, function, args, nullptr));
  ASSERT_HIP(hipMemcpy(&sum, total, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT_EQ(sum, kBlocks * (kBlocks + 1) / 2);
  hipFree(partial);
  hipFree(total);
}

TEST(LaunchConfig, DriverFormLaunchesAFunctionHandle) {
  Output out;
  hipFunction_t function = nullptr;
  ASSERT_HIP(hipGetFuncBySymbol(&function, scaleKernelHandle()));
  int factor = -5;
  void* args[] = {&out.device, &factor};
  HIP_LAUNCH_CONFIG config{kBlocks, 1, 1, kThreads, 1, 1, 0, nullptr, nullptr, 0};
  ASSERT_HIP(hipDrvLaunchKernelEx(&config, function, args, nullptr));
  expectScaled(out.read(), -5);
}

TEST(LaunchConfig, AvailableDynamicSharedMemoryIsTheLargestThatFits) {
  hipDeviceProp_t props{};
  ASSERT_HIP(hipGetDeviceProperties(&props, 0));
  for (int blocks : {1, 2, 3, 4, 8}) {
    size_t bytes = 0;
    ASSERT_HIP(hipOccupancyAvailableDynamicSMemPerBlock(&bytes, scaleKernelHandle(), blocks, 64));
    // The kernel has no static LDS: the multiprocessor's LDS shared by `blocks` blocks, at most
    // a block's limit.
    const size_t expected =
        std::min<size_t>(props.sharedMemPerBlock, props.maxSharedMemoryPerMultiProcessor / blocks);
    EXPECT_EQ(bytes, expected) << blocks << " blocks";
    int resident = 0;
    ASSERT_HIP(
        hipOccupancyMaxActiveBlocksPerMultiprocessor(&resident, scaleKernelHandle(), 64, bytes));
    EXPECT_GE(resident, blocks);
  }
  size_t bytes = 0;
  EXPECT_EQ(hipOccupancyAvailableDynamicSMemPerBlock(nullptr, scaleKernelHandle(), 1, 64),
            hipErrorInvalidValue);
  EXPECT_EQ(hipOccupancyAvailableDynamicSMemPerBlock(&bytes, scaleKernelHandle(), 0, 64),
            hipErrorInvalidValue);
  EXPECT_EQ(hipOccupancyAvailableDynamicSMemPerBlock(&bytes, nullptr, 1, 64),
            hipErrorInvalidDeviceFunction);
}

TEST(StreamAttributes, EveryAttributeReadsBackAsSet) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  hipStreamAttrValue value{};
  ASSERT_HIP(hipStreamGetAttribute(stream, hipStreamAttributeSynchronizationPolicy, &value));
  EXPECT_EQ(value.syncPolicy, hipSyncPolicyAuto);
  value.syncPolicy = hipSyncPolicyBlockingSync;
  ASSERT_HIP(hipStreamSetAttribute(stream, hipStreamAttributeSynchronizationPolicy, &value));
  value.priority = -7;  // clamped to the greatest priority, -1
  ASSERT_HIP(hipStreamSetAttribute(stream, hipStreamAttributePriority, &value));
  value.memSyncDomain = hipLaunchMemSyncDomainRemote;
  ASSERT_HIP(hipStreamSetAttribute(stream, hipStreamAttributeMemSyncDomain, &value));
  value.accessPolicyWindow = {nullptr, hipAccessPropertyPersisting, 0.5f,
                              hipAccessPropertyStreaming, 0};
  ASSERT_HIP(hipStreamSetAttribute(stream, hipStreamAttributeAccessPolicyWindow, &value));

  hipStreamAttrValue out{};
  ASSERT_HIP(hipStreamGetAttribute(stream, hipStreamAttributeSynchronizationPolicy, &out));
  EXPECT_EQ(out.syncPolicy, hipSyncPolicyBlockingSync);
  ASSERT_HIP(hipStreamGetAttribute(stream, hipStreamAttributePriority, &out));
  EXPECT_EQ(out.priority, -1);
  int priority = 0;
  ASSERT_HIP(hipStreamGetPriority(stream, &priority));
  EXPECT_EQ(priority, -1);
  ASSERT_HIP(hipStreamGetAttribute(stream, hipStreamAttributeMemSyncDomain, &out));
  EXPECT_EQ(out.memSyncDomain, hipLaunchMemSyncDomainRemote);
  ASSERT_HIP(hipStreamGetAttribute(stream, hipStreamAttributeAccessPolicyWindow, &out));
  EXPECT_EQ(out.accessPolicyWindow.hitRatio, 0.5f);
  EXPECT_EQ(out.accessPolicyWindow.missProp, hipAccessPropertyStreaming);

  // Copied to another stream, the null stream included.
  hipStream_t copy = nullptr;
  ASSERT_HIP(hipStreamCreate(&copy));
  ASSERT_HIP(hipStreamCopyAttributes(copy, stream));
  ASSERT_HIP(hipStreamGetAttribute(copy, hipStreamAttributeSynchronizationPolicy, &out));
  EXPECT_EQ(out.syncPolicy, hipSyncPolicyBlockingSync);
  ASSERT_HIP(hipStreamGetAttribute(copy, hipStreamAttributePriority, &out));
  EXPECT_EQ(out.priority, -1);
  ASSERT_HIP(hipStreamGetAttribute(nullptr, hipStreamAttributeSynchronizationPolicy, &out));
  EXPECT_EQ(out.syncPolicy, hipSyncPolicyAuto);

  // Refused: unknown or launch-only attributes, bad values, null outputs, dead streams.
  EXPECT_EQ(hipStreamGetAttribute(stream, hipLaunchAttributeCooperative, &out),
            hipErrorInvalidValue);
  value.syncPolicy = static_cast<hipSynchronizationPolicy>(9);
  EXPECT_EQ(hipStreamSetAttribute(stream, hipStreamAttributeSynchronizationPolicy, &value),
            hipErrorInvalidValue);
  value.accessPolicyWindow.hitRatio = 2.0f;
  EXPECT_EQ(hipStreamSetAttribute(stream, hipStreamAttributeAccessPolicyWindow, &value),
            hipErrorInvalidValue);
  EXPECT_EQ(hipStreamGetAttribute(stream, hipStreamAttributePriority, nullptr),
            hipErrorInvalidValue);
  ASSERT_HIP(hipStreamDestroy(copy));
  EXPECT_EQ(hipStreamGetAttribute(copy, hipStreamAttributePriority, &out),
            hipErrorContextIsDestroyed);
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(StreamAttributes, IdsAreUniqueAndStable) {
  std::set<unsigned long long> ids;
  std::vector<hipStream_t> streams(5);
  for (hipStream_t& s : streams) {
    ASSERT_HIP(hipStreamCreate(&s));
    unsigned long long id = 0, again = 0;
    ASSERT_HIP(hipStreamGetId(s, &id));
    ASSERT_HIP(hipStreamGetId(s, &again));
    EXPECT_EQ(id, again);
    EXPECT_TRUE(ids.insert(id).second) << "id " << id << " given twice";
  }
  unsigned long long nullId = 0, perThreadId = 0;
  ASSERT_HIP(hipStreamGetId(nullptr, &nullId));
  ASSERT_HIP(hipStreamGetId(hipStreamPerThread, &perThreadId));
  EXPECT_TRUE(ids.insert(nullId).second);
  EXPECT_TRUE(ids.insert(perThreadId).second);
  // A stream made after one was destroyed gets a new id, even where it reuses the memory.
  ASSERT_HIP(hipStreamDestroy(streams[0]));
  ASSERT_HIP(hipStreamCreate(&streams[0]));
  unsigned long long fresh = 0;
  ASSERT_HIP(hipStreamGetId(streams[0], &fresh));
  EXPECT_TRUE(ids.insert(fresh).second);
  EXPECT_EQ(hipStreamGetId(streams[0], nullptr), hipErrorInvalidValue);
  for (hipStream_t s : streams) ASSERT_HIP(hipStreamDestroy(s));
}

// Every multiprocessor of device 0, one bit each (hip-tests builds its expectation this way).
std::vector<uint32_t> allUnits() {
  hipDeviceProp_t props{};
  EXPECT_EQ(hipGetDeviceProperties(&props, 0), hipSuccess);
  std::vector<uint32_t> mask((props.multiProcessorCount + 31) / 32, 0);
  for (int unit = 0; unit < props.multiProcessorCount; ++unit) mask[unit / 32] |= 1u << (unit % 32);
  return mask;
}

TEST(ComputeUnitMask, MaskedStreamRunsKernelsAndReportsItsMask) {
  const std::vector<uint32_t> all = allUnits();
  std::vector<uint32_t> got(all.size() + 1, 0xdeadbeef);
  ASSERT_HIP(hipExtStreamGetCUMask(nullptr, static_cast<uint32_t>(got.size()), got.data()));
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(got[i], all[i]);
  EXPECT_EQ(got[all.size()], 0u);  // words past the device's units are cleared

  std::vector<uint32_t> mask = all;
  mask[0] &= 0x6;  // units 1 and 2
  ASSERT_NE(mask[0], 0u) << "the virtual GPU has fewer than 2 multiprocessors";
  hipStream_t masked = nullptr;
  ASSERT_HIP(
      hipExtStreamCreateWithCUMask(&masked, static_cast<uint32_t>(mask.size()), mask.data()));
  ASSERT_HIP(hipExtStreamGetCUMask(masked, static_cast<uint32_t>(got.size()), got.data()));
  for (size_t i = 0; i < mask.size(); ++i) EXPECT_EQ(got[i], mask[i]);
  // A stream without a mask still reports every unit.
  hipStream_t plain = nullptr;
  ASSERT_HIP(hipStreamCreate(&plain));
  ASSERT_HIP(hipExtStreamGetCUMask(plain, static_cast<uint32_t>(got.size()), got.data()));
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(got[i], all[i]);

  Output out;
  hipLaunchConfig_t config{dim3(kBlocks), dim3(kThreads), 0, masked, nullptr, 0};
  ASSERT_HIP(launchScaleEx(&config, out.device, 11));
  ASSERT_HIP(hipStreamSynchronize(masked));
  expectScaled(out.read(), 11);
  ASSERT_HIP(hipStreamDestroy(masked));
  ASSERT_HIP(hipStreamDestroy(plain));

  // A second masked stream reuses the queue the first one left.
  ASSERT_HIP(hipExtStreamCreateWithCUMask(&masked, static_cast<uint32_t>(all.size()), all.data()));
  config.stream = masked;
  ASSERT_HIP(launchScaleEx(&config, out.device, 2));
  expectScaled(out.read(), 2);
  ASSERT_HIP(hipStreamDestroy(masked));
}

// As AMD's runtime (and its tests) have it: units past the device's are ignored, and a mask that
// names none of them gives a stream on every unit.
TEST(ComputeUnitMask, MasksOfNoUnitMeanEveryUnit) {
  const std::vector<uint32_t> all = allUnits();
  std::vector<uint32_t> beyond(all.size() + 2, 0);
  beyond.back() = 0x3;  // units far past the device's only
  const uint32_t none = 0;
  std::vector<uint32_t> got(all.size(), 0xdeadbeef);
  for (const auto& [size, words] :
       {std::pair<size_t, const uint32_t*>{1, &none}, {beyond.size(), beyond.data()}}) {
    hipStream_t stream = nullptr;
    ASSERT_HIP(hipExtStreamCreateWithCUMask(&stream, static_cast<uint32_t>(size), words));
    ASSERT_HIP(hipExtStreamGetCUMask(stream, static_cast<uint32_t>(got.size()), got.data()));
    for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(got[i], all[i]) << "word " << i;
    Output out;
    hipLaunchConfig_t config{dim3(kBlocks), dim3(kThreads), 0, stream, nullptr, 0};
    ASSERT_HIP(launchScaleEx(&config, out.device, 5));
    ASSERT_HIP(hipStreamSynchronize(stream));
    expectScaled(out.read(), 5);
    ASSERT_HIP(hipStreamDestroy(stream));
  }
}

TEST(ComputeUnitMask, BadMasksAreRefused) {
  const uint32_t none = 0;
  hipStream_t stream = nullptr;
  EXPECT_EQ(hipExtStreamCreateWithCUMask(nullptr, 1, &none), hipErrorInvalidHandle);
  EXPECT_EQ(hipExtStreamCreateWithCUMask(&stream, 0, &none), hipErrorInvalidValue);
  EXPECT_EQ(hipExtStreamCreateWithCUMask(&stream, 1, nullptr), hipErrorInvalidValue);
  uint32_t word = 0;
  EXPECT_EQ(hipExtStreamGetCUMask(nullptr, 1, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipExtStreamGetCUMask(nullptr, 0, &word), hipErrorInvalidValue);
}

}  // namespace
