// Managed-memory hints with CUDA's semantics: hipMemAdvise, hipMemPrefetchAsync,
// hipMemRangeGetAttribute(s) and hipStreamAttachMemAsync. hipcore's managed memory is coherent
// host memory that every device reaches at any time, so nothing migrates: advice and prefetches
// are recorded page by page (ManagedAdvice.h) and read back exactly; a prefetch is ordered on
// its stream like any other work. The arguments are checked as CUDA checks them.
#include <algorithm>
#include <cstring>
#include <vector>

#include "ApiCall.h"
#include "ApiState.h"
#include "ManagedAdvice.h"
#include "core/Device.h"

using hipcore::api::finish;
using hipcore::api::ManagedAdvice;
using hipcore::api::managedAdvice;
using hipcore::core::Allocation;
using hipcore::core::fail;
using hipcore::core::MemoryKind;
using hipcore::core::Status;

namespace {

// The managed allocation holding all of [address, address + bytes).
Status managedRange(const void* address, size_t bytes, Allocation& out) {
  if (address == nullptr || bytes == 0)
    return fail(hipErrorInvalidValue, "range %p + %zu", address, bytes);
  if (Status ready = hipcore::api::runtime().initStatus(); !ready.ok()) return ready;
  if (!hipcore::api::findAllocation(address, out) || out.kind != MemoryKind::Managed)
    return fail(hipErrorInvalidValue, "%p is not managed memory (hipMallocManaged)", address);
  size_t within = static_cast<const char*>(address) - static_cast<const char*>(out.base);
  if (bytes > out.bytes - within)
    return fail(hipErrorInvalidValue, "%zu bytes from %p run past the %zu-byte allocation at %p",
                bytes, address, out.bytes, out.base);
  return Status::success();
}

// A location: a device ordinal or hipCpuDeviceId.
Status location(int device) {
  if (device == hipCpuDeviceId) return Status::success();
  hipcore::core::Device* found = nullptr;
  return hipcore::api::deviceAt(device, found);
}

// One attribute over `pages` into `data` of `size` bytes (hipMemRangeGetAttribute's rules).
Status rangeAttribute(void* data, size_t size, hipMemRangeAttribute attribute,
                      const std::vector<ManagedAdvice::Page>& pages) {
  auto same = [&](auto field) {
    int value = field(pages.front());
    for (const ManagedAdvice::Page& page : pages)
      if (field(page) != value) return ManagedAdvice::kNoDevice;
    return value;
  };
  int32_t value = 0;
  switch (attribute) {
    case hipMemRangeAttributeReadMostly:
      value = std::all_of(pages.begin(), pages.end(), [](auto& p) { return p.readMostly; });
      break;
    case hipMemRangeAttributePreferredLocation:
      value = same([](const ManagedAdvice::Page& p) { return int{p.preferred}; });
      break;
    case hipMemRangeAttributeLastPrefetchLocation:
      value = same([](const ManagedAdvice::Page& p) { return int{p.lastPrefetch}; });
      break;
    case hipMemRangeAttributeCoherencyMode: {
      size_t coarse =
          std::count_if(pages.begin(), pages.end(), [](auto& p) { return p.coarseGrain; });
      value = coarse == 0              ? hipMemRangeCoherencyModeFineGrain
              : coarse == pages.size() ? hipMemRangeCoherencyModeCoarseGrain
                                       : hipMemRangeCoherencyModeIndeterminate;
      break;
    }
    case hipMemRangeAttributeAccessedBy: {
      // The locations set on every page of the range, then hipInvalidDeviceId.
      if (size == 0 || size % sizeof(int32_t) != 0)
        return fail(hipErrorInvalidValue, "%zu bytes for a list of device ids", size);
      uint32_t common = UINT32_MAX;
      for (const ManagedAdvice::Page& page : pages) common &= page.accessedBy;
      std::vector<int32_t> list(size / sizeof(int32_t), ManagedAdvice::kNoDevice);
      size_t n = 0;
      for (int bit = 0; bit < 32 && n < list.size(); ++bit)
        if (common & (uint32_t{1} << bit)) list[n++] = bit - 1;
      std::memcpy(data, list.data(), size);
      return Status::success();
    }
    default:
      return fail(hipErrorInvalidValue, "range attribute %d", static_cast<int>(attribute));
  }
  if (size != sizeof(int32_t))
    return fail(hipErrorInvalidValue, "attribute %d takes 4 bytes, not %zu",
                static_cast<int>(attribute), size);
  std::memcpy(data, &value, sizeof value);
  return Status::success();
}

// AMD's coherency attribute of memory other than managed memory, which every allocation has:
// device memory (and mappings of it) is coarse-grained, host memory fine-grained unless
// hipHostMalloc was asked for non-coherent memory.
Status coherencyOutsideManagedMemory(void** data, size_t* sizes, size_t count, const void* address,
                                     size_t bytes) {
  Allocation allocation;
  if (!hipcore::api::findAllocation(address, allocation) ||
      bytes > allocation.bytes - static_cast<size_t>(static_cast<const char*>(address) -
                                                     static_cast<const char*>(allocation.base)))
    return fail(hipErrorInvalidValue, "%p + %zu is not within one allocation", address, bytes);
  const bool coarse =
      allocation.kind == MemoryKind::Device || allocation.kind == MemoryKind::Mapped ||
      (allocation.kind == MemoryKind::Host && (allocation.flags & hipHostMallocNonCoherent) != 0);
  const int32_t mode =
      coarse ? hipMemRangeCoherencyModeCoarseGrain : hipMemRangeCoherencyModeFineGrain;
  for (size_t i = 0; i < count; ++i) {
    if (data[i] == nullptr || sizes[i] != sizeof mode)
      return fail(hipErrorInvalidValue, "the coherency mode takes 4 bytes, not %zu", sizes[i]);
    std::memcpy(data[i], &mode, sizeof mode);
  }
  return Status::success();
}

Status rangeAttributes(void** data, size_t* sizes, hipMemRangeAttribute* attributes, size_t count,
                       const void* address, size_t bytes) {
  if (data == nullptr || sizes == nullptr || attributes == nullptr || count == 0)
    return fail(hipErrorInvalidValue, "no attributes to read");
  Allocation allocation;
  if (Status status = managedRange(address, bytes, allocation); !status.ok()) {
    const bool onlyCoherency =
        std::all_of(attributes, attributes + count, [](hipMemRangeAttribute attribute) {
          return attribute == hipMemRangeAttributeCoherencyMode;
        });
    if (!onlyCoherency || address == nullptr || bytes == 0) return status;
    return coherencyOutsideManagedMemory(data, sizes, count, address, bytes);
  }
  std::vector<ManagedAdvice::Page> pages =
      managedAdvice().read(allocation.base, allocation.bytes, address, bytes);
  for (size_t i = 0; i < count; ++i) {
    if (data[i] == nullptr) return fail(hipErrorInvalidValue, "data[%zu] is null", i);
    if (Status status = rangeAttribute(data[i], sizes[i], attributes[i], pages); !status.ok())
      return status;
  }
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice,
                                    int device) {
  return hipcore::api::call(
      "hipMemAdvise", hipMemAdvise,
      [&] {
        const char* call = "hipMemAdvise";
        Allocation allocation;
        if (Status status = managedRange(dev_ptr, count, allocation); !status.ok())
          return finish(call, std::move(status));
        bool locates = advice == hipMemAdviseSetPreferredLocation ||
                       advice == hipMemAdviseSetAccessedBy || advice == hipMemAdviseUnsetAccessedBy;
        if (locates) {
          if (Status status = location(device); !status.ok())
            return finish(call, std::move(status));
        }
        auto apply = [&](auto change) {
          managedAdvice().update(allocation.base, allocation.bytes, dev_ptr, count, change);
          return hipSuccess;
        };
        using Page = ManagedAdvice::Page;
        switch (advice) {
          case hipMemAdviseSetReadMostly:
            return apply([](Page& p) { p.readMostly = true; });
          case hipMemAdviseUnsetReadMostly:
            return apply([](Page& p) { p.readMostly = false; });
          case hipMemAdviseSetPreferredLocation:
            return apply([&](Page& p) { p.preferred = static_cast<int8_t>(device); });
          case hipMemAdviseUnsetPreferredLocation:
            return apply([](Page& p) { p.preferred = ManagedAdvice::kNoDevice; });
          case hipMemAdviseSetAccessedBy:
            return apply([&](Page& p) { p.accessedBy |= ManagedAdvice::bitOf(device); });
          case hipMemAdviseUnsetAccessedBy:
            return apply([&](Page& p) { p.accessedBy &= ~ManagedAdvice::bitOf(device); });
          case hipMemAdviseSetCoarseGrain:
            return apply([](Page& p) { p.coarseGrain = true; });
          case hipMemAdviseUnsetCoarseGrain:
            return apply([](Page& p) { p.coarseGrain = false; });
          default:
            return finish(call, fail(hipErrorInvalidValue, "advice %d", static_cast<int>(advice)));
        }
      },
      "dev_ptr, count, advice, device", dev_ptr, count, advice, device);
}

HIPCORE_API hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device,
                                           hipStream_t stream) {
  return hipcore::api::call(
      "hipMemPrefetchAsync", hipMemPrefetchAsync,
      [&] {
        const char* call = "hipMemPrefetchAsync";
        Allocation allocation;
        Status status = managedRange(dev_ptr, count, allocation);
        if (status.ok()) status = location(device);
        hipcore::core::Device* owner = nullptr;
        hipcore::core::Stream* queue = nullptr;
        if (status.ok()) status = hipcore::api::streamOf(stream, owner, queue);
        if (!status.ok()) return finish(call, std::move(status));
        managedAdvice().update(
            allocation.base, allocation.bytes, dev_ptr, count,
            [&](ManagedAdvice::Page& p) { p.lastPrefetch = static_cast<int8_t>(device); });
        return hipSuccess;
      },
      "dev_ptr, count, device, stream", dev_ptr, count, device, stream);
}

