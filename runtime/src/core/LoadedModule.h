// Code objects loaded explicitly (hipModuleLoad, hipModuleLoadData) and their functions.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "Module.h"
#include "ModuleImage.h"
#include "Status.h"
#include "TypeStableStorage.h"

namespace hipcore::core {

class Device;
class LoadedModule;

// A kernel of a loaded module (hipFunction_t).
class ModuleFunction : public TypeStableStorage<ModuleFunction> {  // stale handles are refused
 public:
  ModuleFunction(LoadedModule& module, const DeviceKernel& code) : module_(module), code_(code) {}
  ~ModuleFunction() { clearMagic(magic_); }
  bool valid() const noexcept { return magic_ == kMagic; }
  LoadedModule& module() const { return module_; }
  const DeviceKernel& code() const { return code_; }

 private:
  static constexpr uint64_t kMagic = 0x6869'7066'756e'6331;  // "hipfunc1"
  uint64_t magic_ = kMagic;
  LoadedModule& module_;
  const DeviceKernel& code_;
};

class LoadedModule : public TypeStableStorage<LoadedModule> {  // stale handles are refused
 public:
  // `image` is a bare code object or an offload bundle (plain or compressed); `size` 0 means
  // unknown (hipModuleLoadData), in which case the headers say how far it extends.
  static Status load(Device& device, const void* image, size_t size,
                     std::unique_ptr<LoadedModule>& out);
  ~LoadedModule();

  bool valid() const noexcept { return magic_ == kMagic; }
  Device& device() const { return device_; }
  Status function(const std::string& name, ModuleFunction*& out);
  Status global(const std::string& name, void*& address, size_t& size) const;
  // The kernels in its code object (hipModuleGetFunctionCount).
  size_t functionCount() const { return module_->kernelCount(); }

 private:
  explicit LoadedModule(Device& device) : device_(device) {}
  static constexpr uint64_t kMagic = 0x6869'706d'6f64'756c;  // "hipmodul"

  uint64_t magic_ = kMagic;
  Device& device_;
  ModuleImage image_;  // owned copy: the code object stays valid while loaded
  std::unique_ptr<Module> module_;
  std::mutex functionsMutex_;  // hipModuleGetFunction may run on several threads
  std::vector<std::unique_ptr<ModuleFunction>> functions_;
};

}  // namespace hipcore::core
