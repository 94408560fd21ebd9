// Graph nodes that synchronise with the world outside the graph: batch memory-operation nodes
// (a wait holds the kernel after it until the host, another node of the graph or another graph
// writes the value) and external-semaphore nodes (one graph signals, another waits); their
// executable parameters change; stream capture records the stream calls as these nodes. Every
// wait is first shown to hold (the kernel after it has not run), then to release.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "GraphKernels.h"
#include "SyncNodeHelpers.h"

namespace {

using syncnodes::addKernelNode;
using syncnodes::PinnedInts;
using syncnodes::SemaphorePair;
using syncnodes::waitOp;
using syncnodes::writeOp;

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kCount = 64;

// True when `stream` still has work after a while and `data` still reads `expected`.
bool stillHeld(hipStream_t stream, const PinnedInts& data, int expected) {
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  return hipStreamQuery(stream) == hipErrorNotReady && data.all(expected);
}

hipBatchMemOpNodeParams batch(hipStreamBatchMemOpParams* ops, unsigned count) {
  hipBatchMemOpNodeParams p{};
  p.count = count;
  p.paramArray = ops;
  return p;
}

}  // namespace

TEST(SyncNodes, WaitValueNodeHoldsAKernelUntilTheHostWrites) {
  PinnedInts data(kCount);
  uint32_t* flag = nullptr;
  ASSERT_HIP(hipHostMalloc(&flag, sizeof(uint32_t)));
  *flag = 0;
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipStreamBatchMemOpParams ops[1] = {
      waitOp(hipStreamMemOpWaitValue32, flag, 1, hipStreamWaitValueEq)};
  hipBatchMemOpNodeParams params = batch(ops, 1);
  hipGraphNode_t wait = nullptr, add = nullptr;
  ASSERT_HIP(hipGraphAddBatchMemOpNode(&wait, graph, nullptr, 0, &params));
  ops[0].waitValue.value = 99;  // the node copied the operations
  addKernelNode(&add, graph, &wait, 1, data.data, 7, kCount);
  hipGraphNodeType type = hipGraphNodeTypeCount;
  ASSERT_HIP(hipGraphNodeGetType(wait, &type));
  EXPECT_EQ(type, hipGraphNodeTypeBatchMemOp);
  hipBatchMemOpNodeParams got{};
  ASSERT_HIP(hipGraphBatchMemOpNodeGetParams(wait, &got));
  ASSERT_EQ(got.count, 1u);
  EXPECT_NE(got.paramArray, ops);  // the node's own array
  EXPECT_EQ(got.paramArray[0].operation, hipStreamMemOpWaitValue32);
  EXPECT_EQ(got.paramArray[0].waitValue.address, flag);
  EXPECT_EQ(got.paramArray[0].waitValue.value, 1u);
  EXPECT_EQ(got.paramArray[0].waitValue.flags, unsigned{hipStreamWaitValueEq});
  EXPECT_EQ(got.flags, 0u);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  EXPECT_TRUE(stillHeld(stream, data, 0));
  std::atomic_ref<uint32_t>(*flag).store(1);
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_TRUE(data.all(7));

  // The executable's wait now asks for at least 3: held at 1 and 2, released at 3.
  ops[0] = waitOp(hipStreamMemOpWaitValue32, flag, 3, hipStreamWaitValueGte);
  ASSERT_HIP(hipGraphExecBatchMemOpNodeSetParams(exec, wait, &params));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  std::atomic_ref<uint32_t>(*flag).store(2);
  EXPECT_TRUE(stillHeld(stream, data, 7));
  std::atomic_ref<uint32_t>(*flag).store(3);
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_TRUE(data.all(14));
  // The graph's own node kept its parameters.
  ASSERT_HIP(hipGraphBatchMemOpNodeGetParams(wait, &got));
  EXPECT_EQ(got.paramArray[0].waitValue.value, 1u);

  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(flag));
}

