// HSA status -> hipError_t (HsaFailure.h). The statuses and what ROCR returns them for are hsa.h's
// and hsa_ext_amd.h's @retval lists; the HIP side follows what clr's HIP API returns when the
// corresponding ROCR call fails (its allocation, queue and signal creation failures surface as
// hipErrorOutOfMemory, module loading failures as hipErrorInvalidImage, symbol lookups as
// hipErrorNotFound) and DeviceFaults.cpp for queue errors.
#include "HsaFailure.h"

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

namespace hipcore::core {

hipError_t hipErrorOfHsaStatus(std::optional<int> hsaStatus) {
  if (!hsaStatus) return hipErrorUnknown;
  switch (*hsaStatus) {
    case HSA_STATUS_SUCCESS:
    case HSA_STATUS_INFO_BREAK:
      return hipSuccess;
    // Resources: memory (a pool's, the system's), queues, signals, events, threads. Invalid
    // allocation is ROCR's answer to a size past what the pool can ever hand out.
    case HSA_STATUS_ERROR_OUT_OF_RESOURCES:
    case HSA_STATUS_ERROR_INVALID_ALLOCATION:
    case HSA_STATUS_ERROR_INVALID_QUEUE_CREATION:
      return hipErrorOutOfMemory;
    case HSA_STATUS_ERROR_INVALID_ARGUMENT:
    case HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS:
    case HSA_STATUS_ERROR_INVALID_INDEX:
      return hipErrorInvalidValue;
    case HSA_STATUS_ERROR_INVALID_AGENT:
      return hipErrorInvalidDevice;
    // Handles ROCR does not know (hipcore's own, so a bug if ever seen, but a handle error).
    case HSA_STATUS_ERROR_INVALID_REGION:
    case HSA_STATUS_ERROR_INVALID_MEMORY_POOL:
    case HSA_STATUS_ERROR_INVALID_SIGNAL:
    case HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP:
    case HSA_STATUS_ERROR_INVALID_QUEUE:
    case HSA_STATUS_ERROR_INVALID_EXECUTABLE:
    case HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER:
    case HSA_STATUS_ERROR_INVALID_CACHE:
    case HSA_STATUS_ERROR_INVALID_WAVEFRONT:
      return hipErrorInvalidHandle;
    // A code object ROCR cannot load.
    case HSA_STATUS_ERROR_INVALID_CODE_OBJECT:
    case HSA_STATUS_ERROR_INVALID_ISA:
    case HSA_STATUS_ERROR_INVALID_ISA_NAME:
    case HSA_STATUS_ERROR_INVALID_FILE:
    case HSA_STATUS_ERROR_FROZEN_EXECUTABLE:
    case HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED:
      return hipErrorInvalidImage;
    case HSA_STATUS_ERROR_INVALID_SYMBOL_NAME:
    case HSA_STATUS_ERROR_INVALID_CODE_SYMBOL:
    case HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL:
      return hipErrorNotFound;
    case HSA_STATUS_ERROR_VARIABLE_UNDEFINED:
      return hipErrorSharedObjectSymbolNotFound;
    case HSA_STATUS_ERROR_NOT_INITIALIZED:
      return hipErrorNotInitialized;
    // Queue errors, as DeviceFaults.cpp reports them for a stopped queue.
    case HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION:
    case HSA_STATUS_ERROR_MEMORY_FAULT:
      return hipErrorIllegalAddress;
    case HSA_STATUS_ERROR_EXCEPTION:
      return hipErrorAssert;
    case HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION:
    case HSA_STATUS_ERROR_INVALID_PACKET_FORMAT:
      return hipErrorLaunchFailure;
    default:  // HSA_STATUS_ERROR, _FATAL, _RESOURCE_FREE, _REFCOUNT_OVERFLOW,
              // _INVALID_RUNTIME_STATE
      return hipErrorUnknown;
  }
}

Status hsaFailure(const loader::Error& error, const std::string& context) {
  hipError_t code = hipErrorOfHsaStatus(error.code);
  if (code == hipSuccess) code = hipErrorUnknown;  // an Error is a failure, whatever it carries
  return Status{code, context.empty() ? error.message : context + ": " + error.message};
}

}  // namespace hipcore::core
