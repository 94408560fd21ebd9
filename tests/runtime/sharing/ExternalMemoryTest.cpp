// External memory and semaphores imported by opaque file descriptor: kernels write through the
// mapped buffers into memory the test sees through its own mapping of the same descriptor;
// semaphore waits hold a stream's kernels until a signal.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "SharingKernels.h"

namespace {

// A memfd of `bytes`, as another API would export one.
int memoryDescriptor(size_t bytes) {
  int fd = memfd_create("external", MFD_CLOEXEC);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(ftruncate(fd, off_t(bytes)), 0);
  return fd;
}

hipExternalMemoryHandleDesc opaqueFd(int fd, size_t bytes) {
  hipExternalMemoryHandleDesc desc{};
  desc.type = hipExternalMemoryHandleTypeOpaqueFd;
  desc.handle.fd = fd;
  desc.size = bytes;
  return desc;
}

std::vector<uint32_t> pattern(uint32_t tag, size_t count) {
  std::vector<uint32_t> words(count);
  for (size_t i = 0; i < count; ++i) words[i] = patternWord(tag, i);
  return words;
}

std::vector<uint32_t> copyOut(const uint32_t* words, size_t count) {
  std::vector<uint32_t> host(count);
  EXPECT_EQ(hipMemcpy(host.data(), words, count * 4, hipMemcpyDeviceToHost), hipSuccess);
  return host;
}

}  // namespace

TEST(ExternalMemory, MappedBuffersAreTheDescriptorsMemory) {
  const size_t bytes = size_t{1} << 20;
  int fd = memoryDescriptor(bytes);
  int mine = dup(fd);  // the import owns fd
  auto* host =
      static_cast<uint32_t*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, mine, 0));
  ASSERT_NE(host, MAP_FAILED);
  hipExternalMemory_t memory = nullptr;
  hipExternalMemoryHandleDesc desc = opaqueFd(fd, bytes);
  ASSERT_EQ(hipImportExternalMemory(&memory, &desc), hipSuccess);

  hipExternalMemoryBufferDesc part{};
  part.offset = 64 << 10;
  part.size = 128 << 10;
  void* buffer = nullptr;
  ASSERT_EQ(hipExternalMemoryGetMappedBuffer(&buffer, memory, &part), hipSuccess);
  const size_t count = part.size / 4;
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(buffer), count, 91, nullptr), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  // Exactly there in the descriptor's memory, and nothing before it.
  EXPECT_EQ(std::vector<uint32_t>(host + part.offset / 4, host + part.offset / 4 + count),
            pattern(91, count));
  EXPECT_EQ(host[part.offset / 4 - 1], 0u);
  EXPECT_EQ(host[(part.offset + part.size) / 4], 0u);

  // A second buffer over the whole memory sees what the host writes.
  hipExternalMemoryBufferDesc whole{};
  whole.size = bytes;
  void* all = nullptr;
  ASSERT_EQ(hipExternalMemoryGetMappedBuffer(&all, memory, &whole), hipSuccess);
  for (size_t i = 0; i < 256; ++i) host[i] = patternWord(92, i);
  uint32_t* out = nullptr;
  ASSERT_EQ(hipMalloc(&out, 256 * 4), hipSuccess);
  ASSERT_EQ(launchAddWords(out, static_cast<uint32_t*>(all), 256, 0, nullptr), hipSuccess);
  EXPECT_EQ(copyOut(out, 256), pattern(92, 256));
  ASSERT_EQ(hipFree(out), hipSuccess);

  hipPointerAttribute_t attributes{};
  ASSERT_EQ(hipPointerGetAttributes(&attributes, buffer), hipSuccess);
  EXPECT_EQ(attributes.type, hipMemoryTypeDevice);
  // Buffers are freed with hipFree, as in CUDA; the memory stays until it is destroyed.
  EXPECT_EQ(hipFree(buffer), hipSuccess);
  EXPECT_EQ(hipFree(all), hipSuccess);
  ASSERT_EQ(hipDestroyExternalMemory(memory), hipSuccess);
  EXPECT_EQ(host[part.offset / 4], patternWord(91, 0));
  munmap(host, bytes);
  close(mine);
}

