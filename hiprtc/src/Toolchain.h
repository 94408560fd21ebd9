// Where the JIT's tools live: the clang used for targets comgr lacks, the ROCm-style prefix
// with the device libraries, which compiler a target goes through, and their identities (cache
// key parts).
#pragma once

#include <string>
#include <string_view>

#include "Settings.h"

namespace hiprtc {

enum class CompilerKind { Comgr, Clang };

struct Toolchain {
  // The ROCm-style prefix clang and comgr read (share/hip/version, bin/.hipVersion,
  // amdgcn/bitcode): the install prefix holding libhiprtc.so (found with dladdr), else the
  // build tree's stage compiled in; when that one's device libraries do not exist on this
  // system, a prefix of the system's own (SystemStage.h).
  std::string prefix;
  // clang++ for the clang path: $HIPCORE_CLANG, else the clang-19 found at build time.
  std::string clang;
  CompilerChoice choice = CompilerChoice::Auto;
  // Where the clang path makes its temporary directories ($TMPDIR, else /tmp).
  std::string temporaryRoot = "/tmp";

  // From the settings and the library's own location.
  static Toolchain locate(const Settings& settings);

  // The compiler that builds `target` ("gfx1030:xnack-").
  CompilerKind compilerFor(std::string_view target) const;

  // Identities for the cache key: what a compile's output depends on besides its inputs.
  std::string clangIdentity() const;   // clang binary, version file, device-library directories
  static std::string comgrIdentity();  // comgr version and library file (it embeds its device libs)
  // The file holding this code (libhiprtc.so): a rebuilt hiprtc may compile differently.
  static std::string selfIdentity();
};

// Whether the installed comgr lists the target's processor among its ISAs.
bool comgrKnowsProcessor(std::string_view target);

}  // namespace hiprtc
