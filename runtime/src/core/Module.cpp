// Choosing, loading and resolving a fat binary's code object for one device.
#include "Module.h"

#include "Limits.h"

namespace hipcore::core {

loader::Result<size_t> chooseBundleEntry(const loader::OffloadBundle& bundle,
                                         const std::string& isaName) {
  auto agent = loader::TargetId::parse(isaName);
  if (!agent) return agent.error();
  std::vector<loader::TargetId> targets;
  std::vector<size_t> entryOf;
  std::string available;
  for (size_t i = 0; i < bundle.entries().size(); ++i) {
    auto id = loader::BundleEntryId::parse(bundle.entries()[i].id);
    if (!id || !id->isHipDevice()) continue;
    targets.push_back(*id->target);
    entryOf.push_back(i);
    available += (available.empty() ? "" : ", ") + id->target->str();
  }
  auto chosen = loader::chooseCodeObject(targets, *agent);
  if (!chosen)
    return loader::errorf("no code object for %s in the fat binary (it holds: %s)",
                          agent->str().c_str(), available.empty() ? "none" : available.c_str());
  return entryOf[*chosen];
}

Status Module::load(const loader::OffloadBundle& bundle, const std::string& isaName, uint64_t agent,
                    std::unique_ptr<Module>& out) {
  auto entry = chooseBundleEntry(bundle, isaName);
  if (!entry) return fail(hipErrorNoBinaryForGpu, entry.message());
  const loader::BundleEntry& chosen = bundle.entries()[*entry];
  return loadCodeObject(chosen.image, chosen.id, agent, out);
}

Status Module::loadCodeObject(loader::Bytes image, const std::string& name, uint64_t agent,
                              std::unique_ptr<Module>& out) {
  auto object = loader::CodeObject::parse(image);
  if (!object) return fail(hipErrorInvalidImage, "%s: %s", name.c_str(), object.message().c_str());
  auto note = object->metadataNote();
  if (!note) return fail(hipErrorInvalidImage, "%s: %s", name.c_str(), note.message().c_str());
  auto module = std::make_unique<Module>();
  module->note_.assign(note->begin(), note->end());
  auto cursor = loader::KernelMetadataCursor::open(module->note_);
  if (!cursor) return fail(hipErrorInvalidImage, "%s: %s", name.c_str(), cursor.message().c_str());
  module->unwalked_.emplace(std::move(cursor).value());
  auto executable = hsa::Executable::load(agent, image);
  if (!executable)
    return fail(hipErrorInvalidImage, "%s: %s", name.c_str(), executable.message().c_str());
  module->target_ = name;
  module->executable_ = std::move(executable).value();
  for (const loader::ElfSymbol& symbol : object->symbols())
    if (symbol.type == 1 /*STT_OBJECT*/ && !symbol.name.empty())
      module->variableSizes_.emplace_back(symbol.name, symbol.size);
  out = std::move(module);
  return Status::success();
}

Status Module::indexNextKernel(KernelSlot*& out) const {
  out = nullptr;
  if (!unwalked_) return Status::success();
  auto entry = unwalked_->next();
  if (!entry) return fail(hipErrorInvalidImage, "%s: %s", target_.c_str(), entry.message().c_str());
  if (!*entry) {
    unwalked_.reset();
    return Status::success();
  }
  kernels_.push_back({std::move(**entry), nullptr});
  out = &kernels_.back();
  return Status::success();
}

Status Module::resolveKernel(const std::string& name, const DeviceKernel*& out) const {
  out = nullptr;
  std::lock_guard lock(resolveMutex_);
  KernelSlot* found = nullptr;
  for (KernelSlot& slot : kernels_)
    if (slot.metadata.name == name) {
      found = &slot;
      break;
    }
  while (found == nullptr) {
    KernelSlot* next = nullptr;
    if (Status status = indexNextKernel(next); !status.ok()) return status;
    if (next == nullptr) break;
    if (next->metadata.name == name) found = next;
  }
  if (found != nullptr) {
    KernelSlot& slot = *found;
    if (!slot.code) {
      auto kernel = loader::parseKernelMetadata(slot.metadata);
      if (!kernel)
        return fail(hipErrorInvalidImage, "%s: %s", target_.c_str(), kernel.message().c_str());
      if (kernel->kernargSegmentSize > kKernargSlotBytes)
        return fail(hipErrorInvalidConfiguration,
                    "kernel %s needs %u bytes of arguments (limit %u)", kernel->name.c_str(),
                    kernel->kernargSegmentSize, kKernargSlotBytes);
      auto symbol = executable_->kernel(kernel->symbol);
      if (!symbol)
        return fail(hipErrorInvalidImage, "%s: %s", target_.c_str(), symbol.message().c_str());
      slot.code = std::make_unique<DeviceKernel>(DeviceKernel{
          kernel->name, symbol->kernelObject, symbol->groupSegmentSize, symbol->privateSegmentSize,
          kernel->maxFlatWorkgroupSize ? kernel->maxFlatWorkgroupSize : 1024,
          loader::KernargLayout(*kernel), kernel->vgprCount, kernel->sgprCount,
          kernel->wavefrontSize});
    }
    out = slot.code.get();
    return Status::success();
  }
  return fail(hipErrorInvalidDeviceFunction, "kernel %s is not in code object %s", name.c_str(),
              target_.c_str());
}

size_t Module::kernelCount() const {
  std::lock_guard lock(resolveMutex_);
  KernelSlot* next = nullptr;
  do {
    if (!indexNextKernel(next).ok()) break;  // a malformed rest: count the readable kernels
  } while (next != nullptr);
  return kernels_.size();
}

std::vector<std::string> Module::kernelNames() const {
  (void)kernelCount();
  std::lock_guard lock(resolveMutex_);
  std::vector<std::string> names;
  for (const KernelSlot& slot : kernels_) names.push_back(slot.metadata.name);
  return names;
}

size_t Module::resolvedKernelCount() const {
  std::lock_guard lock(resolveMutex_);
  size_t resolved = 0;
  for (const KernelSlot& slot : kernels_) resolved += slot.code != nullptr;
  return resolved;
}

std::optional<size_t> Module::variableSize(const std::string& name) const {
  for (const auto& [symbol, size] : variableSizes_)
    if (symbol == name) return size;
  return std::nullopt;
}

const DeviceKernel* Module::kernel(const std::string& name) const {
  const DeviceKernel* code = nullptr;
  (void)resolveKernel(name, code);
  return code;
}

}  // namespace hipcore::core
