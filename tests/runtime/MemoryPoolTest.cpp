// DeviceMemoryPool and PointerRegistry as plain data structures, over host memory with a
// budget (no GPU): size classes, alignment, reuse, validation, trimming and exhaustion.
#include <gtest/gtest.h>

#include <cstdlib>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "core/DeviceMemoryPool.h"
#include "core/PointerRegistry.h"

using hipcore::core::Allocation;
using hipcore::core::Chunk;
using hipcore::core::DeviceMemoryPool;
using hipcore::core::MemoryKind;
using hipcore::core::PointerRegistry;

namespace {

// Host memory with a byte budget, counting what it handed out.
class BudgetSource final : public hipcore::core::MemorySource {
 public:
  explicit BudgetSource(size_t budget) : budget_(budget) {}
  void* allocate(size_t bytes) override {
    std::lock_guard lock(mutex_);
    if (used_ + bytes > budget_) return nullptr;
    void* p = std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
    if (p != nullptr) {
      used_ += bytes;
      sizes_.push_back({p, bytes});
      ++allocations;
    }
    return p;
  }
  void release(void* pointer) override {
    std::lock_guard lock(mutex_);
    for (auto it = sizes_.begin(); it != sizes_.end(); ++it) {
      if (it->first != pointer) continue;
      used_ -= it->second;
      sizes_.erase(it);
      std::free(pointer);
      ++releases;
      return;
    }
    ADD_FAILURE() << "release of unknown " << pointer;
  }
  size_t used() {
    std::lock_guard lock(mutex_);
    return used_;
  }
  int allocations = 0;
  int releases = 0;

 private:
  std::mutex mutex_;
  size_t budget_;
  size_t used_ = 0;
  std::vector<std::pair<void*, size_t>> sizes_;
};

// hipFree's path: registry lookup of the base, then the pool.
// `streamOrdered`: hipFreeAsync's release, which keeps large blocks.
hipError_t freeBlock(PointerRegistry& registry, DeviceMemoryPool& pool, void* p,
                     bool streamOrdered = false) {
  Allocation allocation;
  Chunk* chunk = nullptr;
  uint32_t block = 0;
  if (!registry.findBase(p, allocation, chunk, block)) return hipErrorInvalidValue;
  return pool.release(allocation, chunk, block, streamOrdered).code;
}

}  // namespace

TEST(MemoryPool, SizeClassesCoverEverySizeWithMultiplesOf256) {
  size_t previous = 0;
  for (int c = 0; c < DeviceMemoryPool::kClassCount; ++c) {
    size_t bytes = DeviceMemoryPool::classBytes(c);
    EXPECT_GT(bytes, previous) << c;
    EXPECT_EQ(bytes % DeviceMemoryPool::kAlignment, 0u) << c;
    EXPECT_EQ(DeviceMemoryPool::chunkBytes(c) % bytes, 0u) << c;
    previous = bytes;
  }
  EXPECT_EQ(DeviceMemoryPool::classBytes(DeviceMemoryPool::kClassCount - 1),
            DeviceMemoryPool::kMaxPooledBytes);
  // Every size maps to the smallest class that holds it (checked against a linear search).
  for (size_t bytes = 1; bytes <= DeviceMemoryPool::kMaxPooledBytes;
       bytes += (bytes < 4096 ? 1 : 97)) {
    int expected = 0;
    while (DeviceMemoryPool::classBytes(expected) < bytes) ++expected;
    ASSERT_EQ(DeviceMemoryPool::sizeClass(bytes), expected) << bytes;
  }
  EXPECT_EQ(DeviceMemoryPool::sizeClass(DeviceMemoryPool::kMaxPooledBytes),
            DeviceMemoryPool::kClassCount - 1);
}

TEST(MemoryPool, BlocksAreAlignedDistinctAndReusedWithoutTheSource) {
  BudgetSource source(size_t{64} << 20);
  PointerRegistry registry;
  DeviceMemoryPool pool(source, registry, 0);
  std::set<void*> seen;
  std::vector<void*> blocks;
  for (size_t bytes : {1, 255, 256, 257, 700, 4096, 5000, 65536, 100000, 1 << 20}) {
    for (int i = 0; i < 5; ++i) {
      void* p = nullptr;
      ASSERT_TRUE(pool.allocate(bytes, p).ok());
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 256, 0u) << bytes;
      EXPECT_TRUE(seen.insert(p).second) << "block handed out twice: " << p;
      Allocation a;
      ASSERT_TRUE(registry.find(p, a));
      EXPECT_EQ(a.base, p);
      EXPECT_EQ(a.bytes, bytes);
      EXPECT_EQ(a.kind, MemoryKind::Device);
      blocks.push_back(p);
    }
  }
  EXPECT_EQ(pool.liveBytes(),
            5u * (1 + 255 + 256 + 257 + 700 + 4096 + 5000 + 65536 + 100000 + (1 << 20)));
  int sourceCalls = source.allocations;
  for (void* p : blocks) EXPECT_EQ(freeBlock(registry, pool, p), hipSuccess);
  EXPECT_EQ(pool.liveBytes(), 0u);
  // Freed blocks come back without new chunks; the most recently freed block first.
  void* again = nullptr;
  ASSERT_TRUE(pool.allocate(1 << 20, again).ok());
  EXPECT_EQ(again, blocks.back());
  for (int i = 0; i < 4; ++i) {
    void* p = nullptr;
    ASSERT_TRUE(pool.allocate(300, p).ok());
    EXPECT_TRUE(seen.count(p)) << "a cached 512-byte block was expected";
  }
  EXPECT_EQ(source.allocations, sourceCalls);
}

