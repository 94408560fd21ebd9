// Device printf, assert and malloc on the GPU (or vgpu): the kernels run in a child process of
// this binary, whose stdout is compared with what the host's snprintf makes of the same
// formats and arguments.
#include <gtest/gtest.h>
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "PrintfCases.h"

int runConversions(unsigned blocks, unsigned threads);
int runAssert();
int runMalloc(unsigned blocks, unsigned threads, unsigned* errors);

namespace {

constexpr unsigned kBlocks = 3;
constexpr unsigned kThreads = 40;  // not a multiple of the wave size: partial waves print too
std::string selfPath;

struct ChildResult {
  std::string out;
  int exitCode = -1;
};

// Runs this binary in `mode` and captures its stdout (stderr passes through).
ChildResult runChild(const std::string& mode) {
  ChildResult result;
  std::string command = "'" + selfPath + "' --child=" + mode;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), pipe)) > 0) result.out.append(buffer, n);
  int status = pclose(pipe);
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

template <typename... Args>
std::string format(const char* fmt, Args... args) {
  char buffer[1024];
  int length = std::snprintf(buffer, sizeof(buffer), fmt, args...);
  return std::string(buffer, static_cast<size_t>(length));  // keeps the NUL of a %c of 0
}

std::vector<std::string> expectedConversions(int threads) {
  std::string text;
  for (int t = 0; t < threads; ++t) {
    printf_cases::Values v = printf_cases::valuesFor(t);
    text += format(PRINTF_CASES_FORMAT0, t, v.i, v.i, v.u, v.u, v.u, v.c, v.s);
    text += format(PRINTF_CASES_FORMAT1, t, v.d, v.d, v.d, v.d, v.d, v.d);
    text += format(PRINTF_CASES_FORMAT2, t, v.p, v.l, v.ll, v.ull, v.ull, v.i, v.i, v.i);
    text += format(PRINTF_CASES_FORMAT3, t, v.s, v.s, v.d, v.i);
  }
  return lines(text);
}

// Child modes: print to stdout, exit with 0 or the HIP error code (modulo 256).
int child(const std::string& mode) {
  if (mode == "conversions") {
    int status = runConversions(kBlocks, kThreads);
    std::fflush(stdout);
    return status;
  }
  if (mode == "assert") {
    int status = runAssert();
    std::printf("status %d %s\n", status, hipGetErrorName(static_cast<hipError_t>(status)));
    return 0;
  }
  std::fprintf(stderr, "unknown child mode %s\n", mode.c_str());
  return 99;
}

TEST(DevicePrintf, EveryConversionMatchesHostSnprintf) {
  ChildResult child = runChild("conversions");
  ASSERT_EQ(child.exitCode, 0) << child.out;
  std::vector<std::string> got = lines(child.out);
  std::vector<std::string> expected = expectedConversions(kBlocks * kThreads);
  EXPECT_EQ(got.size(), expected.size());
  // Threads print in any order, but one thread's lines keep theirs (A, B, C, D).
  for (int t = 0; t < static_cast<int>(kBlocks * kThreads); ++t) {
    std::string prefix = "t" + std::to_string(t) + " ";
    std::vector<std::string> mine;
    for (const std::string& line : got)
      if (line.rfind(prefix, 0) == 0) mine.push_back(line);
    std::vector<std::string> want(expected.begin() + 4 * t, expected.begin() + 4 * t + 4);
    EXPECT_EQ(mine, want) << "thread " << t;
  }
}

TEST(DeviceAssert, PrintsTheExpressionAndFailsWithHipErrorAssert) {
  ChildResult child = runChild("assert");
  ASSERT_EQ(child.exitCode, 0) << child.out;
  EXPECT_NE(child.out.find("PrintfKernels.hip:"), std::string::npos) << child.out;
  EXPECT_NE(child.out.find("block [0,0,0], thread [3,0,0] Assertion `value != 3' failed."),
            std::string::npos)
      << child.out;
  EXPECT_NE(child.out.find("status 710 hipErrorAssert"), std::string::npos) << child.out;
  // The message was printed before the error reached the host.
  EXPECT_LT(child.out.find("Assertion"), child.out.find("status 710")) << child.out;
}

TEST(DeviceMalloc, ManySizesFromManyThreads) {
  unsigned errors = 12345;
  ASSERT_EQ(runMalloc(/*blocks=*/4, /*threads=*/64, &errors), hipSuccess);
  EXPECT_EQ(errors, 0u);
  // The heap is reused by a second launch.
  ASSERT_EQ(runMalloc(/*blocks=*/2, /*threads=*/64, &errors), hipSuccess);
  EXPECT_EQ(errors, 0u);
}

}  // namespace

int main(int argc, char** argv) {
  selfPath = argv[0];
  if (argc == 2 && std::strncmp(argv[1], "--child=", 8) == 0) return child(argv[1] + 8);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
