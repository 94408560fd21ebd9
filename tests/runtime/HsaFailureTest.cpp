// core::hsaFailure and the HSA status -> hipError_t mapping (core/HsaFailure.h), and the loader
// Error's code surviving the context callers add (loader/Result.h).
#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "core/HsaFailure.h"
#include "hipcore/loader/Result.h"

namespace hipcore::core {
namespace {

TEST(HsaFailureTest, MapsResourceStatusesToOutOfMemory) {
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_OUT_OF_RESOURCES), hipErrorOutOfMemory);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_ALLOCATION), hipErrorOutOfMemory);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION), hipErrorOutOfMemory);
}

TEST(HsaFailureTest, MapsArgumentHandleAndImageStatuses) {
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_ARGUMENT), hipErrorInvalidValue);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS), hipErrorInvalidValue);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_AGENT), hipErrorInvalidDevice);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_SIGNAL), hipErrorInvalidHandle);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_MEMORY_POOL), hipErrorInvalidHandle);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_CODE_OBJECT), hipErrorInvalidImage);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_ISA), hipErrorInvalidImage);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME), hipErrorNotFound);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_VARIABLE_UNDEFINED),
            hipErrorSharedObjectSymbolNotFound);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_NOT_INITIALIZED), hipErrorNotInitialized);
}

TEST(HsaFailureTest, MapsQueueErrorsAsDeviceFaultsDo) {
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION),
            hipErrorIllegalAddress);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_MEMORY_FAULT), hipErrorIllegalAddress);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_EXCEPTION), hipErrorAssert);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION), hipErrorLaunchFailure);
}

TEST(HsaFailureTest, UnknownForGenericStatusesAndForNoStatus) {
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR), hipErrorUnknown);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_ERROR_FATAL), hipErrorUnknown);
  EXPECT_EQ(hipErrorOfHsaStatus(0x7777), hipErrorUnknown);
  EXPECT_EQ(hipErrorOfHsaStatus(std::nullopt), hipErrorUnknown);
  EXPECT_EQ(hipErrorOfHsaStatus(HSA_STATUS_SUCCESS), hipSuccess);
}

TEST(HsaFailureTest, StatusHasTheMappedCodeAndTheContextualMessage) {
  loader::Error error{"hsa_amd_memory_pool_allocate of 8 bytes: HSA_STATUS_ERROR_OUT_OF_RESOURCES",
                      HSA_STATUS_ERROR_OUT_OF_RESOURCES};
  Status status = hsaFailure(error, "staging buffer");
  EXPECT_EQ(status.code, hipErrorOutOfMemory);
  EXPECT_EQ(status.message(),
            "staging buffer: hsa_amd_memory_pool_allocate of 8 bytes: "
            "HSA_STATUS_ERROR_OUT_OF_RESOURCES");
  EXPECT_EQ(hsaFailure(error, "").message(), error.message);
  // An Error is a failure even if it carries a success status (a wrapper's own check failed).
  EXPECT_EQ(hsaFailure(loader::Error{"no pool", HSA_STATUS_SUCCESS}, "x").code, hipErrorUnknown);
  EXPECT_EQ(hsaFailure(loader::Error{"no pool", std::nullopt}, "x").code, hipErrorUnknown);
}

TEST(LoaderResultTest, ErrorCodeSurvivesContextAndResultVoid) {
  loader::Error inner{"hsa_signal_create: out", HSA_STATUS_ERROR_OUT_OF_RESOURCES};
  loader::Error outer = loader::withContext("event", inner);
  EXPECT_EQ(outer.message, "event: hsa_signal_create: out");
  EXPECT_EQ(outer.code, HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  EXPECT_FALSE(loader::errorf("parse %d", 1).code.has_value());

  loader::Result<void> ok = loader::Ok{};
  EXPECT_TRUE(ok.ok());
  loader::Result<void> failed = outer;
  EXPECT_FALSE(failed);
  EXPECT_EQ(failed.message(), "event: hsa_signal_create: out");
  EXPECT_EQ(failed.error().code, HSA_STATUS_ERROR_OUT_OF_RESOURCES);
}

}  // namespace
}  // namespace hipcore::core
