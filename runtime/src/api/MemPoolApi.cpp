// Memory pools (hipMemPool_t): the device's default and current pool, hipMemPoolCreate and
// Destroy, trimming, attributes and access. Allocation from a pool is stream-ordered
// (StreamOrderedMemoryApi.cpp).
#include "ApiCall.h"
#include "ApiState.h"
#include "MemPoolHandles.h"
#include "core/Device.h"

using hipcore::api::deviceAt;
using hipcore::api::finish;
using hipcore::api::poolOf;
using hipcore::core::Device;
using hipcore::core::DeviceMemoryPool;
using hipcore::core::fail;
using hipcore::core::MemPool;
using hipcore::core::Status;

namespace {

// A bad device ordinal in the pool calls is hipErrorInvalidValue in HIP (its tests check it),
// with deviceAt's message.
Status invalidValue(Status notFound) {
  if (notFound.code == hipErrorInvalidDevice) notFound.code = hipErrorInvalidValue;
  return notFound;
}

// A memory location naming a device (the only kind hipcore's pools have).
Status locatedDevice(const hipMemLocation& location, Device*& out) {
  if (location.type != hipMemLocationTypeDevice)
    return fail(hipErrorInvalidValue, "location type %d is not hipMemLocationTypeDevice",
                int(location.type));
  return deviceAt(location.id, out);
}

Status createPool(hipMemPool_t* pool, const hipMemPoolProps* props) {
  if (pool == nullptr || props == nullptr)
    return fail(hipErrorInvalidValue, "pool or props is null");
  if (props->allocType != hipMemAllocationTypePinned)
    return fail(hipErrorInvalidValue, "allocType %d: only hipMemAllocationTypePinned",
                int(props->allocType));
  if (props->handleTypes != hipMemHandleTypeNone &&
      props->handleTypes != hipMemHandleTypePosixFileDescriptor)
    return fail(hipErrorNotSupported,
                "handleTypes 0x%x: hipcore pools are exported as POSIX file descriptors only",
                unsigned(props->handleTypes));
  Device* device = nullptr;
  if (Status found = locatedDevice(props->location, device); !found.ok()) return found;
  MemPool* created = nullptr;
  if (Status made = device->memory().pools().create(props->maxSize, created); !made.ok())
    return made;
  // A retired pool reused by create() must not keep an earlier pool's setting.
  created->memory().setExportable(props->handleTypes == hipMemHandleTypePosixFileDescriptor);
  *pool = reinterpret_cast<hipMemPool_t>(created);
  return Status::success();
}

Status setAttribute(MemPool& pool, hipMemPoolAttr attribute, const void* value) {
  DeviceMemoryPool& memory = pool.memory();
  auto word = [value] { return *static_cast<const uint64_t*>(value); };
  switch (attribute) {
    case hipMemPoolReuseFollowEventDependencies:
    case hipMemPoolReuseAllowOpportunistic:
    case hipMemPoolReuseAllowInternalDependencies:
      pool.setReuseFlag(int(attribute) - 1, *static_cast<const int*>(value));
      return Status::success();
    case hipMemPoolAttrReleaseThreshold:
      memory.setReleaseThreshold(word());
      return Status::success();
    case hipMemPoolAttrReservedMemHigh:
    case hipMemPoolAttrUsedMemHigh:
      // As in CUDA, a high-water mark can only be reset (to the current value), by writing 0.
      if (word() != 0) return fail(hipErrorInvalidValue, "a high-water mark can only be set to 0");
      attribute == hipMemPoolAttrReservedMemHigh ? memory.resetReservedHigh()
                                                 : memory.resetLiveHigh();
      return Status::success();
    case hipMemPoolAttrReservedMemCurrent:
    case hipMemPoolAttrUsedMemCurrent:
      return fail(hipErrorInvalidValue, "attribute %d is read only", int(attribute));
  }
  return fail(hipErrorInvalidValue, "unknown attribute %d", int(attribute));
}

Status getAttribute(const MemPool& pool, hipMemPoolAttr attribute, void* value) {
  const DeviceMemoryPool& memory = pool.memory();
  uint64_t word = 0;
  switch (attribute) {
    case hipMemPoolReuseFollowEventDependencies:
    case hipMemPoolReuseAllowOpportunistic:
    case hipMemPoolReuseAllowInternalDependencies:
      *static_cast<int*>(value) = pool.reuseFlag(int(attribute) - 1);
      return Status::success();
    case hipMemPoolAttrReleaseThreshold:
      word = memory.releaseThreshold();
      break;
    case hipMemPoolAttrReservedMemCurrent:
      word = memory.reservedBytes();
      break;
    case hipMemPoolAttrReservedMemHigh:
      word = memory.reservedHighBytes();
      break;
    case hipMemPoolAttrUsedMemCurrent:
      word = memory.liveBytes();
      break;
    case hipMemPoolAttrUsedMemHigh:
      word = memory.liveHighBytes();
      break;
    default:
      return fail(hipErrorInvalidValue, "unknown attribute %d", int(attribute));
  }
  *static_cast<uint64_t*>(value) = word;
  return Status::success();
}

// Only the owning device reaches a pool's memory, read-write: that is accepted, and refusing
// other devices (the default) too; mapping it to a peer is not supported.
Status setAccess(const MemPool& pool, const hipMemAccessDesc& desc) {
  Device* device = nullptr;
  if (Status found = locatedDevice(desc.location, device); !found.ok()) return found;
  if (desc.flags != hipMemAccessFlagsProtNone && desc.flags != hipMemAccessFlagsProtRead &&
      desc.flags != hipMemAccessFlagsProtReadWrite)
    return fail(hipErrorInvalidValue, "access flags %d", int(desc.flags));
  bool owner = device == &pool.device();
  if (owner && desc.flags != hipMemAccessFlagsProtReadWrite)
    return fail(hipErrorInvalidValue, "the owning device %d keeps read-write access",
                desc.location.id);
  if (!owner && desc.flags != hipMemAccessFlagsProtNone)
    return fail(hipErrorNotSupported, "device %d: pool memory of device %d is not mapped to peers",
                desc.location.id, pool.device().index());
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* mem_pool, int device) {
  return hipcore::api::call(
      "hipDeviceGetDefaultMemPool", hipDeviceGetDefaultMemPool,
      [&] {
        if (mem_pool == nullptr)
          return finish("hipDeviceGetDefaultMemPool",
                        fail(hipErrorInvalidValue, "mem_pool is null"));
        Device* d = nullptr;
        if (Status found = deviceAt(device, d); !found.ok())
          return finish("hipDeviceGetDefaultMemPool", std::move(found));
        *mem_pool = reinterpret_cast<hipMemPool_t>(d->memory().pools().defaultPool());
        return hipSuccess;
      },
      "mem_pool, device", mem_pool, device);
}

HIPCORE_API hipError_t hipDeviceGetMemPool(hipMemPool_t* mem_pool, int device) {
  return hipcore::api::call(
      "hipDeviceGetMemPool", hipDeviceGetMemPool,
      [&] {
        if (mem_pool == nullptr)
          return finish("hipDeviceGetMemPool", fail(hipErrorInvalidValue, "mem_pool is null"));
        // An ordinal out of range is an invalid value here, not an invalid device (HIP's code).
        Device* d = nullptr;
        if (Status found = deviceAt(device, d); !found.ok())
          return finish("hipDeviceGetMemPool", invalidValue(std::move(found)));
        *mem_pool = reinterpret_cast<hipMemPool_t>(d->memory().pools().current());
        return hipSuccess;
      },
      "mem_pool, device", mem_pool, device);
}

HIPCORE_API hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool) {
  return hipcore::api::call(
      "hipDeviceSetMemPool", hipDeviceSetMemPool,
      [&] {
        Device* d = nullptr;
        if (Status found = deviceAt(device, d); !found.ok())
          return finish("hipDeviceSetMemPool", invalidValue(std::move(found)));
        MemPool* pool = nullptr;
        if (Status valid = poolOf(mem_pool, pool); !valid.ok())
          return finish("hipDeviceSetMemPool", std::move(valid));
        if (&pool->device() != d)
          return finish("hipDeviceSetMemPool",
                        fail(hipErrorInvalidValue, "pool of device %d set on device %d",
                             pool->device().index(), device));
        d->memory().pools().setCurrent(pool);
        return hipSuccess;
      },
      "device, mem_pool", device, mem_pool);
}

