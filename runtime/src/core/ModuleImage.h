// A code object or offload bundle the program hands over (hipModuleLoad*, hipLibraryLoad*),
// copied so that it outlives the caller's bytes, and loadable on any device: a module loads it
// on one device, a library on each device that uses it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "Module.h"
#include "Status.h"
#include "hipcore/loader/OffloadBundle.h"

namespace hipcore::core {

class Device;

class ModuleImage {
 public:
  ModuleImage() = default;
  ModuleImage(const ModuleImage&) = delete;  // the bundle's views point into bytes_
  ModuleImage& operator=(const ModuleImage&) = delete;

  // Copies `image`; `size` 0 means unknown (hipModuleLoadData), in which case the headers say
  // how far it extends. hipErrorInvalidImage when it is neither a code object nor a bundle.
  Status read(const void* image, size_t size);
  // The code object for `device` (its bundle entry, or the bare code object) loaded there.
  Status load(Device& device, std::unique_ptr<Module>& out) const;

 private:
  std::vector<uint8_t> bytes_;
  std::optional<loader::OffloadBundle> bundle_;
};

}  // namespace hipcore::core
