// A fat binary's code loaded on one device: the chosen code object, its ROCR executable and,
// made when first asked for, a DeviceKernel per kernel in its metadata. Loading reads no kernel
// metadata: the first launch of a kernel walks the note's kernel maps (skipping each by its
// msgpack headers) only as far as that kernel, then parses its map and resolves its symbol, so
// kernels never launched cost nothing beyond ROCR's own loading (those after the last kernel
// launched are never even skipped).
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "Registry.h"
#include "Status.h"
#include "hipcore/loader/CodeObject.h"
#include "hipcore/loader/KernelMetadata.h"
#include "hipcore/loader/MetadataIndex.h"
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

  // The kernel named `name`, resolved on first use (thread-safe); null if it is not in the
  // code object or cannot be resolved (resolveKernel says why).
  const DeviceKernel* kernel(const std::string& name) const;
  Status resolveKernel(const std::string& name, const DeviceKernel*& out) const;
  // Kernels in the code object (walks the rest of the note), and how many have been resolved.
  size_t kernelCount() const;
  // The names of its kernels in the metadata's order (walks the rest of the note).
  std::vector<std::string> kernelNames() const;
  size_t resolvedKernelCount() const;
  std::optional<size_t> variableSize(const std::string& name) const;
  loader::Result<uint64_t> variableAddress(const std::string& name) const {
    return executable_->variableAddress(name);
  }
  const std::string& target() const { return target_; }

 private:
  std::string target_;
  std::unique_ptr<hsa::Executable> executable_;
  struct KernelSlot {
    loader::KernelMetadataEntry metadata;  // points into note_
    std::unique_ptr<DeviceKernel> code;    // once resolved (under resolveMutex_)
  };
  // The next kernel slot from the note (under resolveMutex_); null after the last one.
  Status indexNextKernel(KernelSlot*& out) const;

  std::vector<uint8_t> note_;  // the metadata note, copied: hipModuleLoadData's image may go
  mutable std::mutex resolveMutex_;
  mutable std::vector<KernelSlot> kernels_;  // the kernels walked so far, in note order
  mutable std::optional<loader::KernelMetadataCursor> unwalked_;  // over note_
  std::vector<std::pair<std::string, size_t>> variableSizes_;     // ELF data symbols
};

// The index of the bundle entry that best fits an agent ISA, or a message listing what the
// bundle holds (for hipErrorNoBinaryForGpu).
loader::Result<size_t> chooseBundleEntry(const loader::OffloadBundle& bundle,
                                         const std::string& isaName);

}  // namespace hipcore::core
