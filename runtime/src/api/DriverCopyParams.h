// The driver API's 3D copy record (HIP_MEMCPY3D: memory types, byte positions) in the runtime
// API's form (hipMemcpy3DParms), for hipDrvMemcpy3D and the hipDrvGraph* memcpy nodes.
#pragma once

#include <hip/hip_runtime_api.h>

#include "core/Status.h"

namespace hipcore::api {

core::Status fromDriverCopy(const HIP_MEMCPY3D* given, hipMemcpy3DParms& out);
// The other way, for hipDrvGraphMemcpyNodeGetParams: every pointer as hipMemoryTypeUnified
// (the direction comes from the pointers, as with hipMemcpyDefault).
HIP_MEMCPY3D toDriverCopy(const hipMemcpy3DParms& given);

}  // namespace hipcore::api
