// The heap_v1 block and the memory behind device malloc (hostcall service 3).
#include "DeviceHeap.h"

#include <cstring>

#include "HsaFailure.h"

namespace hipcore::core {
namespace {

// sizeof(heap_t) in ockl 5.2.3's dm.cl: five arrays of 16 padded 32-byte atomics, 16 x 256
// sdata_t of 24 bytes, and one u64 counter of live large allocations.
constexpr size_t kHeapBytes = 5 * 16 * 32 + 16 * 256 * 24 + 8;
constexpr uint64_t kPage = 4096;
constexpr uint64_t kSlab = uint64_t{1} << 21;

}  // namespace

Status DeviceHeap::create(const hsa::GpuAgent& agent, std::unique_ptr<DeviceHeap>& out) {
  static_assert(kHeapBytes == 100872, "ockl 5.2.3's heap_t");
  std::unique_ptr<DeviceHeap> heap(new DeviceHeap(agent));
  auto memory = hsa::allocate(agent.hostPool, kHeapBytes);
  if (!memory) return hsaFailure(memory.error(), "device malloc heap");
  heap->heap_ = *memory;
  if (auto access = hsa::allowAccess(agent.agent, heap->heap_); !access)
    return hsaFailure(access.error(), "device malloc heap");
  std::memset(heap->heap_, 0, kHeapBytes);
  out = std::move(heap);
  return Status::success();
}

DeviceHeap::~DeviceHeap() {
  for (auto& [address, allocation] : blocks_) (void)hsa::release(allocation);
  if (heap_ != nullptr) (void)hsa::release(heap_);
}

uint64_t DeviceHeap::request(uint64_t address, uint64_t size) {
  if (size == 0) {
    release(address);
    return 0;
  }
  return allocate(size);
}

uint64_t DeviceHeap::allocate(uint64_t size) {
  uint64_t bytes = (size + kPage - 1) / kPage * kPage;
  uint64_t alignment = bytes >= kSlab ? kSlab : kPage;
  // ROCR's allocations are page-aligned; a 2 MiB alignment needs room to move up.
  auto memory = hsa::allocate(agent_.devicePool, bytes + (alignment > kPage ? alignment : 0));
  if (!memory) return 0;  // device malloc returns null; ockl passes it on
  uint64_t aligned = (reinterpret_cast<uint64_t>(*memory) + alignment - 1) / alignment * alignment;
  std::lock_guard lock(mutex_);
  blocks_.emplace(aligned, *memory);
  return aligned;
}

void DeviceHeap::release(uint64_t address) {
  void* allocation = nullptr;
  {
    std::lock_guard lock(mutex_);
    auto it = blocks_.find(address);
    if (it == blocks_.end()) return;  // not ours (a corrupted free): ignore, as free() may
    allocation = it->second;
    blocks_.erase(it);
  }
  (void)hsa::release(allocation);
}

}  // namespace hipcore::core
