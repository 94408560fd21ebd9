// Finding and loading the embedded built-in kernels.
#include "BuiltinKernels.h"

#include "Module.h"
#include "hipcore/loader/OffloadBundle.h"

// Defined by the generated kernels/builtin object (an .incbin of the bundle clang built).
extern "C" __attribute__((visibility("hidden"))) const uint8_t hipcore_builtin_fat_binary[];
extern "C" __attribute__((visibility("hidden"))) const uint8_t hipcore_builtin_fat_binary_end[];

namespace hipcore::core {

loader::Bytes builtinFatBinary() {
  return {hipcore_builtin_fat_binary,
          static_cast<size_t>(hipcore_builtin_fat_binary_end - hipcore_builtin_fat_binary)};
}

Status BuiltinKernels::load(const hsa::GpuAgent& agent, std::unique_ptr<Module>& module,
                            BuiltinKernels& out) {
  auto bundle = loader::OffloadBundle::parse(builtinFatBinary());
  if (!bundle)
    return fail(hipErrorInvalidKernelFile, "built-in kernels: %s", bundle.message().c_str());
  if (Status loaded = Module::load(*bundle, agent.properties.isaName, agent.agent, module);
      !loaded.ok()) {
    loaded.addContext("built-in kernels for " + agent.properties.name);
    return loaded;
  }
  const struct {
    const char* name;
    const DeviceKernel** slot;
  } kernels[] = {{"__hipcore_fill", &out.fill},
                 {"__hipcore_copy_aligned", &out.copyAligned},
                 {"__hipcore_copy_dwords", &out.copyDwords},
                 {"__hipcore_copy_bytes", &out.copyBytes},
                 {"__hipcore_write_value", &out.writeValue}};
  for (const auto& kernel : kernels) {
    *kernel.slot = module->kernel(kernel.name);
    if (*kernel.slot == nullptr)
      return fail(hipErrorInvalidDeviceFunction,
                  "built-in kernel %s is missing from code object %s", kernel.name,
                  module->target().c_str());
  }
  return Status::success();
}

}  // namespace hipcore::core
