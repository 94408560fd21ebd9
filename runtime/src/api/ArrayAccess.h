// What the copy calls need to reach an array's memory: hipMemcpy3D's parameter block with its
// hipArray sides turned into pitched pointers (ArrayCopyApi.cpp).
#pragma once

#include <hip/hip_runtime_api.h>

#include "core/Status.h"

namespace hipcore::api {

// Rewrites p's srcArray/dstArray into srcPtr/dstPtr. With an array involved, hipMemcpy3D counts
// the extent's width and the array side's x position in elements of that array (CUDA's rule);
// they become bytes here.
core::Status resolveArrays(const hipMemcpy3DParms& p, hipMemcpy3DParms& out);

}  // namespace hipcore::api
