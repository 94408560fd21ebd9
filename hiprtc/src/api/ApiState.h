// The C-ABI layer's only process-wide state: the default target, asked of ROCR once.
#pragma once

#include "hipcore/loader/Result.h"

#include <string>

namespace hiprtc {

// The current device's target id (DefaultTarget.h), computed on first use.
hipcore::loader::Result<std::string> processDefaultTarget();

}  // namespace hiprtc
