// The one place an HSA status becomes a hipError_t: a failed hsa:: wrapper's Error (its message
// and the hsa_status_t it carries) turned into the core::Status the HIP API returns.
#pragma once

#include <hip/hip_runtime_api.h>

#include <optional>
#include <string>

#include "Status.h"
#include "hipcore/loader/Result.h"

namespace hipcore::core {

// The hipError_t HIP reports for an HSA status (hsa_status_t, hsa.h and hsa_ext_amd.h), as AMD's
// clr does for the ROCR calls behind the HIP API: running out of resources is
// hipErrorOutOfMemory, a rejected argument hipErrorInvalidValue, a rejected code object
// hipErrorInvalidImage, a missing symbol hipErrorNotFound, a faulting queue
// hipErrorIllegalAddress. hipErrorUnknown for no status and for statuses that say nothing more
// than "failed" (HSA_STATUS_ERROR, HSA_STATUS_ERROR_FATAL).
hipError_t hipErrorOfHsaStatus(std::optional<int> hsaStatus);

// A failed hsa:: call as a Status: hipErrorOfHsaStatus(error.code) and "context: message" (the
// message names the HSA status: hsa::hsaError). For call sites whose HIP error follows from
// what ROCR said; where the HIP API documents one code for every failure, the call site keeps
// it (fail(code, ...)).
Status hsaFailure(const loader::Error& error, const std::string& context);

}  // namespace hipcore::core
