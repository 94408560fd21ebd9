// A device's caching sub-allocator behind hipMalloc/hipFree.
//
// Sizes up to kMaxPooledBytes round up to a size class (256 B, 512 B, then steps of 1.5x and
// 2x: 768, 1 Ki, 1.5 Ki, 2 Ki, ... 768 Ki, 1 Mi; every class a multiple of 256, so every block
// is 256-byte aligned as HIP guarantees). A class carves its blocks from chunks of at least
// 2 MiB (3 MiB for the 1.5x classes) taken from ROCR's coarse-grained device pool; a freed block
// goes back to its class's free list and is handed out again without ROCR. Larger sizes go to ROCR
// directly (their cost is dominated by the memory itself); when one comes back through a
// stream-ordered free (hipFreeAsync) the pool keeps it, as CUDA's pools do, and hands it to the
// next allocation of the same rounded size, until a trim returns it.
//
// Each class has its own lock (a SpinLock: ~5 instructions uncontended), so threads allocating
// different sizes never meet, and no lock is global. Cached memory returns to ROCR
// when a whole chunk is free and: an allocation runs out of memory (then it is retried),
// hipDeviceReset, hipMemPoolTrimTo, or stream-ordered frees are released beyond the pool's
// release threshold (trimToThreshold). hipDeviceSynchronize does not trim (a loop of
// malloc/launch/sync/free keeps its blocks). hipMemGetInfo first returns whole free chunks
// beyond the release threshold (DeviceMemory::info), then counts every byte still held from
// ROCR as used: it is what other processes cannot have.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "PointerRegistry.h"
#include "SpinLock.h"
#include "Status.h"

namespace hipcore::core {

// Where chunks and large allocations come from (ROCR's device pool; host memory in unit tests).
// allocate returns null when the memory is exhausted.
struct MemorySource {
  virtual ~MemorySource() = default;
  virtual void* allocate(size_t bytes) = 0;
  virtual void release(void* pointer) = 0;
};

class DeviceMemoryPool {
 public:
  static constexpr size_t kMaxPooledBytes = size_t{1} << 20;
  static constexpr size_t kMinChunkBytes = size_t{2} << 20;
  static constexpr size_t kAlignment = 256;

  // Never holds more than `capacity` bytes (the device's memory size, what hipMemGetInfo
  // reports as total): allocations beyond it fail as out of memory even where the driver would
  // overcommit (vgpu), and hipMemGetInfo's free never goes negative.
  DeviceMemoryPool(MemorySource& source, PointerRegistry& registry, int device,
                   size_t capacity = SIZE_MAX)
      : source_(source), registry_(registry), device_(device), capacity_(capacity) {}
  ~DeviceMemoryPool();  // returns everything to the source
  DeviceMemoryPool(const DeviceMemoryPool&) = delete;
  DeviceMemoryPool& operator=(const DeviceMemoryPool&) = delete;

  // bytes > 0. hipErrorOutOfMemory when the source is exhausted even after releasing the cache.
  Status allocate(size_t bytes, void*& out);
  // Frees an allocation found by PointerRegistry::findBase (chunk non-null for pool blocks).
  // hipErrorInvalidValue if the block is not live any more (a racing double free). A large
  // allocation goes back to the source unless `keepLarge` (stream-ordered frees): then the pool
  // caches it for reuse until trimmed.
  Status release(const Allocation& allocation, Chunk* chunk, uint32_t block,
                 bool keepLarge = false);

  // Hands the live block `block` of `chunk` (freed in stream order, not yet released) to a new
  // allocation of `bytes` on the same stream. False if `bytes` belongs to another size class.
  bool reassign(Chunk* chunk, uint32_t block, size_t bytes);

  // Returns cached memory to the source until at most `keepBytes` of cached (free) memory
  // remain; only whole free chunks can go back.
  void trim(size_t keepBytes);
  // hipMemPoolTrimTo: returns whole free chunks while more than `minBytes` stay held, never
  // going below it (CUDA's minBytesToKeep counts reserved bytes, live ones included).
  void trimReservedTo(size_t minBytes);
  int device() const { return device_; }
  // Bytes held from the source (live + cached) and bytes of live allocations (as requested).
  size_t reservedBytes() const { return reserved_.load(std::memory_order_relaxed); }
  size_t liveBytes() const { return live_.load(std::memory_order_relaxed); }
  // The highest values of both since creation or the last reset (to the current value).
  size_t reservedHighBytes() const { return reservedHigh_.load(std::memory_order_relaxed); }
  size_t liveHighBytes() const { return liveHigh_.load(std::memory_order_relaxed); }
  void resetReservedHigh() { reservedHigh_.store(reservedBytes(), std::memory_order_relaxed); }
  void resetLiveHigh() { liveHigh_.store(liveBytes(), std::memory_order_relaxed); }

