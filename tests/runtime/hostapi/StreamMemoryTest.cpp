// Stream memory operations (runtime/src/api/StreamMemoryApi.cpp): a wait holds the stream's
// later work until memory meets its condition, whoever writes it (the host, another stream); a
// write lands after the stream's earlier work. Each wait is shown to block first (the work after
// it has not run) and to release once the value is written.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// A stream whose work after a wait is a copy of `kMarker` into `done`: done still reads 0 while
// the wait holds, kMarker once it released.
constexpr int kMarker = 0x5eed;

struct Fixture {
  hipStream_t stream = nullptr;
  uint64_t* flag = nullptr;  // pinned host memory the host writes and the GPU waits on
  int* marker = nullptr;     // device copy source, holds kMarker
  int* done = nullptr;       // pinned: the host reads it without a copy
  Fixture() {
    EXPECT_EQ(hipStreamCreate(&stream), hipSuccess);
    EXPECT_EQ(hipHostMalloc(&flag, sizeof(uint64_t)), hipSuccess);
    EXPECT_EQ(hipMalloc(&marker, sizeof(int)), hipSuccess);
    EXPECT_EQ(hipHostMalloc(&done, sizeof(int)), hipSuccess);
    EXPECT_EQ(hipMemcpy(marker, &kMarker, sizeof(int), hipMemcpyHostToDevice), hipSuccess);
    *flag = 0;
    *done = 0;
  }
  ~Fixture() {
    hipStreamSynchronize(stream);
    hipStreamDestroy(stream);
    hipHostFree(flag);
    hipFree(marker);
    hipHostFree(done);
  }
  void storeFlag(uint64_t value) {
    std::atomic_ref<uint64_t>(*flag).store(value, std::memory_order_release);
  }
  int doneValue() { return std::atomic_ref<int>(*done).load(std::memory_order_acquire); }
  // True when the work queued after the wait has not run after a while.
  bool stillWaiting() {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    return hipStreamQuery(stream) == hipErrorNotReady && doneValue() == 0;
  }
};

// Queues wait(flag) then the marker copy; the flag starts at `blocking` (the wait must hold),
// then becomes `releasing` (it must let the copy run).
void expectWaitHoldsThenReleases(unsigned flags, uint64_t value, uint64_t mask, uint64_t blocking,
                                 uint64_t releasing, bool wide) {
  Fixture f;
  f.storeFlag(blocking);
  if (wide)
    ASSERT_HIP(hipStreamWaitValue64(f.stream, f.flag, value, flags, mask));
  else
    ASSERT_HIP(hipStreamWaitValue32(f.stream, f.flag, static_cast<uint32_t>(value), flags,
                                    static_cast<uint32_t>(mask)));
  ASSERT_HIP(launchCopyInt(f.done, f.marker, f.stream));
  EXPECT_TRUE(f.stillWaiting()) << "flags " << flags << " blocking value " << blocking;
  f.storeFlag(releasing);
  ASSERT_HIP(hipStreamSynchronize(f.stream));
  EXPECT_EQ(f.doneValue(), kMarker);
}

TEST(StreamMemory, WaitGreaterOrEqual) {
  expectWaitHoldsThenReleases(hipStreamWaitValueGte, 5, UINT32_MAX, 4, 5, false);
  expectWaitHoldsThenReleases(hipStreamWaitValueGte, 1ull << 40, UINT64_MAX, (1ull << 40) - 1,
                              (1ull << 40) + 3, true);
}

TEST(StreamMemory, WaitEqualUnderMask) {
  // Only the low byte counts: 0x1207 & 0xff == 7.
  expectWaitHoldsThenReleases(hipStreamWaitValueEq, 7, 0xff, 0x1206, 0x1207, false);
  expectWaitHoldsThenReleases(hipStreamWaitValueEq, 0xabcdef0123ull, UINT64_MAX, 0xabcdef0122ull,
                              0xabcdef0123ull, true);
}

TEST(StreamMemory, WaitAndNeedsACommonBit) {
  expectWaitHoldsThenReleases(hipStreamWaitValueAnd, 0x30, UINT32_MAX, 0x0f, 0x10, false);
  // The mask hides bit 4 of the value: only bit 5 can release the wait.
  expectWaitHoldsThenReleases(hipStreamWaitValueAnd, 0x30, 0x20, 0x1f, 0x2f, true);
}

