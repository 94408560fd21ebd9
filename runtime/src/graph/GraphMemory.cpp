// Graph-owned memory blocks and their accounting per device.
#include "GraphMemory.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "core/Limits.h"

namespace hipcore::graph {

using core::fail;
using core::Status;

namespace {

struct Accounting {
  std::atomic<size_t> liveCount{0};  // keeps isGraphMemory lock-free while there is none
  std::mutex mutex;
  std::unordered_map<const void*, GraphAllocation*> live;  // by address
  std::unordered_set<const GraphAllocation*> inUse;        // allocated by a launch, not freed
  uint64_t used[core::kMaxDevices] = {};
  uint64_t high[core::kMaxDevices] = {};
};

Accounting& accounting() {
  static auto* state = new Accounting();  // never destroyed: graphs may outlive static objects
  return *state;
}

}  // namespace

Status GraphAllocation::create(core::Device& device, size_t bytes,
                               std::shared_ptr<GraphAllocation>& out) {
  if (bytes == 0) return fail(hipErrorInvalidValue, "a graph allocation of 0 bytes");
  void* address = nullptr;
  if (Status allocated = device.memory().allocate(bytes, address); !allocated.ok())
    return allocated;
  out.reset(new GraphAllocation(device, address, bytes));
  Accounting& a = accounting();
  std::lock_guard lock(a.mutex);
  a.live[address] = out.get();
  a.liveCount.store(a.live.size(), std::memory_order_relaxed);
  return Status::success();
}

void GraphAllocation::allocate() {
  Accounting& a = accounting();
  std::lock_guard lock(a.mutex);
  if (!a.inUse.insert(this).second) return;
  const int index = device_.index();
  a.used[index] += bytes_;
  a.high[index] = std::max(a.high[index], a.used[index]);
}

GraphAllocation::~GraphAllocation() {
  {
    Accounting& a = accounting();
    std::lock_guard lock(a.mutex);
    a.live.erase(address_);
    a.liveCount.store(a.live.size(), std::memory_order_relaxed);
    if (a.inUse.erase(this) != 0) a.used[device_.index()] -= bytes_;
  }
  core::Allocation allocation;
  core::Chunk* chunk = nullptr;
  uint32_t block = 0;
  if (device_.pointers().findBase(address_, allocation, chunk, block))
    (void)device_.memory().release(allocation, chunk, block);
}

bool isGraphMemory(const void* pointer) {
  Accounting& a = accounting();
  if (a.liveCount.load(std::memory_order_relaxed) == 0) return false;
  std::lock_guard lock(a.mutex);
  return a.live.contains(pointer);
}

bool freeGraphMemory(const void* pointer) {
  Accounting& a = accounting();
  if (a.liveCount.load(std::memory_order_relaxed) == 0) return false;
  std::lock_guard lock(a.mutex);
  auto found = a.live.find(pointer);
  if (found == a.live.end()) return false;
  GraphAllocation* block = found->second;
  if (a.inUse.erase(block) != 0) a.used[block->device()] -= block->bytes();
  return true;
}

Status graphMemoryAttribute(int device, hipGraphMemAttributeType attribute, uint64_t& value) {
  Accounting& a = accounting();
  std::lock_guard lock(a.mutex);
  switch (attribute) {  // reserved = used: see GraphMemory.h
    case hipGraphMemAttrUsedMemCurrent:
    case hipGraphMemAttrReservedMemCurrent:
      value = a.used[device];
      return Status::success();
    case hipGraphMemAttrUsedMemHigh:
    case hipGraphMemAttrReservedMemHigh:
      value = a.high[device];
      return Status::success();
  }
  return fail(hipErrorInvalidValue, "graph memory attribute %d", static_cast<int>(attribute));
}

Status resetGraphMemoryHigh(int device, hipGraphMemAttributeType attribute) {
  if (attribute != hipGraphMemAttrUsedMemHigh && attribute != hipGraphMemAttrReservedMemHigh)
    return fail(hipErrorInvalidValue, "graph memory attribute %d cannot be set",
                static_cast<int>(attribute));
  Accounting& a = accounting();
  std::lock_guard lock(a.mutex);
  a.high[device] = a.used[device];
  return Status::success();
}

}  // namespace hipcore::graph
