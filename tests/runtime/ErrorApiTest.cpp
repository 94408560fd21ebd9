// The HIP API's argument validation and error reporting, which work without a GPU.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstring>
#include <string>

namespace {

TEST(ErrorApi, NamesAndStringsKeepHipSpelling) {
  EXPECT_STREQ(hipGetErrorName(hipSuccess), "hipSuccess");
  EXPECT_STREQ(hipGetErrorName(hipErrorNoDevice), "hipErrorNoDevice");
  EXPECT_STREQ(hipGetErrorName(hipErrorInvalidDeviceFunction), "hipErrorInvalidDeviceFunction");
  EXPECT_STREQ(hipGetErrorName(static_cast<hipError_t>(12345)), "hipErrorUnknown");
  EXPECT_STREQ(hipGetErrorString(hipErrorOutOfMemory), "out of memory");
  EXPECT_STREQ(hipGetErrorString(hipErrorNoDevice), "no ROCm-capable device is detected");
  EXPECT_EQ(hipErrorNoDevice, 100);
  EXPECT_EQ(hipErrorInvalidDeviceFunction, 98);
}

// Every code of HIP 6's hipError_t has its own name (the enumerator's spelling) and a
// description; hipErrorUnknown's are what an unknown value gets.
TEST(ErrorApi, EveryHipErrorCodeHasItsName) {
  struct Code {
    hipError_t code;
    const char* name;
  };
  const Code codes[] = {
#define HIPCORE_ERROR(name) {name, #name},
      HIPCORE_ERROR(hipErrorProfilerDisabled) HIPCORE_ERROR(hipErrorContextAlreadyCurrent)
          HIPCORE_ERROR(hipErrorMapFailed) HIPCORE_ERROR(hipErrorECCNotCorrectable)
              HIPCORE_ERROR(hipErrorIllegalState) HIPCORE_ERROR(hipErrorContextIsDestroyed)
                  HIPCORE_ERROR(hipErrorStreamCaptureUnsupported)
                      HIPCORE_ERROR(hipErrorStreamCaptureWrongThread)
                          HIPCORE_ERROR(hipErrorGraphExecUpdateFailure)
                              HIPCORE_ERROR(hipErrorRuntimeOther)
                                  HIPCORE_ERROR(hipErrorCapturedEvent)
                                      HIPCORE_ERROR(hipErrorInvalidGraphicsContext)
#undef HIPCORE_ERROR
  };
  for (const Code& c : codes) {
    EXPECT_STREQ(hipGetErrorName(c.code), c.name);
    EXPECT_STRNE(hipGetErrorString(c.code), "unknown error") << c.name;
  }
  EXPECT_STREQ(hipGetErrorName(static_cast<hipError_t>(12345)), "hipErrorUnknown");
}

TEST(ErrorApi, InvalidArgumentsAreRejectedWithTheRightCode) {
  EXPECT_EQ(hipGetDeviceCount(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipSuccess);  // reading clears it
  EXPECT_EQ(hipGetDevice(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMalloc(nullptr, 16), hipErrorInvalidValue);
  EXPECT_EQ(hipGetDeviceProperties(nullptr, 0), hipErrorInvalidValue);
  int host = 0;
  EXPECT_EQ(hipMemcpy(&host, nullptr, 4, hipMemcpyHostToHost), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(&host, &host, 4, static_cast<hipMemcpyKind>(9)),
            hipErrorInvalidMemcpyDirection);
  EXPECT_EQ(hipPeekAtLastError(), hipErrorInvalidMemcpyDirection);
  EXPECT_EQ(hipPeekAtLastError(), hipErrorInvalidMemcpyDirection);  // peeking does not clear
  EXPECT_NE(std::string(hipcoreGetErrorDetail()).find("kind 9"), std::string::npos)
      << hipcoreGetErrorDetail();
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidMemcpyDirection);
  EXPECT_EQ(hipFree(nullptr), hipSuccess);
  EXPECT_EQ(hipMemGetInfo(nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(nullptr, nullptr, 0, hipMemcpyHostToDevice), hipSuccess);
}

TEST(ErrorApi, LaunchConfigurationIsValidatedBeforeAnyDeviceWork) {
  static int fakeHandle;
  EXPECT_EQ(hipLaunchKernel(nullptr, dim3(1), dim3(1), nullptr, 0, nullptr),
            hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipLaunchKernel(&fakeHandle, dim3(0), dim3(1), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernel(&fakeHandle, dim3(1), dim3(1025), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernel(&fakeHandle, dim3(1), dim3(32, 32, 2), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernel(&fakeHandle, dim3(1u << 31), dim3(4), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  (void)hipGetLastError();
}

TEST(ErrorApi, StreamHandlesAndVersionsAreValidated) {
  EXPECT_EQ(hipStreamCreate(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamCreateWithFlags(nullptr, hipStreamNonBlocking), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamDestroy(nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamSynchronize(reinterpret_cast<hipStream_t>(8)), hipErrorInvalidHandle);
  static int fakeHandle;
  EXPECT_EQ(
      hipLaunchKernel(&fakeHandle, dim3(1), dim3(1), nullptr, 0, reinterpret_cast<hipStream_t>(16)),
      hipErrorInvalidHandle);
  EXPECT_EQ(hipMemset(nullptr, 0, 4), hipErrorInvalidValue);
  EXPECT_EQ(hipMemset(nullptr, 0, 0), hipSuccess);
  EXPECT_EQ(hipEventCreate(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipEventDestroy(reinterpret_cast<hipEvent_t>(8)), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventQuery(nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventSynchronize(nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventElapsedTime(nullptr, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamWaitEvent(nullptr, nullptr, 1), hipErrorInvalidValue);
  static int notASymbol;
  size_t size = 0;
  EXPECT_EQ(hipGetSymbolSize(&size, &notASymbol), hipErrorInvalidSymbol);
  EXPECT_EQ(hipGetSymbolSize(nullptr, &notASymbol), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpyToSymbol(&notASymbol, &size, 4, 0, hipMemcpyDeviceToHost),
            hipErrorInvalidMemcpyDirection);
  EXPECT_EQ(hipMemcpyFromSymbol(&size, &notASymbol, 4, 0, hipMemcpyDeviceToHost),
            hipErrorInvalidSymbol);
  int version = 0;
  EXPECT_EQ(hipRuntimeGetVersion(&version), hipSuccess);
  EXPECT_EQ(version, HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH);
  EXPECT_EQ(hipDriverGetVersion(nullptr), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST(ErrorApi, CallConfigurationsNestAndPopInReverseOrder) {
  dim3 grid, block;
  size_t shared = 0;
  hipStream_t stream = reinterpret_cast<hipStream_t>(1);
  EXPECT_EQ(__hipPopCallConfiguration(&grid, &block, &shared, &stream),
            hipErrorMissingConfiguration);
  ASSERT_EQ(__hipPushCallConfiguration(dim3(7, 6, 5), dim3(64, 2, 1), 128, nullptr), hipSuccess);
  ASSERT_EQ(__hipPushCallConfiguration(dim3(3), dim3(32), 0, nullptr), hipSuccess);
  ASSERT_EQ(__hipPopCallConfiguration(&grid, &block, &shared, &stream), hipSuccess);
  EXPECT_EQ(grid.x, 3u);
  EXPECT_EQ(block.x, 32u);
  ASSERT_EQ(__hipPopCallConfiguration(&grid, &block, &shared, &stream), hipSuccess);
  EXPECT_EQ(grid.x, 7u);
  EXPECT_EQ(grid.y, 6u);
  EXPECT_EQ(grid.z, 5u);
  EXPECT_EQ(block.x, 64u);
  EXPECT_EQ(block.y, 2u);
  EXPECT_EQ(shared, 128u);
  EXPECT_EQ(stream, nullptr);
  (void)hipGetLastError();
}

}  // namespace