TEST(SyncNodes, WriteValueNodeOnAnIndependentBranchReleasesTheWait) {
  // Root 1: wait(flag64 == 2^40 + 5) -> add 3. Root 2, added after: add 10 to other ->
  // write(flag64 = 2^40 + 5), write(word = 0x1234). A launch runs the nodes on one stream: the
  // write must be queued before the wait that needs it.
  PinnedInts data(kCount), other(kCount);
  uint64_t* flags = nullptr;
  ASSERT_HIP(hipHostMalloc(&flags, 2 * sizeof(uint64_t)));
  flags[0] = flags[1] = 0;
  const uint64_t wide = (1ull << 40) + 5;
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipStreamBatchMemOpParams waits[1] = {
      waitOp(hipStreamMemOpWaitValue64, &flags[0], wide, hipStreamWaitValueEq)};
  hipBatchMemOpNodeParams waitParams = batch(waits, 1);
  hipGraphNode_t wait = nullptr, add = nullptr, addOther = nullptr, write = nullptr;
  ASSERT_HIP(hipGraphAddBatchMemOpNode(&wait, graph, nullptr, 0, &waitParams));
  addKernelNode(&add, graph, &wait, 1, data.data, 3, kCount);
  addKernelNode(&addOther, graph, nullptr, 0, other.data, 10, kCount);
  hipStreamBatchMemOpParams writes[3] = {writeOp(hipStreamMemOpWriteValue64, &flags[0], wide),
                                         {},
                                         writeOp(hipStreamMemOpWriteValue32, &flags[1], 0x1234)};
  writes[1].memoryBarrier.operation = hipStreamMemOpBarrier;
  hipBatchMemOpNodeParams writeParams = batch(writes, 3);
  ASSERT_HIP(hipGraphAddBatchMemOpNode(&write, graph, &addOther, 1, &writeParams));
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_TRUE(data.all(3));
  EXPECT_TRUE(other.all(10));
  EXPECT_EQ(flags[0], wide);
  EXPECT_EQ(flags[1], 0x1234u);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(flags));
}

TEST(SyncNodes, WriteValueNodeOfOneGraphReleasesAnotherGraph) {
  PinnedInts data(kCount);
  uint32_t* flag = nullptr;
  ASSERT_HIP(hipHostMalloc(&flag, sizeof(uint32_t)));
  *flag = 0;
  hipGraph_t waiter = nullptr, writer = nullptr;
  ASSERT_HIP(hipGraphCreate(&waiter, 0));
  ASSERT_HIP(hipGraphCreate(&writer, 0));
  // Nor (a batch's mask is all ones): released once some bit is clear in both the flag and
  // 0xffff0000. The flag starts with the low half set: held.
  hipStreamBatchMemOpParams waitOps[1] = {
      waitOp(hipStreamMemOpWaitValue32, flag, 0xffff0000u, hipStreamWaitValueNor)};
  *flag = 0xffff;
  hipBatchMemOpNodeParams waitParams = batch(waitOps, 1);
  hipGraphNode_t wait = nullptr, add = nullptr, write = nullptr;
  ASSERT_HIP(hipGraphAddBatchMemOpNode(&wait, waiter, nullptr, 0, &waitParams));
  addKernelNode(&add, waiter, &wait, 1, data.data, 5, kCount);
  hipStreamBatchMemOpParams writeOps[1] = {writeOp(hipStreamMemOpWriteValue32, flag, 0xfffe)};
  hipBatchMemOpNodeParams writeParams = batch(writeOps, 1);
  ASSERT_HIP(hipGraphAddBatchMemOpNode(&write, writer, nullptr, 0, &writeParams));
  hipGraphExec_t waitExec = nullptr, writeExec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&waitExec, waiter, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphInstantiate(&writeExec, writer, nullptr, nullptr, 0));
  hipStream_t held = nullptr, writing = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&held, hipStreamNonBlocking));
  ASSERT_HIP(hipStreamCreateWithFlags(&writing, hipStreamNonBlocking));
  ASSERT_HIP(hipGraphLaunch(waitExec, held));
  EXPECT_TRUE(stillHeld(held, data, 0));
  ASSERT_HIP(hipGraphLaunch(writeExec, writing));
  ASSERT_HIP(hipStreamSynchronize(writing));
  ASSERT_HIP(hipStreamSynchronize(held));
  EXPECT_EQ(*flag, 0xfffeu);
  EXPECT_TRUE(data.all(5));
  ASSERT_HIP(hipGraphExecDestroy(waitExec));
  ASSERT_HIP(hipGraphExecDestroy(writeExec));
  ASSERT_HIP(hipGraphDestroy(waiter));
  ASSERT_HIP(hipGraphDestroy(writer));
  ASSERT_HIP(hipStreamDestroy(held));
  ASSERT_HIP(hipStreamDestroy(writing));
  ASSERT_HIP(hipHostFree(flag));
}

