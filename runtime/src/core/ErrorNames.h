// Names and descriptions of hipError_t values (hipGetErrorName, hipGetErrorString).
#pragma once

#include <hip/hip_runtime_api.h>

namespace hipcore::core {

const char* errorName(hipError_t error);
const char* errorDescription(hipError_t error);
// Whether `error` is one of HIP's codes (the driver-style calls refuse the others).
bool knownError(hipError_t error);

}  // namespace hipcore::core
