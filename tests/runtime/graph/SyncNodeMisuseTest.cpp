// Misuse of the external-semaphore and batch memory-operation node calls: null and foreign
// handles, empty or malformed parameters, executables asked to change what CUDA keeps fixed,
// and launches whose semaphore or address went bad. Each gets hipErrorInvalidValue (the
// executable update: hipErrorGraphExecUpdateFailure), and the runtime stays usable: every test
// ends with a graph that runs.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdint>

#include "GraphKernels.h"
#include "SyncNodeHelpers.h"

namespace {

using syncnodes::addKernelNode;
using syncnodes::PinnedInts;
using syncnodes::SemaphorePair;
using syncnodes::waitOp;
using syncnodes::writeOp;

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kCount = 32;

// A graph of one kernel node (data += value) runs with the exact result.
void expectStillWorks(int value) {
  PinnedInts data(kCount);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipGraphNode_t add = nullptr;
  addKernelNode(&add, graph, nullptr, 0, data.data, value, kCount);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  EXPECT_TRUE(data.all(value));
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
}

}  // namespace

TEST(SyncNodeMisuse, SemaphoreNodes) {
  SemaphorePair semaphore(hipExternalSemaphoreHandleTypeTimelineSemaphoreFd);
  hipGraph_t graph = nullptr, other = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  ASSERT_HIP(hipGraphCreate(&other, 0));
  hipExternalSemaphoreSignalParams signals[2] = {};
  hipExternalSemaphoreWaitParams waits[2] = {};
  hipExternalSemaphore_t pair[2] = {semaphore.signaller, semaphore.waiter};
  hipExternalSemaphoreSignalNodeParams signal{pair, signals, 1};
  hipExternalSemaphoreWaitNodeParams wait{&semaphore.waiter, waits, 1};
  hipGraphNode_t node = nullptr, waitNode = nullptr, empty = nullptr, foreign = nullptr;

  EXPECT_EQ(hipGraphAddExternalSemaphoresSignalNode(&node, graph, nullptr, 0, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddExternalSemaphoresSignalNode(nullptr, graph, nullptr, 0, &signal),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddExternalSemaphoresSignalNode(&node, nullptr, nullptr, 0, &signal),
            hipErrorInvalidValue);
  hipExternalSemaphoreSignalNodeParams none{pair, signals, 0};
  EXPECT_EQ(hipGraphAddExternalSemaphoresSignalNode(&node, graph, nullptr, 0, &none),
            hipErrorInvalidValue);
  hipExternalSemaphore_t bogus = reinterpret_cast<hipExternalSemaphore_t>(0x1000);
  hipExternalSemaphoreSignalNodeParams notImported{&bogus, signals, 1};
  EXPECT_EQ(hipGraphAddExternalSemaphoresSignalNode(&node, graph, nullptr, 0, &notImported),
            hipErrorInvalidValue);
  hipExternalSemaphoreWaitNodeParams noArray{nullptr, waits, 1};
  EXPECT_EQ(hipGraphAddExternalSemaphoresWaitNode(&waitNode, graph, nullptr, 0, &noArray),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddExternalSemaphoresWaitNode(&waitNode, graph, nullptr, 0, nullptr),
            hipErrorInvalidValue);

  ASSERT_HIP(hipGraphAddExternalSemaphoresSignalNode(&node, graph, nullptr, 0, &signal));
  ASSERT_HIP(hipGraphAddExternalSemaphoresWaitNode(&waitNode, graph, &node, 1, &wait));
  ASSERT_HIP(hipGraphAddEmptyNode(&empty, graph, nullptr, 0));
  ASSERT_HIP(hipGraphAddExternalSemaphoresSignalNode(&foreign, other, nullptr, 0, &signal));
  hipExternalSemaphoreSignalNodeParams gotSignal{};
  hipExternalSemaphoreWaitNodeParams gotWait{};
  EXPECT_EQ(hipGraphExternalSemaphoresSignalNodeGetParams(nullptr, &gotSignal),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExternalSemaphoresSignalNodeGetParams(node, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExternalSemaphoresSignalNodeGetParams(waitNode, &gotSignal),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExternalSemaphoresWaitNodeGetParams(empty, &gotWait), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExternalSemaphoresSignalNodeSetParams(node, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExternalSemaphoresSignalNodeSetParams(empty, &signal), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExternalSemaphoresWaitNodeSetParams(node, &wait), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExternalSemaphoresWaitNodeSetParams(waitNode, &noArray), hipErrorInvalidValue);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  EXPECT_EQ(hipGraphExecExternalSemaphoresSignalNodeSetParams(nullptr, node, &signal),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, nullptr, &signal),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, node, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, foreign, &signal),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExecExternalSemaphoresWaitNodeSetParams(exec, node, &wait),
            hipErrorInvalidValue);
  // An executable's semaphore node keeps its number of semaphores (CUDA's rule).
  hipExternalSemaphoreSignalNodeParams two{pair, signals, 2};
  EXPECT_EQ(hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, node, &two),
            hipErrorInvalidValue);
  hipGraphNodeParams generic{};
  generic.type = hipGraphNodeTypeExtSemaphoreSignal;
  generic.extSemSignal = two;
  EXPECT_EQ(hipGraphExecNodeSetParams(exec, node, &generic), hipErrorInvalidValue);
  generic.extSemSignal = none;
  EXPECT_EQ(hipGraphAddNode(&node, graph, nullptr, 0, &generic), hipErrorInvalidValue);

  // A semaphore destroyed after the node was made fails the launch.
  hipExternalSemaphore_t doomed = nullptr;
  {
    int fd = memfd_create("doomed", MFD_CLOEXEC);
    ASSERT_EQ(ftruncate(fd, 4096), 0);
    hipExternalSemaphoreHandleDesc desc{};
    desc.type = hipExternalSemaphoreHandleTypeOpaqueFd;
    desc.handle.fd = fd;
    ASSERT_HIP(hipImportExternalSemaphore(&doomed, &desc));
  }
  hipExternalSemaphoreSignalNodeParams doomedSignal{&doomed, signals, 1};
  ASSERT_HIP(hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, node, &doomedSignal));
  ASSERT_HIP(hipDestroyExternalSemaphore(doomed));
  EXPECT_EQ(hipGraphLaunch(exec, nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipStreamSynchronize(nullptr));

  // A destroyed node is no node.
  ASSERT_HIP(hipGraphDestroyNode(foreign));
  EXPECT_EQ(hipGraphExternalSemaphoresSignalNodeGetParams(foreign, &gotSignal),
            hipErrorInvalidValue);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipGraphDestroy(other));
  expectStillWorks(9);
}

