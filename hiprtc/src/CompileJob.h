// What a compiler (comgr or clang) gets and returns: one program for one target.
#pragma once

#include <string>
#include <vector>

#include "CompileOptions.h"

namespace hiprtc {

struct NamedText {
  std::string name;  // file or include name
  std::string text;
};

struct CompileJob {
  NamedText source;                // the program, name expressions' stubs appended
  std::vector<NamedText> headers;  // the program's own headers (hiprtcCreateProgram)
  CompileOptions options;
  std::string target;  // resolved target id, e.g. "gfx1030"
};

// A link of -fgpu-rdc bitcode into a code object.
struct LinkJob {
  std::vector<NamedText> bitcode;
  std::string target;
  std::string optimization = "-O3";
  bool wave64 = false;
};

// A compile that ran: failed compiles carry the diagnostics in `log` and no code.
struct CompileOutput {
  bool succeeded = false;
  std::string log;
  std::string code;  // a code-object ELF, or LLVM bitcode for -fgpu-rdc
};

}  // namespace hiprtc
