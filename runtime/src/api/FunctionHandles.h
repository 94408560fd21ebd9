// hipFunction_t handles: a module's function (hipModuleGetFunction) or, as in AMD's runtime, a
// registered kernel's host handle (what hipGetFuncBySymbol returns), so that both launch through
// hipModuleLaunchKernel and answer hipFuncGetAttribute and hipKernelNameRef.
#pragma once

#include <hip/hip_runtime_api.h>

#include <string>

#include "core/Device.h"
#include "core/Status.h"

namespace hipcore::api {

struct FunctionTarget {
  core::Device* device = nullptr;
  const core::DeviceKernel* code = nullptr;
  const std::string* name = nullptr;
};

// What `handle` runs and where: a module function on its module's device; a registered kernel
// or a library's kernel (hipKernel_t) on `device` (null: the calling thread's current device),
// its code loaded there on first use.
// hipErrorInvalidResourceHandle for anything else.
core::Status functionTarget(hipFunction_t handle, core::Device* device, FunctionTarget& out);

}  // namespace hipcore::api
