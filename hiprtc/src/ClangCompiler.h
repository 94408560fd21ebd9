// The clang path: HIP source to code object by running clang++ (clang-19) in a private
// temporary directory, for targets the installed comgr lacks (gfx11 with comgr 2.4).
#pragma once

#include "CompileJob.h"
#include "Toolchain.h"
#include "hipcore/loader/Result.h"

namespace hiprtc {

hipcore::loader::Result<CompileOutput> compileWithClang(const CompileJob& job, const Toolchain& tc);
hipcore::loader::Result<CompileOutput> linkWithClang(const LinkJob& job, const Toolchain& tc);

}  // namespace hiprtc
