// Cache, shared-memory and per-kernel configuration: hipDeviceGet/SetCacheConfig,
// hipDeviceGet/SetSharedMemConfig, hipFuncSetCacheConfig, hipFuncSetSharedMemConfig,
// hipFuncSetAttribute. AMD GPUs have a fixed L1/LDS split, four-byte LDS banks and no opt-in for
// large dynamic LDS: valid settings are accepted and change nothing, the queries answer what the
// hardware does (CUDA's documented answers for such devices: hipFuncCachePreferNone,
// hipSharedMemBankSizeFourByte), and invalid values are refused.
#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

bool validCacheConfig(hipFuncCache_t config) {
  return config >= hipFuncCachePreferNone && config <= hipFuncCachePreferEqual;
}

bool validSharedMemConfig(hipSharedMemConfig config) {
  return config >= hipSharedMemBankSizeDefault && config <= hipSharedMemBankSizeEightByte;
}

// The kernel behind a host handle, loaded on the current device (hipFuncGetAttributes' lookup).
Status kernelCode(const void* function, const hipcore::core::Device*& device,
                  const hipcore::core::DeviceKernel*& code) {
  if (function == nullptr) return fail(hipErrorInvalidDeviceFunction, "function is null");
  hipcore::core::Device* current = nullptr;
  if (Status status = hipcore::api::currentDevice(current); !status.ok()) return status;
  const hipcore::core::Kernel* kernel = hipcore::api::registry().findKernel(function);
  if (kernel == nullptr)
    return fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle", function);
  device = current;
  return current->resolve(*kernel, code);
}

}  // namespace

HIPCORE_API hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* config) {
  return hipcore::api::call(
      "hipDeviceGetCacheConfig", hipDeviceGetCacheConfig,
      [&] {
        if (config == nullptr)
          return finish("hipDeviceGetCacheConfig", fail(hipErrorInvalidValue, "config is null"));
        *config = hipFuncCachePreferNone;
        return hipSuccess;
      },
      "config", config);
}

HIPCORE_API hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config) {
  return hipcore::api::call(
      "hipDeviceSetCacheConfig", hipDeviceSetCacheConfig,
      [&] {
        if (!validCacheConfig(config))
          return finish("hipDeviceSetCacheConfig",
                        fail(hipErrorInvalidValue, "cache config %d", config));
        return hipSuccess;
      },
      "config", config);
}

HIPCORE_API hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* config) {
  return hipcore::api::call(
      "hipDeviceGetSharedMemConfig", hipDeviceGetSharedMemConfig,
      [&] {
        if (config == nullptr)
          return finish("hipDeviceGetSharedMemConfig",
                        fail(hipErrorInvalidValue, "config is null"));
        *config = hipSharedMemBankSizeFourByte;
        return hipSuccess;
      },
      "config", config);
}

HIPCORE_API hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
  return hipcore::api::call(
      "hipDeviceSetSharedMemConfig", hipDeviceSetSharedMemConfig,
      [&] {
        if (!validSharedMemConfig(config))
          return finish("hipDeviceSetSharedMemConfig",
                        fail(hipErrorInvalidValue, "shared memory config %d", config));
        return hipSuccess;
      },
      "config", config);
}

HIPCORE_API hipError_t hipFuncSetCacheConfig(const void* function, hipFuncCache_t config) {
  return hipcore::api::call(
      "hipFuncSetCacheConfig", hipFuncSetCacheConfig,
      [&] {
        if (function == nullptr)
          return finish("hipFuncSetCacheConfig",
                        fail(hipErrorInvalidDeviceFunction, "function is null"));
        if (!validCacheConfig(config))
          return finish("hipFuncSetCacheConfig",
                        fail(hipErrorInvalidValue, "cache config %d", config));
        return hipSuccess;
      },
      "function, config", function, config);
}

HIPCORE_API hipError_t hipFuncSetSharedMemConfig(const void* function, hipSharedMemConfig config) {
  return hipcore::api::call(
      "hipFuncSetSharedMemConfig", hipFuncSetSharedMemConfig,
      [&] {
        const hipcore::core::Device* device = nullptr;
        const hipcore::core::DeviceKernel* code = nullptr;
        if (Status found = kernelCode(function, device, code); !found.ok())
          return finish("hipFuncSetSharedMemConfig", std::move(found));
        if (!validSharedMemConfig(config))
          return finish("hipFuncSetSharedMemConfig",
                        fail(hipErrorInvalidValue, "shared memory config %d", config));
        return hipSuccess;
      },
      "function, config", function, config);
}

HIPCORE_API hipError_t hipFuncSetAttribute(const void* function, hipFuncAttribute attribute,
                                           int value) {
  return hipcore::api::call(
      "hipFuncSetAttribute", hipFuncSetAttribute,
      [&] {
        const hipcore::core::Device* device = nullptr;
        const hipcore::core::DeviceKernel* code = nullptr;
        if (Status found = kernelCode(function, device, code); !found.ok())
          return finish("hipFuncSetAttribute", std::move(found));
        switch (attribute) {
          case hipFuncAttributeMaxDynamicSharedMemorySize: {
            // Any dynamic LDS the kernel's static LDS leaves free may be used without opting in;
            // more can never be.
            size_t lds = device->properties().sharedMemPerBlock;
            size_t room = lds > code->groupSegmentSize ? lds - code->groupSegmentSize : 0;
            if (value < 0 || static_cast<size_t>(value) > room)
              return finish(
                  "hipFuncSetAttribute",
                  fail(hipErrorInvalidValue,
                       "%d bytes of dynamic shared memory: the kernel leaves %zu", value, room));
            return hipSuccess;
          }
          case hipFuncAttributePreferredSharedMemoryCarveout:
            if (value < -1 || value > 100)
              return finish("hipFuncSetAttribute",
                            fail(hipErrorInvalidValue, "carveout %d%% (-1 or 0..100)", value));
            return hipSuccess;
          default:
            return finish("hipFuncSetAttribute",
                          fail(hipErrorInvalidValue, "attribute %d", static_cast<int>(attribute)));
        }
      },
      "function, attribute, value", function, attribute, value);
}
