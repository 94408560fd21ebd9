// Launches described by a configuration with launch attributes: hipLaunchKernelExC (the runtime
// form behind the hipLaunchKernelEx template) and hipDrvLaunchKernelEx (the driver form). The
// attributes select a cooperative launch or describe one hipcore has no use for; each is checked.
#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// Reads a launch's attributes: whether it is cooperative, or the first attribute refused.
Status readAttributes(const hipLaunchAttribute* attrs, unsigned count, bool& cooperative) {
  cooperative = false;
  if (count > 0 && attrs == nullptr)
    return fail(hipErrorInvalidValue, "%u attributes at a null address", count);
  for (unsigned i = 0; i < count; ++i) {
    const hipLaunchAttributeValue& value = attrs[i].val;
    switch (attrs[i].id) {
      case hipLaunchAttributeCooperative:
        cooperative = value.cooperative != 0;
        break;
      case hipLaunchAttributeAccessPolicyWindow:
        if (Status bad = hipcore::api::checkAccessPolicyWindow(value.accessPolicyWindow); !bad.ok())
          return bad;
        break;
      case hipLaunchAttributeSynchronizationPolicy:
        if (Status bad = hipcore::api::checkSyncPolicy(value.syncPolicy); !bad.ok()) return bad;
        break;
      case hipLaunchAttributeClusterDimension:
        // RDNA dispatches workgroups alone: a cluster of one is every launch, larger ones have
        // no hardware behind them.
        if (value.clusterDim.x * value.clusterDim.y * value.clusterDim.z != 1)
          return fail(hipErrorNotSupported, "clusters of %ux%ux%u workgroups (RDNA has none)",
                      value.clusterDim.x, value.clusterDim.y, value.clusterDim.z);
        break;
      case hipLaunchAttributePriority:  // hipcore does not program queue priorities
      case hipLaunchAttributeMemSyncDomainMap:
      case hipLaunchAttributeMemSyncDomain:
      case hipLaunchAttributeClusterSchedulingPolicyPreference:
        break;
      default:
        return fail(hipErrorInvalidValue, "launch attribute %d", static_cast<int>(attrs[i].id));
    }
  }
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipLaunchKernelExC(const hipLaunchConfig_t* config, const void* fPtr,
                                          void** args) {
  return hipcore::api::call(
      "hipLaunchKernelExC", hipLaunchKernelExC,
      [&] {
        // AMD's codes for a missing kernel and a missing configuration.
        if (fPtr == nullptr)
          return finish("hipLaunchKernelExC",
                        fail(hipErrorInvalidDeviceFunction, "the kernel is null"));
        if (config == nullptr)
          return finish("hipLaunchKernelExC",
                        fail(hipErrorInvalidConfiguration, "the configuration is null"));
        bool cooperative = false;
        if (Status bad = readAttributes(config->attrs, config->numAttrs, cooperative); !bad.ok())
          return finish("hipLaunchKernelExC", std::move(bad));
        const auto shared = static_cast<unsigned>(config->dynamicSmemBytes);
        if (shared != config->dynamicSmemBytes)
          return finish("hipLaunchKernelExC",
                        fail(hipErrorInvalidValue, "%zu bytes of LDS", config->dynamicSmemBytes));
        return cooperative ? hipLaunchCooperativeKernel(fPtr, config->gridDim, config->blockDim,
                                                        args, shared, config->stream)
                           : hipLaunchKernel(fPtr, config->gridDim, config->blockDim, args,
                                             config->dynamicSmemBytes, config->stream);
      },
      "config, fPtr, args", config, fPtr, args);
}

HIPCORE_API hipError_t hipDrvLaunchKernelEx(const HIP_LAUNCH_CONFIG* config, hipFunction_t f,
                                            void** params, void** extra) {
  return hipcore::api::call(
      "hipDrvLaunchKernelEx", hipDrvLaunchKernelEx,
      [&] {
        if (config == nullptr)
          return finish("hipDrvLaunchKernelEx",
                        fail(hipErrorInvalidValue, "the configuration is null"));
        bool cooperative = false;
        if (Status bad = readAttributes(config->attrs, config->numAttrs, cooperative); !bad.ok())
          return finish("hipDrvLaunchKernelEx", std::move(bad));
        const HIP_LAUNCH_CONFIG& c = *config;
        if (cooperative && extra != nullptr)
          return finish("hipDrvLaunchKernelEx",
                        fail(hipErrorInvalidValue,
                             "a cooperative launch takes its arguments in params, not extra"));
        return cooperative ? hipModuleLaunchCooperativeKernel(f, c.gridDimX, c.gridDimY, c.gridDimZ,
                                                              c.blockDimX, c.blockDimY, c.blockDimZ,
                                                              c.sharedMemBytes, c.hStream, params)
                           : hipModuleLaunchKernel(f, c.gridDimX, c.gridDimY, c.gridDimZ,
                                                   c.blockDimX, c.blockDimY, c.blockDimZ,
                                                   c.sharedMemBytes, c.hStream, params, extra);
      },
      "config, f, params, extra", config, f, params, extra);
}
