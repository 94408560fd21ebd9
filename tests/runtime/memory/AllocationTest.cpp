// hipMalloc/hipFree through the caching sub-allocator on a GPU (vgpu with VGPU_MEMORY_MB=512):
// alignment, reuse, concurrent use checked by kernels, exhaustion and recovery, pointer
// attributes of interior pointers, and the errors of bad frees.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <sys/mman.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "MemoryKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// A counter kernels add mismatches to: fine-grained host memory, read after a sync.
struct Mismatches {
  int* count = nullptr;
  Mismatches() {
    EXPECT_EQ(hipHostMalloc(reinterpret_cast<void**>(&count), sizeof(int), 0), hipSuccess);
    *count = 0;
  }
  ~Mismatches() { (void)hipHostFree(count); }
};

TEST(Allocation, EveryPointerIs256ByteAlignedAndUsable) {
  Mismatches bad;
  std::vector<std::pair<uint32_t*, size_t>> blocks;
  for (size_t bytes : {1, 4, 100, 256, 257, 768, 1000, 4096, 10000, 65536, 100000, 1 << 20,
                       (1 << 20) + 4, 5 << 20}) {
    void* p = nullptr;
    ASSERT_HIP(hipMalloc(&p, bytes));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 256, 0u) << bytes;
    blocks.push_back({static_cast<uint32_t*>(p), bytes / 4});
  }
  for (size_t i = 0; i < blocks.size(); ++i)
    ASSERT_HIP(launchFillWords(blocks[i].first, blocks[i].second, 1000u * i, nullptr));
  for (size_t i = 0; i < blocks.size(); ++i)
    ASSERT_HIP(launchCheckWords(blocks[i].first, blocks[i].second, 1000u * i, bad.count, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(*bad.count, 0);
  for (auto& b : blocks) ASSERT_HIP(hipFree(b.first));
}

TEST(Allocation, FreedSmallBlocksAreReusedWithoutNewDeviceMemory) {
  void* first = nullptr;
  ASSERT_HIP(hipMalloc(&first, 256));
  ASSERT_HIP(hipFree(first));
  void* second = nullptr;
  ASSERT_HIP(hipMalloc(&second, 200));  // same size class: the cached block
  EXPECT_EQ(second, first);
  ASSERT_HIP(hipFree(second));
  EXPECT_EQ(hipMalloc(nullptr, 16), hipErrorInvalidValue);
  void* none = reinterpret_cast<void*>(1);
  ASSERT_HIP(hipMalloc(&none, 0));
  EXPECT_EQ(none, nullptr);
}

// hipMemGetInfo gives whole cached chunks back first: after freeing everything it allocated, a
// program sees the memory it started with (as with CUDA, whose allocator caches nothing).
TEST(Allocation, MemGetInfoReturnsWholeCachedChunksToTheDevice) {
  size_t before = 0, during = 0, after = 0, total = 0;
  ASSERT_HIP(hipMemGetInfo(&before, &total));
  void *a = nullptr, *b = nullptr;
  ASSERT_HIP(hipMalloc(&a, 256));
  ASSERT_HIP(hipMalloc(&b, 256));
  ASSERT_HIP(hipMemGetInfo(&during, &total));
  EXPECT_EQ(before - during, size_t{2} << 20);  // the 256-byte class's chunk
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipMemGetInfo(&after, &total));
  EXPECT_EQ(after, during);  // b still lives in the chunk
  ASSERT_HIP(hipFree(b));
  ASSERT_HIP(hipMemGetInfo(&after, &total));
  EXPECT_EQ(after, before);
  // The default pool's release threshold keeps that much cached, as CUDA's pools do.
  hipMemPool_t pool = nullptr;
  ASSERT_HIP(hipDeviceGetDefaultMemPool(&pool, 0));
  uint64_t keep = uint64_t{4} << 20;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep));
  ASSERT_HIP(hipMalloc(&a, 256));
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipMemGetInfo(&after, &total));
  EXPECT_EQ(before - after, size_t{2} << 20);  // kept
  keep = 0;
  ASSERT_HIP(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep));
  ASSERT_HIP(hipMemGetInfo(&after, &total));
  EXPECT_EQ(after, before);
}

