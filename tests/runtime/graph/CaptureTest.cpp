// Stream capture: the work issued to a capturing stream becomes graph nodes instead of running;
// streams fork from and join back into a capture through events; calls that would wait for a
// capturing stream invalidate the capture; capture modes and misuse.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <thread>
#include <vector>

#include "GraphKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kCount = 512;

void countCall(void* calls) {
  ++*static_cast<int*>(calls);
}

TEST(StreamCapture, CapturedWorkRunsOnlyWhenTheGraphIsLaunched) {
  int* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), kCount * sizeof(int)));
  std::vector<int> input(kCount), output(kCount, -1);
  for (int i = 0; i < kCount; ++i) input[i] = i;
  int* pinned = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), kCount * sizeof(int)));
  for (int i = 0; i < kCount; ++i) pinned[i] = -1;
  int calls = 0;
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipMemset(device, 0, kCount * sizeof(int)));

  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  ASSERT_HIP(hipStreamIsCapturing(stream, &status));
  EXPECT_EQ(status, hipStreamCaptureStatusActive);
  ASSERT_HIP(
      hipMemcpyAsync(device, input.data(), kCount * sizeof(int), hipMemcpyHostToDevice, stream));
  ASSERT_HIP(launchAddTo(device, 7, kCount, stream));
  ASSERT_HIP(launchMultiplyBy(device, 3, kCount, stream));
  ASSERT_HIP(hipMemcpyAsync(pinned, device, kCount * sizeof(int), hipMemcpyDeviceToHost, stream));
  ASSERT_HIP(hipLaunchHostFunc(stream, countCall, &calls));
  ASSERT_HIP(hipMemsetAsync(device, 0, kCount * sizeof(int), stream));
  unsigned long long id = 0;
  size_t dependencies = 0;
  ASSERT_HIP(hipStreamGetCaptureInfo_v2(stream, &status, &id, nullptr, nullptr, &dependencies));
  EXPECT_NE(id, 0u);
  EXPECT_EQ(dependencies, 1u);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(stream, &graph));
  ASSERT_HIP(hipStreamIsCapturing(stream, &status));
  EXPECT_EQ(status, hipStreamCaptureStatusNone);

  // Nothing ran: the memory is as before the capture and no host function was called.
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(pinned[5], -1);
  EXPECT_EQ(calls, 0);
  size_t count = 0;
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  ASSERT_EQ(count, 6u);
  std::vector<hipGraphNode_t> nodes(count);
  ASSERT_HIP(hipGraphGetNodes(graph, nodes.data(), &count));
  const hipGraphNodeType expected[] = {hipGraphNodeTypeMemcpy, hipGraphNodeTypeKernel,
                                       hipGraphNodeTypeKernel, hipGraphNodeTypeMemcpy,
                                       hipGraphNodeTypeHost,   hipGraphNodeTypeMemset};
  for (size_t i = 0; i < count; ++i) {
    hipGraphNodeType type;
    ASSERT_HIP(hipGraphNodeGetType(nodes[i], &type));
    EXPECT_EQ(type, expected[i]) << i;
  }
  ASSERT_HIP(hipGraphGetEdges(graph, nullptr, nullptr, &count));
  EXPECT_EQ(count, 5u);  // a chain

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  for (int launch = 1; launch <= 3; ++launch) {
    for (int i = 0; i < kCount; ++i) input[i] = i * launch;  // read at each launch
    ASSERT_HIP(hipGraphLaunch(exec, stream));
    ASSERT_HIP(hipStreamSynchronize(stream));
    for (int i = 0; i < kCount; ++i) ASSERT_EQ(pinned[i], (i * launch + 7) * 3) << i;
    EXPECT_EQ(calls, launch);
  }
  ASSERT_HIP(hipMemcpy(output.data(), device, kCount * sizeof(int), hipMemcpyDeviceToHost));
  EXPECT_EQ(output[kCount - 1], 0);  // the captured memset ran last
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipFree(device));
}

