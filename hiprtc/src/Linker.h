// A hiprtc link (hiprtcLinkCreate .. hiprtcLinkComplete): -fgpu-rdc bitcode from hiprtc
// compiles (plain or in an offload bundle) linked into one code object, through the same
// compiler a compile for the target uses (comgr bitcode is LLVM 15, clang's is LLVM 19).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "CompileJob.h"
#include "hipcore/loader/Result.h"

namespace hiprtc {

enum class LinkInputKind { Bitcode, BundledBitcode };

class Linker {
 public:
  // `isaOptions`: HIPRTC_JIT_IR_TO_ISA_OPT_EXT strings; -mcpu=/--offload-arch=/
  // --gpu-architecture= choose the target, -O0..-O3 the optimisation, -mwavefrontsize64.
  static hipcore::loader::Result<Linker> create(const std::vector<std::string>& isaOptions);

  void add(LinkInputKind kind, std::string name, std::string bytes) {
    inputs_.push_back({kind, {std::move(name), std::move(bytes)}});
  }
  // Links everything added; the code stays owned by the Linker.
  hipcore::loader::Result<void> complete(
      const std::function<hipcore::loader::Result<std::string>()>& defaultTarget);

  const std::string& code() const { return code_; }
  const std::string& log() const { return log_; }

 private:
  struct Input {
    LinkInputKind kind;
    NamedText data;
  };
  std::string target_;
  std::string optimization_ = "-O3";
  bool wave64_ = false;
  std::vector<Input> inputs_;
  std::string code_;
  std::string log_;
};

}  // namespace hiprtc
