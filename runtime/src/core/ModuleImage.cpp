// Reading a program-supplied image and loading it on a device.
#include "ModuleImage.h"

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

Status ModuleImage::read(const void* image, size_t size) {
  if (image == nullptr) return fail(hipErrorInvalidValue, "module image is null");
  auto* start = static_cast<const uint8_t*>(image);
  if (size == 0) {
    auto extent = extentOf(start);
    if (!extent)
      return fail(hipErrorInvalidImage, "module image %p: %s", image, extent.message().c_str());
    size = *extent;
  }
  bytes_.assign(start, start + size);
  loader::Bytes bytes(bytes_);
  if (!loader::isCompressedBundle(bytes) && !loader::isPlainBundle(bytes))
    return Status::success();  // a bare code object: Module::loadCodeObject checks it
  auto bundle = loader::OffloadBundle::parse(bytes);
  if (!bundle) return fail(hipErrorInvalidImage, "module image: %s", bundle.message().c_str());
  bundle_ = std::move(bundle).value();
  return Status::success();
}

Status ModuleImage::load(Device& device, std::unique_ptr<Module>& out) const {
  const std::string& isa = device.agent().properties.isaName;
  if (bundle_) return Module::load(*bundle_, isa, device.agent().agent, out);
  return Module::loadCodeObject(loader::Bytes(bytes_), "module code object", device.agent().agent,
                                out);
}

}  // namespace hipcore::core
