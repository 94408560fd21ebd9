// The linker API: two -fgpu-rdc programs (a kernel and the device function it calls, in
// different programs) linked into one code object that runs.
#include "RtcTestSupport.h"

namespace rtctest {
namespace {

class LinkTest : public RtcTest {};

const char* const kHelper = R"(
#include <hip/hip_runtime.h>
extern "C" __device__ float twice(float v) { return 2.0f * v; }
)";
const char* const kKernel = R"(
#include <hip/hip_runtime.h>
extern "C" __device__ float twice(float v);
extern "C" __global__ void saxpy(float a, const float* x, float* y, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = twice(a * 0.5f) * x[i] + y[i];
}
)";

std::string link(const std::vector<std::string>& bitcode, const std::string& arch,
                 hiprtcResult& result) {
  const char* isaOptions[] = {arch.c_str()};
  hiprtcJIT_option options[] = {HIPRTC_JIT_IR_TO_ISA_OPT_EXT, HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT};
  void* values[] = {isaOptions, reinterpret_cast<void*>(size_t{1})};
  hiprtcLinkState state = nullptr;
  result = hiprtcLinkCreate(2, options, values, &state);
  if (result != HIPRTC_SUCCESS) return {};
  for (const std::string& bc : bitcode) {
    result = hiprtcLinkAddData(state, HIPRTC_JIT_INPUT_LLVM_BITCODE, const_cast<char*>(bc.data()),
                               bc.size(), "input", 0, nullptr, nullptr);
    if (result != HIPRTC_SUCCESS) return {};
  }
  void* binary = nullptr;
  size_t size = 0;
  result = hiprtcLinkComplete(state, &binary, &size);
  std::string code = result == HIPRTC_SUCCESS ? std::string(static_cast<char*>(binary), size) : "";
  EXPECT_EQ(hiprtcLinkDestroy(state), HIPRTC_SUCCESS);
  return code;
}

TEST_F(LinkTest, RelocatableProgramsLinkAndRunOnBothPaths) {
  for (const char* gpu : {"gfx1030", "gfx1100"}) {
    std::string arch = std::string("--gpu-architecture=") + gpu;
    Compiled helper = compile(kHelper, {arch, "-fgpu-rdc"});
    Compiled kernel = compile(kKernel, {arch, "-fgpu-rdc"});
    ASSERT_EQ(helper.result, HIPRTC_SUCCESS) << helper.log;
    ASSERT_EQ(kernel.result, HIPRTC_SUCCESS) << kernel.log;
    hiprtcResult result;
    std::string code = link({helper.code, kernel.code}, std::string("-mcpu=") + gpu, result);
    ASSERT_EQ(result, HIPRTC_SUCCESS) << gpu;
    EXPECT_EQ(processorOf(code), gpu);
    EXPECT_EQ(kernelNames(code), std::vector<std::string>{"saxpy"});
    expectSaxpyRuns(code);
  }
}

TEST_F(LinkTest, MissingDefinitionFailsWithTheLinkerMessage) {
  for (const char* gpu : {"gfx1030", "gfx1100"}) {
    Compiled kernel = compile(kKernel, {std::string("--gpu-architecture=") + gpu, "-fgpu-rdc"});
    ASSERT_EQ(kernel.result, HIPRTC_SUCCESS) << kernel.log;
    std::string cpu = std::string("-mcpu=") + gpu;
    const char* isaOptions[] = {cpu.c_str()};
    char errors[4096] = {};
    hiprtcJIT_option options[] = {HIPRTC_JIT_IR_TO_ISA_OPT_EXT, HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT,
                                  HIPRTC_JIT_ERROR_LOG_BUFFER,
                                  HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void* values[] = {isaOptions, reinterpret_cast<void*>(size_t{1}), errors,
                      reinterpret_cast<void*>(sizeof errors)};
    hiprtcLinkState state = nullptr;
    ASSERT_EQ(hiprtcLinkCreate(4, options, values, &state), HIPRTC_SUCCESS);
    ASSERT_EQ(hiprtcLinkAddData(state, HIPRTC_JIT_INPUT_LLVM_BITCODE, kernel.code.data(),
                                kernel.code.size(), "kernel", 0, nullptr, nullptr),
              HIPRTC_SUCCESS);
    void* binary = nullptr;
    size_t size = 0;
    EXPECT_EQ(hiprtcLinkComplete(state, &binary, &size), HIPRTC_ERROR_LINKING) << gpu;
    EXPECT_NE(std::string(errors).find("undefined hidden symbol: twice"), std::string::npos)
        << errors;
    EXPECT_EQ(hiprtcLinkDestroy(state), HIPRTC_SUCCESS);
  }
}

// A helper compiled offline into an offload bundle of bitcode (clang --gpu-bundle-output),
// added as a file, linked with a hiprtc program.
TEST_F(LinkTest, BundledBitcodeFileLinksWithAProgram) {
  Compiled kernel = compile(kKernel, {"--gpu-architecture=gfx1100", "-fgpu-rdc"});
  ASSERT_EQ(kernel.result, HIPRTC_SUCCESS) << kernel.log;
  const char* isaOptions[] = {"-mcpu=gfx1100"};
  hiprtcJIT_option options[] = {HIPRTC_JIT_IR_TO_ISA_OPT_EXT, HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT};
  void* values[] = {isaOptions, reinterpret_cast<void*>(size_t{1})};
  hiprtcLinkState state = nullptr;
  ASSERT_EQ(hiprtcLinkCreate(2, options, values, &state), HIPRTC_SUCCESS);
  ASSERT_EQ(hiprtcLinkAddFile(state, HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE,
                              HIPRTC_TEST_HELPER_BUNDLE, 0, nullptr, nullptr),
            HIPRTC_SUCCESS);
  ASSERT_EQ(hiprtcLinkAddData(state, HIPRTC_JIT_INPUT_LLVM_BITCODE, kernel.code.data(),
                              kernel.code.size(), "kernel", 0, nullptr, nullptr),
            HIPRTC_SUCCESS);
  void* binary = nullptr;
  size_t size = 0;
  ASSERT_EQ(hiprtcLinkComplete(state, &binary, &size), HIPRTC_SUCCESS);
  std::string code(static_cast<char*>(binary), size);
  EXPECT_EQ(hiprtcLinkDestroy(state), HIPRTC_SUCCESS);
  EXPECT_EQ(processorOf(code), "gfx1100");
  expectSaxpyRuns(code);
}

TEST_F(LinkTest, UnknownLinkOptionAndInputTypeAreRejected) {
  const char* isaOptions[] = {"-fbogus"};
  hiprtcJIT_option options[] = {HIPRTC_JIT_IR_TO_ISA_OPT_EXT, HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT};
  void* values[] = {isaOptions, reinterpret_cast<void*>(size_t{1})};
  hiprtcLinkState state = nullptr;
  EXPECT_EQ(hiprtcLinkCreate(2, options, values, &state), HIPRTC_ERROR_INVALID_OPTION);
  ASSERT_EQ(hiprtcLinkCreate(0, nullptr, nullptr, &state), HIPRTC_SUCCESS);
  char byte = 0;
  EXPECT_EQ(hiprtcLinkAddData(state, HIPRTC_JIT_INPUT_PTX, &byte, 1, "x", 0, nullptr, nullptr),
            HIPRTC_ERROR_INVALID_INPUT);
  EXPECT_EQ(hiprtcLinkDestroy(state), HIPRTC_SUCCESS);
}

}  // namespace
}  // namespace rtctest
