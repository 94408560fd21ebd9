// Physical allocations as memfds, reservations as inaccessible mappings, access as pinning.
#include "VirtualMemory.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "HsaFailure.h"
#include "Runtime.h"
#include "hsa/HsaShared.h"

namespace hipcore::core {

namespace {

bool aligned(uintptr_t value, size_t granularity) {
  return value % granularity == 0;
}

// Inaccessible, uncommitted address space (what a reservation and an unmapped range are).
void* mapInaccessible(void* at, size_t bytes, int extraFlags) {
  return mmap(at, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | extraFlags, -1,
              0);
}

}  // namespace

Status VirtualMemory::checkLocation(const hipMemLocation& location, const char* what) const {
  if (location.type != hipMemLocationTypeDevice)
    return fail(hipErrorInvalidValue, "%s: location type %d is not hipMemLocationTypeDevice", what,
                int(location.type));
  if (runtime_.device(location.id) == nullptr)
    return fail(hipErrorInvalidValue, "%s: location id %d is not a device (%d present)", what,
                location.id, runtime_.deviceCount());
  return Status::success();
}

Status VirtualMemory::create(size_t bytes, const hipMemAllocationProp& properties,
                             PhysicalMemory*& out) {
  if (properties.type != hipMemAllocationTypePinned)
    return fail(hipErrorInvalidValue, "hipMemCreate: allocation type %d is not pinned",
                int(properties.type));
  if (properties.requestedHandleType != hipMemHandleTypeNone &&
      properties.requestedHandleType != hipMemHandleTypePosixFileDescriptor)
    return fail(hipErrorNotSupported,
                "hipMemCreate: handle type %d (only none and POSIX file descriptors on Linux)",
                int(properties.requestedHandleType));
  if (Status location = checkLocation(properties.location, "hipMemCreate"); !location.ok())
    return location;
  if (bytes == 0 || !aligned(bytes, kMinimumGranularity))
    return fail(hipErrorInvalidValue,
                "hipMemCreate: %zu bytes is not a non-zero multiple of the granularity (%zu)",
                bytes, kMinimumGranularity);
  int fd = memfd_create("hipcore-vmm", MFD_CLOEXEC);
  if (fd < 0) return fail(hipErrorOutOfMemory, "hipMemCreate: memfd_create failed");
  if (ftruncate(fd, off_t(bytes)) != 0) {
    close(fd);
    return fail(hipErrorOutOfMemory, "hipMemCreate: %zu bytes refused by the system", bytes);
  }
  auto* physical = new PhysicalMemory;
  physical->fd = fd;
  physical->bytes = bytes;
  physical->properties = properties;
  std::lock_guard lock(mutex_);
  live_.insert(physical);
  out = physical;
  return Status::success();
}

Status VirtualMemory::importFd(int fd, PhysicalMemory*& out) {
  struct stat info{};
  if (fd < 0 || fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0)
    return fail(hipErrorInvalidValue,
                "hipMemImportFromShareableHandle: %d is not the descriptor of an exported "
                "allocation",
                fd);
  int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (own < 0) return fail(hipErrorOutOfMemory, "hipMemImportFromShareableHandle: dup failed");
  auto* physical = new PhysicalMemory;
  physical->fd = own;
  physical->bytes = size_t(info.st_size);
  physical->properties.type = hipMemAllocationTypePinned;
  physical->properties.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  physical->properties.location = {hipMemLocationTypeDevice, 0};
  std::lock_guard lock(mutex_);
  live_.insert(physical);
  out = physical;
  return Status::success();
}

Status VirtualMemory::exportFd(PhysicalMemory* physical, int& fd) {
  std::lock_guard lock(mutex_);
  if (!live(physical) || physical->handles == 0)
    return fail(hipErrorInvalidValue, "hipMemExportToShareableHandle: not a live allocation");
  if (physical->properties.requestedHandleType != hipMemHandleTypePosixFileDescriptor)
    return fail(hipErrorInvalidValue,
                "hipMemExportToShareableHandle: the allocation was not created with "
                "requestedHandleType hipMemHandleTypePosixFileDescriptor");
  fd = fcntl(physical->fd, F_DUPFD_CLOEXEC, 0);
  if (fd < 0) return fail(hipErrorOutOfMemory, "hipMemExportToShareableHandle: dup failed");
  return Status::success();
}

void VirtualMemory::drop(PhysicalMemory* physical) {
  if (physical->handles != 0 || physical->mappings != 0) return;
  live_.erase(physical);
  close(physical->fd);
  delete physical;
}

Status VirtualMemory::release(PhysicalMemory* physical) {
  std::lock_guard lock(mutex_);
  if (!live(physical) || physical->handles == 0)
    return fail(hipErrorInvalidValue, "hipMemRelease: not a live allocation handle");
  --physical->handles;
  drop(physical);  // mapped memory stays until its last hipMemUnmap
  return Status::success();
}

Status VirtualMemory::properties(PhysicalMemory* physical, hipMemAllocationProp& out) {
  std::lock_guard lock(mutex_);
  if (!live(physical) || physical->handles == 0)
    return fail(hipErrorInvalidValue,
                "hipMemGetAllocationPropertiesFromHandle: not a live allocation handle");
  out = physical->properties;
  return Status::success();
}

const VirtualMemory::Mapping* VirtualMemory::mappingAt(uintptr_t address, uintptr_t& begin) const {
  auto it = mappings_.upper_bound(address);
  if (it == mappings_.begin()) return nullptr;
  --it;
  if (address - it->first >= it->second.bytes) return nullptr;
  begin = it->first;
  return &it->second;
}

Status VirtualMemory::retain(const void* address, PhysicalMemory*& out) {
  std::lock_guard lock(mutex_);
  uintptr_t begin = 0;
  const Mapping* mapping = mappingAt(reinterpret_cast<uintptr_t>(address), begin);
  if (mapping == nullptr)
    return fail(hipErrorInvalidValue, "hipMemRetainAllocationHandle: %p is not mapped", address);
  ++mapping->physical->handles;
  out = mapping->physical;
  return Status::success();
}

Status VirtualMemory::reserve(size_t bytes, size_t alignment, void* hint, void*& out) {
  // hipErrorMemoryAllocation, as AMD's runtime answers (and its tests expect, on both vendors).
  if (bytes == 0 || !aligned(bytes, kMinimumGranularity))
    return fail(hipErrorMemoryAllocation,
                "hipMemAddressReserve: %zu bytes is not a non-zero multiple of the granularity "
                "(%zu)",
                bytes, kMinimumGranularity);
  if (alignment & (alignment - 1))
    return fail(hipErrorMemoryAllocation, "hipMemAddressReserve: alignment %zu is not a power of 2",
                alignment);
  if (alignment < kMinimumGranularity) alignment = kMinimumGranularity;
  void* base = MAP_FAILED;
  // The hint is honoured when that range is free and aligned, as in CUDA; otherwise ignored.
  if (hint != nullptr && aligned(reinterpret_cast<uintptr_t>(hint), alignment)) {
    base = mapInaccessible(hint, bytes, MAP_FIXED_NOREPLACE);
    if (base != MAP_FAILED && base != hint) {
      munmap(base, bytes);  // a kernel without MAP_FIXED_NOREPLACE took it as a plain hint
      base = MAP_FAILED;
    }
  }
  if (base == MAP_FAILED) {
    // Over-reserve, then trim to the alignment.
    void* wide = mapInaccessible(nullptr, bytes + alignment, 0);
    if (wide == MAP_FAILED)
      return fail(hipErrorOutOfMemory, "hipMemAddressReserve: no %zu bytes of address space",
                  bytes);
    uintptr_t start = reinterpret_cast<uintptr_t>(wide);
    uintptr_t first = (start + alignment - 1) & ~(uintptr_t(alignment) - 1);
    if (first > start) munmap(wide, first - start);
    uintptr_t end = start + bytes + alignment;
    if (end > first + bytes) munmap(reinterpret_cast<void*>(first + bytes), end - first - bytes);
    base = reinterpret_cast<void*>(first);
  }
  std::lock_guard lock(mutex_);
  reservations_[reinterpret_cast<uintptr_t>(base)] = bytes;
  out = base;
  return Status::success();
}

Status VirtualMemory::free(void* base, size_t bytes) {
  std::lock_guard lock(mutex_);
  auto it = reservations_.find(reinterpret_cast<uintptr_t>(base));
  if (it == reservations_.end())
    return fail(hipErrorInvalidValue, "hipMemAddressFree: %p is not a reserved range", base);
  if (it->second != bytes)
    return fail(hipErrorInvalidValue, "hipMemAddressFree: %p was reserved with %zu bytes, not %zu",
                base, it->second, bytes);
  auto mapped = mappings_.lower_bound(it->first);
  if (mapped != mappings_.end() && mapped->first < it->first + it->second)
    return fail(hipErrorInvalidValue,
                "hipMemAddressFree: %p still has a mapping at %p (hipMemUnmap it first)", base,
                reinterpret_cast<void*>(mapped->first));
  munmap(base, bytes);
  reservations_.erase(it);
  return Status::success();
}

Status VirtualMemory::map(void* address, size_t bytes, size_t offset, PhysicalMemory* physical) {
  const auto start = reinterpret_cast<uintptr_t>(address);
  if (!aligned(start, kMinimumGranularity) || !aligned(bytes, kMinimumGranularity) ||
      !aligned(offset, kMinimumGranularity) || bytes == 0)
    return fail(hipErrorInvalidValue,
                "hipMemMap(%p, %zu, offset %zu): address, size and offset must be multiples of "
                "the granularity (%zu), size non-zero",
                address, bytes, offset, kMinimumGranularity);
  std::lock_guard lock(mutex_);
  if (!live(physical) || physical->handles == 0)
    return fail(hipErrorInvalidValue, "hipMemMap: not a live allocation handle");
  if (offset > physical->bytes || bytes > physical->bytes - offset)
    return fail(hipErrorInvalidValue,
                "hipMemMap: %zu bytes at offset %zu run past the %zu-byte allocation", bytes,
                offset, physical->bytes);
  auto reserved = reservations_.upper_bound(start);
  if (reserved == reservations_.begin())
    return fail(hipErrorInvalidValue, "hipMemMap: %p is not in a reserved range", address);
  --reserved;
  if (start - reserved->first >= reserved->second ||
      bytes > reserved->second - (start - reserved->first))
    return fail(hipErrorInvalidValue, "hipMemMap: %p + %zu is not inside one reserved range",
                address, bytes);
  auto next = mappings_.lower_bound(start);
  uintptr_t begin = 0;
  if (mappingAt(start, begin) != nullptr ||
      (next != mappings_.end() && next->first < start + bytes))
    return fail(hipErrorInvalidValue, "hipMemMap: %p + %zu overlaps a mapping", address, bytes);
  void* mapped = mmap(address, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, physical->fd,
                      off_t(offset));
  if (mapped == MAP_FAILED)
    return fail(hipErrorOutOfMemory, "hipMemMap: mapping %zu bytes at %p failed", bytes, address);
  Mapping mapping;
  mapping.bytes = bytes;
  mapping.physical = physical;
  mapping.offset = offset;
  mapping.access.assign(size_t(runtime_.deviceCount()), hipMemAccessFlagsProtNone);
  mappings_[start] = std::move(mapping);
  ++physical->mappings;
  Allocation record;
  record.base = address;
  record.bytes = bytes;
  record.kind = MemoryKind::Mapped;
  record.device = physical->properties.location.id;
  record.devicePointer = address;
  runtime_.pointers().add(record);
  return Status::success();
}

Status VirtualMemory::unmap(void* address, size_t bytes) {
  const auto start = reinterpret_cast<uintptr_t>(address);
  if (bytes == 0) return fail(hipErrorInvalidValue, "hipMemUnmap(%p, 0): no bytes", address);
  std::lock_guard lock(mutex_);
  // The range must consist of whole mappings, as CUDA requires.
  auto first = mappings_.find(start);
  if (first == mappings_.end())
    return fail(hipErrorInvalidValue, "hipMemUnmap: no mapping starts at %p", address);
  auto last = first;
  uintptr_t end = start;
  while (last != mappings_.end() && last->first == end && end - start < bytes) {
    end += last->second.bytes;
    ++last;
  }
  if (end - start != bytes)
    return fail(hipErrorInvalidValue, "hipMemUnmap(%p, %zu): not a whole number of mappings",
                address, bytes);
  for (auto it = first; it != last; ++it) {
    if (it->second.locked) (void)hsa::unlockHostMemory(reinterpret_cast<void*>(it->first));
    mapInaccessible(reinterpret_cast<void*>(it->first), it->second.bytes, MAP_FIXED);
    runtime_.pointers().remove(reinterpret_cast<void*>(it->first));
    --it->second.physical->mappings;
    drop(it->second.physical);
  }
  mappings_.erase(first, last);
  return Status::success();
}

Status VirtualMemory::relock(uintptr_t address, Mapping& mapping) {
  void* pointer = reinterpret_cast<void*>(address);
  if (mapping.locked) {
    if (auto unlocked = hsa::unlockHostMemory(pointer); !unlocked)
      return hsaFailure(unlocked.error(), "hipMemSetAccess");
    mapping.locked = false;
  }
  std::vector<uint64_t> agents;
  for (size_t device = 0; device < mapping.access.size(); ++device)
    if (mapping.access[device] != hipMemAccessFlagsProtNone)
      agents.push_back(runtime_.device(int(device))->agent().agent);
  if (agents.empty()) return Status::success();
  auto locked = hsa::lockForAgents(pointer, mapping.bytes, agents.data(), uint32_t(agents.size()));
  if (!locked) return hsaFailure(locked.error(), "hipMemSetAccess");
  mapping.locked = true;
  if (*locked != pointer) {
    (void)hsa::unlockHostMemory(pointer);
    mapping.locked = false;
    return fail(hipErrorNotSupported,
                "hipMemSetAccess: the GPU reaches %p at %p, not at its mapped address (this "
                "ROCR has no hsa_amd_vmem_*: mapped memory needs a GPU that shares the host's "
                "addresses)",
                pointer, *locked);
  }
  return Status::success();
}

Status VirtualMemory::setAccess(void* address, size_t bytes, const hipMemAccessDesc* descriptors,
                                size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (Status location = checkLocation(descriptors[i].location, "hipMemSetAccess"); !location.ok())
      return location;
    hipMemAccessFlags flags = descriptors[i].flags;
    if (flags != hipMemAccessFlagsProtNone && flags != hipMemAccessFlagsProtRead &&
        flags != hipMemAccessFlagsProtReadWrite)
      return fail(hipErrorInvalidValue, "hipMemSetAccess: access flags %d", int(flags));
  }
  const auto start = reinterpret_cast<uintptr_t>(address);
  std::lock_guard lock(mutex_);
  auto first = mappings_.find(start);
  if (first == mappings_.end())
    return fail(hipErrorInvalidValue, "hipMemSetAccess: no mapping starts at %p", address);
  auto last = first;
  uintptr_t end = start;
  while (last != mappings_.end() && last->first == end && end - start < bytes) {
    end += last->second.bytes;
    ++last;
  }
  if (bytes == 0 || end - start != bytes)
    return fail(hipErrorInvalidValue, "hipMemSetAccess(%p, %zu): not a whole number of mappings",
                address, bytes);
  for (auto it = first; it != last; ++it) {
    for (size_t i = 0; i < count; ++i)
      it->second.access[size_t(descriptors[i].location.id)] = descriptors[i].flags;
    if (Status locked = relock(it->first, it->second); !locked.ok()) return locked;
  }
  return Status::success();
}

Status VirtualMemory::access(const hipMemLocation& location, const void* address,
                             unsigned long long& flags) {
  if (Status checked = checkLocation(location, "hipMemGetAccess"); !checked.ok()) return checked;
  std::lock_guard lock(mutex_);
  uintptr_t begin = 0;
  const Mapping* mapping = mappingAt(reinterpret_cast<uintptr_t>(address), begin);
  if (mapping == nullptr)
    return fail(hipErrorInvalidValue, "hipMemGetAccess: %p is not mapped", address);
  flags = mapping->access[size_t(location.id)];
  return Status::success();
}

}  // namespace hipcore::core