TEST(StreamCapture, StreamsForkAndJoinThroughEvents) {
  int *a = nullptr, *b = nullptr, *out = nullptr;
  for (int** p : {&a, &b, &out})
    ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(p), kCount * sizeof(int)));
  hipStream_t origin = nullptr, side = nullptr;
  ASSERT_HIP(hipStreamCreate(&origin));
  ASSERT_HIP(hipStreamCreate(&side));
  hipEvent_t fork = nullptr, join = nullptr;
  ASSERT_HIP(hipEventCreate(&fork));
  ASSERT_HIP(hipEventCreate(&join));

  ASSERT_HIP(hipStreamBeginCapture(origin, hipStreamCaptureModeThreadLocal));
  ASSERT_HIP(hipMemsetAsync(a, 0, kCount * sizeof(int), origin));
  ASSERT_HIP(hipEventRecord(fork, origin));
  ASSERT_HIP(hipStreamWaitEvent(side, fork, 0));  // side joins the capture
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  ASSERT_HIP(hipStreamIsCapturing(side, &status));
  EXPECT_EQ(status, hipStreamCaptureStatusActive);
  ASSERT_HIP(launchAddTo(a, 4, kCount, origin));
  ASSERT_HIP(hipMemsetAsync(b, 0, kCount * sizeof(int), side));
  ASSERT_HIP(launchAddTo(b, 6, kCount, side));
  ASSERT_HIP(hipEventRecord(join, side));
  ASSERT_HIP(hipStreamWaitEvent(origin, join, 0));
  ASSERT_HIP(launchSum(a, b, out, kCount, origin));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(origin, &graph));
  ASSERT_HIP(hipStreamIsCapturing(side, &status));
  EXPECT_EQ(status, hipStreamCaptureStatusNone);

  size_t count = 0;
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 5u);
  ASSERT_HIP(hipGraphGetRootNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 1u);
  ASSERT_HIP(hipGraphGetEdges(graph, nullptr, nullptr, &count));
  EXPECT_EQ(count, 5u);  // memset -> add a, memset -> memset b -> add b, both adds -> sum

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, side));
  std::vector<int> host(kCount);
  ASSERT_HIP(hipStreamSynchronize(side));
  ASSERT_HIP(hipMemcpy(host.data(), out, kCount * sizeof(int), hipMemcpyDeviceToHost));
  for (int v : host) ASSERT_EQ(v, 10);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));

  // A fork that is not joined back fails the capture.
  ASSERT_HIP(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  ASSERT_HIP(hipEventRecord(fork, origin));
  ASSERT_HIP(hipStreamWaitEvent(side, fork, 0));
  ASSERT_HIP(launchAddTo(b, 1, kCount, side));
  graph = nullptr;
  EXPECT_EQ(hipStreamEndCapture(origin, &graph), hipErrorStreamCaptureUnjoined);
  EXPECT_EQ(graph, nullptr);
  ASSERT_HIP(hipStreamIsCapturing(side, &status));
  EXPECT_EQ(status, hipStreamCaptureStatusNone);

  for (hipEvent_t e : {fork, join}) ASSERT_HIP(hipEventDestroy(e));
  for (hipStream_t s : {origin, side}) ASSERT_HIP(hipStreamDestroy(s));
  for (int* p : {a, b, out}) ASSERT_HIP(hipFree(p));
}

TEST(StreamCapture, WaitingForACapturingStreamInvalidatesTheCapture) {
  int* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), kCount * sizeof(int)));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  ASSERT_HIP(launchAddTo(device, 1, kCount, stream));
  EXPECT_EQ(hipStreamSynchronize(stream), hipErrorStreamCaptureUnsupported);
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  ASSERT_HIP(hipStreamIsCapturing(stream, &status));
  EXPECT_EQ(status, hipStreamCaptureStatusInvalidated);
  EXPECT_EQ(launchAddTo(device, 1, kCount, stream), hipErrorStreamCaptureInvalidated);
  hipGraph_t graph = reinterpret_cast<hipGraph_t>(0x1);
  EXPECT_EQ(hipStreamEndCapture(stream, &graph), hipErrorStreamCaptureInvalidated);
  EXPECT_EQ(graph, nullptr);
  EXPECT_EQ(hipGetLastError(), hipErrorStreamCaptureInvalidated);  // and the last error
  // The stream works again once the capture ended.
  ASSERT_HIP(hipMemsetAsync(device, 0, kCount * sizeof(int), stream));
  ASSERT_HIP(launchAddTo(device, 9, kCount, stream));
  int last = 0;
  ASSERT_HIP(
      hipMemcpyAsync(&last, device + kCount - 1, sizeof(int), hipMemcpyDeviceToHost, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(last, 9);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(device));
}

TEST(StreamCapture, UnsafeCallsAreRefusedUnlessTheThreadIsRelaxed) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  void* memory = nullptr;
  hipError_t fromOtherThread = hipSuccess;
  std::thread([&] { fromOtherThread = hipMalloc(&memory, 256); }).join();
  EXPECT_EQ(fromOtherThread, hipErrorStreamCaptureUnsupported);
  EXPECT_EQ(hipDeviceSynchronize(), hipErrorStreamCaptureUnsupported);
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  ASSERT_HIP(hipThreadExchangeStreamCaptureMode(&mode));
  EXPECT_EQ(mode, hipStreamCaptureModeGlobal);
  ASSERT_HIP(hipMalloc(&memory, 256));  // relaxed: permitted
  ASSERT_HIP(hipFree(memory));
  ASSERT_HIP(hipThreadExchangeStreamCaptureMode(&mode));
  // The refused calls invalidated the global capture (CUDA's and AMD's rule).
  hipGraph_t graph = nullptr;
  EXPECT_EQ(hipStreamEndCapture(stream, &graph), hipErrorStreamCaptureInvalidated);
  EXPECT_EQ(graph, nullptr);
  ASSERT_HIP(hipMalloc(&memory, 256));  // no capture any more
  ASSERT_HIP(hipFree(memory));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(StreamCapture, MisuseGetsTheDocumentedErrors) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  hipGraph_t graph = nullptr;
  EXPECT_EQ(hipStreamBeginCapture(nullptr, hipStreamCaptureModeGlobal),
            hipErrorStreamCaptureUnsupported);
  EXPECT_EQ(hipStreamBeginCapture(stream, static_cast<hipStreamCaptureMode>(7)),
            hipErrorInvalidValue);
  EXPECT_EQ(hipStreamEndCapture(stream, &graph), hipErrorIllegalState);
  EXPECT_EQ(hipStreamIsCapturing(stream, nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  EXPECT_EQ(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed), hipErrorIllegalState);
  EXPECT_EQ(hipStreamEndCapture(stream, nullptr), hipErrorInvalidValue);
  hipStreamCaptureMode bad = static_cast<hipStreamCaptureMode>(9);
  EXPECT_EQ(hipThreadExchangeStreamCaptureMode(&bad), hipErrorInvalidValue);
  ASSERT_HIP(hipStreamEndCapture(stream, &graph));
  size_t count = 1;
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 0u);  // an empty capture is an empty graph
  ASSERT_HIP(hipGraphDestroy(graph));

  // While a stream captures, the legacy null stream cannot be asked (it would join implicitly);
  // destroying the capturing stream ends its capture, and the null stream answers again.
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  EXPECT_EQ(hipStreamIsCapturing(nullptr, &status), hipErrorStreamCaptureImplicit);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipStreamIsCapturing(nullptr, &status));
  EXPECT_EQ(status, hipStreamCaptureStatusNone);
  void* memory = nullptr;
  ASSERT_HIP(hipMalloc(&memory, 64));  // no capture is left behind
  ASSERT_HIP(hipFree(memory));
}

}  // namespace

