// Kernel attributes and names: hipFuncGetAttributes for a kernel's host handle (loads its code on
// the current device on first use), hipFuncGetAttribute, hipGetFuncBySymbol,
// hipKernelNameRef(ByPtr).
#include "ApiCall.h"
#include "ApiState.h"
#include "FunctionHandles.h"
#include "core/LoadedModule.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// Everything comes from the kernel descriptor and metadata, and the device's limits.
hipFuncAttributes attributesOf(const hipcore::core::Device& device,
                               const hipcore::core::DeviceKernel& code) {
  const hipDeviceProp_t& p = device.properties();
  hipFuncAttributes attributes{};
  attributes.sharedSizeBytes = code.groupSegmentSize;
  attributes.localSizeBytes = code.privateSegmentSize;
  attributes.maxThreadsPerBlock = static_cast<int>(code.maxWorkgroupSize);
  attributes.numRegs = static_cast<int>(code.vgprCount);  // VGPRs per lane (.vgpr_count)
  size_t lds = p.sharedMemPerBlock;
  attributes.maxDynamicSharedSizeBytes =
      static_cast<int>(lds > code.groupSegmentSize ? lds - code.groupSegmentSize : 0);
  attributes.binaryVersion = p.major * 10 + p.minor;
  attributes.ptxVersion = attributes.binaryVersion;
  return attributes;
}

}  // namespace

HIPCORE_API hipError_t hipFuncGetAttributes(hipFuncAttributes* attributes, const void* function) {
  return hipcore::api::call(
      "hipFuncGetAttributes", hipFuncGetAttributes,
      [&] {
        if (attributes == nullptr)
          return finish("hipFuncGetAttributes", fail(hipErrorInvalidValue, "attributes is null"));
        if (function == nullptr)
          return finish("hipFuncGetAttributes",
                        fail(hipErrorInvalidDeviceFunction, "function is null"));
        hipcore::core::Device* device = nullptr;
        Status status = hipcore::api::currentDevice(device);
        if (!status.ok()) return finish("hipFuncGetAttributes", std::move(status));
        const hipcore::core::Kernel* kernel = hipcore::api::registry().findKernel(function);
        if (kernel == nullptr)
          return finish("hipFuncGetAttributes",
                        fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle",
                             function));
        const hipcore::core::DeviceKernel* code = nullptr;
        if (status = device->resolve(*kernel, code); !status.ok())
          return finish("hipFuncGetAttributes", std::move(status));
        *attributes = attributesOf(*device, *code);
        attributes->constSizeBytes = hipcore::api::registry().constantBytes(&kernel->fatBinary());
        return hipSuccess;
      },
      "attributes, function", attributes, function);
}

HIPCORE_API hipError_t hipFuncGetAttribute(int* value, hipFunction_attribute attribute,
                                           hipFunction_t function) {
  return hipcore::api::call(
      "hipFuncGetAttribute", hipFuncGetAttribute,
      [&] {
        if (value == nullptr)
          return finish("hipFuncGetAttribute", fail(hipErrorInvalidValue, "value is null"));
        hipcore::api::FunctionTarget target;
        if (Status status = hipcore::api::functionTarget(function, nullptr, target); !status.ok())
          return finish("hipFuncGetAttribute", std::move(status));
        const hipFuncAttributes a = attributesOf(*target.device, *target.code);
        switch (attribute) {
          case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
            *value = a.maxThreadsPerBlock;
            break;
          case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
            *value = static_cast<int>(a.sharedSizeBytes);
            break;
          case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
            *value = static_cast<int>(a.constSizeBytes);
            break;
          case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
            *value = static_cast<int>(a.localSizeBytes);
            break;
          case HIP_FUNC_ATTRIBUTE_NUM_REGS:
            *value = a.numRegs;
            break;
          case HIP_FUNC_ATTRIBUTE_PTX_VERSION:
            *value = a.ptxVersion;
            break;
          case HIP_FUNC_ATTRIBUTE_BINARY_VERSION:
            *value = a.binaryVersion;
            break;
          case HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA:
            *value = a.cacheModeCA;
            break;
          case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
            *value = a.maxDynamicSharedSizeBytes;
            break;
          case HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
            *value = a.preferredShmemCarveout;
            break;
          default:
            return finish("hipFuncGetAttribute", fail(hipErrorInvalidValue, "function attribute %d",
                                                      static_cast<int>(attribute)));
        }
        return hipSuccess;
      },
      "value, attribute, function", value, attribute, function);
}

HIPCORE_API hipError_t hipGetFuncBySymbol(hipFunction_t* functionPtr, const void* symbolPtr) {
  return hipcore::api::call(
      "hipGetFuncBySymbol", hipGetFuncBySymbol,
      [&] {
        if (functionPtr == nullptr)
          return finish("hipGetFuncBySymbol", fail(hipErrorInvalidValue, "functionPtr is null"));
        if (symbolPtr == nullptr || hipcore::api::registry().findKernel(symbolPtr) == nullptr)
          return finish("hipGetFuncBySymbol",
                        fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle",
                             symbolPtr));
        // The kernel's host handle serves as its hipFunction_t (FunctionHandles.h).
        *functionPtr = reinterpret_cast<hipFunction_t>(const_cast<void*>(symbolPtr));
        return hipSuccess;
      },
      "functionPtr, symbolPtr", functionPtr, symbolPtr);
}

// The name of a module function or registered kernel, null for anything else (these return no
// error code; the thread's last error says why).
HIPCORE_API const char* hipKernelNameRef(const hipFunction_t f) {
  hipcore::api::FunctionTarget target;
  Status status = hipcore::api::functionTarget(f, nullptr, target);
  if (!status.ok()) {
    finish("hipKernelNameRef", std::move(status));
    return nullptr;
  }
  return target.name->c_str();
}

HIPCORE_API const char* hipKernelNameRefByPtr(const void* hostFunction, hipStream_t stream) {
  hipcore::core::Device* device = nullptr;
  hipcore::core::Stream* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  hipcore::api::FunctionTarget target;
  if (status.ok() && hipcore::api::registry().findKernel(hostFunction) == nullptr)
    status =
        fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle", hostFunction);
  if (status.ok())
    status = hipcore::api::functionTarget(
        reinterpret_cast<hipFunction_t>(const_cast<void*>(hostFunction)), device, target);
  if (!status.ok()) {
    finish("hipKernelNameRefByPtr", std::move(status));
    return nullptr;
  }
  return target.name->c_str();
}
