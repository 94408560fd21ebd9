// Registration bookkeeping and the lock-free handle -> Kernel lookup.
#include "Registry.h"

#include <algorithm>

#include "Module.h"

namespace hipcore::core {

FatBinary::FatBinary(const void* bundle) : bundle_(bundle) {}
FatBinary::~FatBinary() = default;

loader::Result<const loader::OffloadBundle*> FatBinary::bundle() {
  if (parsed_) return static_cast<const loader::OffloadBundle*>(parsed_.get());
  auto start = static_cast<const uint8_t*>(bundle_);
  auto extent = loader::OffloadBundle::extent(start);
  if (!extent) return extent.error();
  auto parsed = loader::OffloadBundle::parse(loader::Bytes(start, *extent));
  if (!parsed) return parsed.error();
  parsed_ = std::make_unique<loader::OffloadBundle>(std::move(parsed).value());
  return static_cast<const loader::OffloadBundle*>(parsed_.get());
}

Registry::Registry() = default;
Registry::~Registry() = default;

FatBinary* Registry::addFatBinary(const void* bundle) {
  std::lock_guard lock(mutex_);
  ++counts_.fatBinaries;
  fatBinaries_.push_back(std::make_unique<FatBinary>(bundle));
  return fatBinaries_.back().get();
}

void Registry::addKernel(FatBinary* fatBinary, const void* handle, const char* name) {
  std::lock_guard lock(mutex_);
  ++counts_.functions;
  kernels_.push_back(std::make_unique<Kernel>(*fatBinary, handle, name));
  stale_ = true;
  // A re-registered handle (a library unloaded and loaded again at the same address) would
  // still hit the old entry, which no miss would ever replace: publish the new table now.
  if (search(table_.load(std::memory_order_acquire), handle) != nullptr) rebuildLocked();
}

void Registry::addVariable(Variable variable) {
  std::lock_guard lock(mutex_);
  ++(variable.managed ? counts_.managedVariables : counts_.variables);
  variables_.push_back(std::move(variable));
}

void Registry::removeFatBinary(FatBinary*) {
  // Called from atexit handlers: kernels stay valid (another thread may still be launching,
  // and device code stays loaded until the process ends), only the count changes.
  std::lock_guard lock(mutex_);
  ++counts_.unregistrations;
}

const Kernel* Registry::search(const Table* table, const void* handle) noexcept {
  if (table == nullptr) return nullptr;
  auto it = std::lower_bound(table->sorted.begin(), table->sorted.end(), handle,
                             [](const auto& entry, const void* h) { return entry.first < h; });
  return it != table->sorted.end() && it->first == handle ? it->second : nullptr;
}

const Kernel* Registry::findKernel(const void* handle) const noexcept {
  if (const Kernel* kernel = search(table_.load(std::memory_order_acquire), handle)) return kernel;
  return rebuildAndFind(handle);
}

const Kernel* Registry::rebuildAndFind(const void* handle) const {
  std::lock_guard lock(mutex_);
  if (stale_) rebuildLocked();
  return search(table_.load(std::memory_order_acquire), handle);
}

void Registry::rebuildLocked() const {
  auto table = std::make_unique<Table>();
  for (const auto& kernel : kernels_) table->sorted.emplace_back(kernel->handle(), kernel.get());
  // With duplicate handles (a kernel registered twice), the later registration wins.
  std::stable_sort(table->sorted.begin(), table->sorted.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::pair<const void*, const Kernel*>> unique;
  for (const auto& entry : table->sorted) {
    if (!unique.empty() && unique.back().first == entry.first)
      unique.back() = entry;
    else
      unique.push_back(entry);
  }
  table->sorted = std::move(unique);
  table_.store(table.get(), std::memory_order_release);
  tables_.push_back(std::move(table));
  stale_ = false;
}

const Variable* Registry::findVariable(const void* hostAddress) const {
  std::lock_guard lock(mutex_);
  for (const Variable& variable : variables_)
    if (variable.hostAddress == hostAddress) return &variable;
  return nullptr;
}

std::vector<Variable*> Registry::managedVariables(const FatBinary* fatBinary) {
  std::lock_guard lock(mutex_);
  std::vector<Variable*> found;
  for (Variable& variable : variables_)
    if (variable.managed && variable.fatBinary == fatBinary) found.push_back(&variable);
  return found;
}

size_t Registry::constantBytes(const FatBinary* fatBinary) const {
  std::lock_guard lock(mutex_);
  size_t bytes = 0;
  for (const Variable& variable : variables_)
    if (variable.constant && variable.fatBinary == fatBinary) bytes += variable.size;
  return bytes;
}

RegistrationCounts Registry::counts() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

}  // namespace hipcore::core
