// Creation, destruction and accounting of a device's memory pools; frees back to their pool.
#include "DeviceMemPools.h"

namespace hipcore::core {

// Created pools take ROCR memory only while every pool of the device together (the default
// one included) holds at most the device's memory: each DeviceMemoryPool counts its own bytes
// before it asks its source (DeviceMemoryPool::takeFromSource), so the sum includes the request.
class DeviceMemPools::SharedCapacity final : public MemorySource {
 public:
  SharedCapacity(DeviceMemPools& pools, MemorySource& rocr) : pools_(pools), rocr_(rocr) {}
  void* allocate(size_t bytes) override {
    return pools_.reservedBytes() <= pools_.capacity_ ? rocr_.allocate(bytes) : nullptr;
  }
  void release(void* pointer) override { rocr_.release(pointer); }

 private:
  DeviceMemPools& pools_;
  MemorySource& rocr_;
};

DeviceMemPools::DeviceMemPools(Device& device, DeviceMemoryPool& defaultMemory,
                               MemorySource& source, PointerRegistry& registry, size_t capacity)
    : device_(device),
      defaultMemory_(defaultMemory),
      registry_(registry),
      capacity_(capacity),
      source_(std::make_unique<SharedCapacity>(*this, source)),
      default_(new MemPool(device, defaultMemory)),
      current_(default_) {
  defaultMemory_.setTrimFlag(&trimPending_);
}

DeviceMemPools::~DeviceMemPools() {
  delete default_;
  // Handles of pools never destroyed are left to the process (they are TypeStableStorage
  // blocks); their memory goes back to ROCR with the DeviceMemoryPools.
  std::lock_guard lock(mutex_);
  created_.clear();
}

Status DeviceMemPools::create(size_t maxBytes, MemPool*& out) {
  size_t capacity = maxBytes == 0 || maxBytes > capacity_ ? capacity_ : maxBytes;
  DeviceMemoryPool* memory = nullptr;
  {
    std::lock_guard lock(mutex_);
    for (auto& candidate : created_) {
      if (candidate->retired() && candidate->liveBytes() == 0 && candidate->reservedBytes() == 0) {
        memory = candidate.get();
        break;
      }
    }
    if (memory == nullptr) {
      created_.push_back(std::make_unique<DeviceMemoryPool>(*source_, registry_,
                                                            defaultMemory_.device(), capacity));
      memory = created_.back().get();
      memory->setTrimFlag(&trimPending_);
    }
    memory->setCapacity(capacity);
    memory->setReleaseThreshold(0);
    memory->resetReservedHigh();
    memory->resetLiveHigh();
    memory->setRetired(false);
  }
  out = new MemPool(device_, *memory);
  return Status::success();
}

Status DeviceMemPools::destroy(MemPool* pool) {
  // hipMallocAsync falls back to the default pool (the current one may not dangle).
  MemPool* expected = pool;
  current_.compare_exchange_strong(expected, default_, std::memory_order_acq_rel);
  DeviceMemoryPool& memory = pool->memory();
  delete pool;
  // Outstanding allocations keep the memory until they are freed (releaseToPool trims a
  // retired pool to 0); cached memory goes back now.
  memory.setRetired(true);
  memory.trim(0);
  return Status::success();
}

size_t DeviceMemPools::reservedBytes() const {
  std::lock_guard lock(mutex_);
  size_t bytes = defaultMemory_.reservedBytes();
  for (const auto& pool : created_) bytes += pool->reservedBytes();
  return bytes;
}

void DeviceMemPools::trimPendingPools() {
  if (!trimPending_.exchange(false, std::memory_order_acq_rel)) return;
  if (defaultMemory_.takeTrimPending()) defaultMemory_.trimToThreshold();
  std::lock_guard lock(mutex_);
  for (const auto& pool : created_)
    if (pool->takeTrimPending()) pool->trimToThreshold();
}

}  // namespace hipcore::core