TEST(SyncNodes, SemaphoreSignalledByOneGraphReleasesAWaitNodeOfAnother) {
  SemaphorePair semaphore(hipExternalSemaphoreHandleTypeTimelineSemaphoreFd);
  PinnedInts data(kCount), before(kCount);
  // Waiting graph: wait(semaphore >= 5) -> add 4. Signalling graph: add 1 to `before` ->
  // signal(5).
  hipExternalSemaphoreWaitParams waitValue{};
  waitValue.params.fence.value = 5;
  hipExternalSemaphoreWaitNodeParams waitParams{&semaphore.waiter, &waitValue, 1};
  hipExternalSemaphoreSignalParams signalValue{};
  signalValue.params.fence.value = 5;
  hipExternalSemaphoreSignalNodeParams signalParams{&semaphore.signaller, &signalValue, 1};
  hipGraph_t waiter = nullptr, signaller = nullptr;
  ASSERT_HIP(hipGraphCreate(&waiter, 0));
  ASSERT_HIP(hipGraphCreate(&signaller, 0));
  hipGraphNode_t wait = nullptr, add = nullptr, first = nullptr, signal = nullptr;
  ASSERT_HIP(hipGraphAddExternalSemaphoresWaitNode(&wait, waiter, nullptr, 0, &waitParams));
  addKernelNode(&add, waiter, &wait, 1, data.data, 4, kCount);
  addKernelNode(&first, signaller, nullptr, 0, before.data, 1, kCount);
  ASSERT_HIP(hipGraphAddExternalSemaphoresSignalNode(&signal, signaller, &first, 1, &signalParams));
  hipGraphNodeType type = hipGraphNodeTypeCount;
  ASSERT_HIP(hipGraphNodeGetType(signal, &type));
  EXPECT_EQ(type, hipGraphNodeTypeExtSemaphoreSignal);
  hipExternalSemaphoreWaitNodeParams gotWait{};
  ASSERT_HIP(hipGraphExternalSemaphoresWaitNodeGetParams(wait, &gotWait));
  ASSERT_EQ(gotWait.numExtSems, 1u);
  EXPECT_EQ(gotWait.extSemArray[0], semaphore.waiter);
  EXPECT_NE(gotWait.paramsArray, &waitValue);
  EXPECT_EQ(gotWait.paramsArray[0].params.fence.value, 5u);

  hipGraphExec_t waitExec = nullptr, signalExec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&waitExec, waiter, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphInstantiate(&signalExec, signaller, nullptr, nullptr, 0));
  hipStream_t held = nullptr, signalling = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&held, hipStreamNonBlocking));
  ASSERT_HIP(hipStreamCreateWithFlags(&signalling, hipStreamNonBlocking));
  ASSERT_HIP(hipGraphLaunch(waitExec, held));
  EXPECT_TRUE(stillHeld(held, data, 0));
  ASSERT_HIP(hipGraphLaunch(signalExec, signalling));
  ASSERT_HIP(hipStreamSynchronize(held));
  ASSERT_HIP(hipStreamSynchronize(signalling));
  EXPECT_EQ(semaphore.load(), 5u);
  EXPECT_TRUE(data.all(4));
  EXPECT_TRUE(before.all(1));

  // Both executables move on to 8: the old signal (5) no longer releases the wait.
  waitValue.params.fence.value = 8;
  ASSERT_HIP(hipGraphExecExternalSemaphoresWaitNodeSetParams(waitExec, wait, &waitParams));
  ASSERT_HIP(hipGraphLaunch(waitExec, held));
  EXPECT_TRUE(stillHeld(held, data, 4));
  signalValue.params.fence.value = 8;
  ASSERT_HIP(hipGraphExecExternalSemaphoresSignalNodeSetParams(signalExec, signal, &signalParams));
  ASSERT_HIP(hipGraphLaunch(signalExec, signalling));
  ASSERT_HIP(hipStreamSynchronize(held));
  ASSERT_HIP(hipStreamSynchronize(signalling));
  EXPECT_EQ(semaphore.load(), 8u);
  EXPECT_TRUE(data.all(8));
  EXPECT_TRUE(before.all(2));
  // The graphs' nodes kept what they were made with.
  hipExternalSemaphoreSignalNodeParams gotSignal{};
  ASSERT_HIP(hipGraphExternalSemaphoresSignalNodeGetParams(signal, &gotSignal));
  EXPECT_EQ(gotSignal.paramsArray[0].params.fence.value, 5u);

  ASSERT_HIP(hipGraphExecDestroy(waitExec));
  ASSERT_HIP(hipGraphExecDestroy(signalExec));
  ASSERT_HIP(hipGraphDestroy(waiter));
  ASSERT_HIP(hipGraphDestroy(signaller));
  ASSERT_HIP(hipStreamDestroy(held));
  ASSERT_HIP(hipStreamDestroy(signalling));
}

