// Interval map of GPU-visible memory ranges with pointer queries and bounds checks.
#include "kfd/MemoryMap.h"

#include <algorithm>
#include <cstdio>
#include <mutex>

namespace vgpu::kfd {

const char* kindName(RegionKind kind) {
  switch (kind) {
    case RegionKind::allocation:
      return "allocation";
    case RegionKind::scratch:
      return "scratch";
    case RegionKind::userptr:
      return "registered host memory";
    case RegionKind::queue:
      return "queue descriptor";
    case RegionKind::doorbell:
      return "doorbells";
    case RegionKind::eventPage:
      return "event mailboxes";
    case RegionKind::shared:
      return "memory shared by another process";
  }
  return "?";
}

const Region* MemoryMap::containing(std::uint64_t address) const {
  auto it = regions_.upper_bound(address);
  if (it == regions_.begin()) return nullptr;
  --it;
  const Region& r = it->second;
  return address - r.base < r.size ? &r : nullptr;
}

bool MemoryMap::add(const Region& region) {
  std::unique_lock lock(mutex_);
  if (auto it = regions_.find(region.base);
      it != regions_.end() && it->second.size == region.size) {
    // The same range again: one more reference, or one more registration of a union.
    if (overlapping_.count(region.base) != 0 && region.kind == RegionKind::userptr)
      overlapping_.emplace(region.base, region);
    else
      ++it->second.references;
    return true;
  }
  if (const Region* outer = containing(region.base);
      outer != nullptr && region.base + region.size <= outer->base + outer->size) {
    ++nested_[region.base];
    return true;
  }
  auto next = regions_.lower_bound(region.base);
  if ((next != regions_.end() && next->first < region.base + region.size) ||
      containing(region.base) != nullptr)
    return region.kind == RegionKind::userptr && addOverlapping(region);
  regions_.emplace(region.base, region);
  generation_.fetch_add(1, std::memory_order_release);
  return true;
}

bool MemoryMap::addOverlapping(const Region& region) {  // mutex_ held
  const std::uint64_t end = region.base + region.size;
  auto first = regions_.upper_bound(region.base);
  if (first != regions_.begin() &&
      std::prev(first)->first + std::prev(first)->second.size > region.base)
    --first;
  for (auto it = first; it != regions_.end() && it->first < end; ++it)
    if (it->second.kind != RegionKind::userptr) return false;
  // The registrations overlapped become entries of overlapping_ too (unless they already
  // are: a region made by rebuildUnion is nothing but such entries).
  for (auto it = first; it != regions_.end() && it->first < end; ++it) {
    const Region& r = it->second;
    if (overlapping_.count(r.base) != 0) continue;
    for (std::uint32_t i = 0; i < r.references; ++i) overlapping_.emplace(r.base, r);
  }
  overlapping_.emplace(region.base, region);
  rebuildUnion(region.base, end);
  return true;
}

void MemoryMap::rebuildUnion(std::uint64_t low, std::uint64_t high) {  // mutex_ held
  // The userptr regions meeting [low, high) go, widening the span to their whole ranges; the
  // registrations meeting the span come back as their union, disjoint regions.
  auto it = regions_.upper_bound(low);
  if (it != regions_.begin() && std::prev(it)->first + std::prev(it)->second.size > low) --it;
  while (it != regions_.end() && it->first < high && it->second.kind == RegionKind::userptr) {
    low = std::min(low, it->first);
    high = std::max(high, it->first + it->second.size);
    it = regions_.erase(it);
  }
  Region merged{};
  bool open = false;
  for (const auto& [base, registration] : overlapping_) {  // ordered by base
    if (base >= high || base + registration.size <= low) continue;
    if (open && base <= merged.base + merged.size) {
      merged.size = std::max(merged.size, base + registration.size - merged.base);
      continue;
    }
    if (open) regions_.emplace(merged.base, merged);
    merged = registration;
    merged.references = 1;
    open = true;
  }
  if (open) regions_.emplace(merged.base, merged);
  generation_.fetch_add(1, std::memory_order_release);
}

bool MemoryMap::addFresh(const Region& region) {
  std::unique_lock lock(mutex_);
  const std::uint64_t end = region.base + region.size;
  auto it = regions_.upper_bound(region.base);
  if (it != regions_.begin() &&
      std::prev(it)->second.base + std::prev(it)->second.size > region.base)
    --it;
  while (it != regions_.end() && it->first < end) {
    if (it->second.kind != RegionKind::userptr) return false;
    const std::uint64_t staleEnd = it->first + it->second.size;
    nested_.erase(nested_.lower_bound(it->first), nested_.lower_bound(staleEnd));
    overlapping_.erase(overlapping_.lower_bound(it->first), overlapping_.lower_bound(staleEnd));
    it = regions_.erase(it);
  }
  regions_.emplace(region.base, region);
  generation_.fetch_add(1, std::memory_order_release);
  return true;
}

std::optional<Region> MemoryMap::release(std::uint64_t base) {
  std::unique_lock lock(mutex_);
  if (auto nested = nested_.find(base); nested != nested_.end()) {
    if (--nested->second == 0) nested_.erase(nested);
    return std::nullopt;
  }
  if (auto overlapping = overlapping_.find(base); overlapping != overlapping_.end()) {
    const Region gone = overlapping->second;
    overlapping_.erase(overlapping);
    rebuildUnion(gone.base, gone.base + gone.size);
    return gone;
  }
  auto it = regions_.find(base);
  if (it == regions_.end()) return std::nullopt;
  if (--it->second.references > 0) return std::nullopt;
  Region gone = it->second;
  regions_.erase(it);
  generation_.fetch_add(1, std::memory_order_release);
  return gone;
}

std::optional<Region> MemoryMap::find(std::uint64_t address) const {
  std::shared_lock lock(mutex_);
  const Region* r = containing(address);
  return r ? std::optional<Region>(*r) : std::nullopt;
}

bool MemoryMap::setUserData(std::uint64_t address, void* userData) {
  std::unique_lock lock(mutex_);
  const Region* r = containing(address);
  if (r == nullptr) return false;
  regions_.at(r->base).userData = userData;
  return true;
}

bool MemoryMap::accessible(std::uint64_t address, std::uint64_t size) const {
  std::shared_lock lock(mutex_);
  const Region* r = containing(address);
  if (r == nullptr) return false;
  // An access may run on into a region that starts where this one ends, as through the GPU's
  // page tables (a hipMemMap reservation holding several allocations side by side).
  std::uint64_t end = r->base + r->size;
  while (size > end - address) {
    auto next = regions_.find(end);
    if (next == regions_.end() || next->second.size == 0) return false;
    end += next->second.size;
  }
  return true;
}

std::string MemoryMap::describeNearest(std::uint64_t address) const {
  std::shared_lock lock(mutex_);
  auto describe = [&](const Region& r, const char* relation, std::uint64_t distance) {
    char text[256];
    std::snprintf(text, sizeof(text), "0x%llx is %llu bytes %s %s [0x%llx, 0x%llx) on node %u",
                  (unsigned long long)address, (unsigned long long)distance, relation,
                  kindName(r.kind), (unsigned long long)r.base,
                  (unsigned long long)(r.base + r.size), r.node);
    return std::string(text);
  };
  auto after = regions_.upper_bound(address);
  const Region* below = after == regions_.begin() ? nullptr : &std::prev(after)->second;
  const Region* above = after == regions_.end() ? nullptr : &after->second;
  if (below && address - below->base < below->size)
    return describe(*below, "into", address - below->base);
  std::uint64_t pastBelow = below ? address - (below->base + below->size) : ~0ull;
  std::uint64_t beforeAbove = above ? above->base - address : ~0ull;
  if (below && pastBelow <= beforeAbove) return describe(*below, "past the end of", pastBelow);
  if (above) return describe(*above, "before", beforeAbove);
  return "no GPU memory is allocated";
}

}  // namespace vgpu::kfd
