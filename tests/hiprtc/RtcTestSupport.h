// Helpers of the hiprtc tests: compile through the public API, inspect the result with the
// loader, run kernels on vgpu's interpreter, and isolate each test's cache.
#pragma once

#include <gtest/gtest.h>
#include <hip/hiprtc.h>
#include <hip/hiprtc_hipcore_ext.h>

#include <string>
#include <vector>

#include "isa/Harness.h"

namespace rtctest {

// saxpy: y[i] = a * x[i] + y[i], the program every path compiles.
extern const char* const kSaxpySource;

struct Compiled {
  hiprtcResult result = HIPRTC_ERROR_INTERNAL_ERROR;
  std::string log;
  std::string code;
  bool cacheHit = false;
  std::string compiler;
  std::string target;
  std::vector<std::string> lowered;  // for the name expressions, in order
};

struct Header {
  std::string name, text;
};

Compiled compile(const std::string& source, const std::vector<std::string>& options,
                 const std::vector<Header>& headers = {},
                 const std::vector<std::string>& nameExpressions = {});

// Sets the compiler choice (HIPCORE_RTC_COMPILER); "" restores automatic choice.
void useCompiler(const char* choice);

// The kernels the loader finds in a code object's metadata, and its target processor.
std::vector<std::string> kernelNames(const std::string& code);
std::string processorOf(const std::string& code);

// Loads code into vgpu's harness (through a temporary file).
std::unique_ptr<vgpu::isa::CodeObject> loadIntoHarness(const std::string& code);

// Runs saxpy from `code` on n elements and checks every result against the CPU.
void expectSaxpyRuns(const std::string& code, const std::string& kernel = "saxpy");

// Each test gets its own XDG_CACHE_HOME (removed afterwards) and automatic compiler choice.
class RtcTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  std::string cacheHome;
};

}  // namespace rtctest