TEST(SyncNodes, SemaphoreNodesThroughTheGenericNodeCalls) {
  SemaphorePair semaphore(hipExternalSemaphoreHandleTypeOpaqueFd);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipExternalSemaphoreSignalParams signalValue{};
  hipGraphNodeParams node{};
  node.type = hipGraphNodeTypeExtSemaphoreSignal;
  node.extSemSignal = {&semaphore.signaller, &signalValue, 1};
  hipGraphNode_t signal = nullptr, wait = nullptr;
  ASSERT_HIP(hipGraphAddNode(&signal, graph, nullptr, 0, &node));
  hipExternalSemaphoreWaitParams waitValue{};
  node = {};
  node.type = hipGraphNodeTypeExtSemaphoreWait;
  node.extSemWait = {&semaphore.waiter, &waitValue, 1};
  ASSERT_HIP(hipGraphAddNode(&wait, graph, &signal, 1, &node));
  hipGraphNodeType type = hipGraphNodeTypeCount;
  ASSERT_HIP(hipGraphNodeGetType(wait, &type));
  EXPECT_EQ(type, hipGraphNodeTypeExtSemaphoreWait);
  // A binary semaphore: the signal stores 1, the wait consumes it (back to 0).
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  for (int launch = 0; launch < 3; ++launch) {
    ASSERT_HIP(hipGraphLaunch(exec, stream));
    ASSERT_HIP(hipStreamSynchronize(stream));
    EXPECT_EQ(semaphore.load(), 0u) << "launch " << launch;
  }
  // The executable's wait node now names the other handle of the same payload: the signal is
  // still consumed there; the graph's node changes only with hipGraphNodeSetParams.
  node = {};
  node.type = hipGraphNodeTypeExtSemaphoreWait;
  node.extSemWait = {&semaphore.signaller, &waitValue, 1};
  ASSERT_HIP(hipGraphExecNodeSetParams(exec, wait, &node));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(semaphore.load(), 0u);
  hipExternalSemaphoreWaitNodeParams got{};
  ASSERT_HIP(hipGraphExternalSemaphoresWaitNodeGetParams(wait, &got));
  EXPECT_EQ(got.extSemArray[0], semaphore.waiter);
  ASSERT_HIP(hipGraphNodeSetParams(wait, &node));
  ASSERT_HIP(hipGraphExternalSemaphoresWaitNodeGetParams(wait, &got));
  EXPECT_EQ(got.extSemArray[0], semaphore.signaller);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(SyncNodes, CaptureRecordsMemoryOperationsAndSemaphores) {
  SemaphorePair semaphore(hipExternalSemaphoreHandleTypeTimelineSemaphoreFd);
  PinnedInts data(kCount);
  uint32_t* words = nullptr;  // [0] the awaited flag, [1], [2] written
  ASSERT_HIP(hipHostMalloc(&words, 4 * sizeof(uint32_t)));
  words[0] = words[1] = words[2] = words[3] = 0;
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  // Equal to 1 in the low byte only: the mask is kept in the node.
  ASSERT_HIP(hipStreamWaitValue32(stream, &words[0], 1, hipStreamWaitValueEq, 0xff));
  ASSERT_HIP(launchAddTo(data.data, 6, kCount, stream));
  ASSERT_HIP(hipStreamWriteValue32(stream, &words[1], 0xabc, 0));
  hipStreamBatchMemOpParams ops[2] = {writeOp(hipStreamMemOpWriteValue32, &words[2], 0xdef),
                                      writeOp(hipStreamMemOpWriteValue32, &words[3], 0x123)};
  ASSERT_HIP(hipStreamBatchMemOp(stream, 2, ops, 0));
  hipExternalSemaphoreSignalParams signalValue{};
  signalValue.params.fence.value = 3;
  ASSERT_HIP(hipSignalExternalSemaphoresAsync(&semaphore.signaller, &signalValue, 1, stream));
  hipExternalSemaphoreWaitParams waitValue{};
  waitValue.params.fence.value = 3;
  ASSERT_HIP(hipWaitExternalSemaphoresAsync(&semaphore.waiter, &waitValue, 1, stream));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(stream, &graph));
  EXPECT_TRUE(data.all(0));  // captured, not run

  size_t count = 0;
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  ASSERT_EQ(count, 6u);
  std::vector<hipGraphNode_t> nodes(count);
  ASSERT_HIP(hipGraphGetNodes(graph, nodes.data(), &count));
  const hipGraphNodeType expected[] = {
      hipGraphNodeTypeBatchMemOp,         hipGraphNodeTypeKernel,
      hipGraphNodeTypeBatchMemOp,         hipGraphNodeTypeBatchMemOp,
      hipGraphNodeTypeExtSemaphoreSignal, hipGraphNodeTypeExtSemaphoreWait};
  for (size_t i = 0; i < count; ++i) {
    hipGraphNodeType type = hipGraphNodeTypeCount;
    ASSERT_HIP(hipGraphNodeGetType(nodes[i], &type));
    EXPECT_EQ(type, expected[i]) << "node " << i;
  }
  hipBatchMemOpNodeParams got{};
  ASSERT_HIP(hipGraphBatchMemOpNodeGetParams(nodes[0], &got));
  ASSERT_EQ(got.count, 1u);
  EXPECT_EQ(got.paramArray[0].operation, hipStreamMemOpWaitValue32);
  EXPECT_EQ(got.paramArray[0].waitValue.value, 1u);
  ASSERT_HIP(hipGraphBatchMemOpNodeGetParams(nodes[3], &got));
  ASSERT_EQ(got.count, 2u);
  EXPECT_EQ(got.paramArray[1].writeValue.address, &words[3]);
  EXPECT_EQ(got.paramArray[1].writeValue.value, 0x123u);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  std::atomic_ref<uint32_t>(words[0]).store(0x302);  // low byte 2: held
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  EXPECT_TRUE(stillHeld(stream, data, 0));
  std::atomic_ref<uint32_t>(words[0]).store(0x301);  // low byte 1: released under the mask
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_TRUE(data.all(6));
  EXPECT_EQ(words[1], 0xabcu);
  EXPECT_EQ(words[2], 0xdefu);
  EXPECT_EQ(words[3], 0x123u);
  EXPECT_EQ(semaphore.load(), 3u);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(words));
}

