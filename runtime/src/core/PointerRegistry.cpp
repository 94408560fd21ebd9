// Live allocations by address: inserts and removals under the exclusive lock, lookups shared.
#include "PointerRegistry.h"

#include <mutex>

namespace hipcore::core {

void PointerRegistry::add(const Allocation& allocation) {
  Range range;
  range.span = allocation.bytes != 0 ? allocation.bytes : 1;
  range.allocation = allocation;
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

// The pool block of `chunk` holding offset `offset`, as an Allocation (false if free).
bool blockAllocation(const Chunk& chunk, uintptr_t offset, Allocation& out, uint32_t& block) {
  block = static_cast<uint32_t>(offset / chunk.blockBytes);
  uint32_t requested = chunk.requested[block].load(std::memory_order_acquire);
  if (requested == 0) return false;
  out = {};
  out.base = reinterpret_cast<void*>(chunk.base + block * chunk.blockBytes);
  out.bytes = requested;
  out.kind = MemoryKind::Device;
  out.device = chunk.device;
  out.devicePointer = out.base;
  out.pooled = true;
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
  uint32_t block = 0;
  if (!blockAllocation(*range->chunk, a - begin, out, block)) return false;
  // Bytes past the requested size but inside the block belong to no allocation.
  return a - reinterpret_cast<uintptr_t>(out.base) < out.bytes;
}

bool PointerRegistry::findBase(const void* base, Allocation& out, Chunk*& chunk, uint32_t& block) const {
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
  if ((a - begin) % range->chunk->blockBytes != 0) return false;
  if (!blockAllocation(*range->chunk, a - begin, out, block)) return false;
  chunk = range->chunk;
  return true;
}

}  // namespace hipcore::core
