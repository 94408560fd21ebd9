// Shared pieces of the external-semaphore and batch memory-operation node tests: pinned result
// buffers the host reads while a graph may still run, semaphores over a memfd, operations.
#pragma once

#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>

#include "GraphKernels.h"

namespace syncnodes {

// `n` ints of pinned host memory, zeroed: kernels write them, the host reads them directly.
struct PinnedInts {
  explicit PinnedInts(int n) : n(n) {
    EXPECT_EQ(hipHostMalloc(&data, n * sizeof(int)), hipSuccess);
    for (int i = 0; i < n; ++i) data[i] = 0;
  }
  ~PinnedInts() { (void)hipHostFree(data); }
  bool all(int value) const {
    for (int i = 0; i < n; ++i)
      if (std::atomic_ref<int>(data[i]).load() != value) return false;
    return true;
  }
  int* data = nullptr;
  int n;
};

// Two imported semaphores (a signalling and a waiting handle) over one memfd payload, which the
// test maps too.
struct SemaphorePair {
  explicit SemaphorePair(hipExternalSemaphoreHandleType type) {
    int fd = memfd_create("semaphore", MFD_CLOEXEC);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(ftruncate(fd, 4096), 0);
    payload =
        static_cast<uint64_t*>(mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
    hipExternalSemaphoreHandleDesc desc{};
    desc.type = type;
    desc.handle.fd = dup(fd);
    EXPECT_EQ(hipImportExternalSemaphore(&signaller, &desc), hipSuccess);
    desc.handle.fd = fd;  // owned by the import from here
    EXPECT_EQ(hipImportExternalSemaphore(&waiter, &desc), hipSuccess);
  }
  ~SemaphorePair() {
    (void)hipDestroyExternalSemaphore(signaller);
    (void)hipDestroyExternalSemaphore(waiter);
    munmap(payload, 4096);
  }
  uint64_t load() const { return std::atomic_ref<uint64_t>(*payload).load(); }
  hipExternalSemaphore_t signaller = nullptr;
  hipExternalSemaphore_t waiter = nullptr;
  uint64_t* payload = nullptr;
};

inline hipStreamBatchMemOpParams waitOp(hipStreamBatchMemOpType type, void* address, uint64_t value,
                                        unsigned flags) {
  hipStreamBatchMemOpParams op{};
  op.waitValue.operation = type;
  op.waitValue.address = address;
  if (type == hipStreamMemOpWaitValue32)
    op.waitValue.value = static_cast<uint32_t>(value);
  else
    op.waitValue.value64 = value;
  op.waitValue.flags = flags;
  return op;
}

inline hipStreamBatchMemOpParams writeOp(hipStreamBatchMemOpType type, void* address,
                                         uint64_t value) {
  hipStreamBatchMemOpParams op{};
  op.writeValue.operation = type;
  op.writeValue.address = address;
  if (type == hipStreamMemOpWriteValue32)
    op.writeValue.value = static_cast<uint32_t>(value);
  else
    op.writeValue.value64 = value;
  return op;
}

// A kernel node data[i] += value for i < count, after `dependencies`.
inline void addKernelNode(hipGraphNode_t* out, hipGraph_t graph, const hipGraphNode_t* dependencies,
                          size_t count, int* data, int value, int n) {
  void* args[] = {&data, &value, &n};
  hipKernelNodeParams p{};
  p.func = const_cast<void*>(addToKernel());
  p.gridDim = dim3((n + 63) / 64);
  p.blockDim = dim3(64);
  p.kernelParams = args;
  ASSERT_EQ(hipGraphAddKernelNode(out, graph, dependencies, count, &p), hipSuccess);
}

}  // namespace syncnodes
