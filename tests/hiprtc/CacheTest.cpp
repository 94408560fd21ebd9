// The compile cache through the API: a hit for the same program, a miss when any key part
// changes, off with HIPCORE_JIT_CACHE=0, and correct under concurrent processes.
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "RtcTestSupport.h"

namespace rtctest {
namespace {

class CacheTest : public RtcTest {
 protected:
  size_t entries() const {
    size_t n = 0;
    std::error_code ec;
    for (auto& e : std::filesystem::directory_iterator(cacheHome + "/hipcore/rtc", ec))
      if (e.path().filename().string()[0] != '.') ++n;
    return n;
  }
};

TEST_F(CacheTest, SecondCompileHitsAndReturnsTheSameCode) {
  for (const char* arch : {"--gpu-architecture=gfx1030", "--gpu-architecture=gfx1100"}) {
    Compiled first = compile(kSaxpySource, {arch});
    ASSERT_EQ(first.result, HIPRTC_SUCCESS) << first.log;
    EXPECT_FALSE(first.cacheHit);
    Compiled second = compile(kSaxpySource, {arch});
    ASSERT_EQ(second.result, HIPRTC_SUCCESS) << second.log;
    EXPECT_TRUE(second.cacheHit) << arch;
    EXPECT_EQ(second.code, first.code);
    expectSaxpyRuns(second.code);
  }
  EXPECT_EQ(entries(), 2u);
}

TEST_F(CacheTest, AnyKeyPartChangedMisses) {
  const std::vector<std::string> base = {"--gpu-architecture=gfx1030", "-DK=1"};
  const std::vector<Header> header = {{"h.h", "#define H 1\n"}};
  ASSERT_EQ(compile(kSaxpySource, base, header).result, HIPRTC_SUCCESS);
  ASSERT_TRUE(compile(kSaxpySource, base, header).cacheHit);

  EXPECT_FALSE(compile(std::string(kSaxpySource) + "\n// changed\n", base, header).cacheHit)
      << "source";
  EXPECT_FALSE(compile(kSaxpySource, base, {{"h.h", "#define H 2\n"}}).cacheHit) << "header text";
  EXPECT_FALSE(compile(kSaxpySource, base, {{"g.h", "#define H 1\n"}}).cacheHit) << "header name";
  EXPECT_FALSE(compile(kSaxpySource, {"--gpu-architecture=gfx1030", "-DK=2"}, header).cacheHit)
      << "option";
  EXPECT_FALSE(
      compile(kSaxpySource, {"--gpu-architecture=gfx1030", "-DK=1", "-O1"}, header).cacheHit)
      << "-O";
  EXPECT_FALSE(compile(kSaxpySource, {"--gpu-architecture=gfx1031", "-DK=1"}, header).cacheHit)
      << "target";
  useCompiler("clang");
  EXPECT_FALSE(compile(kSaxpySource, base, header).cacheHit) << "compiler";
  EXPECT_TRUE(compile(kSaxpySource, base, header).cacheHit) << "clang's own entry";
  useCompiler("");
  EXPECT_TRUE(compile(kSaxpySource, base, header).cacheHit) << "the first entry is still there";
}

TEST_F(CacheTest, NameExpressionsWorkFromTheCache) {
  const char* source =
      "#include <hip/hip_runtime.h>\ntemplate <int N> __global__ void k(int* p) { p[0] = N; }\n";
  Compiled first = compile(source, {"--gpu-architecture=gfx1030"}, {}, {"k<7>"});
  ASSERT_EQ(first.result, HIPRTC_SUCCESS) << first.log;
  Compiled second = compile(source, {"--gpu-architecture=gfx1030"}, {}, {"k<7>"});
  ASSERT_TRUE(second.cacheHit);
  EXPECT_EQ(second.lowered, first.lowered);
  EXPECT_FALSE(compile(source, {"--gpu-architecture=gfx1030"}, {}, {"k<8>"}).cacheHit);
}

TEST_F(CacheTest, DisabledByEnvironment) {
  ::setenv("HIPCORE_JIT_CACHE", "0", 1);
  ASSERT_EQ(compile(kSaxpySource, {"--gpu-architecture=gfx1030"}).result, HIPRTC_SUCCESS);
  EXPECT_FALSE(compile(kSaxpySource, {"--gpu-architecture=gfx1030"}).cacheHit);
  EXPECT_EQ(entries(), 0u);
}

TEST_F(CacheTest, FailedCompilesAreNotCached) {
  const char* broken = "__global__ void k() { nope; }\n";
  EXPECT_EQ(compile(broken, {"--gpu-architecture=gfx1030"}).result, HIPRTC_ERROR_COMPILATION);
  EXPECT_EQ(compile(broken, {"--gpu-architecture=gfx1030"}).result, HIPRTC_ERROR_COMPILATION);
  EXPECT_EQ(entries(), 0u);
}

TEST_F(CacheTest, ConcurrentProcessesShareOneEntry) {
  constexpr int kProcesses = 4;
  std::vector<pid_t> children;
  for (int i = 0; i < kProcesses; ++i) {
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      // Each child compiles (or finds) the same program and checks the code it gets.
      Compiled c = compile(kSaxpySource, {"--gpu-architecture=gfx1100"});
      bool ok = c.result == HIPRTC_SUCCESS && processorOf(c.code) == "gfx1100" &&
                kernelNames(c.code) == std::vector<std::string>{"saxpy"};
      ::_exit(ok ? 0 : 1);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  EXPECT_EQ(entries(), 1u);
  Compiled after = compile(kSaxpySource, {"--gpu-architecture=gfx1100"});
  EXPECT_TRUE(after.cacheHit);
  expectSaxpyRuns(after.code);
}

TEST_F(CacheTest, ThreadsCompileConcurrently) {
  // Two threads per target, both paths at once, publishing the same entries.
  const char* arches[] = {"--gpu-architecture=gfx1030", "--gpu-architecture=gfx1100"};
  std::vector<Compiled> results(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] { results[t] = compile(kSaxpySource, {arches[t % 2]}); });
  for (std::thread& t : threads) t.join();
  for (int t = 0; t < 4; ++t) {
    ASSERT_EQ(results[t].result, HIPRTC_SUCCESS) << results[t].log;
    expectSaxpyRuns(results[t].code);
  }
  EXPECT_EQ(entries(), 2u);
}

}  // namespace
}  // namespace rtctest
