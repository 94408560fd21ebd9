// Kernel attributes: hipFuncGetAttributes for a kernel's host handle (loads its code on the
// current device on first use).
#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

HIPCORE_API hipError_t hipFuncGetAttributes(hipFuncAttributes* attributes, const void* function) {
  HIPCORE_API_CALL(hipFuncGetAttributes, attributes, function);
  if (attributes == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "attributes is null"));
  if (function == nullptr) return finish(__func__, fail(hipErrorInvalidDeviceFunction, "function is null"));
  hipcore::core::Device* device = nullptr;
  Status status = hipcore::api::currentDevice(device);
  if (!status.ok()) return finish(__func__, std::move(status));
  const hipcore::core::Kernel* kernel = hipcore::api::registry().findKernel(function);
  if (kernel == nullptr)
    return finish(__func__, fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle", function));
  const hipcore::core::DeviceKernel* code = nullptr;
  if (status = device->resolve(*kernel, code); !status.ok()) return finish(__func__, std::move(status));
  const hipDeviceProp_t& p = device->properties();
  *attributes = {};
  attributes->sharedSizeBytes = code->groupSegmentSize;
  attributes->localSizeBytes = code->privateSegmentSize;
  attributes->maxThreadsPerBlock = static_cast<int>(code->maxWorkgroupSize);
  attributes->numRegs = static_cast<int>(code->vgprCount);  // VGPRs per lane (.vgpr_count)
  size_t lds = p.sharedMemPerBlock;
  attributes->maxDynamicSharedSizeBytes = static_cast<int>(lds > code->groupSegmentSize ? lds - code->groupSegmentSize : 0);
  attributes->binaryVersion = p.major * 10 + p.minor;
  attributes->ptxVersion = attributes->binaryVersion;
  return hipSuccess;
}
