// The comgr path: HIP source to code object through the installed comgr (2.4 on Debian 12),
// for the targets comgr knows.
#pragma once

#include "CompileJob.h"
#include "Toolchain.h"
#include "hipcore/loader/Result.h"

namespace hiprtc {

hipcore::loader::Result<CompileOutput> compileWithComgr(const CompileJob& job, const Toolchain& tc);
hipcore::loader::Result<CompileOutput> linkWithComgr(const LinkJob& job);

}  // namespace hiprtc
