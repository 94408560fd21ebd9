// hipDeviceReset after a device fault (issue #6): a trapping kernel makes the device's error
// sticky (every later call that touches the device fails with it), hipDeviceReset clears it,
// and kernels run again with exact results. (Memory faults cannot be tested this way: ROCR's
// VM-fault handler aborts the process.)
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <vector>

#include "ResetKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

void expectSquares(int* device, int n) {
  ASSERT_HIP(hipMemset(device, 0xff, n * sizeof(int)));
  ASSERT_HIP(launchSquares(device, n));
  ASSERT_HIP(hipDeviceSynchronize());
  std::vector<int> host(n);
  ASSERT_HIP(hipMemcpy(host.data(), device, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], i * i) << i;
}

TEST(DeviceReset, ClearsTheStickyErrorOfAFault) {
  const int n = 1000;
  int* data = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&data), n * sizeof(int)));
  expectSquares(data, n);

  ASSERT_HIP(launchTrap(data));  // the launch itself is fine; the kernel traps
  EXPECT_EQ(hipDeviceSynchronize(), hipErrorAssert);
  // Sticky: later launches and synchronisations report the fault.
  EXPECT_EQ(launchSquares(data, n), hipErrorAssert);
  EXPECT_EQ(hipDeviceSynchronize(), hipErrorAssert);
  EXPECT_EQ(hipGetLastError(), hipErrorAssert);

  EXPECT_EQ(launchSquares(data, n), hipErrorAssert);  // the thread's last error again
  ASSERT_HIP(hipDeviceReset());
  EXPECT_EQ(hipGetLastError(), hipSuccess);  // reset cleared it
  // Memory survives the reset; the null stream and new streams work again.
  expectSquares(data, n);
  hipStream_t fresh = nullptr;
  ASSERT_HIP(hipStreamCreate(&fresh));
  ASSERT_HIP(hipMemsetAsync(data, 0, n * sizeof(int), fresh));
  ASSERT_HIP(hipStreamSynchronize(fresh));
  ASSERT_HIP(hipStreamDestroy(fresh));
  ASSERT_HIP(hipFree(data));
}

TEST(DeviceReset, ResetOfAHealthyDeviceKeepsItWorking) {
  const int n = 300;
  int* data = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&data), n * sizeof(int)));
  // The device's flags go back to the default (CUDA's reset of the primary context).
  ASSERT_HIP(hipSetDeviceFlags(hipDeviceScheduleBlockingSync));
  ASSERT_HIP(hipDeviceReset());
  unsigned flags = 99;
  ASSERT_HIP(hipGetDeviceFlags(&flags));
  EXPECT_EQ(flags, static_cast<unsigned>(hipDeviceScheduleAuto));
  ASSERT_HIP(hipDeviceReset());
  expectSquares(data, n);
  ASSERT_HIP(hipFree(data));
}

TEST(DeviceReset, FaultAfterAResetIsReportedAgain) {
  // The error slot works after a reset: a second fault is sticky again, and resets again.
  int* data = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&data), 64 * sizeof(int)));
  for (int round = 0; round < 2; ++round) {
    ASSERT_HIP(launchTrap(data));
    EXPECT_EQ(hipDeviceSynchronize(), hipErrorAssert) << round;
    ASSERT_HIP(hipDeviceReset());
  }
  expectSquares(data, 64);
  ASSERT_HIP(hipFree(data));
}

}  // namespace
