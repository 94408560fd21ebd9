// Libraries: lazy loading per device and the kernel handles.
#include "Library.h"

#include "Device.h"

namespace hipcore::core {

std::unique_ptr<Library> Library::create(const void* image, size_t size) {
  std::unique_ptr<Library> library(new Library());
  library->unreadable_ = library->image_.read(image, size);
  return library;
}

Library::~Library() {
  clearMagic(magic_);
}

Status Library::moduleOn(Device& device, const Module*& out) {
  if (!unreadable_.ok()) return unreadable_;
  for (const auto& [where, module] : loaded_)
    if (where == &device) return out = module.get(), Status::success();
  std::unique_ptr<Module> module;
  if (Status status = image_.load(device, module); !status.ok()) return status;
  out = module.get();
  loaded_.emplace_back(&device, std::move(module));
  return Status::success();
}

Status Library::index(Device& device) {
  if (indexed_) return Status::success();
  const Module* module = nullptr;
  if (Status status = moduleOn(device, module); !status.ok()) return status;
  for (std::string& name : module->kernelNames())
    kernels_.push_back(std::make_unique<LibraryKernel>(*this, std::move(name)));
  indexed_ = true;
  return Status::success();
}

Status Library::kernels(Device& device, std::vector<LibraryKernel*>& out) {
  std::lock_guard lock(mutex_);
  if (Status status = index(device); !status.ok()) return status;
  out.clear();
  for (const auto& kernel : kernels_) out.push_back(kernel.get());
  return Status::success();
}

Status Library::kernel(Device& device, const std::string& name, LibraryKernel*& out) {
  std::lock_guard lock(mutex_);
  if (Status status = index(device); !status.ok()) return status;
  for (const auto& kernel : kernels_)
    if (kernel->name() == name) return out = kernel.get(), Status::success();
  return fail(hipErrorNotFound, "no kernel %s in the library", name.c_str());
}

Status Library::code(Device& device, const LibraryKernel& kernel, const DeviceKernel*& out) {
  const Module* module = nullptr;
  {
    std::lock_guard lock(mutex_);
    if (Status status = moduleOn(device, module); !status.ok()) return status;
  }
  return module->resolveKernel(kernel.name(), out);  // Module resolves thread-safely
}

Status Library::synchronize() {
  std::lock_guard lock(mutex_);
  for (const auto& [device, module] : loaded_)
    if (Status status = device->synchronize(); !status.ok()) return status;
  return Status::success();
}

}  // namespace hipcore::core
