// End to end on the GPU (vgpu in CI): hiprtc output loaded with hipModuleLoadData and launched
// with hipModuleLaunchKernel, for the current device, through comgr and through clang.
#include <hip/hip_runtime.h>

#include "RtcTestSupport.h"

namespace rtctest {
namespace {

class ModuleLaunchTest : public RtcTest, public ::testing::WithParamInterface<const char*> {
 protected:
  void SetUp() override { RtcTest::SetUp(); }
  void TearDown() override { RtcTest::TearDown(); }
};

TEST_P(ModuleLaunchTest, SaxpyCompiledAtRunTimeRuns) {
  useCompiler(GetParam());
  int devices = 0;
  ASSERT_EQ(hipGetDeviceCount(&devices), hipSuccess);
  ASSERT_GT(devices, 0);
  Compiled c = compile(kSaxpySource, {"-O3"});
  ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
  EXPECT_EQ(c.compiler, GetParam());

  hipModule_t module = nullptr;
  hipFunction_t saxpy = nullptr;
  ASSERT_EQ(hipModuleLoadData(&module, c.code.data()), hipSuccess);
  ASSERT_EQ(hipModuleGetFunction(&saxpy, module, "saxpy"), hipSuccess);
  unsigned n = 3000;
  float a = -1.5f;
  std::vector<float> x(n), y(n), result(n);
  for (unsigned i = 0; i < n; ++i) {
    x[i] = float(i % 64);
    y[i] = float(i % 9) * 0.25f;
  }
  size_t bytes = n * sizeof(float);
  float *xDevice = nullptr, *yDevice = nullptr;
  ASSERT_EQ(hipMalloc(reinterpret_cast<void**>(&xDevice), bytes), hipSuccess);
  ASSERT_EQ(hipMalloc(reinterpret_cast<void**>(&yDevice), bytes), hipSuccess);
  ASSERT_EQ(hipMemcpy(xDevice, x.data(), bytes, hipMemcpyHostToDevice), hipSuccess);
  ASSERT_EQ(hipMemcpy(yDevice, y.data(), bytes, hipMemcpyHostToDevice), hipSuccess);
  void* args[] = {&a, &xDevice, &yDevice, &n};
  ASSERT_EQ(
      hipModuleLaunchKernel(saxpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr),
      hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  ASSERT_EQ(hipMemcpy(result.data(), yDevice, bytes, hipMemcpyDeviceToHost), hipSuccess);
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(result[i], a * x[i] + y[i]) << "element " << i;
  EXPECT_EQ(hipFree(xDevice), hipSuccess);
  EXPECT_EQ(hipFree(yDevice), hipSuccess);
  EXPECT_EQ(hipModuleUnload(module), hipSuccess);
}

INSTANTIATE_TEST_SUITE_P(Compilers, ModuleLaunchTest, ::testing::Values("comgr", "clang"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

}  // namespace
}  // namespace rtctest