HIPCORE_API hipError_t hipMemRangeGetAttribute(void* data, size_t data_size,
                                               hipMemRangeAttribute attribute, const void* dev_ptr,
                                               size_t count) {
  return hipcore::api::call(
      "hipMemRangeGetAttribute", hipMemRangeGetAttribute,
      [&] {
        return finish("hipMemRangeGetAttribute",
                      rangeAttributes(&data, &data_size, &attribute, 1, dev_ptr, count));
      },
      "data, data_size, attribute, dev_ptr, count", data, data_size, attribute, dev_ptr, count);
}

HIPCORE_API hipError_t hipMemRangeGetAttributes(void** data, size_t* data_sizes,
                                                hipMemRangeAttribute* attributes,
                                                size_t num_attributes, const void* dev_ptr,
                                                size_t count) {
  return hipcore::api::call(
      "hipMemRangeGetAttributes", hipMemRangeGetAttributes,
      [&] {
        return finish("hipMemRangeGetAttributes", rangeAttributes(data, data_sizes, attributes,
                                                                  num_attributes, dev_ptr, count));
      },
      "data, data_sizes, attributes, num_attributes, dev_ptr, count", data, data_sizes, attributes,
      num_attributes, dev_ptr, count);
}

// Which streams may touch managed memory: every device reaches it at any time here, so the
// attachment changes nothing once its arguments are valid (AMD's runtime treats it as a no-op).
HIPCORE_API hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* dev_ptr, size_t length,
                                               unsigned int flags) {
  return hipcore::api::call(
      "hipStreamAttachMemAsync", hipStreamAttachMemAsync,
      [&] {
        const char* call = "hipStreamAttachMemAsync";
        if (flags != hipMemAttachGlobal && flags != hipMemAttachHost && flags != hipMemAttachSingle)
          return finish(call, fail(hipErrorInvalidValue, "attach flags 0x%x", flags));
        Allocation allocation;
        Status status = managedRange(dev_ptr, length == 0 ? 1 : length, allocation);
        // CUDA: the whole allocation (length 0 or its size), from its start.
        if (status.ok() &&
            (dev_ptr != allocation.base || (length != 0 && length != allocation.bytes)))
          status = fail(hipErrorInvalidValue, "attach %zu bytes at %p: not the whole allocation",
                        length, dev_ptr);
        hipcore::core::Device* owner = nullptr;
        hipcore::core::Stream* queue = nullptr;
        if (status.ok()) status = hipcore::api::streamOf(stream, owner, queue);
        return finish(call, std::move(status));
      },
      "stream, dev_ptr, length, flags", stream, dev_ptr, length, flags);
}

