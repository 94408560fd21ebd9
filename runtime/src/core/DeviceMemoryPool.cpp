// Size classes carved from ROCR chunks, free lists per class, trimming.
#include "DeviceMemoryPool.h"

#include <algorithm>
#include <bit>

namespace hipcore::core {

int DeviceMemoryPool::sizeClass(size_t bytes) {
  if (bytes <= 256) return 0;
  if (bytes <= 512) return 1;
  // bytes in (p, 2p] with p = 2^(n-1) >= 512: the 1.5p class or the 2p class.
  int n = std::bit_width(bytes - 1);
  size_t p = size_t{1} << (n - 1);
  return bytes <= p + p / 2 ? 2 * n - 18 : 2 * n - 17;
}

size_t DeviceMemoryPool::classBytes(int sizeClass) {
  if (sizeClass == 0) return 256;
  if (sizeClass % 2 == 1) return size_t{1} << ((sizeClass + 17) / 2);
  return size_t{3} << ((sizeClass + 14) / 2);
}

size_t DeviceMemoryPool::chunkBytes(int sizeClass) {
  // At least four blocks; 2 MiB for the power-of-two classes, 3 MiB for the 3 * 2^k ones, so
  // blocks fill their chunk exactly.
  size_t minimum = sizeClass >= 2 && sizeClass % 2 == 0 ? kMinChunkBytes / 2 * 3 : kMinChunkBytes;
  return std::max(minimum, 4 * classBytes(sizeClass));
}

DeviceMemoryPool::~DeviceMemoryPool() {
  for (const LargeBlock& cached : largeCache_) source_.release(cached.base);
  for (SizeClass& sc : classes_) {
    for (auto& chunk : sc.chunks) {
      registry_.removeChunk(chunk.get());
      source_.release(reinterpret_cast<void*>(chunk->base));
    }
  }
}

namespace {
void raise(std::atomic<size_t>& high, size_t value) {
  size_t seen = high.load(std::memory_order_relaxed);
  while (seen < value && !high.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
  }
}
}  // namespace

void* DeviceMemoryPool::takeFromSource(size_t bytes) {
  size_t before = reserved_.fetch_add(bytes, std::memory_order_relaxed);
  size_t capacity = capacity_.load(std::memory_order_relaxed);
  void* pointer =
      before + bytes <= capacity && before + bytes >= before ? source_.allocate(bytes) : nullptr;
  if (pointer == nullptr) {
    reserved_.fetch_sub(bytes, std::memory_order_relaxed);
    return nullptr;
  }
  raise(reservedHigh_, before + bytes);
  return pointer;
}

void DeviceMemoryPool::addLive(size_t bytes) {
  raise(liveHigh_, live_.fetch_add(bytes, std::memory_order_relaxed) + bytes);
}

void* DeviceMemoryPool::allocateFromSource(size_t bytes) {
  void* pointer = takeFromSource(bytes);
  if (pointer == nullptr) {
    // Out of memory: give the cache back and try once more.
    trim(0);
    pointer = takeFromSource(bytes);
  }
  return pointer;
}

Status DeviceMemoryPool::allocate(size_t bytes, void*& out) {
  if (bytes <= kMaxPooledBytes) return allocateBlock(sizeClass(bytes), bytes, out);
  // Large: its own ROCR allocation, rounded to the alignment so sizes stay exact multiples.
  size_t rounded = (bytes + kAlignment - 1) & ~(kAlignment - 1);
  if (rounded < bytes) return fail(hipErrorOutOfMemory, "device %d: %zu bytes", device_, bytes);
  void* pointer = takeCachedLarge(rounded);
  if (pointer == nullptr) pointer = allocateFromSource(rounded);
  if (pointer == nullptr)
    return fail(hipErrorOutOfMemory, "device %d: out of memory allocating %zu bytes (%zu held)",
                device_, bytes, reservedBytes());
  Allocation allocation;
  allocation.base = pointer;
  allocation.bytes = bytes;
  allocation.kind = MemoryKind::Device;
  allocation.device = device_;
  allocation.devicePointer = pointer;
  allocation.pool = this;
  registry_.add(allocation);
  addLive(bytes);
  out = pointer;
  return Status::success();
}

bool DeviceMemoryPool::addChunk(SizeClass& sc, int sizeClass) {
  size_t bytes = chunkBytes(sizeClass);
  void* base = takeFromSource(bytes);
  if (base == nullptr) return false;
  size_t blockBytes = classBytes(sizeClass);
  auto blocks = static_cast<uint32_t>(bytes / blockBytes);
  auto chunk = std::make_unique<Chunk>(reinterpret_cast<uintptr_t>(base), blockBytes, blocks,
                                       device_, sizeClass);
  chunk->pool = this;
  // Lowest addresses handed out first (the free list pops from the back).
  sc.free.reserve(sc.free.size() + blocks);
  for (uint32_t i = blocks; i-- > 0;) sc.free.push_back({chunk.get(), i});
  registry_.addChunk(chunk.get());
  sc.chunks.push_back(std::move(chunk));
  return true;
}

Status DeviceMemoryPool::allocateBlock(int sizeClass, size_t bytes, void*& out) {
  SizeClass& sc = classes_[static_cast<size_t>(sizeClass)];
  for (int attempt = 0;; ++attempt) {
    {
      std::lock_guard lock(sc.mutex);
      if (!sc.free.empty() || addChunk(sc, sizeClass)) {
        Block block = sc.free.back();
        sc.free.pop_back();
        ++block.chunk->live;
        block.chunk->ids[block.index].store(newAllocationId(), std::memory_order_relaxed);
        block.chunk->requested[block.index].store(static_cast<uint32_t>(bytes),
                                                  std::memory_order_release);
        addLive(bytes);
        out = reinterpret_cast<void*>(block.chunk->base + block.index * block.chunk->blockBytes);
        return Status::success();
      }
    }
    // Out of memory: give the other classes' cache back (outside this class's lock) and retry.
    if (attempt == 1)
      return fail(hipErrorOutOfMemory, "device %d: out of memory allocating %zu bytes (%zu held)",
                  device_, bytes, reservedBytes());
    trim(0);
  }
}

Status DeviceMemoryPool::release(const Allocation& allocation, Chunk* chunk, uint32_t block,
                                 bool keepLarge) {
  if (chunk == nullptr) {
    if (!registry_.remove(allocation.base))
      return fail(hipErrorInvalidValue, "hipFree(%p): not a live allocation", allocation.base);
    size_t rounded = (allocation.bytes + kAlignment - 1) & ~(kAlignment - 1);
    live_.fetch_sub(allocation.bytes, std::memory_order_relaxed);
    if (keepLarge) {
      std::lock_guard lock(largeMutex_);
      largeCache_.push_back({allocation.base, rounded});
      return Status::success();
    }
    source_.release(allocation.base);
    reserved_.fetch_sub(rounded, std::memory_order_relaxed);
    return Status::success();
  }
  SizeClass& sc = classes_[static_cast<size_t>(chunk->sizeClass)];
  std::lock_guard lock(sc.mutex);
  uint32_t requested = chunk->requested[block].exchange(0, std::memory_order_acq_rel);
  if (requested == 0)
    return fail(hipErrorInvalidValue, "hipFree(%p): already freed", allocation.base);
  --chunk->live;
  sc.free.push_back({chunk, block});
  live_.fetch_sub(requested, std::memory_order_relaxed);
  return Status::success();
}

bool DeviceMemoryPool::reassign(Chunk* chunk, uint32_t block, size_t bytes) {
  if (bytes == 0 || bytes > kMaxPooledBytes || sizeClass(bytes) != chunk->sizeClass) return false;
  SizeClass& sc = classes_[static_cast<size_t>(chunk->sizeClass)];
  std::lock_guard lock(sc.mutex);
  uint32_t old = chunk->requested[block].load(std::memory_order_relaxed);
  if (old == 0) return false;
  chunk->ids[block].store(newAllocationId(), std::memory_order_relaxed);
  chunk->requested[block].store(static_cast<uint32_t>(bytes), std::memory_order_release);
  addLive(bytes);
  live_.fetch_sub(old, std::memory_order_relaxed);
  return true;
}

size_t DeviceMemoryPool::releaseFreeChunks(SizeClass& sc, size_t atMost, size_t floor) {
  size_t released = 0;
  for (auto it = sc.chunks.begin(); it != sc.chunks.end() && released < atMost;) {
    Chunk* chunk = it->get();
    size_t bytes = chunk->blockBytes * chunk->blockCount;
    if (chunk->live != 0 || reservedBytes() < floor + bytes) {
      ++it;
      continue;
    }
    std::erase_if(sc.free, [chunk](const Block& b) { return b.chunk == chunk; });
    registry_.removeChunk(chunk);
    source_.release(reinterpret_cast<void*>(chunk->base));
    reserved_.fetch_sub(bytes, std::memory_order_relaxed);
    released += bytes;
    it = sc.chunks.erase(it);
  }
  return released;
}

void* DeviceMemoryPool::takeCachedLarge(size_t rounded) {
  std::lock_guard lock(largeMutex_);
  for (size_t i = largeCache_.size(); i-- > 0;) {
    if (largeCache_[i].bytes != rounded) continue;
    void* base = largeCache_[i].base;
    largeCache_.erase(largeCache_.begin() + static_cast<std::ptrdiff_t>(i));
    return base;
  }
  return nullptr;
}

size_t DeviceMemoryPool::releaseCachedLarge(size_t atMost, size_t floor) {
  std::lock_guard lock(largeMutex_);
  size_t released = 0;
  // Oldest first: the most recently freed sizes are the likeliest to be asked for again.
  for (auto it = largeCache_.begin(); it != largeCache_.end() && released < atMost;) {
    if (reservedBytes() < floor + it->bytes) {
      ++it;
      continue;
    }
    source_.release(it->base);
    reserved_.fetch_sub(it->bytes, std::memory_order_relaxed);
    released += it->bytes;
    it = largeCache_.erase(it);
  }
  return released;
}

void DeviceMemoryPool::trim(size_t keepBytes) {
  // Cached = held - live (requested sizes: an approximation that errs towards releasing).
  {
    size_t reserved = reservedBytes(), live = liveBytes();
    size_t cached = reserved > live ? reserved - live : 0;
    if (cached <= keepBytes) return;
    releaseCachedLarge(cached - keepBytes, 0);
  }
  for (int i = kClassCount - 1; i >= 0; --i) {
    size_t reserved = reservedBytes();
    size_t live = liveBytes();
    size_t cached = reserved > live ? reserved - live : 0;
    if (cached <= keepBytes) return;
    SizeClass& sc = classes_[static_cast<size_t>(i)];
    std::lock_guard lock(sc.mutex);
    releaseFreeChunks(sc, cached - keepBytes);
  }
}

void DeviceMemoryPool::trimReservedTo(size_t minBytes) {
  releaseCachedLarge(SIZE_MAX, minBytes);
  for (int i = kClassCount - 1; i >= 0 && reservedBytes() > minBytes; --i) {
    SizeClass& sc = classes_[static_cast<size_t>(i)];
    std::lock_guard lock(sc.mutex);
    releaseFreeChunks(sc, /*atMost=*/SIZE_MAX, /*floor=*/minBytes);
  }
}

}  // namespace hipcore::core