TEST(Allocation, DeviceResetReturnsTheCacheToTheDevice) {
  size_t before = 0, total = 0;
  ASSERT_HIP(hipMemGetInfo(&before, &total));
  void* p = nullptr;
  ASSERT_HIP(hipMalloc(&p, 256));
  ASSERT_HIP(hipFree(p));
  ASSERT_HIP(hipDeviceReset());
  size_t after = 0;
  ASSERT_HIP(hipMemGetInfo(&after, &total));
  EXPECT_EQ(after, before);
  // Live allocations survive a trim; the allocator still works.
  ASSERT_HIP(hipMalloc(&p, 256));
  ASSERT_HIP(hipFree(p));
}

TEST(Allocation, EightThreadsAllocateWriteCheckAndFree) {
  Mismatches bad;
  std::mutex liveMutex;
  std::map<uintptr_t, size_t> live;  // every block any thread holds: ranges must never overlap
  std::atomic<int> overlaps{0}, errors{0};
  auto worker = [&](int t) {
    hipStream_t stream = nullptr;
    if (hipStreamCreate(&stream) != hipSuccess) return (void)++errors;
    for (int round = 0; round < 6; ++round) {
      std::vector<std::pair<uint32_t*, size_t>> mine;
      for (int i = 0; i < 8; ++i) {
        size_t bytes = 4 * (1 + (t * 131 + round * 17 + i * 29) % 3000);
        void* p = nullptr;
        if (hipMalloc(&p, bytes) != hipSuccess) return (void)++errors;
        {
          std::lock_guard lock(liveMutex);
          auto a = reinterpret_cast<uintptr_t>(p);
          auto next = live.lower_bound(a);
          if (next != live.end() && next->first < a + bytes) ++overlaps;
          if (next != live.begin() && std::prev(next)->first + std::prev(next)->second > a)
            ++overlaps;
          live[a] = bytes;
        }
        mine.push_back({static_cast<uint32_t*>(p), bytes / 4});
      }
      uint32_t tag = (uint32_t(t) << 24) | (uint32_t(round) << 16);
      for (auto& [p, words] : mine)
        if (launchFillWords(p, words, tag, stream) != hipSuccess) ++errors;
      if (hipStreamSynchronize(stream) != hipSuccess) ++errors;
      std::this_thread::yield();  // let other threads' fills land (they would overwrite a shared
                                  // block)
      for (auto& [p, words] : mine)
        if (launchCheckWords(p, words, tag, bad.count, stream) != hipSuccess) ++errors;
      if (hipStreamSynchronize(stream) != hipSuccess) ++errors;
      for (auto& [p, words] : mine) {
        {
          std::lock_guard lock(liveMutex);
          live.erase(reinterpret_cast<uintptr_t>(p));
        }
        if (hipFree(p) != hipSuccess) ++errors;
      }
    }
    if (hipStreamDestroy(stream) != hipSuccess) ++errors;
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) threads.emplace_back(worker, t);
  for (auto& th : threads) th.join();
  EXPECT_EQ(errors.load(), 0) << hipcoreGetErrorDetail();
  EXPECT_EQ(overlaps.load(), 0);
  EXPECT_EQ(*bad.count, 0);
}

