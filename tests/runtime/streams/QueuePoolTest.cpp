// Many streams on a bounded pool of AQL queues (runtime/src/core/QueuePool.h), run with
// HIPCORE_MAX_HW_QUEUES=4: each stream's work exact and in order, a stream's synchronisation
// independent of streams on other queues, events across queues and within one, and a number of
// hardware queues that stays bounded however many streams come and go.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <algorithm>
#include <set>
#include <vector>

#include "HostFlag.h"
#include "StreamKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kPoolLimit =
    4;  // HIPCORE_MAX_HW_QUEUES of these tests (tests/runtime/CMakeLists.txt)

int hardwareQueues() {
  int count = -1;
  EXPECT_EQ(hipcoreGetHardwareQueueCount(0, &count), hipSuccess) << hipcoreGetErrorDetail();
  return count;
}

unsigned long long packets(hipStream_t stream) {
  unsigned long long n = 0;
  EXPECT_EQ(hipcoreGetStreamPacketCount(stream, &n), hipSuccess) << hipcoreGetErrorDetail();
  return n;
}

TEST(QueuePool, SixtyFourStreamsShareFourQueuesAndEachRunsInOrder) {
  constexpr int kStreams = 64, kRounds = 8, kPerStream = 96;
  int* values = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&values), kStreams * kPerStream * sizeof(int)));
  ASSERT_HIP(hipMemset(values, 0, kStreams * kPerStream * sizeof(int)));
  std::vector<hipStream_t> streams(kStreams);
  for (hipStream_t& s : streams) ASSERT_HIP(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  EXPECT_EQ(hardwareQueues(), kPoolLimit);
  // Interleaved: consecutive packets of one hardware queue come from different streams.
  for (int round = 0; round < kRounds; ++round)
    for (int s = 0; s < kStreams; ++s)
      ASSERT_HIP(launchStep(values + s * kPerStream, kPerStream, s * 10 + round, streams[s]));
  std::vector<int> host(kPerStream);
  for (int s = kStreams - 1; s >= 0; --s) {
    ASSERT_HIP(hipStreamSynchronize(streams[s]));
    ASSERT_HIP(hipStreamQuery(streams[s]));
    ASSERT_HIP(hipMemcpyAsync(host.data(), values + s * kPerStream, kPerStream * sizeof(int),
                              hipMemcpyDeviceToHost, streams[s]));
    ASSERT_HIP(hipStreamSynchronize(streams[s]));
    int expected = 0;
    for (int round = 0; round < kRounds; ++round) expected = expected * 3 + s * 10 + round;
    for (int i = 0; i < kPerStream; ++i)
      ASSERT_EQ(host[i], expected) << "stream " << s << " element " << i;
  }
  for (hipStream_t s : streams) ASSERT_HIP(hipStreamDestroy(s));
  EXPECT_EQ(hardwareQueues(), kPoolLimit);
  ASSERT_HIP(hipFree(values));
}

TEST(QueuePool, AStreamOnAnotherQueueDoesNotWaitForAHeldOne) {
  constexpr int n = 128;
  Flag flag;
  hipStream_t held, free;
  ASSERT_HIP(hipStreamCreateWithFlags(&held, hipStreamNonBlocking));
  ASSERT_HIP(hipStreamCreateWithFlags(&free, hipStreamNonBlocking));
  int *a = nullptr, *b = nullptr, *host = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&a), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&b), n * sizeof(int)));
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&host), n * sizeof(int), 0));
  ASSERT_HIP(hipMemsetAsync(b, 0, n * sizeof(int), free));
  unsigned long long freeBefore = packets(free);
  ASSERT_HIP(launchWaitThenFill(flag.value, a, n, 42, held));
  EXPECT_EQ(packets(free), freeBefore) << "the two streams share a hardware queue";
  ASSERT_HIP(launchStep(b, n, 7, free));
  ASSERT_HIP(hipMemcpyAsync(host, b, n * sizeof(int), hipMemcpyDeviceToHost, free));
  ASSERT_HIP(hipStreamSynchronize(free));  // returns while `held` still waits for the flag
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 7);
  EXPECT_EQ(hipStreamQuery(held), hipErrorNotReady);
  flag.raise();
  ASSERT_HIP(hipMemcpyAsync(host, a, n * sizeof(int), hipMemcpyDeviceToHost, held));
  ASSERT_HIP(hipStreamSynchronize(held));
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 42);
  ASSERT_HIP(hipStreamDestroy(held));
  ASSERT_HIP(hipStreamDestroy(free));
  ASSERT_HIP(hipHostFree(host));
  ASSERT_HIP(hipFree(a));
  ASSERT_HIP(hipFree(b));
}