TEST(SyncNodeMisuse, BatchMemOpNodes) {
  uint64_t* words = nullptr;
  ASSERT_HIP(hipHostMalloc(&words, 4 * sizeof(uint64_t)));
  words[0] = words[1] = 0;
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipStreamBatchMemOpParams ops[2] = {writeOp(hipStreamMemOpWriteValue32, &words[0], 1),
                                      writeOp(hipStreamMemOpWriteValue64, &words[1], 2)};
  hipBatchMemOpNodeParams params{nullptr, 2, ops, 0};
  hipGraphNode_t node = nullptr, empty = nullptr;

  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddBatchMemOpNode(nullptr, graph, nullptr, 0, &params), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, nullptr, nullptr, 0, &params), hipErrorInvalidValue);
  hipBatchMemOpNodeParams bad = params;
  bad.count = 0;
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &bad), hipErrorInvalidValue);
  bad.count = 256;
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &bad), hipErrorInvalidValue);
  bad = params;
  bad.paramArray = nullptr;
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &bad), hipErrorInvalidValue);
  bad = params;
  bad.flags = 1;
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &bad), hipErrorInvalidValue);
  // Malformed operations, each in place of the second one.
  hipStreamBatchMemOpParams wrong[2] = {ops[0], {}};
  hipBatchMemOpNodeParams withWrong{nullptr, 2, wrong, 0};
  wrong[1].operation = static_cast<hipStreamBatchMemOpType>(9);
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &withWrong), hipErrorInvalidValue);
  wrong[1].flushRemoteWrites.operation = hipStreamMemOpFlushRemoteWrites;
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &withWrong), hipErrorInvalidValue);
  wrong[1] = waitOp(hipStreamMemOpWaitValue32, &words[0], 1, 7);  // no such condition
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &withWrong), hipErrorInvalidValue);
  wrong[1] = writeOp(hipStreamMemOpWriteValue32, &words[0], 1);
  wrong[1].writeValue.flags = 1;
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &withWrong), hipErrorInvalidValue);
  wrong[1] = writeOp(hipStreamMemOpWriteValue32, nullptr, 1);
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &withWrong), hipErrorInvalidValue);
  wrong[1] = waitOp(hipStreamMemOpWaitValue64, reinterpret_cast<char*>(words) + 4, 1,
                    hipStreamWaitValueEq);  // 8 bytes at a 4-byte boundary
  EXPECT_EQ(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &withWrong), hipErrorInvalidValue);
  // hipGraphNodeParams has no record for this kind.
  hipGraphNodeParams generic{};
  generic.type = hipGraphNodeTypeBatchMemOp;
  EXPECT_EQ(hipGraphAddNode(&node, graph, nullptr, 0, &generic), hipErrorInvalidValue);

  ASSERT_HIP(hipGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &params));
  ASSERT_HIP(hipGraphAddEmptyNode(&empty, graph, &node, 1));
  hipBatchMemOpNodeParams got{};
  EXPECT_EQ(hipGraphBatchMemOpNodeGetParams(nullptr, &got), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphBatchMemOpNodeGetParams(node, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphBatchMemOpNodeGetParams(empty, &got), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphBatchMemOpNodeSetParams(empty, &params), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphBatchMemOpNodeSetParams(node, &withWrong), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphBatchMemOpNodeSetParams(node, nullptr), hipErrorInvalidValue);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  EXPECT_EQ(hipGraphExecBatchMemOpNodeSetParams(nullptr, node, &params), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExecBatchMemOpNodeSetParams(exec, empty, &params), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphExecBatchMemOpNodeSetParams(exec, node, nullptr), hipErrorInvalidValue);
  // An executable's batch keeps its number of operations and their types.
  bad = params;
  bad.count = 1;
  EXPECT_EQ(hipGraphExecBatchMemOpNodeSetParams(exec, node, &bad), hipErrorInvalidValue);
  hipStreamBatchMemOpParams swapped[2] = {ops[1], ops[0]};
  bad.count = 2;
  bad.paramArray = swapped;
  EXPECT_EQ(hipGraphExecBatchMemOpNodeSetParams(exec, node, &bad), hipErrorInvalidValue);
  // An address the GPU does not reach (pageable memory) is found at launch.
  uint32_t pageable = 0;
  hipStreamBatchMemOpParams onStack[2] = {writeOp(hipStreamMemOpWriteValue32, &pageable, 1),
                                          ops[1]};
  bad.paramArray = onStack;
  ASSERT_HIP(hipGraphExecBatchMemOpNodeSetParams(exec, node, &bad));
  EXPECT_EQ(hipGraphLaunch(exec, nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  EXPECT_EQ(pageable, 0u);
  // Back to memory it reaches: the executable runs.
  ASSERT_HIP(hipGraphExecBatchMemOpNodeSetParams(exec, node, &params));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  EXPECT_EQ(words[0], 1u);
  EXPECT_EQ(words[1], 2u);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipHostFree(words));
  expectStillWorks(4);
}

TEST(SyncNodeMisuse, CapturedMemoryOperationsAreCheckedWhenRecorded) {
  uint32_t* word = nullptr;
  ASSERT_HIP(hipHostMalloc(&word, sizeof(uint64_t)));
  *word = 0;
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  ASSERT_HIP(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  EXPECT_EQ(hipStreamWaitValue32(stream, nullptr, 1, hipStreamWaitValueEq), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamWaitValue32(stream, word, 1, 9), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamWriteValue64(stream, reinterpret_cast<char*>(word) + 4, 1, 0),
            hipErrorInvalidValue);
  ASSERT_HIP(hipStreamWriteValue32(stream, word, 0x77, 0));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipStreamEndCapture(stream, &graph));
  size_t count = 0;
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 1u);  // the refused calls recorded nothing
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(*word, 0x77u);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(word));
  expectStillWorks(2);
}
