// The driver API's contexts (runtime/src/api/ContextApi.cpp): a context is its device's primary
// context; making one current makes its device current, so allocations and launches land there;
// the per-thread stack restores the device below on pop. Run on one and on two virtual GPUs.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <thread>
#include <vector>

#include "GpuKernels.h"

#pragma clang diagnostic ignored "-Wdeprecated-declarations"  // contexts are deprecated in HIP

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

int deviceCount() {
  int count = 0;
  EXPECT_EQ(hipGetDeviceCount(&count), hipSuccess);
  return count;
}

int currentDevice() {
  int device = -1;
  EXPECT_EQ(hipGetDevice(&device), hipSuccess);
  return device;
}

// The device that owns an allocation, as hipPointerGetAttributes reports it.
int ownerOf(const void* pointer) {
  hipPointerAttribute_t attributes{};
  EXPECT_EQ(hipPointerGetAttributes(&attributes, pointer), hipSuccess);
  return attributes.device;
}

TEST(Contexts, CreatedContextIsCurrentAndWorkGoesToItsDevice) {
  int last = deviceCount() - 1;
  ASSERT_HIP(hipSetDevice(0));
  hipCtx_t context = nullptr;
  ASSERT_HIP(hipCtxCreate(&context, 0, last));
  EXPECT_EQ(currentDevice(), last);
  hipCtx_t current = nullptr;
  ASSERT_HIP(hipCtxGetCurrent(&current));
  EXPECT_EQ(current, context);
  hipDevice_t device = -1;
  ASSERT_HIP(hipCtxGetDevice(&device));
  EXPECT_EQ(device, last);

  // A kernel launched now runs on the context's device, on its memory.
  std::vector<float> a(256), b(256), c(256);
  for (int i = 0; i < 256; ++i) a[i] = float(i), b[i] = float(3 * i + 1);
  float *da = nullptr, *db = nullptr, *dc = nullptr;
  ASSERT_HIP(hipMalloc(&da, 256 * sizeof(float)));
  ASSERT_HIP(hipMalloc(&db, 256 * sizeof(float)));
  ASSERT_HIP(hipMalloc(&dc, 256 * sizeof(float)));
  EXPECT_EQ(ownerOf(dc), last);
  ASSERT_HIP(hipMemcpy(da, a.data(), 256 * sizeof(float), hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemcpy(db, b.data(), 256 * sizeof(float), hipMemcpyHostToDevice));
  ASSERT_HIP(launchAdd(da, db, dc, 256, 64));
  ASSERT_HIP(hipCtxSynchronize());
  ASSERT_HIP(hipMemcpy(c.data(), dc, 256 * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < 256; ++i) ASSERT_EQ(c[i], float(4 * i + 1)) << i;
  ASSERT_HIP(hipFree(da));
  ASSERT_HIP(hipFree(db));
  ASSERT_HIP(hipFree(dc));

  hipCtx_t popped = nullptr;
  ASSERT_HIP(hipCtxPopCurrent(&popped));
  EXPECT_EQ(popped, context);
  ASSERT_HIP(hipCtxDestroy(context));
  ASSERT_HIP(hipSetDevice(0));
}

TEST(Contexts, PushAndPopRestoreTheDeviceBelow) {
  int last = deviceCount() - 1;
  ASSERT_HIP(hipSetDevice(0));
  hipCtx_t first = nullptr, second = nullptr;
  ASSERT_HIP(hipDevicePrimaryCtxRetain(&first, 0));
  ASSERT_HIP(hipDevicePrimaryCtxRetain(&second, last));
  EXPECT_EQ(first == second, last == 0);
  ASSERT_HIP(hipCtxPushCurrent(first));
  ASSERT_HIP(hipCtxPushCurrent(second));
  EXPECT_EQ(currentDevice(), last);
  hipCtx_t popped = nullptr;
  ASSERT_HIP(hipCtxPopCurrent(&popped));
  EXPECT_EQ(popped, second);
  EXPECT_EQ(currentDevice(), 0);
  // SetCurrent replaces the top of the stack; null unbinds it.
  ASSERT_HIP(hipCtxSetCurrent(second));
  EXPECT_EQ(currentDevice(), last);
  ASSERT_HIP(hipCtxPopCurrent(&popped));
  EXPECT_EQ(popped, second);
  EXPECT_EQ(hipCtxPopCurrent(&popped), hipErrorInvalidContext);  // the stack is empty now
  ASSERT_HIP(hipDevicePrimaryCtxRelease(0));
  ASSERT_HIP(hipDevicePrimaryCtxRelease(last));
  ASSERT_HIP(hipSetDevice(0));
}

TEST(Contexts, EachThreadHasItsOwnStack) {
  int last = deviceCount() - 1;
  hipCtx_t context = nullptr;
  ASSERT_HIP(hipDevicePrimaryCtxRetain(&context, last));
  ASSERT_HIP(hipSetDevice(0));
  ASSERT_HIP(hipCtxPushCurrent(context));
  hipError_t otherPop = hipSuccess;
  int otherDevice = -1;
  std::thread([&] {
    otherPop = hipCtxPopCurrent(nullptr);  // nothing pushed on this thread
    hipGetDevice(&otherDevice);
  }).join();
  EXPECT_EQ(otherPop, hipErrorInvalidContext);
  EXPECT_EQ(otherDevice, 0);
  ASSERT_HIP(hipCtxPopCurrent(nullptr));
  ASSERT_HIP(hipDevicePrimaryCtxRelease(last));
  ASSERT_HIP(hipSetDevice(0));
}

TEST(Contexts, PrimaryContextStateFlagsAndReset) {
  unsigned flags = 99;
  int active = -1;
  hipCtx_t context = nullptr;
  ASSERT_HIP(hipDevicePrimaryCtxRetain(&context, 0));
  ASSERT_HIP(hipDevicePrimaryCtxGetState(0, &flags, &active));
  EXPECT_EQ(active, 1);
  // The flags of an active primary context cannot change (CUDA's rule).
  EXPECT_EQ(hipDevicePrimaryCtxSetFlags(0, hipDeviceScheduleYield), hipErrorContextAlreadyInUse);
  ASSERT_HIP(hipDevicePrimaryCtxRelease(0));
  ASSERT_HIP(hipDevicePrimaryCtxGetState(0, &flags, &active));
  EXPECT_EQ(active, 0);
  ASSERT_HIP(hipDevicePrimaryCtxSetFlags(0, hipDeviceScheduleYield));
  ASSERT_HIP(hipDevicePrimaryCtxGetState(0, &flags, &active));
  EXPECT_EQ(flags & hipDeviceScheduleMask, unsigned{hipDeviceScheduleYield});
  unsigned contextFlags = 0;
  ASSERT_HIP(hipCtxGetFlags(&contextFlags));
  EXPECT_EQ(contextFlags & hipDeviceScheduleMask, unsigned{hipDeviceScheduleYield});
  ASSERT_HIP(hipDevicePrimaryCtxSetFlags(0, 0));

  // Reset resets the device as hipDeviceReset does, and the context is no longer retained.
  ASSERT_HIP(hipDevicePrimaryCtxRetain(&context, 0));
  ASSERT_HIP(hipDevicePrimaryCtxReset(0));
  ASSERT_HIP(hipDevicePrimaryCtxGetState(0, &flags, &active));
  EXPECT_EQ(active, 0);

  int apiVersion = 0;
  ASSERT_HIP(hipCtxGetApiVersion(context, &apiVersion));
  EXPECT_EQ(apiVersion, HIP_VERSION);
  hipFuncCache_t cache = hipFuncCachePreferL1;
  ASSERT_HIP(hipCtxGetCacheConfig(&cache));
  EXPECT_EQ(cache, hipFuncCachePreferNone);
  hipSharedMemConfig banks = hipSharedMemBankSizeEightByte;
  ASSERT_HIP(hipCtxGetSharedMemConfig(&banks));
  EXPECT_EQ(banks, hipSharedMemBankSizeFourByte);
}

TEST(Contexts, MisuseGetsHipErrors) {
  int made_up = 0;
  hipCtx_t bogus = reinterpret_cast<hipCtx_t>(&made_up);
  hipCtx_t context = nullptr;
  EXPECT_EQ(hipCtxCreate(nullptr, 0, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipCtxCreate(&context, 0, deviceCount()), hipErrorInvalidDevice);
  EXPECT_EQ(hipCtxCreate(&context, 0x100, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipCtxDestroy(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipCtxDestroy(bogus), hipErrorInvalidContext);
  EXPECT_EQ(hipCtxPushCurrent(nullptr), hipErrorInvalidContext);
  EXPECT_EQ(hipCtxPushCurrent(bogus), hipErrorInvalidContext);
  EXPECT_EQ(hipCtxSetCurrent(bogus), hipErrorInvalidContext);
  EXPECT_EQ(hipCtxGetCurrent(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipCtxGetDevice(nullptr), hipErrorInvalidValue);
  int version = 0;
  EXPECT_EQ(hipCtxGetApiVersion(bogus, &version), hipErrorInvalidContext);
  EXPECT_EQ(hipCtxEnablePeerAccess(bogus, 0), hipErrorInvalidContext);
  EXPECT_EQ(hipDevicePrimaryCtxRetain(nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDevicePrimaryCtxRetain(&context, -1), hipErrorInvalidDevice);
  EXPECT_EQ(hipDevicePrimaryCtxRelease(deviceCount()), hipErrorInvalidDevice);
  unsigned flags = 0;
  int active = 0;
  EXPECT_EQ(hipDevicePrimaryCtxGetState(0, nullptr, &active), hipErrorInvalidValue);
  EXPECT_EQ(hipDevicePrimaryCtxGetState(deviceCount(), &flags, &active), hipErrorInvalidDevice);
  EXPECT_EQ(hipDevicePrimaryCtxSetFlags(0, 0x100), hipErrorInvalidValue);
  EXPECT_EQ(hipDevicePrimaryCtxReset(-1), hipErrorInvalidDevice);
  (void)hipGetLastError();
}

}  // namespace