TEST(StreamMemory, WaitNorNeedsABitClearInBoth) {
  // value 0xfe: only bit 0 is clear in it, so the wait ends once bit 0 of the flag is clear.
  expectWaitHoldsThenReleases(hipStreamWaitValueNor, 0xfe, 0xff, 0x01, 0x02, false);
  expectWaitHoldsThenReleases(hipStreamWaitValueNor, ~1ull, UINT64_MAX, UINT64_MAX, ~1ull, true);
}

// The legacy null stream is ordered after every blocking stream, so querying it answers for them
// too (CUDA, clr); a non-blocking stream's work is its own.
TEST(StreamMemory, NullStreamQueryCountsBlockingStreamsOnly) {
  Fixture f;  // a blocking stream
  // Polls until `stream` reports ready (a query may need a barrier's round trip to tell).
  auto becomesReady = [](hipStream_t stream) {
    for (int i = 0; i < 2000; ++i) {
      if (hipStreamQuery(stream) == hipSuccess) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  };
  hipStream_t independent = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&independent, hipStreamNonBlocking));
  ASSERT_HIP(hipStreamWaitValue32(independent, f.flag, 2, hipStreamWaitValueEq, UINT32_MAX));
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(hipStreamQuery(independent), hipErrorNotReady);
  EXPECT_TRUE(becomesReady(nullptr)) << "a non-blocking stream's wait counted";

  ASSERT_HIP(hipStreamWaitValue32(f.stream, f.flag, 1, hipStreamWaitValueEq, UINT32_MAX));
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(hipStreamQuery(nullptr), hipErrorNotReady) << "the blocking stream's wait missed";
  EXPECT_EQ(hipGetLastError(), hipSuccess);  // not ready is an answer, not an error
  f.storeFlag(1);
  ASSERT_HIP(hipStreamSynchronize(f.stream));
  EXPECT_TRUE(becomesReady(nullptr));
  EXPECT_EQ(hipStreamQuery(independent), hipErrorNotReady);
  f.storeFlag(2);
  ASSERT_HIP(hipStreamSynchronize(independent));
  ASSERT_HIP(hipStreamDestroy(independent));
}

// A 32-bit location in the upper half of an 8-byte word (the packet processor reads whole words).
TEST(StreamMemory, WaitOnTheUpperHalfOfAWord) {
  for (unsigned flags : {unsigned{hipStreamWaitValueEq}, unsigned{hipStreamWaitValueGte},
                         unsigned{hipStreamWaitValueAnd}}) {
    Fixture f;
    uint32_t* word = reinterpret_cast<uint32_t*>(f.flag) + 1;
    std::atomic_ref<uint32_t>(reinterpret_cast<uint32_t*>(f.flag)[0]).store(0xffffffffu);
    ASSERT_HIP(hipStreamWaitValue32(f.stream, word, 6, flags));
    ASSERT_HIP(launchCopyInt(f.done, f.marker, f.stream));
    EXPECT_TRUE(f.stillWaiting()) << "flags " << flags;
    std::atomic_ref<uint32_t>(*word).store(flags == hipStreamWaitValueAnd ? 2 : 6);
    ASSERT_HIP(hipStreamSynchronize(f.stream));
    EXPECT_EQ(f.doneValue(), kMarker);
  }
}

TEST(StreamMemory, WriteLandsAfterEarlierWorkAndReleasesAnotherStream) {
  hipStream_t writer = nullptr, waiter = nullptr;
  ASSERT_HIP(hipStreamCreate(&writer));
  ASSERT_HIP(hipStreamCreate(&waiter));
  int* slot = nullptr;
  uint32_t* flag = nullptr;
  uint64_t* wide = nullptr;
  int* copied = nullptr;
  ASSERT_HIP(hipMalloc(&slot, sizeof(int)));
  ASSERT_HIP(hipMalloc(&flag, sizeof(uint32_t)));
  ASSERT_HIP(hipMalloc(&wide, sizeof(uint64_t)));
  ASSERT_HIP(hipMalloc(&copied, sizeof(int)));
  ASSERT_HIP(hipMemset(flag, 0, sizeof(uint32_t)));
  ASSERT_HIP(hipMemset(copied, 0, sizeof(int)));

  // The waiter copies `slot` once the writer's flag says its slow store finished.
  ASSERT_HIP(hipStreamWaitValue32(waiter, flag, 1, hipStreamWaitValueEq));
  ASSERT_HIP(launchCopyInt(copied, slot, waiter));
  ASSERT_HIP(launchSlowStore(slot, 41, 20000, writer));
  ASSERT_HIP(hipStreamWriteValue32(writer, flag, 1, 0));
  ASSERT_HIP(hipStreamWriteValue64(writer, wide, 0x0123456789abcdefull, 0));
  ASSERT_HIP(hipStreamSynchronize(waiter));
  ASSERT_HIP(hipStreamSynchronize(writer));
  int result = 0;
  uint64_t wideResult = 0;
  ASSERT_HIP(hipMemcpy(&result, copied, sizeof(int), hipMemcpyDeviceToHost));
  ASSERT_HIP(hipMemcpy(&wideResult, wide, sizeof(uint64_t), hipMemcpyDeviceToHost));
  EXPECT_EQ(result, 41);  // the copy ran after the store the flag was written behind
  EXPECT_EQ(wideResult, 0x0123456789abcdefull);

  ASSERT_HIP(hipFree(slot));
  ASSERT_HIP(hipFree(flag));
  ASSERT_HIP(hipFree(wide));
  ASSERT_HIP(hipFree(copied));
  ASSERT_HIP(hipStreamDestroy(writer));
  ASSERT_HIP(hipStreamDestroy(waiter));
}

