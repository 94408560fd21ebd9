// hipcore without a usable GPU: every device call answers hipErrorNoDevice with a reason.
// Registered only on machines without /dev/kfd, run without the vgpu launcher.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <string>

namespace {

TEST(NoGpu, DeviceCountIsZeroWithAClearReason) {
  int count = -1;
  EXPECT_EQ(hipGetDeviceCount(&count), hipErrorNoDevice);
  EXPECT_EQ(count, 0);
  std::string detail = hipcoreGetErrorDetail();
  EXPECT_FALSE(detail.empty());
  EXPECT_TRUE(detail.find("hsa_init") != std::string::npos ||
              detail.find("no GPU agent") != std::string::npos)
      << detail;
  EXPECT_EQ(hipGetLastError(), hipErrorNoDevice);
  EXPECT_EQ(hipGetLastError(), hipSuccess);
}

TEST(NoGpu, DeviceCallsFailWithNoDevice) {
  void* pointer = reinterpret_cast<void*>(1);
  EXPECT_EQ(hipMalloc(&pointer, 64), hipErrorNoDevice);
  EXPECT_EQ(pointer, nullptr);
  int device = -1;
  EXPECT_EQ(hipGetDevice(&device), hipErrorNoDevice);
  EXPECT_EQ(hipSetDevice(0), hipErrorNoDevice);
  hipDeviceProp_t properties;
  EXPECT_EQ(hipGetDeviceProperties(&properties, 0), hipErrorNoDevice);
  EXPECT_EQ(hipDeviceSynchronize(), hipErrorNoDevice);
  int host = 0;
  EXPECT_EQ(hipMemcpy(&host, &host, 4, hipMemcpyHostToDevice), hipErrorNoDevice);
  static int fakeHandle;
  EXPECT_EQ(hipLaunchKernel(&fakeHandle, dim3(1), dim3(1), nullptr, 0, nullptr), hipErrorNoDevice);
  EXPECT_EQ(hipGetLastError(), hipErrorNoDevice);
}

}  // namespace
