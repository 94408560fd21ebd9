// Concurrency stress (label stress): 8 threads x 4 streams each launching an order-sensitive
// kernel 10,000 times, while churn threads create and destroy streams, events and allocations.
// Every result is checked exactly against the host recurrence; a deadlock trips ctest's timeout;
// device memory in use must come back to its baseline.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "StressKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << #call << ": " << hipcoreGetErrorDetail()

constexpr int kLaunchThreads = 8;
constexpr int kStreamsPerThread = 4;
constexpr int kChurnThreads = 3;
constexpr unsigned kElements = 64;  // one workgroup per launch

// HIPCORE_STRESS_LAUNCHES shortens (or lengthens) the run; the figure is the default.
int launchesPerStream() {
  const char* text = std::getenv("HIPCORE_STRESS_LAUNCHES");
  return text != nullptr ? std::atoi(text) : 10000;
}

unsigned sequenceOf(int thread, int stream, int launch) {
  return static_cast<unsigned>(thread * 1000003 + stream * 7919 + launch);
}

// What the device must hold after `launches` steps of one stream, starting from zeros.
std::vector<unsigned> expectedAfter(int thread, int stream, int launches) {
  std::vector<unsigned> values(kElements, 0);
  for (int launch = 0; launch < launches; ++launch)
    for (unsigned i = 0; i < kElements; ++i)
      values[i] = stepOnHost(values[i], i, sequenceOf(thread, stream, launch));
  return values;
}

void launchingThread(int thread, int launches, std::atomic<int>& failures) {
  auto fail = [&](const char* what) {
    std::fprintf(stderr, "launching thread %d: %s: %s\n", thread, what, hipcoreGetErrorDetail());
    failures.fetch_add(1);
  };
  hipStream_t streams[kStreamsPerThread];
  unsigned* buffers[kStreamsPerThread];
  for (int s = 0; s < kStreamsPerThread; ++s) {
    // Stream 0 of each thread is a blocking stream (ordered with the null stream the churn
    // threads' hipMemcpy use); the others are non-blocking.
    unsigned flags = s == 0 ? hipStreamDefault : hipStreamNonBlocking;
    if (hipStreamCreateWithFlags(&streams[s], flags) != hipSuccess)
      return fail("hipStreamCreateWithFlags");
    if (hipMalloc(reinterpret_cast<void**>(&buffers[s]), kElements * sizeof(unsigned)) !=
        hipSuccess)
      return fail("hipMalloc");
    if (hipMemsetAsync(buffers[s], 0, kElements * sizeof(unsigned), streams[s]) != hipSuccess)
      return fail("hipMemsetAsync");
  }
  hipEvent_t progress;
  if (hipEventCreateWithFlags(&progress, hipEventDisableTiming) != hipSuccess)
    return fail("hipEventCreate");
  for (int launch = 0; launch < launches; ++launch) {
    for (int s = 0; s < kStreamsPerThread; ++s)
      if (launchStep(buffers[s], kElements, sequenceOf(thread, s, launch), streams[s]) !=
          hipSuccess)
        return fail("launchStep");
    // Now and then an event between the streams and a query, as real programs interleave them.
    if (launch % 1000 == 999) {
      if (hipEventRecord(progress, streams[launch % kStreamsPerThread]) != hipSuccess)
        return fail("hipEventRecord");
      hipError_t state = hipEventQuery(progress);
      if (state != hipSuccess && state != hipErrorNotReady) return fail("hipEventQuery");
    }
  }
  for (int s = 0; s < kStreamsPerThread; ++s) {
    if (hipStreamSynchronize(streams[s]) != hipSuccess) return fail("hipStreamSynchronize");
    std::vector<unsigned> values(kElements);
    if (hipMemcpy(values.data(), buffers[s], kElements * sizeof(unsigned), hipMemcpyDeviceToHost) !=
        hipSuccess)
      return fail("hipMemcpy");
    if (values != expectedAfter(thread, s, launches)) {
      std::fprintf(stderr, "launching thread %d stream %d: data differ from the host recurrence\n",
                   thread, s);
      failures.fetch_add(1);
    }
    if (hipFree(buffers[s]) != hipSuccess) return fail("hipFree");
    if (hipStreamDestroy(streams[s]) != hipSuccess) return fail("hipStreamDestroy");
  }
  if (hipEventDestroy(progress) != hipSuccess) return fail("hipEventDestroy");
}

