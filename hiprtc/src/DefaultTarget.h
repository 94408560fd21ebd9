// The target a compile without --gpu-architecture is for: the full target id of the first GPU
// agent ROCR reports (hipcore's device 0), asked of ROCR directly so that libhiprtc does not
// depend on libhipcore; hsa_shut_down follows (ROCR counts hsa_init calls).
#pragma once

#include <string>

#include "hipcore/loader/Result.h"

namespace hiprtc {

hipcore::loader::Result<std::string> queryDefaultTarget();

// The current device's target id when the process runs on hipcore's runtime (found by symbol,
// so libhiprtc still does not link it); empty when it does not, e.g. under another HIP runtime,
// whose device-property layout libhiprtc cannot rely on.
std::string currentHipcoreDeviceTarget();

}  // namespace hiprtc