TEST(Allocation, ExhaustionReturnsOutOfMemoryAndRecoversAfterFree) {
  // Fill device memory with 64 KiB blocks, free them all (they stay cached), then ask for a
  // block larger than any cached one: the cache is released and the allocation retried.
  size_t free = 0, total = 0;
  ASSERT_HIP(hipMemGetInfo(&free, &total));
  ASSERT_LE(total, size_t{1} << 30) << "run with VGPU_MEMORY_MB=512 (the ctest sets it)";
  std::vector<void*> blocks;
  hipError_t last = hipSuccess;
  while (blocks.size() < 100000) {
    void* p = nullptr;
    last = hipMalloc(&p, 64 << 10);
    if (last != hipSuccess) break;
    blocks.push_back(p);
  }
  EXPECT_EQ(last, hipErrorOutOfMemory);
  EXPECT_GT(blocks.size(), 1000u);
  // While exhausted, large requests fail too, cleanly.
  void* big = nullptr;
  EXPECT_EQ(hipMalloc(&big, 64 << 20), hipErrorOutOfMemory);
  EXPECT_EQ(big, nullptr);
  EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);
  for (void* p : blocks) ASSERT_HIP(hipFree(p));
  ASSERT_HIP(hipMalloc(&big, total / 2));
  Mismatches bad;
  size_t words = 1 << 16;  // touch the start of it
  ASSERT_HIP(launchFillWords(static_cast<uint32_t*>(big), words, 7, nullptr));
  ASSERT_HIP(launchCheckWords(static_cast<uint32_t*>(big), words, 7, bad.count, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(*bad.count, 0);
  ASSERT_HIP(hipFree(big));
  void* small = nullptr;
  ASSERT_HIP(hipMalloc(&small, 64 << 10));
  ASSERT_HIP(hipFree(small));
}

// ROCR's refusal keeps its HSA status up to the HIP error and its detail (issue 25).
TEST(Allocation, HostAllocationTooLargeIsOutOfMemoryNamingTheHsaStatus) {
  void* huge = reinterpret_cast<void*>(1);
  EXPECT_EQ(hipHostMalloc(&huge, size_t{1} << 44, 0), hipErrorOutOfMemory);  // 16 TiB
  EXPECT_EQ(huge, nullptr);
  std::string detail = hipcoreGetErrorDetail();
  EXPECT_NE(detail.find("hsa_amd_memory_pool_allocate"), std::string::npos) << detail;
  EXPECT_NE(detail.find("HSA_STATUS_ERROR_"), std::string::npos) << detail;
  EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);
}

