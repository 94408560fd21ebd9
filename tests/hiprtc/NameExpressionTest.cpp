// Name expressions: template instantiations named in source syntax come back as the mangled
// names of kernels in the code object, on both compile paths.
#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>

#include "RtcTestSupport.h"

namespace rtctest {
namespace {

class NameExpressionTest : public RtcTest {};

const char* const kTemplates = R"(
#include <hip/hip_runtime.h>
namespace ops {
template <typename T, int Factor>
__global__ void scale(T* data, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * T(Factor);
}
}  // namespace ops
template <typename T>
__global__ void fill(T* data, T value) { data[threadIdx.x] = value; }
)";

// The host's own demangler, independent of the device compiler.
std::string demangle(const std::string& mangled) {
  int status = 0;
  char* text = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
  std::string out = status == 0 && text ? text : "(not demanglable: " + mangled + ")";
  std::free(text);
  return out;
}

TEST_F(NameExpressionTest, TemplatesResolveToTheirKernelsOnBothPaths) {
  for (const char* arch : {"--gpu-architecture=gfx1030", "--gpu-architecture=gfx1100"}) {
    std::vector<std::string> expressions = {"ops::scale<float, 3>", "&ops::scale<int, 5>",
                                            "fill<unsigned>"};
    Compiled c = compile(kTemplates, {arch}, {}, expressions);
    ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
    ASSERT_EQ(c.lowered.size(), 3u);
    EXPECT_EQ(demangle(c.lowered[0]), "void ops::scale<float, 3>(float*, unsigned int)") << arch;
    EXPECT_EQ(demangle(c.lowered[1]), "void ops::scale<int, 5>(int*, unsigned int)") << arch;
    EXPECT_EQ(demangle(c.lowered[2]), "void fill<unsigned int>(unsigned int*, unsigned int)")
        << arch;
    std::vector<std::string> kernels = kernelNames(c.code);
    for (const std::string& name : c.lowered)
      EXPECT_NE(std::find(kernels.begin(), kernels.end(), name), kernels.end()) << name;

    // The lowered name launches the instantiation it names: scale<int, 5> multiplies by 5.
    auto co = loadIntoHarness(c.code);
    ASSERT_TRUE(co);
    std::vector<int> data(64);
    for (int i = 0; i < 64; ++i) data[i] = i - 20;
    vgpu::isa::HostRanges memory;
    memory.add(data.data(), data.size() * sizeof(int), "data");
    vgpu::isa::Launch launch;
    launch.block[0] = 64;
    launch.memory = &memory;
    launch.arg(data.data()).arg(64u);
    vgpu::DispatchOutcome outcome = vgpu::isa::runKernel(*co, c.lowered[1], launch);
    ASSERT_TRUE(outcome.ok()) << outcome.report;
    for (int i = 0; i < 64; ++i) EXPECT_EQ(data[i], (i - 20) * 5);
  }
}

TEST_F(NameExpressionTest, UnknownExpressionAndLateAdditionAreErrors) {
  hiprtcProgram prog = nullptr;
  ASSERT_EQ(hiprtcCreateProgram(&prog, kTemplates, "t.hip", 0, nullptr, nullptr), HIPRTC_SUCCESS);
  ASSERT_EQ(hiprtcAddNameExpression(prog, "fill<int>"), HIPRTC_SUCCESS);
  const char* options[] = {"--gpu-architecture=gfx1030"};
  ASSERT_EQ(hiprtcCompileProgram(prog, 1, options), HIPRTC_SUCCESS);
  const char* lowered = nullptr;
  EXPECT_EQ(hiprtcGetLoweredName(prog, "fill<float>", &lowered),
            HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID);
  EXPECT_EQ(hiprtcAddNameExpression(prog, "fill<float>"),
            HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION);
  ASSERT_EQ(hiprtcGetLoweredName(prog, "fill<int>", &lowered), HIPRTC_SUCCESS);
  EXPECT_EQ(demangle(lowered), "void fill<int>(int*, int)");
  hiprtcDestroyProgram(&prog);
}

TEST_F(NameExpressionTest, InvalidExpressionIsACompileError) {
  Compiled c = compile(kTemplates, {"--gpu-architecture=gfx1030"}, {}, {"no_such_kernel<int>"});
  EXPECT_EQ(c.result, HIPRTC_ERROR_COMPILATION);
  EXPECT_NE(c.log.find("no_such_kernel"), std::string::npos) << c.log;
}

}  // namespace
}  // namespace rtctest
