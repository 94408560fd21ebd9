// Graph-owned memory's accounting and rules: a block is in use from a launch of its allocation
// node until a free node's launch or hipFree, as hipDeviceGetGraphMemAttribute reports it; a
// graph with memory nodes has one executable at a time (CUDA's rule, hip-tests checks it).
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "GraphKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kCount = 4096;
constexpr uint64_t kBytes = kCount * sizeof(int);

uint64_t attribute(hipGraphMemAttributeType which) {
  uint64_t value = ~uint64_t{0};
  EXPECT_EQ(hipDeviceGetGraphMemAttribute(0, which, &value), hipSuccess);
  return value;
}

void expectUse(uint64_t used, uint64_t high) {
  EXPECT_EQ(attribute(hipGraphMemAttrUsedMemCurrent), used);
  EXPECT_EQ(attribute(hipGraphMemAttrReservedMemCurrent), used);
  EXPECT_EQ(attribute(hipGraphMemAttrUsedMemHigh), high);
  EXPECT_EQ(attribute(hipGraphMemAttrReservedMemHigh), high);
}

void resetHighs() {
  uint64_t zero = 0;
  ASSERT_HIP(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero));
  ASSERT_HIP(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &zero));
}

hipMemAllocNodeParams allocation(uint64_t bytes) {
  hipMemAllocNodeParams p{};
  p.poolProps.allocType = hipMemAllocationTypePinned;
  p.poolProps.location.type = hipMemLocationTypeDevice;
  p.poolProps.location.id = 0;
  p.bytesize = bytes;
  return p;
}

// alloc -> fill(value) -> copy to `host` [-> free]: the graph and its block.
void buildGraph(hipGraph_t& graph, int*& block, int* host, int value, bool withFree) {
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipMemAllocNodeParams alloc = allocation(kBytes);
  hipGraphNode_t allocNode = nullptr, fill = nullptr, copy = nullptr, freeNode = nullptr;
  ASSERT_HIP(hipGraphAddMemAllocNode(&allocNode, graph, nullptr, 0, &alloc));
  block = static_cast<int*>(alloc.dptr);
  hipMemsetParams fillParams{};
  fillParams.dst = block;
  fillParams.value = static_cast<unsigned>(value);
  fillParams.elementSize = sizeof(int);
  fillParams.width = kCount;
  fillParams.height = 1;
  ASSERT_HIP(hipGraphAddMemsetNode(&fill, graph, &allocNode, 1, &fillParams));
  ASSERT_HIP(
      hipGraphAddMemcpyNode1D(&copy, graph, &fill, 1, host, block, kBytes, hipMemcpyDeviceToHost));
  if (withFree) {
    ASSERT_HIP(hipGraphAddMemFreeNode(&freeNode, graph, &copy, 1, block));
  }
}

TEST(GraphMemory, InUseFromItsAllocationsLaunchUntilItIsFreed) {
  resetHighs();
  const uint64_t base = attribute(hipGraphMemAttrUsedMemCurrent);
  expectUse(base, base);
  std::vector<int> host(kCount, 0);
  hipGraph_t kept = nullptr;  // its block outlives the launch: freed by hipFree
  int* block = nullptr;
  buildGraph(kept, block, host.data(), 17, /*withFree=*/false);
  expectUse(base, base);  // a node reserves memory; nothing is in use before a launch
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, kept, nullptr, nullptr, 0));
  expectUse(base, base);
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  for (int v : host) ASSERT_EQ(v, 17);
  expectUse(base + kBytes, base + kBytes);
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));  // the same block: counted once
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  expectUse(base + kBytes, base + kBytes);
  ASSERT_HIP(hipFree(block));
  expectUse(base, base + kBytes);

  hipGraph_t freeing = nullptr;  // allocates and frees in each launch
  int* other = nullptr;
  buildGraph(freeing, other, host.data(), 29, /*withFree=*/true);
  EXPECT_NE(other, block);
  hipGraphExec_t second = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&second, freeing, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));    // block in use again
  ASSERT_HIP(hipGraphLaunch(second, nullptr));  // other in use, then freed
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  for (int v : host) ASSERT_EQ(v, 29);
  expectUse(base + kBytes, base + 2 * kBytes);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(kept));  // the last holder of a block still in use
  expectUse(base, base + 2 * kBytes);
  ASSERT_HIP(hipGraphExecDestroy(second));
  ASSERT_HIP(hipGraphDestroy(freeing));
  ASSERT_HIP(hipDeviceGraphMemTrim(0));
  expectUse(base, base + 2 * kBytes);
  resetHighs();
  expectUse(base, base);
}