TEST(ExternalMemory, VirtualMemoryDescriptorImportsAsExternalMemory) {
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  prop.location.type = hipMemLocationTypeDevice;
  size_t bytes = 0;
  ASSERT_EQ(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum),
            hipSuccess);
  hipMemGenericAllocationHandle_t physical{};
  ASSERT_EQ(hipMemCreate(&physical, bytes, &prop, 0), hipSuccess);
  int fd = -1;
  ASSERT_EQ(hipMemExportToShareableHandle(&fd, physical, hipMemHandleTypePosixFileDescriptor, 0),
            hipSuccess);
  hipExternalMemory_t memory = nullptr;
  hipExternalMemoryHandleDesc desc = opaqueFd(fd, bytes);
  ASSERT_EQ(hipImportExternalMemory(&memory, &desc), hipSuccess);
  hipExternalMemoryBufferDesc whole{};
  whole.size = bytes;
  void* buffer = nullptr;
  ASSERT_EQ(hipExternalMemoryGetMappedBuffer(&buffer, memory, &whole), hipSuccess);
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(buffer), bytes / 4, 93, nullptr), hipSuccess);
  void* va = nullptr;
  ASSERT_EQ(hipMemAddressReserve(&va, bytes, 0, nullptr, 0), hipSuccess);
  ASSERT_EQ(hipMemMap(va, bytes, 0, physical, 0), hipSuccess);
  hipMemAccessDesc access{};
  access.location = prop.location;
  access.flags = hipMemAccessFlagsProtReadWrite;
  ASSERT_EQ(hipMemSetAccess(va, bytes, &access, 1), hipSuccess);
  EXPECT_EQ(copyOut(static_cast<uint32_t*>(va), bytes / 4), pattern(93, bytes / 4));
  ASSERT_EQ(hipMemUnmap(va, bytes), hipSuccess);
  ASSERT_EQ(hipMemAddressFree(va, bytes), hipSuccess);
  ASSERT_EQ(hipDestroyExternalMemory(memory), hipSuccess);
  ASSERT_EQ(hipMemRelease(physical), hipSuccess);
}

