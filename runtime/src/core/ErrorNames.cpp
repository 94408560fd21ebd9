// The table of HIP error names and their one-line descriptions.
#include "ErrorNames.h"

namespace hipcore::core {
namespace {

struct ErrorText {
  hipError_t error;
  const char* name;
  const char* description;
};

constexpr ErrorText kErrors[] = {
    {hipSuccess, "hipSuccess", "no error"},
    {hipErrorInvalidValue, "hipErrorInvalidValue", "invalid argument"},
    {hipErrorOutOfMemory, "hipErrorOutOfMemory", "out of memory"},
    {hipErrorNotInitialized, "hipErrorNotInitialized", "initialization error"},
    {hipErrorDeinitialized, "hipErrorDeinitialized", "driver shutting down"},
    {hipErrorInvalidConfiguration, "hipErrorInvalidConfiguration",
     "invalid configuration argument"},
    {hipErrorInvalidPitchValue, "hipErrorInvalidPitchValue", "invalid pitch argument"},
    {hipErrorInvalidSymbol, "hipErrorInvalidSymbol", "invalid device symbol"},
    {hipErrorInvalidDevicePointer, "hipErrorInvalidDevicePointer", "invalid device pointer"},
    {hipErrorInvalidMemcpyDirection, "hipErrorInvalidMemcpyDirection",
     "invalid copy direction for memcpy"},
    {hipErrorInsufficientDriver, "hipErrorInsufficientDriver",
     "driver version is insufficient for runtime version"},
    {hipErrorMissingConfiguration, "hipErrorMissingConfiguration",
     "__global__ function call is not configured"},
    {hipErrorPriorLaunchFailure, "hipErrorPriorLaunchFailure",
     "unspecified launch failure in prior launch"},
    {hipErrorInvalidDeviceFunction, "hipErrorInvalidDeviceFunction", "invalid device function"},
    {hipErrorNoDevice, "hipErrorNoDevice", "no ROCm-capable device is detected"},
    {hipErrorInvalidDevice, "hipErrorInvalidDevice", "invalid device ordinal"},
    {hipErrorInvalidImage, "hipErrorInvalidImage", "device kernel image is invalid"},
    {hipErrorInvalidContext, "hipErrorInvalidContext", "invalid device context"},
    {hipErrorNoBinaryForGpu, "hipErrorNoBinaryForGpu",
     "no kernel image is available for execution on the device"},
    {hipErrorUnsupportedLimit, "hipErrorUnsupportedLimit",
     "limit is not supported on this architecture"},
    {hipErrorInvalidKernelFile, "hipErrorInvalidKernelFile", "invalid kernel file"},
    {hipErrorInvalidSource, "hipErrorInvalidSource", "device kernel image is invalid"},
    {hipErrorFileNotFound, "hipErrorFileNotFound", "file not found"},
    {hipErrorSharedObjectSymbolNotFound, "hipErrorSharedObjectSymbolNotFound",
     "shared object symbol not found"},
    {hipErrorSharedObjectInitFailed, "hipErrorSharedObjectInitFailed",
     "shared object initialization failed"},
    {hipErrorOperatingSystem, "hipErrorOperatingSystem",
     "OS call failed or operation not supported on this OS"},
    {hipErrorInvalidHandle, "hipErrorInvalidHandle", "invalid resource handle"},
    {hipErrorPeerAccessAlreadyEnabled, "hipErrorPeerAccessAlreadyEnabled",
     "peer access is already enabled"},
    {hipErrorHostMemoryAlreadyRegistered, "hipErrorHostMemoryAlreadyRegistered",
     "part or all of the requested memory range is already mapped"},
    {hipErrorHostMemoryNotRegistered, "hipErrorHostMemoryNotRegistered",
     "pointer does not correspond to a registered memory region"},
    {hipErrorPeerAccessNotEnabled, "hipErrorPeerAccessNotEnabled",
     "peer access has not been enabled"},
    {hipErrorNotFound, "hipErrorNotFound", "named symbol not found"},
    {hipErrorNotReady, "hipErrorNotReady", "device not ready"},
    {hipErrorIllegalAddress, "hipErrorIllegalAddress", "an illegal memory access was encountered"},
    {hipErrorLaunchOutOfResources, "hipErrorLaunchOutOfResources",
     "too many resources requested for launch"},
    {hipErrorLaunchTimeOut, "hipErrorLaunchTimeOut", "the launch timed out and was terminated"},
    {hipErrorAssert, "hipErrorAssert", "device-side assert triggered"},
    {hipErrorLaunchFailure, "hipErrorLaunchFailure", "unspecified launch failure"},
    {hipErrorCooperativeLaunchTooLarge, "hipErrorCooperativeLaunchTooLarge",
     "too many blocks in cooperative launch"},
    {hipErrorNotSupported, "hipErrorNotSupported", "operation not supported"},
    {hipErrorUnknown, "hipErrorUnknown", "unknown error"},
    {hipErrorProfilerDisabled, "hipErrorProfilerDisabled", "profiler is disabled for this run"},
    {hipErrorProfilerNotInitialized, "hipErrorProfilerNotInitialized",
     "profiler is not initialized"},
    {hipErrorProfilerAlreadyStarted, "hipErrorProfilerAlreadyStarted",
     "profiler has already started"},
    {hipErrorProfilerAlreadyStopped, "hipErrorProfilerAlreadyStopped",
     "profiler has already stopped"},
    {hipErrorContextAlreadyCurrent, "hipErrorContextAlreadyCurrent", "context is already current"},
    {hipErrorMapFailed, "hipErrorMapFailed", "mapping of a buffer object failed"},
    {hipErrorUnmapFailed, "hipErrorUnmapFailed", "unmapping of a buffer object failed"},
    {hipErrorArrayIsMapped, "hipErrorArrayIsMapped", "array is mapped and cannot be destroyed"},
    {hipErrorAlreadyMapped, "hipErrorAlreadyMapped", "resource is already mapped"},
    {hipErrorAlreadyAcquired, "hipErrorAlreadyAcquired", "resource has already been acquired"},
    {hipErrorNotMapped, "hipErrorNotMapped", "resource is not mapped"},
    {hipErrorNotMappedAsArray, "hipErrorNotMappedAsArray", "resource is not mapped as an array"},
    {hipErrorNotMappedAsPointer, "hipErrorNotMappedAsPointer",
     "resource is not mapped as a pointer"},
    {hipErrorECCNotCorrectable, "hipErrorECCNotCorrectable", "uncorrectable ECC error"},
    {hipErrorContextAlreadyInUse, "hipErrorContextAlreadyInUse",
     "context is already in use by another thread"},
    {hipErrorPeerAccessUnsupported, "hipErrorPeerAccessUnsupported",
     "peer access is not supported between these devices"},
    {hipErrorInvalidGraphicsContext, "hipErrorInvalidGraphicsContext", "invalid graphics context"},
    {hipErrorIllegalState, "hipErrorIllegalState",
     "the operation is not valid in the current state"},
    {hipErrorSetOnActiveProcess, "hipErrorSetOnActiveProcess",
     "cannot set while the device is active in this process"},
    {hipErrorContextIsDestroyed, "hipErrorContextIsDestroyed", "context has been destroyed"},
    {hipErrorStreamCaptureUnsupported, "hipErrorStreamCaptureUnsupported",
     "operation not permitted while the stream is capturing"},
    {hipErrorStreamCaptureInvalidated, "hipErrorStreamCaptureInvalidated",
     "stream capture was invalidated by an earlier error"},
    {hipErrorStreamCaptureMerge, "hipErrorStreamCaptureMerge",
     "the operation would merge two independent captures"},
    {hipErrorStreamCaptureUnmatched, "hipErrorStreamCaptureUnmatched",
     "the capture was not begun in this stream"},
    {hipErrorStreamCaptureUnjoined, "hipErrorStreamCaptureUnjoined",
     "the capture has work not joined back into its origin stream"},
    {hipErrorStreamCaptureIsolation, "hipErrorStreamCaptureIsolation",
     "the operation would create a dependency on uncaptured work"},
    {hipErrorStreamCaptureImplicit, "hipErrorStreamCaptureImplicit",
     "the operation would wait implicitly on the legacy stream"},
    {hipErrorCapturedEvent, "hipErrorCapturedEvent",
     "the operation is not permitted on an event recorded in a capture"},
    {hipErrorStreamCaptureWrongThread, "hipErrorStreamCaptureWrongThread",
     "the capture was begun by another thread in thread-local mode"},
    {hipErrorGraphExecUpdateFailure, "hipErrorGraphExecUpdateFailure",
     "the graph update was not performed: it changes the topology or a node kind"},
    {hipErrorRuntimeMemory, "hipErrorRuntimeMemory", "runtime memory call returned an error"},
    {hipErrorRuntimeOther, "hipErrorRuntimeOther",
     "runtime call other than a memory call returned an error"},
    {hipErrorTbd, "hipErrorTbd", "marker of the end of HIP error codes"},
};

const ErrorText* find(hipError_t error) {
  for (const ErrorText& entry : kErrors)
    if (entry.error == error) return &entry;
  return nullptr;
}

}  // namespace

const char* errorName(hipError_t error) {
  const ErrorText* entry = find(error);
  return entry ? entry->name : "hipErrorUnknown";
}

bool knownError(hipError_t error) {
  return find(error) != nullptr;
}

const char* errorDescription(hipError_t error) {
  const ErrorText* entry = find(error);
  return entry ? entry->description : "unknown error";
}

}  // namespace hipcore::core