namespace {

// HIP 7.1's hipMemLocation as the device number of the older calls (the host: hipCpuDeviceId).
Status deviceNumber(const hipMemLocation& location, int& device) {
  switch (location.type) {
    case hipMemLocationTypeDevice:
      device = location.id;
      return Status::success();
    case hipMemLocationTypeHost:
    case hipMemLocationTypeHostNuma:  // one host memory: every NUMA node is the host
    case hipMemLocationTypeHostNumaCurrent:
      device = hipCpuDeviceId;
      return Status::success();
    default:
      return fail(hipErrorInvalidValue, "memory location type %d", static_cast<int>(location.type));
  }
}

}  // namespace

HIPCORE_API hipError_t hipMemAdvise_v2(const void* dev_ptr, size_t count, hipMemoryAdvise advice,
                                       hipMemLocation location) {
  return hipcore::api::call(
      "hipMemAdvise_v2", hipMemAdvise_v2,
      [&] {
        int device = 0;
        if (Status bad = deviceNumber(location, device); !bad.ok())
          return finish("hipMemAdvise_v2", std::move(bad));
        return hipMemAdvise(dev_ptr, count, advice, device);
      },
      "dev_ptr, count, advice, location", dev_ptr, count, advice, location);
}

HIPCORE_API hipError_t hipMemPrefetchAsync_v2(const void* dev_ptr, size_t count,
                                              hipMemLocation location, unsigned int flags,
                                              hipStream_t stream) {
  return hipcore::api::call(
      "hipMemPrefetchAsync_v2", hipMemPrefetchAsync_v2,
      [&] {
        int device = 0;
        Status status = flags == 0 ? deviceNumber(location, device)
                                   : fail(hipErrorInvalidValue, "flags 0x%x", flags);
        if (!status.ok()) return finish("hipMemPrefetchAsync_v2", std::move(status));
        return hipMemPrefetchAsync(dev_ptr, count, device, stream);
      },
      "dev_ptr, count, location, flags, stream", dev_ptr, count, location, flags, stream);
}

