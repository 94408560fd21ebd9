// A comgr compile leaves the calling thread's alternate signal stack as it found it: libLLVM-15
// installs its own on the thread that first makes it write a temporary file, and a thread's
// owner (the program, or ASan, which unmaps the installed stack at thread exit) relies on its own
// staying in place. Meaningful when this is the process's first comgr compile, as under ctest.
#include <signal.h>
#include <sys/mman.h>

#include <thread>

#include "RtcTestSupport.h"

namespace rtctest {
namespace {

class SignalStackTest : public RtcTest {};

TEST_F(SignalStackTest, ComgrCompileKeepsTheThreadsAlternateStack) {
  useCompiler("comgr");
  Compiled compiled;
  stack_t during{};
  void* mine = nullptr;
  constexpr size_t kSize = 32 * 1024;  // smaller than LLVM's, which it would replace
  std::thread worker([&] {
    stack_t before{};
    ASSERT_EQ(::sigaltstack(nullptr, &before), 0);
    mine = ::mmap(nullptr, kSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(mine, MAP_FAILED);
    stack_t own{};
    own.ss_sp = mine;
    own.ss_size = kSize;
    ASSERT_EQ(::sigaltstack(&own, nullptr), 0);
    compiled = compile(kSaxpySource, {"--gpu-architecture=gfx1030"});
    ::sigaltstack(nullptr, &during);
    ::sigaltstack(&before, nullptr);  // the thread's original (ASan's, in sanitizer builds)
  });
  worker.join();
  useCompiler("");
  ASSERT_EQ(compiled.result, HIPRTC_SUCCESS) << compiled.log;
  EXPECT_EQ(compiled.compiler, "comgr");
  EXPECT_FALSE(compiled.cacheHit);
  EXPECT_EQ(during.ss_sp, mine);
  EXPECT_EQ(during.ss_size, kSize);
  EXPECT_EQ(during.ss_flags & SS_DISABLE, 0);
  ::munmap(mine, kSize);
  expectSaxpyRuns(compiled.code);
}

}  // namespace
}  // namespace rtctest
