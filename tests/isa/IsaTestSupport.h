// Shared fixture of the isa tests: each test runs on every variant (gfx1030/gfx1100, wave32 and
// wave64) with buffers registered for bounds checking.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "isa/Harness.h"

namespace isatest {

struct Variant {
  const char* arch;
  bool wave64;
};
std::string variantName(const ::testing::TestParamInfo<Variant>& info);
extern const Variant kAllVariants[4];

class IsaTest : public ::testing::TestWithParam<Variant> {
 protected:
  // Loads kernels/<stem>-<variant>.co (cached per process).
  const vgpu::isa::CodeObject& code(const std::string& stem);

  // Host buffers the kernel may touch; they are registered with the bounds checker.
  template <class T>
  T* buffer(std::vector<T>& v, const char* name) {
    memory.add(v.data(), v.size() * sizeof(T), name);
    return v.data();
  }

  // Runs kernel with the launch and asserts it completed.
  void run(const std::string& stem, const std::string& kernel, vgpu::isa::Launch launch);
  vgpu::DispatchOutcome tryRun(const std::string& stem, const std::string& kernel,
                               vgpu::isa::Launch launch);

  unsigned waveSize() const { return GetParam().wave64 ? 64 : 32; }

  vgpu::isa::HostRanges memory;
};

// Hand-made wave32 code (machine words from llvm-mc-19; gfx1030 unless `target` says
// otherwise): a kernel descriptor whose kernarg pointer (s[0:1]) points at `args`, followed by
// the code. With `memory` set, accesses are bounds-checked against it (the kernel and its
// arguments are added).
struct RawKernel {
  alignas(256) std::uint8_t bytes[1024] = {};
  std::uint64_t args[4] = {0, 0, 0, 0};
  std::uint32_t watchdogMs = vgpu::DispatchRequest::kWatchdogFromEnvironment;
  vgpu::GpuTarget target = vgpu::GpuTarget::gfx1030;
  vgpu::isa::HostRanges* memory = nullptr;
  void code(std::initializer_list<std::uint32_t> words);
  void code(const std::vector<std::uint32_t>& words);
  vgpu::DispatchOutcome run();
};

// A launch of blocks x threads (1-D).
vgpu::isa::Launch launch1d(std::uint32_t blocks, std::uint32_t threads);

// Bitwise equality of floats, except that any NaN matches any NaN (exact interpreter results).
::testing::AssertionResult sameFloatBits(float got, float want);

}  // namespace isatest