HIPCORE_API hipError_t hipMemPrefetchBatchAsync(void** dev_ptrs, size_t* sizes, size_t count,
                                                hipMemLocation* prefetch_locs,
                                                size_t* prefetch_loc_idxs, size_t num_prefetch_locs,
                                                unsigned long long flags, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemPrefetchBatchAsync", hipMemPrefetchBatchAsync,
      [&] {
        const char* call = "hipMemPrefetchBatchAsync";
        if (dev_ptrs == nullptr || sizes == nullptr || count == 0 || prefetch_locs == nullptr ||
            prefetch_loc_idxs == nullptr || num_prefetch_locs == 0 || num_prefetch_locs > count ||
            flags != 0)
          return finish(
              call, fail(hipErrorInvalidValue, "%zu ranges with %zu locations, flags 0x%llx", count,
                         num_prefetch_locs, flags));
        // Location j applies from range prefetch_loc_idxs[j] on: the first from range 0, each
        // later one from a later range. Everything is checked before anything is queued.
        std::vector<int> devices(count);
        for (size_t j = 0; j < num_prefetch_locs; ++j) {
          const size_t first = prefetch_loc_idxs[j];
          if ((j == 0 && first != 0) || (j > 0 && first <= prefetch_loc_idxs[j - 1]) ||
              first >= count)
            return finish(call,
                          fail(hipErrorInvalidValue, "location %zu starts at range %zu", j, first));
          int device = 0;
          Status status = deviceNumber(prefetch_locs[j], device);
          if (status.ok()) status = location(device);
          if (!status.ok()) return finish(call, std::move(status));
          const size_t end = j + 1 < num_prefetch_locs ? prefetch_loc_idxs[j + 1] : count;
          std::fill(devices.begin() + first, devices.begin() + std::min(end, count), device);
        }
        for (size_t i = 0; i < count; ++i) {
          Allocation allocation;
          if (Status bad = managedRange(dev_ptrs[i], sizes[i], allocation); !bad.ok())
            return finish(call, std::move(bad));
        }
        for (size_t i = 0; i < count; ++i)
          if (hipError_t failed = hipMemPrefetchAsync(dev_ptrs[i], sizes[i], devices[i], stream);
              failed != hipSuccess)
            return failed;
        return hipSuccess;
      },
      "dev_ptrs, sizes, count, prefetch_locs, prefetch_loc_idxs, num_prefetch_locs, flags, stream",
      dev_ptrs, sizes, count, prefetch_locs, prefetch_loc_idxs, num_prefetch_locs, flags, stream);
}