namespace {

TEST(StreamCapture, StreamOrderedAllocationsBecomeGraphOwnedMemory) {
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  int* pinned = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), kCount * sizeof(int)));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  int* scratch = nullptr;
  ASSERT_HIP(hipMallocAsync(reinterpret_cast<void**>(&scratch), kCount * sizeof(int), stream));
  ASSERT_NE(scratch, nullptr);
  ASSERT_HIP(hipMemsetAsync(scratch, 0, kCount * sizeof(int), stream));
  ASSERT_HIP(launchAddTo(scratch, 5, kCount, stream));
  ASSERT_HIP(hipMemcpyAsync(pinned, scratch, kCount * sizeof(int), hipMemcpyDeviceToHost, stream));
  ASSERT_HIP(hipFreeAsync(scratch, stream));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(stream, &graph));
  size_t count = 0;
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  ASSERT_EQ(count, 5u);
  std::vector<hipGraphNode_t> nodes(count);
  ASSERT_HIP(hipGraphGetNodes(graph, nodes.data(), &count));
  hipGraphNodeType first, last;
  ASSERT_HIP(hipGraphNodeGetType(nodes.front(), &first));
  ASSERT_HIP(hipGraphNodeGetType(nodes.back(), &last));
  EXPECT_EQ(first, hipGraphNodeTypeMemAlloc);
  EXPECT_EQ(last, hipGraphNodeTypeMemFree);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  for (int launch = 0; launch < 2; ++launch) {
    for (int i = 0; i < kCount; ++i) pinned[i] = -1;
    ASSERT_HIP(hipGraphLaunch(exec, stream));
    ASSERT_HIP(hipStreamSynchronize(stream));
    for (int i = 0; i < kCount; ++i) ASSERT_EQ(pinned[i], 5) << i;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipStreamDestroy(stream));
}

}  // namespace

namespace {

TEST(StreamCapture, ALaunchedGraphIsCapturedAsAChildGraph) {
  int* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), kCount * sizeof(int)));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  ASSERT_HIP(launchAddTo(device, 2, kCount, stream));
  hipGraph_t inner = nullptr;
  ASSERT_HIP(hipStreamEndCapture(stream, &inner));
  hipGraphExec_t innerExec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&innerExec, inner, nullptr, nullptr, 0));

  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  ASSERT_HIP(hipMemsetAsync(device, 0, kCount * sizeof(int), stream));
  ASSERT_HIP(hipGraphLaunch(innerExec, stream));
  ASSERT_HIP(launchMultiplyBy(device, 10, kCount, stream));
  hipGraph_t outer = nullptr;
  ASSERT_HIP(hipStreamEndCapture(stream, &outer));
  std::vector<hipGraphNode_t> nodes(3);
  size_t count = 3;
  ASSERT_HIP(hipGraphGetNodes(outer, nodes.data(), &count));
  ASSERT_EQ(count, 3u);
  hipGraphNodeType type;
  ASSERT_HIP(hipGraphNodeGetType(nodes[1], &type));
  EXPECT_EQ(type, hipGraphNodeTypeGraph);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, outer, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  std::vector<int> host(kCount);
  ASSERT_HIP(hipStreamSynchronize(stream));
  ASSERT_HIP(hipMemcpy(host.data(), device, kCount * sizeof(int), hipMemcpyDeviceToHost));
  for (int v : host) ASSERT_EQ(v, 20);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphExecDestroy(innerExec));
  ASSERT_HIP(hipGraphDestroy(outer));
  ASSERT_HIP(hipGraphDestroy(inner));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(device));
}

}  // namespace