TEST(GraphMemory, AnAllocationNodeReturnsItsParametersAsGiven) {
  hipMemAccessDesc access{};
  access.location.type = hipMemLocationTypeDevice;
  access.location.id = 0;
  access.flags = hipMemAccessFlagsProtReadWrite;
  hipMemAllocNodeParams given = allocation(kBytes);
  given.accessDescs = &access;
  given.accessDescCount = 1;
  hipGraph_t graph = nullptr;
  hipGraphNode_t node = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  ASSERT_HIP(hipGraphAddMemAllocNode(&node, graph, nullptr, 0, &given));
  ASSERT_NE(given.dptr, nullptr);
  hipMemAllocNodeParams got;
  std::memset(&got, 0xA5, sizeof got);
  ASSERT_HIP(hipGraphMemAllocNodeGetParams(node, &got));
  EXPECT_EQ(std::memcmp(&got, &given, sizeof got), 0);  // as AMD's runtime (hip-tests compares)
  EXPECT_EQ(got.accessDescs, &access);
  EXPECT_EQ(got.dptr, given.dptr);
  ASSERT_HIP(hipGraphDestroy(graph));
}

TEST(GraphMemory, AGraphWithMemoryNodesHasOneExecutableAtATime) {
  std::vector<int> host(kCount, 0);
  hipGraph_t graph = nullptr;
  int* block = nullptr;
  buildGraph(graph, block, host.data(), 5, /*withFree=*/false);
  hipGraphExec_t first = nullptr, second = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&first, graph, nullptr, nullptr, 0));
  EXPECT_EQ(hipGraphInstantiate(&second, graph, nullptr, nullptr, 0), hipErrorNotSupported);
  EXPECT_EQ(hipGraphInstantiateWithFlags(&second, graph, 0), hipErrorNotSupported);
  // A graph freeing that block: a free node counts as a memory node too.
  hipGraph_t freeing = nullptr;
  hipGraphNode_t freeNode = nullptr;
  ASSERT_HIP(hipGraphCreate(&freeing, 0));
  ASSERT_HIP(hipGraphAddMemFreeNode(&freeNode, freeing, nullptr, 0, block));
  hipGraphExec_t freeExec = nullptr, freeAgain = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&freeExec, freeing, nullptr, nullptr, 0));
  EXPECT_EQ(hipGraphInstantiate(&freeAgain, freeing, nullptr, nullptr, 0), hipErrorNotSupported);

  ASSERT_HIP(hipGraphLaunch(first, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  for (int v : host) ASSERT_EQ(v, 5);
  ASSERT_HIP(hipGraphExecDestroy(first));  // now a new one may be made, and it runs
  ASSERT_HIP(hipGraphInstantiate(&second, graph, nullptr, nullptr, 0));
  std::fill(host.begin(), host.end(), 0);
  ASSERT_HIP(hipGraphLaunch(second, nullptr));
  ASSERT_HIP(hipGraphLaunch(freeExec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  for (int v : host) ASSERT_EQ(v, 5);
  ASSERT_HIP(hipGraphExecDestroy(second));
  ASSERT_HIP(hipGraphExecDestroy(freeExec));
  ASSERT_HIP(hipGraphDestroy(freeing));

  // A clone is another graph: it has its own executable.
  hipGraph_t clone = nullptr;
  ASSERT_HIP(hipGraphClone(&clone, graph));
  ASSERT_HIP(hipGraphInstantiate(&first, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphInstantiate(&second, clone, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphExecDestroy(first));
  ASSERT_HIP(hipGraphExecDestroy(second));
  ASSERT_HIP(hipGraphDestroy(clone));
  ASSERT_HIP(hipGraphDestroy(graph));

  // Without memory nodes, any number of executables.
  hipGraph_t plain = nullptr;
  hipGraphNode_t empty = nullptr;
  ASSERT_HIP(hipGraphCreate(&plain, 0));
  ASSERT_HIP(hipGraphAddEmptyNode(&empty, plain, nullptr, 0));
  ASSERT_HIP(hipGraphInstantiate(&first, plain, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphInstantiate(&second, plain, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphExecDestroy(first));
  ASSERT_HIP(hipGraphExecDestroy(second));
  ASSERT_HIP(hipGraphDestroy(plain));
}

}  // namespace