namespace {

// A semaphore's descriptor: a memfd whose first 8 bytes are the payload, imported twice (the
// signalling and the waiting side, as two APIs would), plus the test's own view of the payload.
struct SemaphorePair {
  explicit SemaphorePair(hipExternalSemaphoreHandleType type) {
    int fd = memoryDescriptor(4096);
    payload =
        static_cast<uint64_t*>(mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
    hipExternalSemaphoreHandleDesc desc{};
    desc.type = type;
    desc.handle.fd = dup(fd);
    EXPECT_EQ(hipImportExternalSemaphore(&signaller, &desc), hipSuccess);
    desc.handle.fd = fd;
    EXPECT_EQ(hipImportExternalSemaphore(&waiter, &desc), hipSuccess);
  }
  ~SemaphorePair() {
    EXPECT_EQ(hipDestroyExternalSemaphore(signaller), hipSuccess);
    EXPECT_EQ(hipDestroyExternalSemaphore(waiter), hipSuccess);
    munmap(payload, 4096);
  }
  uint64_t load() const { return std::atomic_ref<uint64_t>(*payload).load(); }
  hipExternalSemaphore_t signaller = nullptr;
  hipExternalSemaphore_t waiter = nullptr;
  uint64_t* payload = nullptr;
};

}  // namespace

TEST(ExternalSemaphore, TimelineWaitHoldsTheStreamUntilTheValueIsSignalled) {
  SemaphorePair semaphore(hipExternalSemaphoreHandleTypeTimelineSemaphoreFd);
  const size_t count = 512;
  uint32_t* words = nullptr;
  ASSERT_EQ(hipMalloc(&words, count * 4), hipSuccess);
  ASSERT_EQ(hipMemset(words, 0, count * 4), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  hipStream_t waiting = nullptr, signalling = nullptr;
  // Non-blocking: the copies below (legacy null stream) must not wait for the held stream.
  ASSERT_EQ(hipStreamCreateWithFlags(&waiting, hipStreamNonBlocking), hipSuccess);
  ASSERT_EQ(hipStreamCreateWithFlags(&signalling, hipStreamNonBlocking), hipSuccess);

  hipExternalSemaphoreWaitParams wait{};
  wait.params.fence.value = 5;
  ASSERT_EQ(hipWaitExternalSemaphoresAsync(&semaphore.waiter, &wait, 1, waiting), hipSuccess);
  ASSERT_EQ(launchWritePattern(words, count, 95, waiting), hipSuccess);
  // Signalled below the awaited value: the kernel stays held.
  hipExternalSemaphoreSignalParams signal{};
  signal.params.fence.value = 4;
  ASSERT_EQ(hipSignalExternalSemaphoresAsync(&semaphore.signaller, &signal, 1, signalling),
            hipSuccess);
  ASSERT_EQ(hipStreamSynchronize(signalling), hipSuccess);
  EXPECT_EQ(semaphore.load(), 4u);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(hipStreamQuery(waiting), hipErrorNotReady);
  EXPECT_EQ(copyOut(words, count), std::vector<uint32_t>(count, 0));
  signal.params.fence.value = 5;
  ASSERT_EQ(hipSignalExternalSemaphoresAsync(&semaphore.signaller, &signal, 1, signalling),
            hipSuccess);
  ASSERT_EQ(hipStreamSynchronize(waiting), hipSuccess);
  EXPECT_EQ(semaphore.load(), 5u);
  EXPECT_EQ(copyOut(words, count), pattern(95, count));
  ASSERT_EQ(hipStreamDestroy(waiting), hipSuccess);
  ASSERT_EQ(hipStreamDestroy(signalling), hipSuccess);
  ASSERT_EQ(hipFree(words), hipSuccess);
}

TEST(ExternalSemaphore, BinaryWaitConsumesTheSignal) {
  SemaphorePair semaphore(hipExternalSemaphoreHandleTypeOpaqueFd);
  hipStream_t stream = nullptr;
  ASSERT_EQ(hipStreamCreate(&stream), hipSuccess);
  hipExternalSemaphoreSignalParams signal{};
  ASSERT_EQ(hipSignalExternalSemaphoresAsync(&semaphore.signaller, &signal, 1, stream), hipSuccess);
  ASSERT_EQ(hipStreamSynchronize(stream), hipSuccess);
  EXPECT_EQ(semaphore.load(), 1u);
  hipExternalSemaphoreWaitParams wait{};
  ASSERT_EQ(hipWaitExternalSemaphoresAsync(&semaphore.waiter, &wait, 1, stream), hipSuccess);
  ASSERT_EQ(hipStreamSynchronize(stream), hipSuccess);
  EXPECT_EQ(semaphore.load(), 0u);
  ASSERT_EQ(hipStreamDestroy(stream), hipSuccess);
}

TEST(ExternalMisuse, MemoryAndSemaphores) {
  hipExternalMemory_t memory = nullptr;
  int fd = memoryDescriptor(4096);
  hipExternalMemoryHandleDesc desc = opaqueFd(fd, 4096);
  EXPECT_EQ(hipImportExternalMemory(nullptr, &desc), hipErrorInvalidValue);
  EXPECT_EQ(hipImportExternalMemory(&memory, nullptr), hipErrorInvalidValue);
  hipExternalMemoryHandleDesc bad = desc;
  bad.size = 8192;  // more than the descriptor holds
  EXPECT_EQ(hipImportExternalMemory(&memory, &bad), hipErrorInvalidValue);
  bad = desc;
  bad.size = 0;
  EXPECT_EQ(hipImportExternalMemory(&memory, &bad), hipErrorInvalidValue);
  bad = desc;
  bad.handle.fd = -1;
  EXPECT_EQ(hipImportExternalMemory(&memory, &bad), hipErrorInvalidValue);
  bad = desc;
  bad.flags = 2;
  EXPECT_EQ(hipImportExternalMemory(&memory, &bad), hipErrorInvalidValue);
  bad = desc;
  bad.type = hipExternalMemoryHandleTypeD3D12Resource;
  EXPECT_EQ(hipImportExternalMemory(&memory, &bad), hipErrorNotSupported);
  bad.type = hipExternalMemoryHandleTypeOpaqueWin32;
  EXPECT_EQ(hipImportExternalMemory(&memory, &bad), hipErrorNotSupported);
  bad.type = static_cast<hipExternalMemoryHandleType>(42);
  EXPECT_EQ(hipImportExternalMemory(&memory, &bad), hipErrorInvalidValue);
  ASSERT_EQ(hipImportExternalMemory(&memory, &desc), hipSuccess);

  void* buffer = nullptr;
  hipExternalMemoryBufferDesc part{};
  part.size = 4096;
  EXPECT_EQ(hipExternalMemoryGetMappedBuffer(nullptr, memory, &part), hipErrorInvalidValue);
  EXPECT_EQ(hipExternalMemoryGetMappedBuffer(&buffer, memory, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipExternalMemoryGetMappedBuffer(&buffer, nullptr, &part), hipErrorInvalidValue);
  part.offset = 1;
  EXPECT_EQ(hipExternalMemoryGetMappedBuffer(&buffer, memory, &part), hipErrorInvalidValue);
  part.offset = 0;
  part.size = 0;
  EXPECT_EQ(hipExternalMemoryGetMappedBuffer(&buffer, memory, &part), hipErrorInvalidValue);
  part.size = 4096;
  part.flags = 1;
  EXPECT_EQ(hipExternalMemoryGetMappedBuffer(&buffer, memory, &part), hipErrorInvalidValue);
  ASSERT_EQ(hipDestroyExternalMemory(memory), hipSuccess);
  EXPECT_EQ(hipDestroyExternalMemory(memory), hipErrorInvalidValue);
  EXPECT_EQ(hipDestroyExternalMemory(nullptr), hipErrorInvalidValue);

  hipExternalSemaphore_t semaphore = nullptr;
  hipExternalSemaphoreHandleDesc semDesc{};
  semDesc.type = hipExternalSemaphoreHandleTypeOpaqueFd;
  semDesc.handle.fd = -1;
  EXPECT_EQ(hipImportExternalSemaphore(nullptr, &semDesc), hipErrorInvalidValue);
  EXPECT_EQ(hipImportExternalSemaphore(&semaphore, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipImportExternalSemaphore(&semaphore, &semDesc), hipErrorInvalidValue);
  semDesc.type = hipExternalSemaphoreHandleTypeD3D12Fence;
  EXPECT_EQ(hipImportExternalSemaphore(&semaphore, &semDesc), hipErrorNotSupported);
  semDesc.type = hipExternalSemaphoreHandleTypeKeyedMutex;
  EXPECT_EQ(hipImportExternalSemaphore(&semaphore, &semDesc), hipErrorNotSupported);
  hipExternalSemaphoreSignalParams signal{};
  hipExternalSemaphoreWaitParams wait{};
  hipExternalSemaphore_t stale = &signal;  // not a semaphore
  EXPECT_EQ(hipSignalExternalSemaphoresAsync(nullptr, &signal, 1, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipSignalExternalSemaphoresAsync(&stale, nullptr, 1, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipSignalExternalSemaphoresAsync(&stale, &signal, 0, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipSignalExternalSemaphoresAsync(&stale, &signal, 1, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipWaitExternalSemaphoresAsync(nullptr, &wait, 1, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipWaitExternalSemaphoresAsync(&stale, &wait, 1, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipDestroyExternalSemaphore(stale), hipErrorInvalidValue);
  EXPECT_EQ(hipDestroyExternalSemaphore(nullptr), hipErrorInvalidValue);
}

TEST(ExternalMisuse, InterprocessEvents) {
  hipEvent_t plain = nullptr, shared = nullptr;
  ASSERT_EQ(hipEventCreateWithFlags(&plain, hipEventDisableTiming), hipSuccess);
  ASSERT_EQ(hipEventCreateWithFlags(&shared, hipEventInterprocess | hipEventDisableTiming),
            hipSuccess);
  hipIpcEventHandle_t handle{};
  EXPECT_EQ(hipIpcGetEventHandle(nullptr, shared), hipErrorInvalidValue);
  EXPECT_EQ(hipIpcGetEventHandle(&handle, nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipIpcGetEventHandle(&handle, plain), hipErrorInvalidValue);
  ASSERT_EQ(hipIpcGetEventHandle(&handle, shared), hipSuccess);
  hipEvent_t opened = nullptr;
  EXPECT_EQ(hipIpcOpenEventHandle(nullptr, handle), hipErrorInvalidValue);
  hipIpcEventHandle_t garbage{};
  std::memset(garbage.reserved, 0x5a, sizeof garbage.reserved);
  EXPECT_EQ(hipIpcOpenEventHandle(&opened, garbage), hipErrorInvalidValue);
  // An unrecorded interprocess event is complete. Its own process does not open its handle
  // (AMD's hipErrorInvalidContext; sharing_child opens it in another process).
  EXPECT_EQ(hipEventQuery(shared), hipSuccess);
  EXPECT_EQ(hipIpcOpenEventHandle(&opened, handle), hipErrorInvalidContext);
  EXPECT_EQ(opened, nullptr);
  ASSERT_EQ(hipEventRecord(shared, nullptr), hipSuccess);
  ASSERT_EQ(hipEventSynchronize(shared), hipSuccess);
  ASSERT_EQ(hipEventDestroy(shared), hipSuccess);
  ASSERT_EQ(hipEventDestroy(plain), hipSuccess);
}
