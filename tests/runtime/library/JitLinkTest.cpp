// The JIT linker (hipLink*): a kernel and the device function it calls, compiled apart as
// -fgpu-rdc bitcode (offline bundles, or hiprtc through libhipcore), linked into one code
// object that hipModuleLoadData loads and that runs with host-checked results.
#include <hip/hiprtc.h>
#include <stdlib.h>

#include "LibraryTestSupport.h"

namespace librarytest {
namespace {

// The offline bundles are clang-19 bitcode, which the comgr that links for gfx10 (LLVM 15)
// cannot read: clang links here, as it does for gfx11. Compiles are not cached (no files left
// in the user's cache by a test).
class JitLink : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("HIPCORE_RTC_COMPILER", "clang", 1);
    setenv("HIPCORE_JIT_CACHE", "0", 1);
  }
};

// Links what `add` adds and loads the result; the module's mixer must then run.
template <class Add>
void linkLoadAndRun(Add add) {
  hipLinkState_t state = nullptr;
  ASSERT_HIP(hipLinkCreate(0, nullptr, nullptr, &state));
  add(state);
  void* binary = nullptr;
  size_t size = 0;
  ASSERT_HIP(hipLinkComplete(state, &binary, &size));
  ASSERT_NE(binary, nullptr);
  ASSERT_GT(size, 64u);
  EXPECT_EQ(std::memcmp(binary,
                        "\x7f"
                        "ELF",
                        4),
            0);
  hipModule_t module = nullptr;
  ASSERT_HIP(hipModuleLoadData(&module, binary));
  ASSERT_HIP(hipLinkDestroy(state));  // the module holds its own copy
  unsigned count = 0;
  ASSERT_HIP(hipModuleGetFunctionCount(&count, module));
  EXPECT_EQ(count, 1u);
  hipFunction_t mixer = nullptr;
  ASSERT_HIP(hipModuleGetFunction(&mixer, module, "mixer"));
  expectMixerRuns(mixer);
  ASSERT_HIP(hipModuleUnload(module));
}

TEST_F(JitLink, TwoBitcodeBundleFilesLinkIntoCodeThatRuns) {
  linkLoadAndRun([](hipLinkState_t state) {
    ASSERT_HIP(hipLinkAddFile(state, hipJitInputLLVMBundledBitcode,
                              dataPath("link_kernel.bc.bundle").c_str(), 0, nullptr, nullptr));
    ASSERT_HIP(hipLinkAddFile(state, hipJitInputLLVMBundledBitcode,
                              dataPath("link_helper.bc.bundle").c_str(), 0, nullptr, nullptr));
  });
}

// The helper as bytes, the kernel as hiprtc's bitcode for the current device: both input types
// through hipLinkAddData, and hiprtc reached through libhipcore alone.
TEST_F(JitLink, HiprtcBitcodeLinksWithABundleGivenAsData) {
  const char* source = R"(
#include <hip/hip_runtime.h>
extern "C" __device__ int mix(int a, int b);
extern "C" __global__ void mixer(int* out, const int* in, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = mix(in[i], static_cast<int>(i));
}
)";
  hiprtcProgram program = nullptr;
  ASSERT_EQ(hiprtcCreateProgram(&program, source, "mixer.hip", 0, nullptr, nullptr),
            HIPRTC_SUCCESS);
  const char* options[] = {"-fgpu-rdc"};
  ASSERT_EQ(hiprtcCompileProgram(program, 1, options), HIPRTC_SUCCESS);
  size_t size = 0;
  ASSERT_EQ(hiprtcGetBitcodeSize(program, &size), HIPRTC_SUCCESS);
  std::vector<char> bitcode(size);
  ASSERT_EQ(hiprtcGetBitcode(program, bitcode.data()), HIPRTC_SUCCESS);
  ASSERT_EQ(hiprtcDestroyProgram(&program), HIPRTC_SUCCESS);
  std::vector<char> helper = readData("link_helper.bc.bundle");
  ASSERT_FALSE(helper.empty());
  linkLoadAndRun([&](hipLinkState_t state) {
    ASSERT_HIP(hipLinkAddData(state, hipJitInputLLVMBitcode, bitcode.data(), bitcode.size(),
                              "mixer", 0, nullptr, nullptr));
    ASSERT_HIP(hipLinkAddData(state, hipJitInputLLVMBundledBitcode, helper.data(), helper.size(),
                              "helper", 0, nullptr, nullptr));
  });
}

// Without the helper, mix() stays undefined: the link fails and the error log names it.
TEST_F(JitLink, AnUndefinedFunctionFailsTheLinkWithTheLinkerMessage) {
  char errors[4096] = {};
  hipJitOption options[] = {hipJitOptionErrorLogBuffer, hipJitOptionErrorLogBufferSizeBytes};
  void* values[] = {errors, reinterpret_cast<void*>(sizeof errors)};
  hipLinkState_t state = nullptr;
  ASSERT_HIP(hipLinkCreate(2, options, values, &state));
  ASSERT_HIP(hipLinkAddFile(state, hipJitInputLLVMBundledBitcode,
                            dataPath("link_kernel.bc.bundle").c_str(), 0, nullptr, nullptr));
  void* binary = nullptr;
  size_t size = 0;
  EXPECT_EQ(hipLinkComplete(state, &binary, &size), hipErrorInvalidConfiguration);
  EXPECT_NE(std::string(errors).find("mix"), std::string::npos) << errors;
  ASSERT_HIP(hipLinkDestroy(state));
}

// The IR-to-ISA options choose the target: code for a processor given by name.
TEST_F(JitLink, TheTargetComesFromTheIrToIsaOptions) {
  int device = 0;
  ASSERT_HIP(hipGetDevice(&device));
  hipDeviceProp_t properties;
  ASSERT_HIP(hipGetDeviceProperties(&properties, device));
  std::string processor(properties.gcnArchName);
  processor = processor.substr(0, processor.find(':'));
  std::string cpu = "-mcpu=" + processor;
  const char* isa[] = {cpu.c_str(), "-O2"};
  hipJitOption options[] = {hipJitOptionIRtoISAOptExt, hipJitOptionIRtoISAOptCountExt};
  void* values[] = {isa, reinterpret_cast<void*>(size_t{2})};
  hipLinkState_t state = nullptr;
  ASSERT_HIP(hipLinkCreate(2, options, values, &state));
  for (const char* part : {"link_kernel.bc.bundle", "link_helper.bc.bundle"})
    ASSERT_HIP(hipLinkAddFile(state, hipJitInputLLVMBundledBitcode, dataPath(part).c_str(), 0,
                              nullptr, nullptr));
  void* binary = nullptr;
  size_t size = 0;
  ASSERT_HIP(hipLinkComplete(state, &binary, &size));
  hipModule_t module = nullptr;
  ASSERT_HIP(hipModuleLoadData(&module, binary));
  hipFunction_t mixer = nullptr;
  ASSERT_HIP(hipModuleGetFunction(&mixer, module, "mixer"));
  expectMixerRuns(mixer);
  ASSERT_HIP(hipModuleUnload(module));
  ASSERT_HIP(hipLinkDestroy(state));
}

}  // namespace
}  // namespace librarytest
