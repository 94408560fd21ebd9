// Error reporting: hipGetLastError, hipPeekAtLastError, hipGetErrorName, hipGetErrorString and
// hipcore's hipcoreGetErrorDetail.
#include "ApiCall.h"
#include "ApiState.h"
#include "core/ErrorNames.h"
#include "hip/hipcore_ext.h"

HIPCORE_API hipError_t hipGetLastError(void) {
  return hipcore::api::call("hipGetLastError", hipGetLastError, [&] {
    hipcore::api::ThreadState& thread = hipcore::api::threadState();
    hipError_t error = thread.lastError;
    thread.lastError = hipSuccess;
    return error;
  });
}

HIPCORE_API hipError_t hipPeekAtLastError(void) {
  return hipcore::api::call("hipPeekAtLastError", hipPeekAtLastError,
                            [&] { return hipcore::api::threadState().lastError; });
}

HIPCORE_API const char* hipGetErrorName(hipError_t error) {
  return hipcore::core::errorName(error);
}

HIPCORE_API const char* hipGetErrorString(hipError_t error) {
  return hipcore::core::errorDescription(error);
}

HIPCORE_API const char* hipcoreGetErrorDetail(void) {
  return hipcore::api::threadState().lastMessage.c_str();
}
