// What is refused while streams capture, with the codes AMD's runtime answers (hip-tests checks
// them): host waits for captured events, work on the legacy null stream, device and
// cross-stream synchronisation under the capture modes, destroyed streams; and a capture whose
// dependencies were replaced after a join still ends.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <thread>
#include <vector>

#include "GraphKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kCount = 256;
constexpr size_t kBytes = kCount * sizeof(int);

struct Ints {
  Ints() { EXPECT_EQ(hipMalloc(reinterpret_cast<void**>(&data), kBytes), hipSuccess); }
  ~Ints() { (void)hipFree(data); }
  std::vector<int> read() const {
    std::vector<int> host(kCount, -1);
    EXPECT_EQ(hipMemcpy(host.data(), data, kBytes, hipMemcpyDeviceToHost), hipSuccess);
    return host;
  }
  int* data = nullptr;
};

// Launches `graph` once on the null stream, waits, and destroys both.
void runAndDestroy(hipGraph_t graph) {
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
}

void expectAll(const std::vector<int>& values, int expected) {
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(values[i], expected) << i;
}

TEST(CaptureRules, AnEventRecordedInACaptureCannotBeWaitedForOnTheHost) {
  Ints data;
  hipStream_t stream = nullptr;
  hipEvent_t event = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipEventCreate(&event));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  ASSERT_HIP(hipMemsetAsync(data.data, 0, kBytes, stream));
  ASSERT_HIP(hipEventRecord(event, stream));
  EXPECT_EQ(hipEventSynchronize(event), hipErrorCapturedEvent);
  EXPECT_EQ(hipEventQuery(event), hipErrorCapturedEvent);
  EXPECT_EQ(hipGetLastError(), hipErrorCapturedEvent);    // and the last error
  ASSERT_HIP(launchAddTo(data.data, 3, kCount, stream));  // the capture goes on
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(stream, &graph));
  ASSERT_HIP(hipEventSynchronize(event));  // the capture ended: an event like any other
  runAndDestroy(graph);
  expectAll(data.read(), 3);
  ASSERT_HIP(hipEventDestroy(event));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(CaptureRules, TheLegacyStreamIsImplicitWhileABlockingStreamCaptures) {
  Ints data;
  std::vector<int> host(kCount, 9);
  for (hipStreamCaptureMode mode :
       {hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal, hipStreamCaptureModeRelaxed}) {
    hipStream_t blocking = nullptr;
    ASSERT_HIP(hipStreamCreate(&blocking));
    ASSERT_HIP(hipStreamBeginCapture(blocking, mode));
    EXPECT_EQ(hipMemcpy(data.data, host.data(), kBytes, hipMemcpyHostToDevice),
              hipErrorStreamCaptureImplicit);
    EXPECT_EQ(hipMemset(data.data, 0, kBytes), hipErrorStreamCaptureImplicit);
    EXPECT_EQ(hipMemsetAsync(data.data, 0, kBytes, nullptr), hipErrorStreamCaptureImplicit);
    EXPECT_EQ(hipLaunchHostFunc(nullptr, [](void*) {}, nullptr), hipErrorStreamCaptureImplicit);
    EXPECT_EQ(hipGetLastError(), hipErrorStreamCaptureImplicit);  // and the last error
    ASSERT_HIP(hipMemsetAsync(data.data, 0, kBytes, blocking));
    hipGraph_t graph = nullptr;
    ASSERT_HIP(hipStreamEndCapture(blocking, &graph));  // refused calls leave the capture be
    ASSERT_HIP(hipGraphDestroy(graph));
    ASSERT_HIP(hipStreamDestroy(blocking));
  }
  // A non-blocking stream is not ordered with the legacy stream: its capture allows it.
  hipStream_t independent = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&independent, hipStreamNonBlocking));
  ASSERT_HIP(hipStreamBeginCapture(independent, hipStreamCaptureModeRelaxed));
  ASSERT_HIP(hipMemcpy(data.data, host.data(), kBytes, hipMemcpyHostToDevice));
  ASSERT_HIP(launchAddTo(data.data, 1, kCount, independent));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(independent, &graph));
  expectAll(data.read(), 9);  // captured, not run
  runAndDestroy(graph);
  expectAll(data.read(), 10);
  ASSERT_HIP(hipStreamDestroy(independent));
}