  // hipMemPool_t attributes (MemPool.h). The release threshold is the memory the pool keeps
  // reserved at a synchronisation after stream-ordered frees were released to it
  // (markTrimPending, then DeviceMemPools::trimAtSynchronize calls trimToThreshold); a retired
  // pool (its handle destroyed with allocations outstanding) keeps nothing.
  size_t releaseThreshold() const { return threshold_.load(std::memory_order_relaxed); }
  void setReleaseThreshold(size_t bytes) { threshold_.store(bytes, std::memory_order_relaxed); }
  void trimToThreshold() { trimReservedTo(retired() ? 0 : releaseThreshold()); }
  // `deviceFlag` is raised with the pool's own, so that a synchronisation finds pending trims
  // with one load.
  void setTrimFlag(std::atomic<bool>* deviceFlag) { deviceTrimFlag_ = deviceFlag; }
  void markTrimPending() {
    if (trimPending_.load(std::memory_order_relaxed)) return;
    trimPending_.store(true, std::memory_order_release);
    if (deviceTrimFlag_ != nullptr) deviceTrimFlag_->store(true, std::memory_order_release);
  }
  bool takeTrimPending() { return trimPending_.exchange(false, std::memory_order_acq_rel); }
  bool retired() const { return retired_.load(std::memory_order_acquire); }
  void setRetired(bool retired) { retired_.store(retired, std::memory_order_release); }
  void setCapacity(size_t bytes) { capacity_.store(bytes, std::memory_order_relaxed); }
  // Created with POSIX file descriptors as its handle type: its allocations may be exported to
  // other processes (hipMemPoolExportPointer).
  bool exportable() const { return exportable_.load(std::memory_order_relaxed); }
  void setExportable(bool exportable) { exportable_.store(exportable, std::memory_order_relaxed); }

  // The size class of `bytes` (<= kMaxPooledBytes), and a class's block size.
  static int sizeClass(size_t bytes);
  static size_t classBytes(int sizeClass);
  static size_t chunkBytes(int sizeClass);
  static constexpr int kClassCount = 24;

 private:
  struct Block {
    Chunk* chunk;
    uint32_t index;
  };
  struct SizeClass {
    SpinLock mutex;
    std::vector<Block> free;  // cached blocks, most recently freed last
    std::vector<std::unique_ptr<Chunk>> chunks;
  };
  struct LargeBlock {
    void* base;
    size_t bytes;  // rounded to kAlignment: what reserved_ counts
  };
  Status allocateBlock(int sizeClass, size_t bytes, void*& out);
  void* takeCachedLarge(size_t rounded);  // a cached large block of exactly `rounded` bytes
  // Returns cached large blocks to the source while more than `floor` bytes stay held, up to
  // `atMost` bytes; returns bytes released.
  size_t releaseCachedLarge(size_t atMost, size_t floor);
  bool addChunk(SizeClass& sc, int sizeClass);  // caller holds sc.mutex; false: out of memory
  void* allocateFromSource(size_t bytes);       // large allocations: retries once after trim(0)
  void* takeFromSource(size_t bytes);           // within capacity_, counted in reserved_
  void addLive(size_t bytes);                   // counts a new live allocation (and the high mark)
  // Frees the class's entirely free chunks (caller holds sc.mutex), up to `atMost` bytes and
  // keeping at least `floor` bytes held; returns bytes released.
  size_t releaseFreeChunks(SizeClass& sc, size_t atMost, size_t floor = 0);

  MemorySource& source_;
  PointerRegistry& registry_;
  int device_;
  std::atomic<size_t> capacity_;
  std::array<SizeClass, kClassCount> classes_;
  SpinLock largeMutex_;
  std::vector<LargeBlock> largeCache_;  // most recently freed last
  std::atomic<size_t> reserved_{0};
  std::atomic<size_t> live_{0};
  std::atomic<size_t> reservedHigh_{0};
  std::atomic<size_t> liveHigh_{0};
  std::atomic<size_t> threshold_{0};
  std::atomic<bool> retired_{false};
  std::atomic<bool> exportable_{false};
  std::atomic<bool> trimPending_{false};
  std::atomic<bool>* deviceTrimFlag_ = nullptr;
};

}  // namespace hipcore::core