TEST(QueuePool, EventsOrderStreamsOnTheSameQueueAndOnOthers) {
  constexpr int n = 200;
  Flag flag;
  // Five streams on four queues: the fifth shares the first one's queue (the least used, oldest).
  hipStream_t s[5];
  for (hipStream_t& stream : s) ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  EXPECT_EQ(hardwareQueues(), kPoolLimit);
  int *x = nullptr, *y = nullptr, *host = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&x), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&y), n * sizeof(int)));
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&host), n * sizeof(int), 0));
  hipEvent_t filled, copied;
  ASSERT_HIP(hipEventCreate(&filled));
  ASSERT_HIP(hipEventCreate(&copied));
  unsigned long long sharedBefore = packets(s[4]);
  ASSERT_HIP(launchWaitThenFill(flag.value, x, n, 5, s[0]));
  EXPECT_EQ(packets(s[4]), sharedBefore + 1) << "s[4] should share s[0]'s hardware queue";
  ASSERT_HIP(hipEventRecord(filled, s[0]));
  // Same queue: s[4] waits for s[0]'s event, then copies.
  ASSERT_HIP(hipStreamWaitEvent(s[4], filled, 0));
  ASSERT_HIP(launchCopy(y, x, n, s[4]));
  ASSERT_HIP(hipEventRecord(copied, s[4]));
  // Another queue: s[1] waits for s[4]'s event, then steps.
  ASSERT_HIP(hipStreamWaitEvent(s[1], copied, 0));
  ASSERT_HIP(launchStep(y, n, 7, s[1]));
  ASSERT_HIP(hipMemcpyAsync(host, y, n * sizeof(int), hipMemcpyDeviceToHost, s[1]));
  EXPECT_EQ(hipStreamQuery(s[1]), hipErrorNotReady);
  EXPECT_EQ(hipEventQuery(copied), hipErrorNotReady);
  ASSERT_HIP(hipStreamSynchronize(s[2]));  // idle, on a queue of its own
  flag.raise();
  ASSERT_HIP(hipStreamSynchronize(s[1]));
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 5 * 3 + 7);
  ASSERT_HIP(hipEventQuery(copied));
  ASSERT_HIP(hipEventDestroy(filled));
  ASSERT_HIP(hipEventDestroy(copied));
  for (hipStream_t stream : s) ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(host));
  ASSERT_HIP(hipFree(x));
  ASSERT_HIP(hipFree(y));
}

// hipStreamQuery answers from the stream's own work: a stream whose last packet (an event's
// barrier, a wait for an event) has completed answers success at once, also while a later packet
// of another stream on its hardware queue is held (a barrier submitted now would wait behind it).
TEST(QueuePool, QueryAnswersFromTheStreamsWorkNotFromLaterWorkOnItsQueue) {
  constexpr int n = 256;
  Flag flag;
  hipStream_t s[5];  // s[4] shares s[0]'s hardware queue
  for (hipStream_t& stream : s) ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  int *x = nullptr, *y = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&x), n * sizeof(int)));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&y), n * sizeof(int)));
  hipEvent_t recorded;
  ASSERT_HIP(hipEventCreate(&recorded));
  // s[0] ends with an event's barrier, s[1] (its own queue) with a wait for an event.
  ASSERT_HIP(hipMemsetAsync(x, 1, n * sizeof(int), s[0]));
  ASSERT_HIP(hipEventRecord(recorded, s[0]));
  ASSERT_HIP(hipStreamWaitEvent(s[1], recorded, 0));
  ASSERT_HIP(hipEventSynchronize(recorded));
  unsigned long long before = packets(s[0]);
  ASSERT_HIP(launchWaitThenFill(flag.value, y, n, 9, s[4]));
  EXPECT_EQ(packets(s[0]), before + 1) << "s[4] should share s[0]'s hardware queue";
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(hipStreamQuery(s[0]), hipSuccess) << "query " << i;
    EXPECT_EQ(hipStreamQuery(s[4]), hipErrorNotReady) << "query " << i;
  }
  // s[1]'s wait completed once `recorded` did, whatever s[1]'s queue does later.
  for (int i = 0; i < 3; ++i) EXPECT_EQ(hipStreamQuery(s[1]), hipSuccess) << "query " << i;
  flag.raise();
  ASSERT_HIP(hipStreamSynchronize(s[4]));
  EXPECT_EQ(hipStreamQuery(s[4]), hipSuccess);
  std::vector<int> host(n);
  ASSERT_HIP(hipMemcpy(host.data(), y, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 9);
  ASSERT_HIP(hipEventDestroy(recorded));
  for (hipStream_t stream : s) ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(x));
  ASSERT_HIP(hipFree(y));
}