HIPCORE_API hipError_t hipMemPoolCreate(hipMemPool_t* mem_pool, const hipMemPoolProps* pool_props) {
  return hipcore::api::call(
      "hipMemPoolCreate", hipMemPoolCreate,
      [&] { return finish("hipMemPoolCreate", createPool(mem_pool, pool_props)); },
      "mem_pool, pool_props", mem_pool, pool_props);
}

HIPCORE_API hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool) {
  return hipcore::api::call(
      "hipMemPoolDestroy", hipMemPoolDestroy,
      [&] {
        MemPool* pool = nullptr;
        if (Status valid = poolOf(mem_pool, pool); !valid.ok())
          return finish("hipMemPoolDestroy", std::move(valid));
        if (pool == pool->device().memory().pools().defaultPool())
          return finish("hipMemPoolDestroy",
                        fail(hipErrorInvalidValue, "a device's default pool cannot be destroyed"));
        return finish("hipMemPoolDestroy", pool->device().memory().pools().destroy(pool));
      },
      "mem_pool", mem_pool);
}

HIPCORE_API hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold) {
  return hipcore::api::call(
      "hipMemPoolTrimTo", hipMemPoolTrimTo,
      [&] {
        MemPool* pool = nullptr;
        if (Status valid = poolOf(mem_pool, pool); !valid.ok())
          return finish("hipMemPoolTrimTo", std::move(valid));
        pool->memory().trimReservedTo(min_bytes_to_hold);
        return hipSuccess;
      },
      "mem_pool, min_bytes_to_hold", mem_pool, min_bytes_to_hold);
}

