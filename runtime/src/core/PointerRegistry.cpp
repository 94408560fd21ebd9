// Live allocations by address: inserts and removals under the exclusive lock, lookups shared.
#include "PointerRegistry.h"

#include <mutex>
#include <shared_mutex>

namespace hipcore::core {

uint32_t newAllocationId() {
  static std::atomic<uint32_t> last{0};
  uint32_t id = last.fetch_add(1, std::memory_order_relaxed) + 1;
  return id != 0 ? id : newAllocationId();  // 0 means "no allocation" (after 2^32 of them)
}

void PointerRegistry::add(const Allocation& allocation) {
  Range range;
  range.span = allocation.bytes != 0 ? allocation.bytes : 1;
  range.allocation = allocation;
  range.allocation.id = newAllocationId();
  std::unique_lock lock(mutex_);
  ranges_[reinterpret_cast<uintptr_t>(allocation.base)] = range;
}

bool PointerRegistry::remove(void* base, Allocation* removed) {
  std::unique_lock lock(mutex_);
  auto it = ranges_.find(reinterpret_cast<uintptr_t>(base));
  if (it == ranges_.end() || it->second.chunk != nullptr) return false;
  if (removed != nullptr) *removed = it->second.allocation;
  ranges_.erase(it);
  return true;
}

void PointerRegistry::addChunk(Chunk* chunk) {
  Range range;
  range.span = chunk->blockBytes * chunk->blockCount;
  range.chunk = chunk;
  std::unique_lock lock(mutex_);
  ranges_[chunk->base] = range;
}

void PointerRegistry::removeChunk(const Chunk* chunk) {
  std::unique_lock lock(mutex_);
  auto it = ranges_.find(chunk->base);
  if (it != ranges_.end() && it->second.chunk == chunk) ranges_.erase(it);
}

const PointerRegistry::Range* PointerRegistry::rangeOf(uintptr_t a, uintptr_t& begin) const {
  auto it = ranges_.upper_bound(a);
  if (it == ranges_.begin()) return nullptr;
  --it;
  if (a - it->first >= it->second.span) return nullptr;
  begin = it->first;
  return &it->second;
}

namespace {

// The pool block `block` of `chunk`, as an Allocation (false if free).
bool blockAllocation(const Chunk& chunk, uint32_t block, Allocation& out) {
  uint32_t requested = chunk.requested[block].load(std::memory_order_acquire);
  if (requested == 0) return false;
  // Field by field: `out = Allocation{...}` builds a temporary and copies it (a memcpy call).
  out.base = reinterpret_cast<void*>(chunk.base + block * chunk.blockBytes);
  out.bytes = requested;
  out.kind = MemoryKind::Device;
  out.device = chunk.device;
  out.flags = 0;
  out.devicePointer = out.base;
  out.pooled = true;
  out.pool = chunk.pool;
  out.id = chunk.ids[block].load(std::memory_order_relaxed);
  return true;
}

}  // namespace

bool PointerRegistry::find(const void* pointer, Allocation& out) const {
  auto a = reinterpret_cast<uintptr_t>(pointer);
  std::shared_lock lock(mutex_);
  uintptr_t begin = 0;
  const Range* range = rangeOf(a, begin);
  if (range == nullptr) return false;
  if (range->chunk == nullptr) {
    out = range->allocation;
    return true;
  }
  auto block = static_cast<uint32_t>((a - begin) / range->chunk->blockBytes);
  if (!blockAllocation(*range->chunk, block, out)) return false;
  // Bytes past the requested size but inside the block belong to no allocation.
  return a - reinterpret_cast<uintptr_t>(out.base) < out.bytes;
}

bool PointerRegistry::inPoolChunk(const void* pointer) const {
  std::shared_lock lock(mutex_);
  uintptr_t begin = 0;
  const Range* range = rangeOf(reinterpret_cast<uintptr_t>(pointer), begin);
  return range != nullptr && range->chunk != nullptr;
}

bool PointerRegistry::findBase(const void* base, Allocation& out, Chunk*& chunk,
                               uint32_t& block) const {
  auto a = reinterpret_cast<uintptr_t>(base);
  chunk = nullptr;
  std::shared_lock lock(mutex_);
  uintptr_t begin = 0;
  const Range* range = rangeOf(a, begin);
  if (range == nullptr) return false;
  if (range->chunk == nullptr) {
    if (begin != a) return false;
    out = range->allocation;
    return true;
  }
  // A chunk spans at most a few MiB: one 32-bit division gives the block and the remainder
  // (a 64-bit one costs several times as many cycles, and hipFree needs both).
  auto offset = static_cast<uint32_t>(a - begin);
  auto blockBytes = static_cast<uint32_t>(range->chunk->blockBytes);
  block = offset / blockBytes;
  if (offset % blockBytes != 0) return false;
  if (!blockAllocation(*range->chunk, block, out)) return false;
  chunk = range->chunk;
  return true;
}

}  // namespace hipcore::core