// A synchronous 3D fill returns with its work done: the null stream is idle, at every query.
TEST(QueuePool, QueryAfterASynchronousMemset3DAnswersSuccess) {
  hipPitchedPtr pitched{};
  const hipExtent extent = make_hipExtent(64 * sizeof(int), 16, 4);
  ASSERT_HIP(hipMalloc3D(&pitched, extent));
  for (int round = 0; round < 20; ++round) {
    ASSERT_HIP(hipMemset3D(pitched, round, extent));
    for (int i = 0; i < 3; ++i)
      ASSERT_EQ(hipStreamQuery(nullptr), hipSuccess) << "round " << round << " query " << i;
  }
  std::vector<unsigned char> row(64 * sizeof(int));
  ASSERT_HIP(hipMemcpy(row.data(), pitched.ptr, row.size(), hipMemcpyDeviceToHost));
  for (unsigned char byte : row) ASSERT_EQ(byte, 19);
  ASSERT_HIP(hipFree(pitched.ptr));
}

TEST(QueuePool, CreateAndDestroyChurnKeepsTheBoundAndPendingWorkCompletes) {
  constexpr int kIterations = 300, n = 64;
  Flag flag;
  int* values = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&values), kIterations * n * sizeof(int)));
  ASSERT_HIP(hipMemset(values, 0, kIterations * n * sizeof(int)));
  ASSERT_HIP(hipDeviceSynchronize());
  // The first stream holds its queue until the flag rises: streams bound to that queue are
  // destroyed with their work still pending (hipStreamDestroy returns at once, as in CUDA).
  hipStream_t holder;
  ASSERT_HIP(hipStreamCreate(&holder));
  ASSERT_HIP(launchWaitThenFill(flag.value, values, n, 1, holder));
  std::vector<hipStream_t> alive{holder};
  for (int i = 1; i < kIterations; ++i) {
    hipStream_t stream;
    ASSERT_HIP(hipStreamCreate(&stream));
    ASSERT_HIP(launchStep(values + i * n, n, i % 7, stream));
    ASSERT_HIP(launchStep(values + i * n, n, 1, stream));
    if (i % 3 != 0) {
      ASSERT_HIP(hipStreamDestroy(stream));
      EXPECT_EQ(hipStreamQuery(stream), hipErrorContextIsDestroyed);  // the handle dies at once
      (void)hipGetLastError();
    } else {
      alive.push_back(stream);
    }
  }
  EXPECT_LE(hardwareQueues(), kPoolLimit);
  flag.raise();
  ASSERT_HIP(hipDeviceSynchronize());  // waits for the destroyed streams' work too
  std::vector<int> host(kIterations * n);
  ASSERT_HIP(hipMemcpy(host.data(), values, host.size() * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) ASSERT_EQ(host[i], 1);
  for (int s = 1; s < kIterations; ++s)
    for (int i = 0; i < n; ++i) ASSERT_EQ(host[s * n + i], (s % 7) * 3 + 1) << "stream " << s;
  for (hipStream_t stream : alive) ASSERT_HIP(hipStreamDestroy(stream));
  EXPECT_LE(hardwareQueues(), kPoolLimit);
  ASSERT_HIP(hipFree(values));
}

TEST(QueuePool, CountHookRefusesBadArguments) {
  int count = -1;
  EXPECT_EQ(hipcoreGetHardwareQueueCount(0, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipcoreGetHardwareQueueCount(-1, &count), hipErrorInvalidDevice);
  EXPECT_EQ(hipcoreGetHardwareQueueCount(1 << 20, &count), hipErrorInvalidDevice);
  EXPECT_EQ(count, -1);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidDevice);
}

// Issue 10: thousands of streams are objects of a few hundred bytes, not queues; destroying them
// gives their storage back (the next streams reuse it).
TEST(QueuePool, ThousandsOfStreamsWorkAndGiveTheirResourcesBack) {
  constexpr int kStreams = 3000;
  int* values = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&values), kStreams * sizeof(int)));
  std::set<hipStream_t> firstRound;
  for (int round = 0; round < 2; ++round) {
    ASSERT_HIP(hipMemset(values, 0, kStreams * sizeof(int)));
    ASSERT_HIP(hipDeviceSynchronize());
    std::vector<hipStream_t> streams(kStreams);
    for (int i = 0; i < kStreams; ++i) {
      ASSERT_HIP(hipStreamCreateWithFlags(&streams[i], hipStreamNonBlocking));
      ASSERT_HIP(launchStep(values + i, 1, i + round, streams[i]));
    }
    EXPECT_LE(hardwareQueues(), kPoolLimit);
    ASSERT_HIP(hipDeviceSynchronize());
    std::vector<int> host(kStreams);
    ASSERT_HIP(hipMemcpy(host.data(), values, kStreams * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < kStreams; ++i) ASSERT_EQ(host[i], i + round);
    for (hipStream_t s : streams) ASSERT_HIP(hipStreamDestroy(s));
    if (round == 0) {
      firstRound.insert(streams.begin(), streams.end());
    } else {
      for (hipStream_t s : streams)
        EXPECT_TRUE(firstRound.count(s)) << "stream storage was not reused";
    }
  }
  EXPECT_LE(hardwareQueues(), kPoolLimit);
  ASSERT_HIP(hipFree(values));
}

}  // namespace