TEST(MemoryPool, LargeSizesGoToTheSourceAndBack) {
  BudgetSource source(size_t{64} << 20);
  PointerRegistry registry;
  DeviceMemoryPool pool(source, registry, 3);
  void* p = nullptr;
  ASSERT_TRUE(pool.allocate((size_t{3} << 20) + 1, p).ok());
  EXPECT_EQ(source.allocations, 1);
  Allocation a;
  ASSERT_TRUE(registry.find(static_cast<char*>(p) + (size_t{3} << 20), a));
  EXPECT_EQ(a.base, p);
  EXPECT_EQ(a.device, 3);
  EXPECT_FALSE(registry.find(static_cast<char*>(p) + (size_t{3} << 20) + 1, a));
  EXPECT_EQ(freeBlock(registry, pool, p), hipSuccess);
  EXPECT_EQ(source.releases, 1);
  EXPECT_EQ(pool.reservedBytes(), 0u);
}

TEST(MemoryPool, LargeBlocksFreedInStreamOrderAreKeptForTheSameSizeUntilTrimmed) {
  BudgetSource source(size_t{64} << 20);
  PointerRegistry registry;
  DeviceMemoryPool pool(source, registry, 0);
  const size_t large = (size_t{5} << 20) + 100;  // rounds to 5 MiB + 256
  void* p = nullptr;
  ASSERT_TRUE(pool.allocate(large, p).ok());
  EXPECT_EQ(freeBlock(registry, pool, p, /*streamOrdered=*/true), hipSuccess);
  EXPECT_EQ(source.releases, 0);
  EXPECT_EQ(pool.reservedBytes(), (size_t{5} << 20) + 256);
  EXPECT_EQ(pool.liveBytes(), 0u);
  Allocation a;
  EXPECT_FALSE(registry.find(p, a)) << "a kept block is no allocation";
  EXPECT_EQ(freeBlock(registry, pool, p, true), hipErrorInvalidValue);  // double free

  void* same = nullptr;  // another request rounding to the same bytes
  ASSERT_TRUE(pool.allocate((size_t{5} << 20) + 200, same).ok());
  EXPECT_EQ(same, p);
  EXPECT_EQ(source.allocations, 1);
  ASSERT_TRUE(registry.find(same, a));
  EXPECT_EQ(a.bytes, (size_t{5} << 20) + 200);
  void* bigger = nullptr;  // no other size takes it
  ASSERT_TRUE(pool.allocate((size_t{5} << 20) + 512, bigger).ok());
  EXPECT_EQ(source.allocations, 2);
  EXPECT_EQ(freeBlock(registry, pool, same, true), hipSuccess);
  EXPECT_EQ(freeBlock(registry, pool, bigger, true), hipSuccess);
  EXPECT_EQ(pool.liveBytes(), 0u);
  pool.trimReservedTo((size_t{5} << 20) + 512);  // the older block goes, the other stays
  EXPECT_EQ(source.releases, 1);
  EXPECT_EQ(pool.reservedBytes(), (size_t{5} << 20) + 512);
  pool.trim(0);
  EXPECT_EQ(source.releases, 2);
  EXPECT_EQ(pool.reservedBytes(), 0u);
  EXPECT_EQ(source.used(), 0u);
  // A kept block is given back when the source runs dry.
  ASSERT_TRUE(pool.allocate(size_t{40} << 20, p).ok());
  EXPECT_EQ(freeBlock(registry, pool, p, true), hipSuccess);
  ASSERT_TRUE(pool.allocate(size_t{30} << 20, p).ok()) << "the kept 40 MiB were not released";
  EXPECT_EQ(freeBlock(registry, pool, p), hipSuccess);  // hipFree: straight back
  EXPECT_EQ(pool.reservedBytes(), 0u);
}

