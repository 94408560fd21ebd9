// Kernels are resolved one by one at their first launch: loading a fat binary parses no
// kernel's metadata; each launched kernel is resolved once; the others stay untouched.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include "LazyKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

TEST(LazyKernels, OnlyLaunchedKernelsAreResolved) {
  size_t resolved = 99, total = 99;
  ASSERT_HIP(hipcoreGetResolvedKernelCount(lazyKernelHandle(0), &resolved, &total));
  EXPECT_EQ(resolved, 0u);  // not loaded on the device yet
  EXPECT_EQ(total, 0u);
  int* out = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&out), sizeof(int), 0));
  *out = 0;
  ASSERT_HIP(launchLazy(3, out));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(*out, 103);
  ASSERT_HIP(hipcoreGetResolvedKernelCount(lazyKernelHandle(0), &resolved, &total));
  EXPECT_EQ(total, 5u);
  EXPECT_EQ(resolved, 1u);
  // Launching it again resolves nothing more; another kernel adds exactly one.
  ASSERT_HIP(launchLazy(3, out));
  ASSERT_HIP(launchLazy(1, out));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(*out, 101);
  ASSERT_HIP(hipcoreGetResolvedKernelCount(lazyKernelHandle(4), &resolved, &total));
  EXPECT_EQ(resolved, 2u);
  EXPECT_EQ(total, 5u);
  for (int k = 0; k < 5; ++k) {
    ASSERT_HIP(launchLazy(k, out));
    ASSERT_HIP(hipDeviceSynchronize());
    EXPECT_EQ(*out, 100 + k);
  }
  ASSERT_HIP(hipcoreGetResolvedKernelCount(lazyKernelHandle(2), &resolved, &total));
  EXPECT_EQ(resolved, 5u);
  int local = 0;
  EXPECT_EQ(hipcoreGetResolvedKernelCount(&local, &resolved, &total),
            hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipcoreGetResolvedKernelCount(lazyKernelHandle(2), nullptr, &total),
            hipErrorInvalidValue);
  (void)hipGetLastError();
  ASSERT_HIP(hipHostFree(out));
}

}  // namespace
