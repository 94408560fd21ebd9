#include "FunctionHandles.h"

#include "ApiState.h"
#include "core/LoadedModule.h"

namespace hipcore::api {

core::Status functionTarget(hipFunction_t handle, core::Device* device, FunctionTarget& out) {
  // The registry first: a lookup by value, where the module-function check reads the handle.
  if (const core::Kernel* kernel = registry().findKernel(handle); kernel != nullptr) {
    if (device == nullptr) {
      if (core::Status current = currentDevice(device); !current.ok()) return current;
    }
    out.device = device;
    out.name = &kernel->name();
    return device->resolve(*kernel, out.code);
  }
  auto* function = reinterpret_cast<core::ModuleFunction*>(handle);
  if (!hipcore::core::plausibleHandle(handle) || !function->valid())
    return core::fail(hipErrorInvalidResourceHandle, "%p is not a module function or kernel",
                      static_cast<void*>(handle));
  out.device = &function->module().device();
  out.code = &function->code();
  out.name = &function->code().name;
  return core::Status::success();
}

}  // namespace hipcore::api
