// hiprtc through libhipcore (issue 22): ROCm 5's libamdhip64 exported the hiprtc functions, so
// a program built against it calls hiprtc there. This program links libhipcore alone (not
// libhiprtc): it compiles a kernel with hiprtc for the current device, loads and launches it,
// and checks every result on the host.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>
#include <hip/hiprtc.h>
#include <stdlib.h>

#include <string>
#include <vector>

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

namespace {

const char* const kSource = R"(
#include <hip/hip_runtime.h>
extern "C" __global__ void polynomial(long long* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  long long x = static_cast<long long>(i) - 1000;
  if (i < n) out[i] = 3 * x * x * x - 5 * x + 11;
}
)";

// The file that defines `symbol` in this process.
std::string definingFile(void* symbol) {
  Dl_info info{};
  return dladdr(symbol, &info) != 0 && info.dli_fname != nullptr ? info.dli_fname : "";
}

bool rtcLibraryLoaded() {
  void* handle = dlopen(HIPRTC_SONAME, RTLD_NOW | RTLD_NOLOAD);
  if (handle != nullptr) dlclose(handle);
  return handle != nullptr;
}

TEST(HiprtcInHipcore, AKernelCompiledThroughLibhipcoreRuns) {
  setenv("HIPCORE_JIT_CACHE", "0", 1);  // a real compile, and no file left in the user's cache
  // The program does not link libhiprtc: its hiprtc calls bind to libhipcore's exports, which
  // load libhiprtc on the first call.
  EXPECT_FALSE(rtcLibraryLoaded());
  std::string definer = definingFile(reinterpret_cast<void*>(&hiprtcCreateProgram));
  EXPECT_EQ(definer, definingFile(reinterpret_cast<void*>(&hipModuleLoadData)));
  EXPECT_EQ(definer.find("hiprtc"), std::string::npos) << definer;

  int major = 0, minor = -1;
  ASSERT_EQ(hiprtcVersion(&major, &minor), HIPRTC_SUCCESS);
  EXPECT_GE(major, 6);
  EXPECT_TRUE(rtcLibraryLoaded());
  EXPECT_STREQ(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION), "HIPRTC_ERROR_COMPILATION");

  hiprtcProgram program = nullptr;
  ASSERT_EQ(hiprtcCreateProgram(&program, kSource, "polynomial.hip", 0, nullptr, nullptr),
            HIPRTC_SUCCESS);
  hiprtcResult compiled = hiprtcCompileProgram(program, 0, nullptr);
  size_t logSize = 0;
  ASSERT_EQ(hiprtcGetProgramLogSize(program, &logSize), HIPRTC_SUCCESS);
  std::string log(logSize, '\0');
  if (logSize > 0) {
    ASSERT_EQ(hiprtcGetProgramLog(program, log.data()), HIPRTC_SUCCESS);
  }
  ASSERT_EQ(compiled, HIPRTC_SUCCESS) << log;
  size_t codeSize = 0;
  ASSERT_EQ(hiprtcGetCodeSize(program, &codeSize), HIPRTC_SUCCESS);
  std::vector<char> code(codeSize);
  ASSERT_EQ(hiprtcGetCode(program, code.data()), HIPRTC_SUCCESS);
  ASSERT_EQ(hiprtcDestroyProgram(&program), HIPRTC_SUCCESS);

  hipModule_t module = nullptr;
  ASSERT_HIP(hipModuleLoadData(&module, code.data()));
  hipFunction_t polynomial = nullptr;
  ASSERT_HIP(hipModuleGetFunction(&polynomial, module, "polynomial"));
  const unsigned n = 2500;
  long long* out = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&out), n * sizeof(long long)));
  unsigned count = n;
  void* params[] = {&out, &count};
  ASSERT_HIP(hipModuleLaunchKernel(polynomial, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, params,
                                   nullptr));
  std::vector<long long> host(n);
  ASSERT_HIP(hipMemcpy(host.data(), out, n * sizeof(long long), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) {
    long long x = static_cast<long long>(i) - 1000;
    ASSERT_EQ(host[i], 3 * x * x * x - 5 * x + 11) << i;
  }
  ASSERT_HIP(hipFree(out));
  ASSERT_HIP(hipModuleUnload(module));
}

// hiprtc's own errors come back unchanged through libhipcore.
TEST(HiprtcInHipcore, HiprtcErrorsPassThrough) {
  EXPECT_EQ(hiprtcCreateProgram(nullptr, kSource, "x.hip", 0, nullptr, nullptr),
            HIPRTC_ERROR_INVALID_INPUT);
  EXPECT_EQ(hiprtcVersion(nullptr, nullptr), HIPRTC_ERROR_INVALID_INPUT);
  hiprtcProgram program = nullptr;
  ASSERT_EQ(hiprtcCreateProgram(&program, "this is not C++", "bad.hip", 0, nullptr, nullptr),
            HIPRTC_SUCCESS);
  EXPECT_EQ(hiprtcCompileProgram(program, 0, nullptr), HIPRTC_ERROR_COMPILATION);
  EXPECT_EQ(hiprtcDestroyProgram(&program), HIPRTC_SUCCESS);
}

}  // namespace
