// Shared helpers of the hiprtc tests.
#include "RtcTestSupport.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/KernelMetadata.h"

namespace rtctest {

const char* const kSaxpySource = R"(
#include <hip/hip_runtime.h>
extern "C" __global__ void saxpy(float a, const float* x, float* y, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
)";

Compiled compile(const std::string& source, const std::vector<std::string>& options,
                 const std::vector<Header>& headers,
                 const std::vector<std::string>& nameExpressions) {
  Compiled out;
  std::vector<const char*> headerTexts, headerNames, optionTexts;
  for (const Header& h : headers) {
    headerTexts.push_back(h.text.c_str());
    headerNames.push_back(h.name.c_str());
  }
  for (const std::string& o : options) optionTexts.push_back(o.c_str());
  hiprtcProgram prog = nullptr;
  out.result = hiprtcCreateProgram(&prog, source.c_str(), "test.hip", int(headers.size()),
                                   headerTexts.data(), headerNames.data());
  if (out.result != HIPRTC_SUCCESS) return out;
  for (const std::string& e : nameExpressions)
    EXPECT_EQ(hiprtcAddNameExpression(prog, e.c_str()), HIPRTC_SUCCESS);
  out.result = hiprtcCompileProgram(prog, int(optionTexts.size()), optionTexts.data());
  size_t logSize = 0;
  EXPECT_EQ(hiprtcGetProgramLogSize(prog, &logSize), HIPRTC_SUCCESS);
  out.log.resize(logSize);
  EXPECT_EQ(hiprtcGetProgramLog(prog, out.log.data()), HIPRTC_SUCCESS);
  out.log.resize(logSize ? logSize - 1 : 0);
  hipcoreRtcCompileInfo info{};
  EXPECT_EQ(hipcoreRtcGetCompileInfo(prog, &info), HIPRTC_SUCCESS);
  out.cacheHit = info.cacheHit != 0;
  out.compiler = info.compiler ? info.compiler : "";
  out.target = info.target ? info.target : "";
  if (out.result == HIPRTC_SUCCESS) {
    size_t size = 0;
    EXPECT_EQ(hiprtcGetCodeSize(prog, &size), HIPRTC_SUCCESS);
    out.code.resize(size);
    EXPECT_EQ(hiprtcGetCode(prog, out.code.data()), HIPRTC_SUCCESS);
    for (const std::string& e : nameExpressions) {
      const char* lowered = nullptr;
      EXPECT_EQ(hiprtcGetLoweredName(prog, e.c_str(), &lowered), HIPRTC_SUCCESS) << e;
      out.lowered.push_back(lowered ? lowered : "");
    }
  }
  EXPECT_EQ(hiprtcDestroyProgram(&prog), HIPRTC_SUCCESS);
  return out;
}

void useCompiler(const char* choice) {
  if (*choice)
    ::setenv("HIPCORE_RTC_COMPILER", choice, 1);
  else
    ::unsetenv("HIPCORE_RTC_COMPILER");
}

std::vector<std::string> kernelNames(const std::string& code) {
  std::vector<std::string> names;
  auto co = hipcore::loader::CodeObject::parse(hipcore::loader::asBytes(code));
  EXPECT_TRUE(co.ok()) << (co ? "" : co.message());
  if (!co) return names;
  auto note = co->metadataNote();
  EXPECT_TRUE(note.ok());
  if (!note) return names;
  auto metadata = hipcore::loader::parseCodeObjectMetadata(*note);
  EXPECT_TRUE(metadata.ok()) << (metadata ? "" : metadata.message());
  if (!metadata) return names;
  for (const auto& k : metadata->kernels) {
    names.push_back(k.name);
    EXPECT_NE(co->findSymbol(k.symbol), nullptr) << "descriptor " << k.symbol;
  }
  return names;
}

std::string processorOf(const std::string& code) {
  auto co = hipcore::loader::CodeObject::parse(hipcore::loader::asBytes(code));
  if (!co) return "unparsable: " + co.message();
  auto target = co->target();
  return target ? target->processor : "unknown machine";
}

std::unique_ptr<vgpu::isa::CodeObject> loadIntoHarness(const std::string& code) {
  std::string path = std::filesystem::temp_directory_path() /
                     ("hiprtc-test-" + std::to_string(::getpid()) + ".co");
  std::ofstream(path, std::ios::binary).write(code.data(), std::streamsize(code.size()));
  std::string error;
  auto loaded = vgpu::isa::CodeObject::load(path, error);
  std::filesystem::remove(path);
  EXPECT_TRUE(loaded) << error;
  return loaded;
}

void expectSaxpyRuns(const std::string& code, const std::string& kernel) {
  auto co = loadIntoHarness(code);
  ASSERT_TRUE(co);
  constexpr unsigned n = 1000;  // not a multiple of the block: the bounds check matters
  const float a = 3.0f;
  std::vector<float> x(n), y(n), expected(n);
  for (unsigned i = 0; i < n; ++i) {
    x[i] = float(i % 97) - 48.0f;  // small integers: every product and sum is exact
    y[i] = float(i % 13) * 4.0f;
    expected[i] = a * x[i] + y[i];
  }
  vgpu::isa::HostRanges memory;
  memory.add(x.data(), n * sizeof(float), "x");
  memory.add(y.data(), n * sizeof(float), "y");
  vgpu::isa::Launch launch;
  launch.grid[0] = (n + 255) / 256;
  launch.block[0] = 256;
  launch.threads = 1;  // one worker: these tests are about hiprtc, not the interpreter's pool
  launch.memory = &memory;
  launch.arg(a).arg(static_cast<const float*>(x.data())).arg(y.data()).arg(n);
  vgpu::DispatchOutcome outcome = vgpu::isa::runKernel(*co, kernel, launch);
  ASSERT_TRUE(outcome.ok()) << outcome.report;
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(y[i], expected[i]) << "element " << i;
}

void RtcTest::SetUp() {
  char pattern[] = "/tmp/hiprtc-cache-XXXXXX";
  ASSERT_NE(::mkdtemp(pattern), nullptr);
  cacheHome = pattern;
  ::setenv("XDG_CACHE_HOME", cacheHome.c_str(), 1);
  ::unsetenv("HIPCORE_JIT_CACHE");
  ::unsetenv("HIPCORE_JIT_CACHE_MAX_MB");
  useCompiler("");
}

void RtcTest::TearDown() {
  std::error_code ignored;
  std::filesystem::remove_all(cacheHome, ignored);
}

}  // namespace rtctest
