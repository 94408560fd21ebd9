// Loading a code object or bundle given by the program, and looking up its kernels and globals.
#include "LoadedModule.h"

#include "Device.h"
#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/CompressedBundle.h"

namespace hipcore::core {
namespace {

// The size of an image given without one. Reads only what each check proves is there: 4 bytes
// decide a compressed bundle, the first byte rules out a plain bundle before its 24-byte magic
// is compared, and CodeObject::extent checks the ELF magic before its header.
loader::Result<uint64_t> extentOf(const uint8_t* start) {
  if (loader::isCompressedBundle(loader::Bytes(start, 4)) ||
      (start[0] == loader::kOffloadBundleMagic[0] &&
       loader::isPlainBundle(loader::Bytes(start, loader::kOffloadBundleMagic.size()))))
    return loader::OffloadBundle::extent(start);
  return loader::CodeObject::extent(start);
}

}  // namespace

LoadedModule::~LoadedModule() {
  magic_ = 0;
}

Status LoadedModule::load(Device& device, const void* image, size_t size,
                          std::unique_ptr<LoadedModule>& out) {
  if (image == nullptr) return fail(hipErrorInvalidValue, "module image is null");
  auto* start = static_cast<const uint8_t*>(image);
  if (size == 0) {
    auto extent = extentOf(start);
    if (!extent)
      return fail(hipErrorInvalidImage, "module image %p: %s", image, extent.message().c_str());
    size = *extent;
  }
  std::unique_ptr<LoadedModule> module(new LoadedModule(device));
  module->image_.assign(start, start + size);
  loader::Bytes bytes(module->image_);
  const std::string& isa = device.agent().properties.isaName;
  Status loaded;
  if (loader::isCompressedBundle(bytes) || loader::isPlainBundle(bytes)) {
    auto bundle = loader::OffloadBundle::parse(bytes);
    if (!bundle) return fail(hipErrorInvalidImage, "module image: %s", bundle.message().c_str());
    module->bundle_ = std::move(bundle).value();
    loaded = Module::load(*module->bundle_, isa, device.agent().agent, module->module_);
  } else {
    loaded =
        Module::loadCodeObject(bytes, "module code object", device.agent().agent, module->module_);
  }
  if (!loaded.ok()) return loaded;
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
