// CUDA's oldest launch path and the multi-device launch (LegacyLaunchApi.cpp), and
// hipSetValidDevices: the kernels' output checked element by element.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <vector>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// boundedKernel(int* out) sets out[threadIdx.x] = 1 for a block of `threads`.
void expectOnes(const int* device, int threads) {
  std::vector<int> host(64);
  ASSERT_HIP(hipMemcpy(host.data(), device, 64 * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) ASSERT_EQ(host[i], i < threads ? 1 : 0) << i;
}

TEST(LegacyLaunch, ConfigureSetupAndLaunchByPointer) {
  int* out = nullptr;
  ASSERT_HIP(hipMalloc(&out, 64 * sizeof(int)));
  ASSERT_HIP(hipMemset(out, 0, 64 * sizeof(int)));
  ASSERT_HIP(hipConfigureCall(dim3(1), dim3(24), 0, nullptr));
  ASSERT_HIP(hipSetupArgument(&out, sizeof out, 0));
  ASSERT_HIP(hipLaunchByPtr(boundedKernelHandle()));
  ASSERT_HIP(hipDeviceSynchronize());
  expectOnes(out, 24);

  // A launch without a configuration, an argument never set up, bad arguments.
  EXPECT_EQ(hipLaunchByPtr(boundedKernelHandle()), hipErrorMissingConfiguration);
  ASSERT_HIP(hipConfigureCall(dim3(1), dim3(8)));
  EXPECT_EQ(hipLaunchByPtr(boundedKernelHandle()), hipErrorInvalidValue);
  EXPECT_EQ(hipSetupArgument(nullptr, 8, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipSetupArgument(&out, 8, 4096), hipErrorInvalidValue);
  int notAKernel = 0;
  ASSERT_HIP(hipConfigureCall(dim3(1), dim3(8)));
  EXPECT_EQ(hipLaunchByPtr(&notAKernel), hipErrorInvalidDeviceFunction);
  ASSERT_HIP(hipFree(out));
  (void)hipGetLastError();
}

TEST(LegacyLaunch, MultiKernelMultiDeviceLaunchesEachEntry) {
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  std::vector<int*> outs(count);
  std::vector<hipStream_t> streams(count);
  std::vector<hipLaunchParams> params(count);
  for (int d = 0; d < count; ++d) {
    ASSERT_HIP(hipSetDevice(d));
    ASSERT_HIP(hipMalloc(&outs[d], 64 * sizeof(int)));
    ASSERT_HIP(hipMemset(outs[d], 0, 64 * sizeof(int)));
    ASSERT_HIP(hipStreamCreate(&streams[d]));
  }
  std::vector<void*> args(count);
  for (int d = 0; d < count; ++d) {
    args[d] = &outs[d];
    params[d].func = const_cast<void*>(boundedKernelHandle());
    params[d].gridDim = dim3(1);
    params[d].blockDim = dim3(16 + 8 * d);
    params[d].args = &args[d];
    params[d].sharedMem = 0;
    params[d].stream = streams[d];
  }
  ASSERT_HIP(hipExtLaunchMultiKernelMultiDevice(params.data(), count, 0));
  for (int d = 0; d < count; ++d) {
    ASSERT_HIP(hipSetDevice(d));
    ASSERT_HIP(hipStreamSynchronize(streams[d]));
    expectOnes(outs[d], 16 + 8 * d);
  }
  ASSERT_HIP(hipSetDevice(0));
  EXPECT_EQ(hipExtLaunchMultiKernelMultiDevice(nullptr, 1, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipExtLaunchMultiKernelMultiDevice(params.data(), 0, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipExtLaunchMultiKernelMultiDevice(params.data(), 1, 4), hipErrorInvalidValue);
  EXPECT_EQ(hipExtLaunchMultiKernelMultiDevice(params.data(), count + 1, 0), hipErrorInvalidValue);
  if (count > 1) {
    params[1].stream = streams[0];  // two entries on device 0
    EXPECT_EQ(hipExtLaunchMultiKernelMultiDevice(params.data(), 2, 0), hipErrorInvalidDevice);
  }
  for (int d = 0; d < count; ++d) {
    ASSERT_HIP(hipSetDevice(d));
    ASSERT_HIP(hipStreamDestroy(streams[d]));
    ASSERT_HIP(hipFree(outs[d]));
  }
  ASSERT_HIP(hipSetDevice(0));
  (void)hipGetLastError();
}

TEST(ValidDevices, TheFirstListedDeviceBecomesCurrent) {
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  int list[2] = {count - 1, 0};
  ASSERT_HIP(hipSetValidDevices(list, count > 1 ? 2 : 1));
  int device = -1;
  ASSERT_HIP(hipGetDevice(&device));
  EXPECT_EQ(device, count - 1);
  ASSERT_HIP(hipSetValidDevices(nullptr, 0));  // the default list: nothing changes
  ASSERT_HIP(hipGetDevice(&device));
  EXPECT_EQ(device, count - 1);
  int twice[2] = {0, 0};
  EXPECT_EQ(hipSetValidDevices(twice, 2), hipErrorInvalidValue);
  int invalid[1] = {count};
  EXPECT_EQ(hipSetValidDevices(invalid, 1), hipErrorInvalidDevice);
  EXPECT_EQ(hipSetValidDevices(nullptr, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipSetValidDevices(list, -1), hipErrorInvalidValue);
  ASSERT_HIP(hipSetDevice(0));
  (void)hipGetLastError();
}

}  // namespace
