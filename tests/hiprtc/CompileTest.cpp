// hiprtc compiles through comgr and clang: code objects the loader accepts, kernels that run on
// vgpu's interpreter, the program's own headers, errors and options.
#include "RtcTestSupport.h"

namespace rtctest {
namespace {

class CompileTest : public RtcTest {};

TEST_F(CompileTest, Gfx1030ThroughComgrRuns) {
  Compiled c = compile(kSaxpySource, {"--gpu-architecture=gfx1030"});
  ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
  EXPECT_EQ(c.compiler, "comgr");  // comgr 2.4 knows gfx1030: the automatic choice
  EXPECT_EQ(c.target, "gfx1030");
  EXPECT_EQ(processorOf(c.code), "gfx1030");
  EXPECT_EQ(kernelNames(c.code), std::vector<std::string>{"saxpy"});
  expectSaxpyRuns(c.code);
}

TEST_F(CompileTest, Gfx1030ThroughClangRuns) {
  useCompiler("clang");
  Compiled c = compile(kSaxpySource, {"--offload-arch=gfx1030", "-O2"});
  ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
  EXPECT_EQ(c.compiler, "clang");
  EXPECT_EQ(processorOf(c.code), "gfx1030");
  EXPECT_EQ(kernelNames(c.code), std::vector<std::string>{"saxpy"});
  expectSaxpyRuns(c.code);
}

TEST_F(CompileTest, Gfx1100GoesThroughClangAndRuns) {
  Compiled c = compile(kSaxpySource, {"--gpu-architecture=gfx1100"});
  ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
  EXPECT_EQ(c.compiler, "clang");  // comgr 2.4 has no gfx11
  EXPECT_EQ(c.target, "gfx1100");
  EXPECT_EQ(processorOf(c.code), "gfx1100");
  EXPECT_EQ(kernelNames(c.code), std::vector<std::string>{"saxpy"});
  expectSaxpyRuns(c.code);
}

TEST_F(CompileTest, Gfx1100Wave64Runs) {
  Compiled c = compile(kSaxpySource, {"--gpu-architecture=gfx1100", "-mwavefrontsize64"});
  ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
  auto co = loadIntoHarness(c.code);
  ASSERT_TRUE(co);
  ASSERT_NE(co->kernel("saxpy"), nullptr);
  EXPECT_EQ(co->kernel("saxpy")->wavefrontSize, 64u);
  expectSaxpyRuns(c.code);
}

// As with NVRTC and AMD's hiprtc, the HIP built-ins need no #include, on both paths.
const char* const kNoIncludeSource = R"(
extern "C" __global__ void saxpy(float a, const float* x, float* y, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  __syncthreads();
  if (i < n) y[i] = a * x[i] + y[i];
}
)";

TEST_F(CompileTest, BuiltinsNeedNoIncludeOnBothPaths) {
  for (const char* compiler : {"comgr", "clang"}) {
    useCompiler(compiler);
    Compiled c = compile(kNoIncludeSource, {"--offload-arch=gfx1030"});
    ASSERT_EQ(c.result, HIPRTC_SUCCESS) << compiler << ": " << c.log;
    EXPECT_EQ(c.compiler, compiler);
    expectSaxpyRuns(c.code);
  }
}

// The program's own headers, and -D, on both paths.
const char* const kHeaderSource = R"(
#include <hip/hip_runtime.h>
#include "params.h"
extern "C" __global__ void saxpy(float a, const float* x, float* y, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = SCALE(a) * x[i] + y[i] + OFFSET;
}
)";

TEST_F(CompileTest, ProgramHeadersAndDefinesOnBothPaths) {
  for (const char* compiler : {"comgr", "clang"}) {
    useCompiler(compiler);
    Compiled c = compile(kHeaderSource, {"--gpu-architecture=gfx1030", "-DOFFSET=0.0f"},
                         {{"params.h", "#define SCALE(a) (a)\n"}});
    ASSERT_EQ(c.result, HIPRTC_SUCCESS) << compiler << ": " << c.log;
    EXPECT_EQ(c.compiler, compiler);
    expectSaxpyRuns(c.code);
  }
}

