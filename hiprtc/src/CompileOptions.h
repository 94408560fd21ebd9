// The hiprtcCompileProgram options hipcore accepts, parsed into one struct; anything else is
// rejected with a message naming the option.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "hipcore/loader/Result.h"

namespace hiprtc {

struct CompileOptions {
  std::string target;                // "gfx1030", "gfx90a:xnack+"; empty: the device's
  std::string optimization = "-O3";  // -O0 .. -O3
  std::string languageStandard = "-std=c++17";
  std::vector<std::string> defines;      // "-DNAME" or "-DNAME=value", in order
  std::vector<std::string> includeDirs;  // user include directories, in order
  bool fastMath = false;                 // -ffast-math
  bool relocatable = false;              // -fgpu-rdc: the output is LLVM bitcode for the linker
  bool cuMode = false;                   // -mcumode
  bool wave64 = false;                   // -mwavefrontsize64
  bool debugInfo = false;                // -g

  // Flags common to both compilers (without target, include directories of the embedded
  // headers, or output selection).
  std::vector<std::string> languageFlags() const;
  // languageFlags() and what every compile adds to the user's options: as with NVRTC and AMD's
  // hiprtc, a program uses the HIP built-ins (threadIdx, __syncthreads, atomics ...) without
  // including anything, so hipcore's own hip_runtime.h, from the embedded headers, comes first
  // on both the clang and the comgr path.
  std::vector<std::string> compileFlags() const;
  // A canonical text of every option that changes the output: part of the cache key.
  std::string canonical() const;
};

// Parses hiprtc options; the error names the first option hipcore does not know.
hipcore::loader::Result<CompileOptions> parseCompileOptions(std::span<const char* const> options);

}  // namespace hiprtc