TEST(StreamMemory, BatchRunsItsOperationsInOrder) {
  Fixture f;
  uint64_t* out = nullptr;
  ASSERT_HIP(hipHostMalloc(&out, 2 * sizeof(uint64_t)));
  out[0] = out[1] = 0;
  hipStreamBatchMemOpParams ops[3] = {};
  ops[0].waitValue.operation = hipStreamMemOpWaitValue32;
  ops[0].waitValue.address = f.flag;
  ops[0].waitValue.value = 3;
  ops[0].waitValue.flags = hipStreamWaitValueEq;
  ops[1].writeValue.operation = hipStreamMemOpWriteValue64;
  ops[1].writeValue.address = &out[0];
  ops[1].writeValue.value64 = 0xfeedface00000001ull;
  ops[2].writeValue.operation = hipStreamMemOpWriteValue32;
  ops[2].writeValue.address = &out[1];
  ops[2].writeValue.value = 77;
  ASSERT_HIP(hipStreamBatchMemOp(f.stream, 3, ops, 0));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(hipStreamQuery(f.stream), hipErrorNotReady);
  EXPECT_EQ(std::atomic_ref<uint64_t>(out[0]).load(), 0u);
  f.storeFlag(3);
  ASSERT_HIP(hipStreamSynchronize(f.stream));
  EXPECT_EQ(out[0], 0xfeedface00000001ull);
  EXPECT_EQ(out[1], 77u);
  ASSERT_HIP(hipHostFree(out));
}

TEST(StreamMemory, MisuseGetsHipErrors) {
  uint64_t* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, 64));
  uint64_t pageable = 0;
  EXPECT_EQ(hipStreamWaitValue32(nullptr, nullptr, 1, hipStreamWaitValueEq), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamWaitValue32(nullptr, device, 1, 7), hipErrorInvalidValue);
  EXPECT_EQ(
      hipStreamWaitValue64(nullptr, reinterpret_cast<char*>(device) + 4, 1, hipStreamWaitValueEq),
      hipErrorInvalidValue);  // misaligned
  EXPECT_EQ(hipStreamWriteValue32(nullptr, &pageable, 1, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamWriteValue32(nullptr, device, 1, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamWriteValue64(nullptr, reinterpret_cast<char*>(device) + 60, 1, 0),
            hipErrorInvalidValue);  // past the allocation
  EXPECT_EQ(hipStreamWriteValue32(reinterpret_cast<hipStream_t>(0xFFFF), device, 1, 0),
            hipErrorInvalidHandle);
  hipStreamBatchMemOpParams op = {};
  op.writeValue.operation = hipStreamMemOpWriteValue32;
  op.writeValue.address = device;
  EXPECT_EQ(hipStreamBatchMemOp(nullptr, 0, &op, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamBatchMemOp(nullptr, 256, &op, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamBatchMemOp(nullptr, 1, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamBatchMemOp(nullptr, 1, &op, 1), hipErrorInvalidValue);
  op.operation = static_cast<hipStreamBatchMemOpType>(9);
  EXPECT_EQ(hipStreamBatchMemOp(nullptr, 1, &op, 0), hipErrorInvalidValue);
  ASSERT_HIP(hipDeviceSynchronize());
  ASSERT_HIP(hipFree(device));
  (void)hipGetLastError();
}

}  // namespace