// Creates and destroys streams, events and allocations until told to stop; every allocation
// is written by a kernel and read back.
void churnThread(int id, const std::atomic<bool>& stop, std::atomic<int>& failures,
                 std::atomic<long>& rounds) {
  auto fail = [&](const char* what) {
    std::fprintf(stderr, "churn thread %d: %s: %s\n", id, what, hipcoreGetErrorDetail());
    failures.fetch_add(1);
  };
  static constexpr size_t kSizes[] = {256, 4096, 65536, 1 << 20};
  for (long round = 0; !stop.load(); ++round) {
    hipStream_t stream;
    if (hipStreamCreateWithFlags(&stream, round % 2 ? hipStreamNonBlocking : hipStreamDefault) !=
        hipSuccess)
      return fail("hipStreamCreateWithFlags");
    hipEvent_t event;
    if (hipEventCreate(&event) != hipSuccess) return fail("hipEventCreate");
    size_t bytes = kSizes[(round + id) % 4];
    unsigned count = static_cast<unsigned>(bytes / sizeof(unsigned));
    unsigned* block = nullptr;
    if (hipMalloc(reinterpret_cast<void**>(&block), bytes) != hipSuccess) return fail("hipMalloc");
    unsigned seed = static_cast<unsigned>(id * 7777 + round);
    if (launchPattern(block, count, seed, stream) != hipSuccess) return fail("launchPattern");
    if (hipEventRecord(event, stream) != hipSuccess) return fail("hipEventRecord");
    if (hipEventSynchronize(event) != hipSuccess) return fail("hipEventSynchronize");
    std::vector<unsigned> values(count);
    if (hipMemcpy(values.data(), block, bytes, hipMemcpyDeviceToHost) != hipSuccess)
      return fail("hipMemcpy");
    for (unsigned i = 0; i < count; ++i)
      if (values[i] != patternOnHost(i, seed)) {
        std::fprintf(stderr, "churn thread %d round %ld: element %u differs\n", id, round, i);
        failures.fetch_add(1);
        break;
      }
    if (hipFree(block) != hipSuccess) return fail("hipFree");
    if (hipEventDestroy(event) != hipSuccess) return fail("hipEventDestroy");
    if (hipStreamDestroy(stream) != hipSuccess) return fail("hipStreamDestroy");
    rounds.fetch_add(1);
  }
}

TEST(ConcurrencyStress, EightThreadsFourStreamsWithChurn) {
  ASSERT_HIP(hipSetDevice(0));
  ASSERT_HIP(
      hipDeviceSynchronize());  // the null stream and runtime state exist before the baseline
  size_t freeBefore = 0, total = 0;
  ASSERT_HIP(hipMemGetInfo(&freeBefore, &total));

  const int launches = launchesPerStream();
  std::atomic<int> failures{0};
  std::atomic<bool> stop{false};
  std::atomic<long> churnRounds{0};
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> churners;
  for (int id = 0; id < kChurnThreads; ++id)
    churners.emplace_back(churnThread, id, std::cref(stop), std::ref(failures),
                          std::ref(churnRounds));
  std::vector<std::thread> launchers;
  for (int thread = 0; thread < kLaunchThreads; ++thread)
    launchers.emplace_back(launchingThread, thread, launches, std::ref(failures));
  for (std::thread& t : launchers) t.join();
  stop = true;
  for (std::thread& t : churners) t.join();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(churnRounds.load(), 0);
  ASSERT_HIP(hipDeviceSynchronize());
  // hipMalloc caches freed blocks (they count as used); hipDeviceReset hands the cache back, so
  // from then on anything still counted would be a leak.
  ASSERT_HIP(hipDeviceReset());
  size_t freeAfter = 0;
  ASSERT_HIP(hipMemGetInfo(&freeAfter, &total));
  EXPECT_EQ(freeAfter, freeBefore) << "device memory not returned after every hipFree";
  long totalLaunches = long{kLaunchThreads} * kStreamsPerThread * launches;
  std::printf(
      "stress: %ld launches on %d streams checked exactly, %ld churn rounds (stream + event + "
      "allocation + kernel each), %.1f s, %.1f us per launch overall\n",
      totalLaunches, kLaunchThreads * kStreamsPerThread, churnRounds.load(), seconds,
      seconds * 1e6 / static_cast<double>(totalLaunches));
}

}  // namespace