TEST(CaptureRules, DeviceSynchronizeIsRefusedWhileAnyStreamCaptures) {
  for (hipStreamCaptureMode mode :
       {hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal, hipStreamCaptureModeRelaxed}) {
    hipStream_t stream = nullptr;
    ASSERT_HIP(hipStreamCreate(&stream));
    ASSERT_HIP(hipStreamBeginCapture(stream, mode));
    EXPECT_EQ(hipDeviceSynchronize(), hipErrorStreamCaptureUnsupported) << mode;
    hipGraph_t graph = nullptr;
    // A relaxed capture is not invalidated by the refusal; the others are (the unsafe-call
    // rule of their modes).
    if (mode == hipStreamCaptureModeRelaxed) {
      ASSERT_HIP(hipStreamEndCapture(stream, &graph));
      ASSERT_HIP(hipGraphDestroy(graph));
    } else {
      EXPECT_EQ(hipStreamEndCapture(stream, &graph), hipErrorStreamCaptureInvalidated) << mode;
    }
    ASSERT_HIP(hipStreamDestroy(stream));
  }
  // A relaxed thread may synchronise the device during a capture.
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  ASSERT_HIP(hipThreadExchangeStreamCaptureMode(&mode));
  ASSERT_HIP(hipDeviceSynchronize());
  ASSERT_HIP(hipThreadExchangeStreamCaptureMode(&mode));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(stream, &graph));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

// Another thread copies into `data` on its own stream and synchronises it while this thread
// captures in `mode`: refused (and the capture invalidated) only for a global capture.
TEST(CaptureRules, SynchronizingAnotherStreamFollowsTheCaptureMode) {
  Ints data;
  for (hipStreamCaptureMode mode :
       {hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal, hipStreamCaptureModeRelaxed}) {
    ASSERT_HIP(hipMemset(data.data, 0, kBytes));
    hipStream_t capturing = nullptr;
    ASSERT_HIP(hipStreamCreate(&capturing));
    ASSERT_HIP(hipStreamBeginCapture(capturing, mode));
    hipError_t synchronized = hipErrorUnknown;
    std::thread([&] {
      std::vector<int> host(kCount, 21);
      hipStream_t own = nullptr;
      if (hipStreamCreate(&own) != hipSuccess) return;
      (void)hipMemcpyAsync(data.data, host.data(), kBytes, hipMemcpyHostToDevice, own);
      synchronized = hipStreamSynchronize(own);
      (void)hipStreamSynchronize(own);  // the host vector must outlive the copy either way
      (void)hipStreamDestroy(own);
    }).join();
    const hipError_t launched = launchAddTo(data.data, 2, kCount, capturing);
    hipGraph_t graph = nullptr;
    if (mode == hipStreamCaptureModeGlobal) {
      EXPECT_EQ(synchronized, hipErrorStreamCaptureUnsupported);
      EXPECT_EQ(launched, hipErrorStreamCaptureInvalidated);
      EXPECT_EQ(hipStreamEndCapture(capturing, &graph), hipErrorStreamCaptureInvalidated);
      ASSERT_HIP(hipStreamDestroy(capturing));
      continue;
    }
    EXPECT_EQ(synchronized, hipSuccess) << mode;
    ASSERT_HIP(launched);
    ASSERT_HIP(hipStreamEndCapture(capturing, &graph));
    expectAll(data.read(), 21);
    runAndDestroy(graph);
    expectAll(data.read(), 23);
    ASSERT_HIP(hipStreamDestroy(capturing));
  }
  // The capturing thread itself may not synchronise another stream under a thread-local one.
  hipStream_t capturing = nullptr, other = nullptr;
  ASSERT_HIP(hipStreamCreate(&capturing));
  ASSERT_HIP(hipStreamCreate(&other));
  ASSERT_HIP(hipStreamBeginCapture(capturing, hipStreamCaptureModeThreadLocal));
  EXPECT_EQ(hipStreamSynchronize(other), hipErrorStreamCaptureUnsupported);
  EXPECT_EQ(hipStreamQuery(other), hipErrorStreamCaptureUnsupported);
  hipGraph_t graph = nullptr;
  EXPECT_EQ(hipStreamEndCapture(capturing, &graph), hipErrorStreamCaptureInvalidated);
  ASSERT_HIP(hipStreamSynchronize(other));  // no capture any more
  ASSERT_HIP(hipStreamDestroy(other));
  ASSERT_HIP(hipStreamDestroy(capturing));
}