TEST_F(CompileTest, CompileErrorsCarryClangDiagnostics) {
  const char* broken = R"(
#include <hip/hip_runtime.h>
__global__ void k(int* p) { p[0] = undefined_thing; }
)";
  for (const char* arch : {"--gpu-architecture=gfx1030", "--gpu-architecture=gfx1100"}) {
    Compiled c = compile(broken, {arch});
    EXPECT_EQ(c.result, HIPRTC_ERROR_COMPILATION) << arch;
    EXPECT_NE(c.log.find("error: use of undeclared identifier 'undefined_thing'"),
              std::string::npos)
        << arch << ":\n"
        << c.log;
    EXPECT_NE(c.log.find("test.hip:3:"), std::string::npos)
        << c.log;  // the program's name and line
  }
}

TEST_F(CompileTest, UnknownOptionsAreRejectedWithAMessage) {
  Compiled c = compile(kSaxpySource, {"--gpu-architecture=gfx1030", "-fbogus-option"});
  EXPECT_EQ(c.result, HIPRTC_ERROR_INVALID_OPTION);
  EXPECT_NE(c.log.find("unknown option '-fbogus-option'"), std::string::npos) << c.log;
  Compiled bad = compile(kSaxpySource, {"--gpu-architecture=notagpu"});
  EXPECT_EQ(bad.result, HIPRTC_ERROR_INVALID_OPTION);
  EXPECT_NE(bad.log.find("notagpu"), std::string::npos) << bad.log;
}

TEST_F(CompileTest, ForcingComgrOnATargetItLacksIsAnOptionError) {
  useCompiler("comgr");
  Compiled c = compile(kSaxpySource, {"--gpu-architecture=gfx1100"});
  EXPECT_EQ(c.result, HIPRTC_ERROR_INVALID_OPTION);
  EXPECT_NE(c.log.find("comgr does not know gfx1100"), std::string::npos) << c.log;
}

TEST_F(CompileTest, AcceptedOptionsCompile) {
  Compiled c = compile(kSaxpySource, {"--gpu-architecture=gfx1030", "-O0", "-std=c++20",
                                      "-ffast-math", "-mcumode", "-D", "UNUSED=1", "-I", "/tmp"});
  ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
  expectSaxpyRuns(c.code);
}

TEST_F(CompileTest, RelocatableOutputIsBitcode) {
  for (const char* arch : {"--gpu-architecture=gfx1030", "--gpu-architecture=gfx1100"}) {
    Compiled c = compile(kSaxpySource, {arch, "-fgpu-rdc"});
    ASSERT_EQ(c.result, HIPRTC_SUCCESS) << c.log;
    ASSERT_GE(c.code.size(), 4u);
    EXPECT_EQ(c.code.substr(0, 4), std::string("BC\xC0\xDE", 4)) << arch;  // LLVM bitcode magic
  }
}

TEST(HiprtcApi, ArgumentChecksAndStrings) {
  int major = 0, minor = 0;
  EXPECT_EQ(hiprtcVersion(&major, &minor), HIPRTC_SUCCESS);
  EXPECT_EQ(major, 6);
  EXPECT_EQ(minor, 2);
  EXPECT_STREQ(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION), "HIPRTC_ERROR_COMPILATION");
  EXPECT_EQ(hiprtcCreateProgram(nullptr, "", "x", 0, nullptr, nullptr), HIPRTC_ERROR_INVALID_INPUT);
  EXPECT_EQ(hiprtcCompileProgram(nullptr, 0, nullptr), HIPRTC_ERROR_INVALID_PROGRAM);
  hiprtcProgram prog = nullptr;
  ASSERT_EQ(hiprtcCreateProgram(&prog, kSaxpySource, nullptr, 0, nullptr, nullptr), HIPRTC_SUCCESS);
  const char* lowered = nullptr;
  EXPECT_EQ(hiprtcGetLoweredName(prog, "saxpy", &lowered),
            HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION);
  EXPECT_EQ(hiprtcDestroyProgram(&prog), HIPRTC_SUCCESS);
  EXPECT_EQ(prog, nullptr);
}

}  // namespace
}  // namespace rtctest
