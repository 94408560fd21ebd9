// The JIT linker API (hipLinkCreate/AddData/AddFile/Complete/Destroy): hiprtc's linker reached
// through libhiprtc (RtcForwarding.h), behind handles hipcore checks (hiprtc's own are not).
#include <hip/hiprtc.h>

#include <cstdint>
#include <fstream>

#include "ApiCall.h"
#include "ApiState.h"
#include "JitOptions.h"
#include "RtcForwarding.h"
#include "core/TypeStableStorage.h"

using hipcore::api::finish;
using hipcore::api::rtcFunction;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// hipJitOption and hiprtcJIT_option, hipJitInputType and hiprtcJITInputType share their values
// (AMD's hiprtc.h defines the latter as the former since HIP 6.4).
static_assert(static_cast<int>(hipJitOptionIRtoISAOptExt) == HIPRTC_JIT_IR_TO_ISA_OPT_EXT);
static_assert(static_cast<int>(hipJitOptionErrorLogBufferSizeBytes) ==
              HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
static_assert(static_cast<int>(hipJitInputLLVMBundledBitcode) ==
              HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE);

class LinkState : public hipcore::core::TypeStableStorage<LinkState> {  // stale handles refused
 public:
  explicit LinkState(hiprtcLinkState rtc) : rtc(rtc) {}
  // A volatile store: the compiler may not drop it as a write to an object whose life ends.
  ~LinkState() { clearMagic(magic_); }
  bool valid() const noexcept { return magic_ == kMagic; }
  hiprtcLinkState rtc;

 private:
  static constexpr uint64_t kMagic = 0x6869'706c'696e'6b31;  // "hiplink1"
  uint64_t magic_ = kMagic;
};

LinkState* stateOf(hipLinkState_t handle) {
  auto* state = reinterpret_cast<LinkState*>(handle);
  return hipcore::core::plausibleHandle(handle) && state->valid() ? state : nullptr;
}

Status checkInput(hipJitInputType type) {
  if (type == hipJitInputLLVMBitcode || type == hipJitInputLLVMBundledBitcode)
    return Status::success();
  return fail(hipErrorInvalidValue,
              "input type %d: hipcore links LLVM bitcode and bundled bitcode only", type);
}

Status noRtc(const char* function) {
  return fail(hipErrorSharedObjectInitFailed, "%s: libhiprtc cannot be loaded", function);
}

}  // namespace

HIPCORE_API hipError_t hipLinkCreate(unsigned int numOptions, hipJitOption* options,
                                     void** optionValues, hipLinkState_t* stateOut) {
  return hipcore::api::call(
      "hipLinkCreate", hipLinkCreate,
      [&] {
        if (stateOut == nullptr)
          return finish("hipLinkCreate", fail(hipErrorInvalidValue, "stateOut is null"));
        if (Status status = hipcore::api::checkJitOptions(numOptions, options, optionValues);
            !status.ok())
          return finish("hipLinkCreate", std::move(status));
        auto* create = rtcFunction(&hiprtcLinkCreate, "hiprtcLinkCreate");
        if (create == nullptr) return finish("hipLinkCreate", noRtc("hiprtcLinkCreate"));
        hiprtcLinkState rtc = nullptr;
        hiprtcResult result =
            create(numOptions, reinterpret_cast<hiprtcJIT_option*>(options), optionValues, &rtc);
        if (result != HIPRTC_SUCCESS)
          return finish(
              "hipLinkCreate",
              fail(
                  result == HIPRTC_ERROR_OUT_OF_MEMORY ? hipErrorOutOfMemory : hipErrorInvalidValue,
                  "hiprtcLinkCreate: %d (an IR-to-ISA option it does not know?)", result));
        *stateOut = reinterpret_cast<hipLinkState_t>(new LinkState(rtc));
        return hipSuccess;
      },
      "numOptions, options, optionValues, stateOut", numOptions, options, optionValues, stateOut);
}

HIPCORE_API hipError_t hipLinkAddData(hipLinkState_t handle, hipJitInputType type, void* data,
                                      size_t size, const char* name, unsigned int numOptions,
                                      hipJitOption* options, void** optionValues) {
  return hipcore::api::call(
      "hipLinkAddData", hipLinkAddData,
      [&] {
        // The order of AMD's checks: the data, the input type, then the state.
        if (data == nullptr || size == 0)
          return finish("hipLinkAddData", fail(hipErrorInvalidImage, "no data to link"));
        if (Status status = checkInput(type); !status.ok())
          return finish("hipLinkAddData", std::move(status));
        LinkState* state = stateOf(handle);
        if (state == nullptr)
          return finish("hipLinkAddData", fail(hipErrorInvalidHandle, "%p is not a link state",
                                               static_cast<void*>(handle)));
        if (Status status = hipcore::api::checkJitOptions(numOptions, options, optionValues);
            !status.ok())
          return finish("hipLinkAddData", std::move(status));
        auto* add = rtcFunction(&hiprtcLinkAddData, "hiprtcLinkAddData");
        if (add == nullptr) return finish("hipLinkAddData", noRtc("hiprtcLinkAddData"));
        hiprtcResult result =
            add(state->rtc, static_cast<hiprtcJITInputType>(type), data, size, name, numOptions,
                reinterpret_cast<hiprtcJIT_option*>(options), optionValues);
        if (result != HIPRTC_SUCCESS)
          return finish("hipLinkAddData",
                        fail(hipErrorInvalidValue, "hiprtcLinkAddData: %d", result));
        return hipSuccess;
      },
      "handle, type, data, size, name, numOptions, options, optionValues", handle, type, data, size,
      name, numOptions, options, optionValues);
}

