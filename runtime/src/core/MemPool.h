// A hipMemPool_t handle: a device's DeviceMemoryPool (its default pool, or one made by
// hipMemPoolCreate) with the attributes only the handle has.
#pragma once

#include <atomic>
#include <cstdint>

#include "TypeStableStorage.h"

namespace hipcore::core {

class Device;
class DeviceMemoryPool;

class MemPool : public TypeStableStorage<MemPool> {  // destroyed handles are refused
 public:
  MemPool(Device& device, DeviceMemoryPool& memory) : device_(device), memory_(memory) {}
  // Volatile: the store must survive although the object dies here (stale handles read it).
  ~MemPool() { clearMagic(magic_); }
  MemPool(const MemPool&) = delete;
  MemPool& operator=(const MemPool&) = delete;

  // True for a pointer to a live MemPool (hipMemPool_t handles are checked with this).
  bool valid() const noexcept { return magic_ == kMagic; }
  Device& device() const { return device_; }
  DeviceMemoryPool& memory() const { return memory_; }

  // hipMemPoolReuseFollowEventDependencies, ...AllowOpportunistic, ...AllowInternalDependencies
  // (attribute values 1 to 3), on by default as in CUDA. They permit reuse of freed blocks
  // across streams before the free is known complete; hipcore never does that (a block freed
  // in stream order reaches other streams once a synchronisation saw the free complete), which
  // every setting allows, so they are stored and read back only.
  static constexpr int kReuseFlagCount = 3;
  int reuseFlag(int index) const { return reuse_[index].load(std::memory_order_relaxed); }
  void setReuseFlag(int index, int value) {
    reuse_[index].store(value != 0, std::memory_order_relaxed);
  }

  // Sharing between processes (api/MemPoolSharingApi.cpp): a pool imported from another
  // process's descriptor stands for that process's pool and only imports its pointers.
  bool imported = false;
  uint32_t exporterPid = 0;

 private:
  static constexpr uint64_t kMagic = 0x6869'706d'706f'6f6c;  // "hipmpool"
  uint64_t magic_ = kMagic;
  Device& device_;
  DeviceMemoryPool& memory_;
  std::atomic<int> reuse_[kReuseFlagCount] = {1, 1, 1};
};

}  // namespace hipcore::core
