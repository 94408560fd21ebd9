// Loading a code object or bundle given by the program, and looking up its kernels and globals.
#include "LoadedModule.h"

#include "Device.h"

namespace hipcore::core {

LoadedModule::~LoadedModule() {
  clearMagic(magic_);
}

Status LoadedModule::load(Device& device, const void* image, size_t size,
                          std::unique_ptr<LoadedModule>& out) {
  std::unique_ptr<LoadedModule> module(new LoadedModule(device));
  if (Status read = module->image_.read(image, size); !read.ok()) return read;
  if (Status loaded = module->image_.load(device, module->module_); !loaded.ok()) return loaded;
  out = std::move(module);
  return Status::success();
}

Status LoadedModule::function(const std::string& name, ModuleFunction*& out) {
  std::lock_guard lock(functionsMutex_);
  for (const auto& function : functions_)
    if (function->code().name == name) return out = function.get(), Status::success();
  const DeviceKernel* code = module_->kernel(name);
  if (code == nullptr)
    return fail(hipErrorNotFound, "no kernel %s in %s", name.c_str(), module_->target().c_str());
  functions_.push_back(std::make_unique<ModuleFunction>(*this, *code));
  out = functions_.back().get();
  return Status::success();
}

Status LoadedModule::global(const std::string& name, void*& address, size_t& size) const {
  auto located = module_->variableAddress(name);
  if (!located)
    return fail(hipErrorNotFound, "no global %s in %s", name.c_str(), module_->target().c_str());
  address = reinterpret_cast<void*>(*located);
  size = module_->variableSize(name).value_or(0);
  return Status::success();
}

}  // namespace hipcore::core
