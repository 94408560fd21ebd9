// Virtual memory management: physical allocations (hipMemCreate), reserved address ranges
// (hipMemAddressReserve), mappings of the first into the second (hipMemMap) and which GPUs may
// reach them (hipMemSetAccess).
//
// ROCR 5.2.3 has no hsa_amd_vmem_*, so this is built from what every ROCR has: a physical
// allocation is a memfd (shareable as a POSIX file descriptor, hipMemExportToShareableHandle),
// a reservation is an inaccessible anonymous mapping, hipMemMap maps the memfd over part of it
// (MAP_FIXED, shared: two mappings of one allocation are the same pages), and
// hipMemSetAccess pins the mapped range for exactly the GPUs granted access
// (hsa_amd_memory_lock), which on vgpu, as on an APU, makes the GPU address the mapped address
// itself. The memory lives in system memory, not in a GPU's frame buffer: on a discrete GPU
// kernels reach it over the bus, and a lock that would move the GPU address refuses the access
// (hipErrorNotSupported) rather than hand out an address that is not the mapped one. Read-only
// access is granted as read-write (nothing below hipcore can pin memory read-only).
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "Status.h"

namespace hipcore::core {

class Runtime;

// What a hipMemGenericAllocationHandle_t points at.
struct PhysicalMemory {
  int fd = -1;
  size_t bytes = 0;
  hipMemAllocationProp properties{};
  uint32_t handles = 1;   // hipMemCreate/Import/RetainAllocationHandle minus hipMemRelease
  uint32_t mappings = 0;  // live hipMemMap ranges; the memory goes when both are 0
};

class VirtualMemory {
 public:
  // hipMemGetAllocationGranularity: sizes, offsets and addresses are multiples of the minimum,
  // the host's page (what ROCR's allocation granule is, and so what AMD's runtime reports).
  static constexpr size_t kMinimumGranularity = size_t{4} << 10;
  static constexpr size_t kRecommendedGranularity = size_t{2} << 20;

  explicit VirtualMemory(Runtime& runtime) : runtime_(runtime) {}
  VirtualMemory(const VirtualMemory&) = delete;
  VirtualMemory& operator=(const VirtualMemory&) = delete;

  Status create(size_t bytes, const hipMemAllocationProp& properties, PhysicalMemory*& out);
  // A physical allocation of another process (or this one) from its file descriptor (dup'ed:
  // the caller keeps its own).
  Status importFd(int fd, PhysicalMemory*& out);
  Status exportFd(PhysicalMemory* physical, int& fd);
  Status release(PhysicalMemory* physical);
  Status properties(PhysicalMemory* physical, hipMemAllocationProp& out);
  // The allocation mapped at `address` (a new handle reference).
  Status retain(const void* address, PhysicalMemory*& out);

  Status reserve(size_t bytes, size_t alignment, void* hint, void*& out);
  Status free(void* base, size_t bytes);
  Status map(void* address, size_t bytes, size_t offset, PhysicalMemory* physical);
  Status unmap(void* address, size_t bytes);
  Status setAccess(void* address, size_t bytes, const hipMemAccessDesc* descriptors, size_t count);
  Status access(const hipMemLocation& location, const void* address, unsigned long long& flags);

 private:
  struct Mapping {
    size_t bytes = 0;
    PhysicalMemory* physical = nullptr;
    size_t offset = 0;
    std::vector<hipMemAccessFlags> access;  // per device
    bool locked = false;
  };
  // Caller holds mutex_.
  bool live(const PhysicalMemory* physical) const { return live_.count(physical) != 0; }
  void drop(PhysicalMemory* physical);
  const Mapping* mappingAt(uintptr_t address, uintptr_t& begin) const;
  Status checkLocation(const hipMemLocation& location, const char* what) const;
  Status relock(uintptr_t address, Mapping& mapping);

  Runtime& runtime_;
  std::mutex mutex_;
  std::set<const PhysicalMemory*> live_;  // valid handles (stale ones are refused)
  std::map<uintptr_t, size_t> reservations_;
  std::map<uintptr_t, Mapping> mappings_;
};

}  // namespace hipcore::core
