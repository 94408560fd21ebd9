// Libraries: lazy loading per device and the kernel handles.
#include "Library.h"

#include "Device.h"

namespace hipcore::core {

std::unique_ptr<Library> Library::create(const void* image, size_t size, int deviceCount) {
  std::unique_ptr<Library> library(new Library());
  library->deviceCount_ = deviceCount;
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
    kernels_.push_back(std::make_unique<LibraryKernel>(*this, std::move(name), deviceCount_));
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
  if (device.index() < 0 || device.index() >= deviceCount_)
    return fail(hipErrorInvalidDevice, "device %d is not one the library was loaded for",
                device.index());
  std::atomic<const DeviceKernel*>& cached = kernel.codeOn_[static_cast<size_t>(device.index())];
  if ((out = cached.load(std::memory_order_acquire)) != nullptr) return Status::success();
  const Module* module = nullptr;
  {
    std::lock_guard lock(mutex_);
    if (Status status = moduleOn(device, module); !status.ok()) return status;
  }
  // Module resolves thread-safely; two first launches racing store the same code.
  if (Status status = module->resolveKernel(kernel.name(), out); !status.ok()) return status;
  cached.store(out, std::memory_order_release);
  return Status::success();
}

Status Library::synchronize() {
  std::lock_guard lock(mutex_);
  for (const auto& [device, module] : loaded_)
    if (Status status = device->synchronize(); !status.ok()) return status;
  return Status::success();
}

}  // namespace hipcore::core
