// A fat binary's code loaded on one device: the chosen code object, its ROCR executable and a
// DeviceKernel per kernel in its metadata.
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "Registry.h"
#include "Status.h"
#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/KernelMetadata.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class Module {
 public:
  // Picks the bundle entry for `isaName` (an agent ISA such as "amdgcn-amd-amdhsa--gfx1030"),
  // loads it on `agent` and resolves every kernel.
  static Status load(const loader::OffloadBundle& bundle, const std::string& isaName,
                     uint64_t agent, std::unique_ptr<Module>& out);

  // A bare code object (hipModuleLoadData); `name` names it in messages.
  static Status loadCodeObject(loader::Bytes image, const std::string& name, uint64_t agent,
                               std::unique_ptr<Module>& out);

  const DeviceKernel* kernel(const std::string& name) const;
  std::optional<size_t> variableSize(const std::string& name) const;
  loader::Result<uint64_t> variableAddress(const std::string& name) const {
    return executable_->variableAddress(name);
  }
  const std::string& target() const { return target_; }

 private:
  std::string target_;
  std::unique_ptr<hsa::Executable> executable_;
  std::vector<std::unique_ptr<DeviceKernel>> kernels_;
  std::vector<std::pair<std::string, size_t>> variableSizes_;  // ELF data symbols
};

// The index of the bundle entry that best fits an agent ISA, or a message listing what the
// bundle holds (for hipErrorNoBinaryForGpu).
loader::Result<size_t> chooseBundleEntry(const loader::OffloadBundle& bundle, const std::string& isaName);

}  // namespace hipcore::core
