// The interval map of every range the virtual GPU may touch: thunk allocations, registered
// host memory (userptr), queue descriptors, doorbells, the event page and scratch.
//
// GPU addresses are host addresses (identity mapping), so this map is both the thunk's
// pointer-info database and the bounds check that SDMA and the interpreter apply to each
// access (vgpu::AddressSpace).
#pragma once

#include <hsakmt.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <shared_mutex>
#include <string>

#include "isa/Dispatch.h"

namespace vgpu::kfd {

// `shared`: another process's device memory mapped here (hsaKmtRegisterSharedHandle).
enum class RegionKind { allocation, scratch, userptr, queue, doorbell, eventPage, shared };

struct Region {
  std::uint64_t base = 0;
  std::uint64_t size = 0;
  RegionKind kind = RegionKind::allocation;
  std::uint32_t node = 0;
  HsaMemFlags flags{};
  void* userData = nullptr;
  std::uint32_t references = 1;  // the same range registered again counts, not duplicates
};

const char* kindName(RegionKind kind);

class MemoryMap final : public AddressSpace {
 public:
  // Adds a range. A range equal to an existing one adds a reference; a range inside an existing
  // one is already covered and only counted. Registered host memory (userptr) may also overlap
  // other registered host memory partly, as the KFD lets it (each registration is a buffer of
  // its own there; clr pins a copy's host buffer while an earlier pin of the same pages stands):
  // the map then holds their union. Returns false for any other partial overlap.
  bool add(const Region& region);
  // Adds a range the process just mapped (mmap returned it, so nothing else lives there): any
  // registered host memory overlapping it is stale (the program unmapped that memory without
  // deregistering it, as a real KFD's MMU notifier would notice) and is dropped first. Returns
  // false when another kind of range overlaps it.
  bool addFresh(const Region& region);
  // Drops one reference to the range starting at base; returns the region when it is gone.
  std::optional<Region> release(std::uint64_t base);
  std::optional<Region> find(std::uint64_t address) const;
  bool setUserData(std::uint64_t address, void* userData);

  bool accessible(std::uint64_t address, std::uint64_t size) const override;
  std::string describeNearest(std::uint64_t address) const override;
  std::uint64_t generation() const override { return generation_.load(std::memory_order_acquire); }

 private:
  // Ranges strictly inside another range (counted so release() can match them).
  std::map<std::uint64_t, std::uint32_t> nested_;
  // Registrations of host memory that overlap others partly (and those others), by base, one
  // entry per reference: regions_ holds their union, rebuilt as they come and go.
  std::multimap<std::uint64_t, Region> overlapping_;
  std::map<std::uint64_t, Region> regions_;
  mutable std::shared_mutex mutex_;
  std::atomic<std::uint64_t> generation_{0};  // bumped under mutex_ by every change of regions_

  const Region* containing(std::uint64_t address) const;
  // add() of a userptr range that partly overlaps userptr regions only; false otherwise.
  bool addOverlapping(const Region& region);
  // Replaces the userptr regions meeting [low, high) by the union of the registrations of
  // overlapping_ that meet them.
  void rebuildUnion(std::uint64_t low, std::uint64_t high);
};

}  // namespace vgpu::kfd