TEST(MemoryPool, InteriorPointersFindTheirBlockButAreNotFreeable) {
  BudgetSource source(size_t{16} << 20);
  PointerRegistry registry;
  DeviceMemoryPool pool(source, registry, 0);
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_TRUE(pool.allocate(1000, a).ok());  // 1 KiB class
  ASSERT_TRUE(pool.allocate(1000, b).ok());
  Allocation found;
  ASSERT_TRUE(registry.find(static_cast<char*>(a) + 999, found));
  EXPECT_EQ(found.base, a);
  EXPECT_EQ(found.bytes, 1000u);
  // Past the requested size, inside the block: no allocation.
  EXPECT_FALSE(registry.find(static_cast<char*>(a) + 1000, found));
  EXPECT_EQ(freeBlock(registry, pool, static_cast<char*>(a) + 256), hipErrorInvalidValue);
  EXPECT_EQ(freeBlock(registry, pool, a), hipSuccess);
  EXPECT_EQ(freeBlock(registry, pool, a), hipErrorInvalidValue);  // double free
  EXPECT_FALSE(registry.find(a, found));
  ASSERT_TRUE(registry.find(b, found));
  int local = 0;
  EXPECT_EQ(freeBlock(registry, pool, &local), hipErrorInvalidValue);  // never allocated
  EXPECT_EQ(freeBlock(registry, pool, b), hipSuccess);
}

TEST(MemoryPool, ExhaustionReleasesTheCacheAndRetries) {
  BudgetSource source(size_t{8} << 20);
  PointerRegistry registry;
  DeviceMemoryPool pool(source, registry, 0);
  // Fill the budget with 256-byte blocks (four 2 MiB chunks), then free them all: cached.
  std::vector<void*> small;
  for (;;) {
    void* p = nullptr;
    hipcore::core::Status s = pool.allocate(256, p);
    if (!s.ok()) {
      EXPECT_EQ(s.code, hipErrorOutOfMemory);
      break;
    }
    small.push_back(p);
  }
  EXPECT_EQ(small.size(), (size_t{8} << 20) / 256);
  for (void* p : small) ASSERT_EQ(freeBlock(registry, pool, p), hipSuccess);
  EXPECT_EQ(pool.reservedBytes(), size_t{8} << 20);  // all cached
  // A large allocation needs the cache back: the pool trims and retries.
  void* big = nullptr;
  ASSERT_TRUE(pool.allocate(size_t{6} << 20, big).ok());
  EXPECT_LE(source.used(), size_t{8} << 20);
  // The 64 KiB class also gets its chunk after the 256-byte class's chunks are released.
  ASSERT_EQ(freeBlock(registry, pool, big), hipSuccess);
  void* medium = nullptr;
  ASSERT_TRUE(pool.allocate(65536, medium).ok());
  ASSERT_EQ(freeBlock(registry, pool, medium), hipSuccess);
  pool.trim(0);
  EXPECT_EQ(pool.reservedBytes(), 0u);
  EXPECT_EQ(source.used(), 0u);
}

TEST(MemoryPool, ConcurrentAllocateAndFreeKeepBlocksExclusive) {
  BudgetSource source(size_t{256} << 20);
  PointerRegistry registry;
  DeviceMemoryPool pool(source, registry, 0);
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      std::vector<std::pair<uint64_t*, size_t>> mine;
      for (int i = 0; i < 2000; ++i) {
        size_t bytes = 8 * (1 + (i * 7 + t * 13) % 700);
        void* p = nullptr;
        if (!pool.allocate(bytes, p).ok()) {
          ++failures;
          return;
        }
        auto* words = static_cast<uint64_t*>(p);
        for (size_t w = 0; w < bytes / 8; ++w) words[w] = (uint64_t(t) << 32) | i;
        mine.push_back({words, bytes});
        if (i % 3 == 2) {
          // Free the oldest after checking nobody else wrote into it.
          auto [old, oldBytes] = mine.front();
          uint64_t tag = old[0];
          for (size_t w = 0; w < oldBytes / 8; ++w)
            if (old[w] != tag || (tag >> 32) != uint64_t(t)) ++failures;
          if (freeBlock(registry, pool, old) != hipSuccess) ++failures;
          mine.erase(mine.begin());
        }
      }
      for (auto [p, bytes] : mine)
        if (freeBlock(registry, pool, p) != hipSuccess) ++failures;
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(pool.liveBytes(), 0u);
}

TEST(PointerRegistry, WholeAllocationsByRange) {
  PointerRegistry registry;
  alignas(64) static char memory[1024];
  Allocation host;
  host.base = memory + 64;
  host.bytes = 100;
  host.kind = MemoryKind::Registered;
  host.flags = 2;
  host.devicePointer = reinterpret_cast<void*>(0x1000);
  registry.add(host);
  Allocation a;
  EXPECT_FALSE(registry.find(memory + 63, a));
  ASSERT_TRUE(registry.find(memory + 163, a));
  EXPECT_EQ(a.base, memory + 64);
  EXPECT_EQ(a.flags, 2u);
  EXPECT_FALSE(registry.find(memory + 164, a));
  Chunk* chunk = nullptr;
  uint32_t block = 0;
  EXPECT_FALSE(registry.findBase(memory + 65, a, chunk, block));
  EXPECT_TRUE(registry.findBase(memory + 64, a, chunk, block));
  EXPECT_EQ(chunk, nullptr);
  EXPECT_FALSE(registry.remove(memory + 65));
  EXPECT_TRUE(registry.remove(memory + 64));
  EXPECT_FALSE(registry.remove(memory + 64));
  EXPECT_FALSE(registry.find(memory + 64, a));
}