HIPCORE_API hipError_t hipLinkAddFile(hipLinkState_t handle, hipJitInputType type, const char* path,
                                      unsigned int numOptions, hipJitOption* options,
                                      void** optionValues) {
  return hipcore::api::call(
      "hipLinkAddFile", hipLinkAddFile,
      [&] {
        LinkState* state = stateOf(handle);
        if (state == nullptr)
          return finish("hipLinkAddFile", fail(hipErrorInvalidHandle, "%p is not a link state",
                                               static_cast<void*>(handle)));
        if (path == nullptr)
          return finish("hipLinkAddFile", fail(hipErrorInvalidValue, "path is null"));
        if (Status status = checkInput(type); !status.ok())
          return finish("hipLinkAddFile", std::move(status));
        if (Status status = hipcore::api::checkJitOptions(numOptions, options, optionValues);
            !status.ok())
          return finish("hipLinkAddFile", std::move(status));
        if (!std::ifstream(path, std::ios::binary))
          return finish("hipLinkAddFile", fail(hipErrorFileNotFound, "cannot open %s", path));
        auto* add = rtcFunction(&hiprtcLinkAddFile, "hiprtcLinkAddFile");
        if (add == nullptr) return finish("hipLinkAddFile", noRtc("hiprtcLinkAddFile"));
        hiprtcResult result =
            add(state->rtc, static_cast<hiprtcJITInputType>(type), path, numOptions,
                reinterpret_cast<hiprtcJIT_option*>(options), optionValues);
        if (result != HIPRTC_SUCCESS)
          return finish("hipLinkAddFile",
                        fail(hipErrorInvalidValue, "hiprtcLinkAddFile(%s): %d", path, result));
        return hipSuccess;
      },
      "handle, type, path, numOptions, options, optionValues", handle, type, path, numOptions,
      options, optionValues);
}

HIPCORE_API hipError_t hipLinkComplete(hipLinkState_t handle, void** hipBinOut, size_t* sizeOut) {
  return hipcore::api::call(
      "hipLinkComplete", hipLinkComplete,
      [&] {
        if (hipBinOut == nullptr || sizeOut == nullptr)
          return finish("hipLinkComplete", fail(hipErrorInvalidValue, "null output"));
        LinkState* state = stateOf(handle);
        if (state == nullptr)  // hipErrorInvalidValue here, as in AMD's runtime
          return finish("hipLinkComplete", fail(hipErrorInvalidValue, "%p is not a link state",
                                                static_cast<void*>(handle)));
        auto* complete = rtcFunction(&hiprtcLinkComplete, "hiprtcLinkComplete");
        if (complete == nullptr) return finish("hipLinkComplete", noRtc("hiprtcLinkComplete"));
        // A failed link (an undefined symbol, no input) is hipErrorInvalidConfiguration, as in
        // AMD's runtime; the error log option receives the linker's message.
        hiprtcResult result = complete(state->rtc, hipBinOut, sizeOut);
        if (result != HIPRTC_SUCCESS)
          return finish("hipLinkComplete",
                        fail(hipErrorInvalidConfiguration,
                             "hiprtcLinkComplete: %d (see the error log)", result));
        return hipSuccess;
      },
      "handle, hipBinOut, sizeOut", handle, hipBinOut, sizeOut);
}

HIPCORE_API hipError_t hipLinkDestroy(hipLinkState_t handle) {
  return hipcore::api::call(
      "hipLinkDestroy", hipLinkDestroy,
      [&] {
        LinkState* state = stateOf(handle);
        if (state == nullptr)  // hipErrorInvalidValue, as in AMD's runtime
          return finish("hipLinkDestroy", fail(hipErrorInvalidValue, "%p is not a link state",
                                               static_cast<void*>(handle)));
        if (auto* destroy = rtcFunction(&hiprtcLinkDestroy, "hiprtcLinkDestroy"))
          (void)destroy(state->rtc);
        delete state;
        return hipSuccess;
      },
      "handle", handle);
}