TEST(SyncNodes, ExecUpdateTakesNewValuesButNotNewOperations) {
  PinnedInts data(kCount);
  uint32_t* flag = nullptr;
  ASSERT_HIP(hipHostMalloc(&flag, 2 * sizeof(uint32_t)));
  flag[0] = flag[1] = 0;
  auto build = [&](hipGraph_t& graph, hipStreamBatchMemOpParams op, int value) {
    ASSERT_HIP(hipGraphCreate(&graph, 0));
    hipBatchMemOpNodeParams params = batch(&op, 1);
    hipGraphNode_t node = nullptr, add = nullptr;
    ASSERT_HIP(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &params));
    addKernelNode(&add, graph, &node, 1, data.data, value, kCount);
  };
  hipGraph_t first = nullptr, second = nullptr, third = nullptr;
  build(first, writeOp(hipStreamMemOpWriteValue32, &flag[0], 11), 1);
  build(second, writeOp(hipStreamMemOpWriteValue32, &flag[1], 22), 2);
  build(third, waitOp(hipStreamMemOpWaitValue32, &flag[1], 22, hipStreamWaitValueEq), 3);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, first, nullptr, nullptr, 0));
  hipGraphNode_t errorNode = nullptr;
  hipGraphExecUpdateResult result = hipGraphExecUpdateError;
  ASSERT_HIP(hipGraphExecUpdate(exec, second, &errorNode, &result));
  EXPECT_EQ(result, hipGraphExecUpdateSuccess);
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(flag[0], 0u);
  EXPECT_EQ(flag[1], 22u);
  EXPECT_TRUE(data.all(2));
  // A write cannot become a wait in an executable.
  EXPECT_EQ(hipGraphExecUpdate(exec, third, &errorNode, &result), hipErrorGraphExecUpdateFailure);
  EXPECT_EQ(result, hipGraphExecUpdateErrorParametersChanged);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(first));
  ASSERT_HIP(hipGraphDestroy(second));
  ASSERT_HIP(hipGraphDestroy(third));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(flag));
}
