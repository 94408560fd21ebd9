// Error reporting: hipGetLastError, hipExtGetLastError, hipPeekAtLastError, hipGetErrorName,
// hipGetErrorString, the driver-style hipDrvGetErrorName/String and hipcore's
// hipcoreGetErrorDetail.
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

// The same as hipGetLastError: the last error of the thread's HIP calls, then reset (AMD's
// header documents both alike).
HIPCORE_API hipError_t hipExtGetLastError(void) {
  return hipcore::api::call("hipExtGetLastError", hipExtGetLastError,
                            [&] { return hipGetLastError(); });
}

namespace {

// The driver API's form: an unknown code is refused and the string set to null (as CUDA's
// cuGetErrorName does).
hipError_t driverErrorText(hipError_t error, const char** text, const char* (*lookup)(hipError_t)) {
  if (text == nullptr) return hipErrorInvalidValue;
  if (!hipcore::core::knownError(error)) {
    *text = nullptr;
    return hipErrorInvalidValue;
  }
  *text = lookup(error);
  return hipSuccess;
}

}  // namespace

HIPCORE_API hipError_t hipDrvGetErrorName(hipError_t hipError, const char** errorString) {
  return hipcore::api::call(
      "hipDrvGetErrorName", hipDrvGetErrorName,
      [&] { return driverErrorText(hipError, errorString, hipcore::core::errorName); },
      "hipError, errorString", hipError, errorString);
}

HIPCORE_API hipError_t hipDrvGetErrorString(hipError_t hipError, const char** errorString) {
  return hipcore::api::call(
      "hipDrvGetErrorString", hipDrvGetErrorString,
      [&] { return driverErrorText(hipError, errorString, hipcore::core::errorDescription); },
      "hipError, errorString", hipError, errorString);
}