TEST(CaptureRules, ADestroyedStreamAnswersContextIsDestroyed) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipStreamDestroy(stream));
  hipGraph_t graph = nullptr;
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  unsigned long long id = 0;
  EXPECT_EQ(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamEndCapture(stream, &graph), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamIsCapturing(stream, &status), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamGetCaptureInfo(stream, &status, &id), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamGetCaptureInfo_v2(stream, &status, &id, nullptr, nullptr, nullptr),
            hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamUpdateCaptureDependencies(stream, nullptr, 0, hipStreamAddCaptureDependencies),
            hipErrorContextIsDestroyed);
  EXPECT_EQ(hipLaunchHostFunc(stream, [](void*) {}, nullptr), hipErrorContextIsDestroyed);
  // Ending a capture on a stream destroyed while capturing: the same.
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  ASSERT_HIP(hipStreamDestroy(stream));
  EXPECT_EQ(hipStreamEndCapture(stream, &graph), hipErrorContextIsDestroyed);
}

// hipDeviceReset destroys the device's streams, capturing ones too: their captures end with
// them (nothing refers to a destroyed stream), and the legacy stream is usable again.
TEST(CaptureRules, DeviceResetEndsTheCapturesOfItsStreams) {
  hipStream_t origin = nullptr, side = nullptr;
  hipEvent_t fork = nullptr;
  ASSERT_HIP(hipStreamCreate(&origin));
  ASSERT_HIP(hipStreamCreate(&side));
  ASSERT_HIP(hipEventCreate(&fork));
  ASSERT_HIP(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  ASSERT_HIP(hipEventRecord(fork, origin));
  ASSERT_HIP(hipStreamWaitEvent(side, fork, 0));
  ASSERT_HIP(hipEventDestroy(fork));
  ASSERT_HIP(hipDeviceReset());
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  EXPECT_EQ(hipStreamIsCapturing(origin, &status), hipErrorContextIsDestroyed);
  ASSERT_HIP(hipStreamIsCapturing(nullptr, &status));  // no capture is left anywhere
  EXPECT_EQ(status, hipStreamCaptureStatusNone);
  Ints data;
  std::vector<int> host(kCount, 12);
  ASSERT_HIP(hipMemcpy(data.data, host.data(), kBytes, hipMemcpyHostToDevice));
  expectAll(data.read(), 12);
  void* memory = nullptr;
  ASSERT_HIP(hipMalloc(&memory, 64));
  ASSERT_HIP(hipFree(memory));
}

// A thread that exits while its per-thread stream captures: the stream goes, and its capture
// with it (as hipStreamDestroy ends it), so no capture is left for the legacy stream to meet.
TEST(CaptureRules, AThreadsExitEndsItsPerThreadStreamsCapture) {
  Ints data;
  hipError_t begun = hipErrorUnknown;
  hipStreamCaptureStatus during = hipStreamCaptureStatusNone;
  std::thread([&] {
    begun = hipStreamBeginCapture(hipStreamPerThread, hipStreamCaptureModeRelaxed);
    (void)hipStreamIsCapturing(hipStreamPerThread, &during);
  }).join();
  ASSERT_HIP(begun);
  EXPECT_EQ(during, hipStreamCaptureStatusActive);
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  ASSERT_HIP(hipStreamIsCapturing(nullptr, &status));
  EXPECT_EQ(status, hipStreamCaptureStatusNone);
  std::vector<int> host(kCount, 6);
  ASSERT_HIP(hipMemcpy(data.data, host.data(), kBytes, hipMemcpyHostToDevice));
  expectAll(data.read(), 6);
}

// origin: fill a -> fork side: fill b -> join -> dependencies set to a new node (fill c) ->
// add to c. The fork was joined before its node left the origin's dependencies: the capture
// ends, and the graph runs all of it.
TEST(CaptureRules, ReplacedDependenciesAfterAJoinStillEndTheCapture) {
  Ints a, b, c;
  hipStream_t origin = nullptr, side = nullptr;
  hipEvent_t fork = nullptr, join = nullptr;
  ASSERT_HIP(hipStreamCreate(&origin));
  ASSERT_HIP(hipStreamCreate(&side));
  ASSERT_HIP(hipEventCreate(&fork));
  ASSERT_HIP(hipEventCreate(&join));
  ASSERT_HIP(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  ASSERT_HIP(hipMemsetAsync(a.data, 0, kBytes, origin));
  ASSERT_HIP(hipEventRecord(fork, origin));
  ASSERT_HIP(hipStreamWaitEvent(side, fork, 0));
  ASSERT_HIP(hipMemsetAsync(b.data, 0, kBytes, side));
  ASSERT_HIP(launchAddTo(b.data, 8, kCount, side));
  ASSERT_HIP(hipEventRecord(join, side));
  ASSERT_HIP(hipStreamWaitEvent(origin, join, 0));
  ASSERT_HIP(launchAddTo(a.data, 4, kCount, origin));

  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  hipGraph_t capturing = nullptr;
  const hipGraphNode_t* dependencies = nullptr;
  size_t count = 0;
  ASSERT_HIP(
      hipStreamGetCaptureInfo_v2(origin, &status, nullptr, &capturing, &dependencies, &count));
  ASSERT_EQ(count, 1u);
  hipMemsetParams fill{};
  fill.dst = c.data;
  fill.value = 30;
  fill.elementSize = sizeof(int);
  fill.width = kCount;
  fill.height = 1;
  hipGraphNode_t fillC = nullptr;
  ASSERT_HIP(hipGraphAddMemsetNode(&fillC, capturing, nullptr, 0, &fill));
  ASSERT_HIP(
      hipStreamUpdateCaptureDependencies(origin, &fillC, 1, hipStreamSetCaptureDependencies));
  ASSERT_HIP(hipStreamGetCaptureInfo_v2(origin, &status, nullptr, nullptr, &dependencies, &count));
  ASSERT_EQ(count, 1u);
  EXPECT_EQ(dependencies[0], fillC);
  ASSERT_HIP(launchAddTo(c.data, 5, kCount, origin));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(origin, &graph));
  EXPECT_EQ(graph, capturing);
  runAndDestroy(graph);
  expectAll(a.read(), 4);
  expectAll(b.read(), 8);
  expectAll(c.read(), 35);

  // A fork whose work never reached the origin is still unjoined after a Set.
  ASSERT_HIP(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  ASSERT_HIP(hipEventRecord(fork, origin));
  ASSERT_HIP(hipStreamWaitEvent(side, fork, 0));
  ASSERT_HIP(launchAddTo(b.data, 1, kCount, side));
  ASSERT_HIP(
      hipStreamUpdateCaptureDependencies(origin, nullptr, 0, hipStreamSetCaptureDependencies));
  EXPECT_EQ(hipStreamEndCapture(origin, &graph), hipErrorStreamCaptureUnjoined);
  for (hipEvent_t e : {fork, join}) ASSERT_HIP(hipEventDestroy(e));
  for (hipStream_t s : {origin, side}) ASSERT_HIP(hipStreamDestroy(s));
}

}  // namespace