HIPCORE_API hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                              void* value) {
  return hipcore::api::call(
      "hipMemPoolSetAttribute", hipMemPoolSetAttribute,
      [&] {
        MemPool* pool = nullptr;
        if (Status valid = poolOf(mem_pool, pool); !valid.ok())
          return finish("hipMemPoolSetAttribute", std::move(valid));
        if (value == nullptr)
          return finish("hipMemPoolSetAttribute", fail(hipErrorInvalidValue, "value is null"));
        return finish("hipMemPoolSetAttribute", setAttribute(*pool, attr, value));
      },
      "mem_pool, attr, value", mem_pool, attr, value);
}

HIPCORE_API hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                              void* value) {
  return hipcore::api::call(
      "hipMemPoolGetAttribute", hipMemPoolGetAttribute,
      [&] {
        MemPool* pool = nullptr;
        if (Status valid = poolOf(mem_pool, pool); !valid.ok())
          return finish("hipMemPoolGetAttribute", std::move(valid));
        if (value == nullptr)
          return finish("hipMemPoolGetAttribute", fail(hipErrorInvalidValue, "value is null"));
        return finish("hipMemPoolGetAttribute", getAttribute(*pool, attr, value));
      },
      "mem_pool, attr, value", mem_pool, attr, value);
}

HIPCORE_API hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc* desc_list,
                                           size_t count) {
  return hipcore::api::call(
      "hipMemPoolSetAccess", hipMemPoolSetAccess,
      [&] {
        MemPool* pool = nullptr;
        if (Status valid = poolOf(mem_pool, pool); !valid.ok())
          return finish("hipMemPoolSetAccess", std::move(valid));
        if (desc_list == nullptr && count != 0)
          return finish("hipMemPoolSetAccess", fail(hipErrorInvalidValue, "desc_list is null"));
        for (size_t i = 0; i < count; ++i)
          if (Status accepted = setAccess(*pool, desc_list[i]); !accepted.ok())
            return finish("hipMemPoolSetAccess", std::move(accepted));
        return hipSuccess;
      },
      "mem_pool, desc_list, count", mem_pool, desc_list, count);
}

HIPCORE_API hipError_t hipMemPoolGetAccess(hipMemAccessFlags* flags, hipMemPool_t mem_pool,
                                           hipMemLocation* location) {
  return hipcore::api::call(
      "hipMemPoolGetAccess", hipMemPoolGetAccess,
      [&] {
        MemPool* pool = nullptr;
        if (Status valid = poolOf(mem_pool, pool); !valid.ok())
          return finish("hipMemPoolGetAccess", std::move(valid));
        if (flags == nullptr || location == nullptr)
          return finish("hipMemPoolGetAccess",
                        fail(hipErrorInvalidValue, "flags or location is null"));
        Device* device = nullptr;
        if (Status found = locatedDevice(*location, device); !found.ok())
          return finish("hipMemPoolGetAccess", std::move(found));
        *flags =
            device == &pool->device() ? hipMemAccessFlagsProtReadWrite : hipMemAccessFlagsProtNone;
        return hipSuccess;
      },
      "flags, mem_pool, location", flags, mem_pool, location);
}
