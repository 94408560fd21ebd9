#include "FunctionHandles.h"

#include "ApiState.h"
#include "core/Library.h"
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
  if (!hipcore::core::plausibleHandle(handle))
    return core::fail(hipErrorInvalidResourceHandle, "%p is not a module function or kernel",
                      static_cast<void*>(handle));
  // A library's kernel (hipKernel_t): its code for `device`, loaded there on first use. The
  // magic of each type sits at the object's start, so reading it as either type is safe.
  if (auto* kernel = reinterpret_cast<core::LibraryKernel*>(handle); kernel->valid()) {
    if (device == nullptr) {
      if (core::Status current = currentDevice(device); !current.ok()) return current;
    }
    out.device = device;
    out.name = &kernel->name();
    return kernel->library().code(*device, *kernel, out.code);
  }
  auto* function = reinterpret_cast<core::ModuleFunction*>(handle);
  if (!function->valid())
    return core::fail(hipErrorInvalidResourceHandle, "%p is not a module function or kernel",
                      static_cast<void*>(handle));
  out.device = &function->module().device();
  out.code = &function->code();
  out.name = &function->code().name;
  return core::Status::success();
}

}  // namespace hipcore::api