TEST(Allocation, InteriorPointersReportTheirAllocation) {
  char* block = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&block), 3000));
  hipPointerAttribute_t a{};
  ASSERT_HIP(hipPointerGetAttributes(&a, block + 2999));
  EXPECT_EQ(a.type, hipMemoryTypeDevice);
  EXPECT_EQ(a.device, 0);
  EXPECT_EQ(a.devicePointer, block + 2999);
  EXPECT_EQ(a.hostPointer, nullptr);
  hipDeviceptr_t base = nullptr;
  size_t size = 0;
  ASSERT_HIP(hipMemGetAddressRange(&base, &size, block + 1234));
  EXPECT_EQ(base, block);
  EXPECT_EQ(size, 3000u);
  ASSERT_HIP(hipMemPtrGetInfo(block + 10, &size));
  EXPECT_EQ(size, 3000u);
  // Past the requested size (inside the 3 KiB block): not part of the allocation.
  EXPECT_EQ(hipMemGetAddressRange(&base, &size, block + 3000), hipErrorNotFound);
  ASSERT_HIP(hipPointerGetAttributes(&a, block + 3000));
  EXPECT_EQ(a.type, hipMemoryTypeUnregistered);
  ASSERT_HIP(hipFree(block));
  // Freed: nothing there any more.
  ASSERT_HIP(hipPointerGetAttributes(&a, block));
  EXPECT_EQ(a.type, hipMemoryTypeUnregistered);
  EXPECT_EQ(hipMemPtrGetInfo(block, &size), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST(Allocation, BadFreesAreRefusedAndLeaveTheAllocatorUsable) {
  char* block = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&block), 512));
  EXPECT_EQ(hipFree(block + 256), hipErrorInvalidValue);  // interior
  EXPECT_EQ(hipHostFree(block), hipErrorInvalidValue);    // device memory
  int local = 0;
  EXPECT_EQ(hipFree(&local), hipErrorInvalidValue);  // never allocated
  ASSERT_HIP(hipFree(block));
  EXPECT_EQ(hipFree(block), hipErrorInvalidValue);  // double free
  char* large = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&large), 8 << 20));
  ASSERT_HIP(hipFree(large));
  EXPECT_EQ(hipFree(large), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(nullptr));
  // Host memory goes to hipHostFree only, once; managed memory to hipFree.
  void* pinned = nullptr;
  ASSERT_HIP(hipHostMalloc(&pinned, 100, 0));
  EXPECT_EQ(hipFree(pinned), hipErrorInvalidValue);
  ASSERT_HIP(hipHostFree(pinned));
  void* managed = nullptr;
  ASSERT_HIP(hipMallocManaged(&managed, 100, hipMemAttachGlobal));
  EXPECT_EQ(hipHostFree(managed), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(managed));
  EXPECT_EQ(hipHostFree(pinned), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(),
            hipErrorInvalidValue);  // clears it (the launchers report the last error)
  // The allocator still works and the blocks it hands out are usable.
  Mismatches bad;
  uint32_t* words = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&words), 512));
  ASSERT_HIP(launchFillWords(words, 128, 5, nullptr));
  ASSERT_HIP(launchCheckWords(words, 128, 5, bad.count, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  EXPECT_EQ(*bad.count, 0);
  ASSERT_HIP(hipFree(words));
  (void)hipGetLastError();
}

TEST(Allocation, RegisteredHostMemoryIsInTheRegistryUntilUnregistered) {
  std::vector<char> host(10000);
  ASSERT_HIP(hipHostRegister(host.data(), host.size(), hipHostRegisterMapped));
  hipPointerAttribute_t a{};
  ASSERT_HIP(hipPointerGetAttributes(&a, host.data() + 5000));
  EXPECT_EQ(a.type, hipMemoryTypeHost);
  EXPECT_EQ(a.hostPointer, host.data() + 5000);
  EXPECT_NE(a.devicePointer, nullptr);
  unsigned flags = 0;
  ASSERT_HIP(hipHostGetFlags(&flags, host.data()));
  EXPECT_EQ(flags, unsigned{hipHostRegisterMapped});
  EXPECT_EQ(hipHostRegister(host.data() + 100, 10, 0), hipErrorHostMemoryAlreadyRegistered);
  EXPECT_EQ(hipFree(host.data()), hipErrorInvalidValue);  // registered memory is not hipFree's
  ASSERT_HIP(hipHostUnregister(host.data()));
  EXPECT_EQ(hipHostUnregister(host.data()), hipErrorHostMemoryNotRegistered);
  ASSERT_HIP(hipPointerGetAttributes(&a, host.data()));
  EXPECT_EQ(a.type, hipMemoryTypeUnregistered);
  (void)hipGetLastError();
}

// CUDA's cudaHostRegisterReadOnly: pages the process may only read (here a PROT_READ mapping of
// a file's bytes) are registered for the device to read from.
TEST(Allocation, ReadOnlyPagesRegisterWithTheReadOnlyFlag) {
  constexpr size_t kBytes = 3 * 4096;
  FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  std::vector<unsigned char> bytes(kBytes);
  for (size_t i = 0; i < kBytes; ++i) bytes[i] = static_cast<unsigned char>(i * 13 + 5);
  ASSERT_EQ(std::fwrite(bytes.data(), 1, kBytes, file), kBytes);
  ASSERT_EQ(std::fflush(file), 0);
  void* pages = mmap(nullptr, kBytes, PROT_READ, MAP_SHARED, fileno(file), 0);
  ASSERT_NE(pages, MAP_FAILED);
  ASSERT_HIP(hipHostRegister(pages, kBytes, hipHostRegisterReadOnly));
  unsigned flags = 0;
  ASSERT_HIP(hipHostGetFlags(&flags, pages));
  EXPECT_EQ(flags, unsigned{hipHostRegisterReadOnly});
  void* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, kBytes));
  ASSERT_HIP(hipMemcpy(device, pages, kBytes, hipMemcpyHostToDevice));
  std::vector<unsigned char> back(kBytes, 0);
  ASSERT_HIP(hipMemcpy(back.data(), device, kBytes, hipMemcpyDeviceToHost));
  EXPECT_EQ(back, bytes);
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipHostUnregister(pages));
  EXPECT_EQ(hipHostRegister(pages, kBytes, 0x10), hipErrorInvalidValue);  // no such flag
  munmap(pages, kBytes);
  std::fclose(file);
  (void)hipGetLastError();
}

}  // namespace
