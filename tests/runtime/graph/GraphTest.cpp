// Graphs built node by node: every node kind runs with exact results, in dependency order, once
// per launch; executable graphs take new parameters; the structure queries, clones, user objects
// and the dot output; misuse gets the documented errors.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "GraphKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kCount = 1000;

// A kernel node's parameters; `args` must outlive the add call only (the node copies them).
hipKernelNodeParams kernelParams(const void* kernel, void** args, int n) {
  hipKernelNodeParams p{};
  p.func = const_cast<void*>(kernel);
  p.gridDim = dim3((n + 63) / 64);
  p.blockDim = dim3(64);
  p.kernelParams = args;
  return p;
}

hipMemsetParams fillParams(int* destination, int value, int n) {
  hipMemsetParams p{};
  p.dst = destination;
  p.value = static_cast<unsigned>(value);
  p.elementSize = sizeof(int);
  p.width = static_cast<size_t>(n);
  p.height = 1;
  return p;
}

struct DeviceInts {
  explicit DeviceInts(int n) { EXPECT_EQ(hipMalloc(&data, n * sizeof(int)), hipSuccess); }
  ~DeviceInts() { (void)hipFree(data); }
  int* data = nullptr;
};

// fill(value) -> += add -> *= factor -> copy to host: a chain of four nodes.
struct Chain {
  hipGraph_t graph = nullptr;
  hipGraphNode_t fill = nullptr, add = nullptr, multiply = nullptr, copy = nullptr;
};

void buildChain(Chain& chain, int* device, int* host, int value, int add, int factor) {
  ASSERT_HIP(hipGraphCreate(&chain.graph, 0));
  hipMemsetParams fill = fillParams(device, value, kCount);
  ASSERT_HIP(hipGraphAddMemsetNode(&chain.fill, chain.graph, nullptr, 0, &fill));
  int n = kCount;
  void* addArgs[] = {&device, &add, &n};
  hipKernelNodeParams addNode = kernelParams(addToKernel(), addArgs, kCount);
  ASSERT_HIP(hipGraphAddKernelNode(&chain.add, chain.graph, &chain.fill, 1, &addNode));
  void* multiplyArgs[] = {&device, &factor, &n};
  hipKernelNodeParams multiplyNode = kernelParams(multiplyByKernel(), multiplyArgs, kCount);
  ASSERT_HIP(hipGraphAddKernelNode(&chain.multiply, chain.graph, &chain.add, 1, &multiplyNode));
  ASSERT_HIP(hipGraphAddMemcpyNode1D(&chain.copy, chain.graph, &chain.multiply, 1, host, device,
                                     kCount * sizeof(int), hipMemcpyDeviceToHost));
}

TEST(Graph, AChainRunsItsNodesInOrderOnEveryLaunch) {
  DeviceInts device(kCount);
  std::vector<int> host(kCount, -1);
  Chain chain;
  // The arguments change after the nodes were added: the nodes copied them.
  int value = 5, add = 3, factor = 2;
  buildChain(chain, device.data, host.data(), value, add, factor);
  value = add = factor = 0;
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, chain.graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  for (int launch = 0; launch < 5; ++launch) {
    std::fill(host.begin(), host.end(), -1);
    ASSERT_HIP(hipGraphLaunch(exec, stream));
    ASSERT_HIP(hipStreamSynchronize(stream));
    for (int i = 0; i < kCount; ++i) ASSERT_EQ(host[i], (5 + 3) * 2) << "launch " << launch;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(chain.graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(Graph, AnExecutableTakesNewParametersForLaterLaunches) {
  DeviceInts device(kCount);
  std::vector<int> host(kCount, -1);
  Chain chain;
  buildChain(chain, device.data, host.data(), 5, 3, 2);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiateWithFlags(&exec, chain.graph, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  ASSERT_EQ(host[kCount - 1], 16);

  int* pointer = device.data;
  int add = 10, n = kCount;
  void* args[] = {&pointer, &add, &n};
  hipKernelNodeParams changed = kernelParams(addToKernel(), args, kCount);
  ASSERT_HIP(hipGraphExecKernelNodeSetParams(exec, chain.add, &changed));
  hipMemsetParams fill = fillParams(device.data, 7, kCount);
  ASSERT_HIP(hipGraphExecMemsetNodeSetParams(exec, chain.fill, &fill));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(host[i], (7 + 10) * 2) << i;

  // The graph itself is unchanged: a new executable runs the original parameters.
  hipGraphExec_t second = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&second, chain.graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(second, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  ASSERT_EQ(host[0], 16);

  // hipGraphExecUpdate from an edited copy of the graph: same topology, new factor.
  hipGraph_t edited = nullptr;
  ASSERT_HIP(hipGraphClone(&edited, chain.graph));
  hipGraphNode_t multiply = nullptr;
  ASSERT_HIP(hipGraphNodeFindInClone(&multiply, chain.multiply, edited));
  int factor = 3;
  void* multiplyArgs[] = {&pointer, &factor, &n};
  hipKernelNodeParams times3 = kernelParams(multiplyByKernel(), multiplyArgs, kCount);
  ASSERT_HIP(hipGraphKernelNodeSetParams(multiply, &times3));
  hipGraphNode_t errorNode = nullptr;
  hipGraphExecUpdateResult result = hipGraphExecUpdateError;
  ASSERT_HIP(hipGraphExecUpdate(second, edited, &errorNode, &result));
  EXPECT_EQ(result, hipGraphExecUpdateSuccess);
  ASSERT_HIP(hipGraphLaunch(second, nullptr));
  ASSERT_HIP(hipDeviceSynchronize());
  ASSERT_EQ(host[kCount - 1], (5 + 3) * 3);

  // A topology change is refused and names the node.
  hipGraphNode_t extra = nullptr;
  ASSERT_HIP(hipGraphAddEmptyNode(&extra, edited, &multiply, 1));
  EXPECT_EQ(hipGraphExecUpdate(second, edited, &errorNode, &result),
            hipErrorGraphExecUpdateFailure);
  EXPECT_EQ(result, hipGraphExecUpdateErrorTopologyChanged);

  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphExecDestroy(second));
  ASSERT_HIP(hipGraphDestroy(edited));
  ASSERT_HIP(hipGraphDestroy(chain.graph));
}

TEST(Graph, ADiamondsJoinWaitsForBothBranches) {
  DeviceInts a(1), b(kCount), out(kCount);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipGraphNode_t root = nullptr, slow = nullptr, fast = nullptr, join = nullptr;
  ASSERT_HIP(hipGraphAddEmptyNode(&root, graph, nullptr, 0));
  // Branch one: a slow kernel sets a[0] = 41; branch two: b = 1 then += 1.
  int* pa = a.data;
  int value = 41, iterations = 200000;
  void* slowArgs[] = {&pa, &value, &iterations};
  hipKernelNodeParams slowNode = kernelParams(slowSetKernel(), slowArgs, 1);
  ASSERT_HIP(hipGraphAddKernelNode(&slow, graph, &root, 1, &slowNode));
  hipMemsetParams fill = fillParams(b.data, 1, kCount);
  hipGraphNode_t fillB = nullptr;
  ASSERT_HIP(hipGraphAddMemsetNode(&fillB, graph, &root, 1, &fill));
  int* pb = b.data;
  int one = 1, n = kCount;
  void* addArgs[] = {&pb, &one, &n};
  hipKernelNodeParams addNode = kernelParams(addToKernel(), addArgs, kCount);
  ASSERT_HIP(hipGraphAddKernelNode(&fast, graph, &fillB, 1, &addNode));
  // The join: out[i] = a[0 stretched] ... sum reads a as an array of one broadcast by a memcpy.
  hipGraphNode_t spread = nullptr;
  hipGraphNode_t branches[] = {slow, fast};
  ASSERT_HIP(hipGraphAddMemcpyNode1D(&spread, graph, branches, 2, out.data, a.data, sizeof(int),
                                     hipMemcpyDeviceToDevice));
  int* po = out.data;
  int single = 1;
  void* sumArgs[] = {&po, &pb, &po, &single};
  hipKernelNodeParams sumNode = kernelParams(sumKernel(), sumArgs, 1);
  ASSERT_HIP(hipGraphAddKernelNode(&join, graph, &spread, 1, &sumNode));

  size_t count = 0;
  ASSERT_HIP(hipGraphGetRootNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 1u);
  ASSERT_HIP(hipGraphGetEdges(graph, nullptr, nullptr, &count));
  EXPECT_EQ(count, 6u);
  ASSERT_HIP(hipGraphNodeGetDependencies(spread, nullptr, &count));
  EXPECT_EQ(count, 2u);
  ASSERT_HIP(hipGraphNodeGetDependentNodes(root, nullptr, &count));
  EXPECT_EQ(count, 2u);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  for (int launch = 0; launch < 3; ++launch) {
    ASSERT_HIP(hipMemset(a.data, 0, sizeof(int)));
    ASSERT_HIP(hipGraphLaunch(exec, nullptr));
    int result = 0;
    ASSERT_HIP(hipMemcpy(&result, out.data, sizeof(int), hipMemcpyDeviceToHost));
    EXPECT_EQ(result, 41 + 2) << "launch " << launch;
  }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
}

struct HostLog {
  std::vector<int> entries;
  const int* seen = nullptr;  // host memory a kernel before the host node wrote
  std::vector<int> values;
};

void logOne(void* log) {
  static_cast<HostLog*>(log)->entries.push_back(1);
}
void logTwo(void* log) {
  auto* l = static_cast<HostLog*>(log);
  l->entries.push_back(2);
  l->values.push_back(*l->seen);
}

TEST(Graph, HostNodesRunOncePerLaunchInOrderAfterTheWorkBeforeThem) {
  int* pinned = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), sizeof(int)));
  *pinned = 0;
  HostLog log;
  log.seen = pinned;
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipHostNodeParams first{logOne, &log}, second{logTwo, &log};
  hipGraphNode_t h1 = nullptr, kernel = nullptr, h2 = nullptr;
  ASSERT_HIP(hipGraphAddHostNode(&h1, graph, nullptr, 0, &first));
  int add = 10, n = 1;
  void* args[] = {&pinned, &add, &n};
  hipKernelNodeParams addNode = kernelParams(addToKernel(), args, 1);
  ASSERT_HIP(hipGraphAddKernelNode(&kernel, graph, &h1, 1, &addNode));
  ASSERT_HIP(hipGraphAddHostNode(&h2, graph, &kernel, 1, &second));
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));
  for (int launch = 0; launch < 3; ++launch) ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(log.entries, (std::vector<int>{1, 2, 1, 2, 1, 2}));
  EXPECT_EQ(log.values, (std::vector<int>{10, 20, 30}));
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(pinned));
}

TEST(Graph, ChildGraphsEventsAndDisabledNodes) {
  DeviceInts device(kCount);
  std::vector<int> host(kCount, -1);
  Chain inner;
  buildChain(inner, device.data, host.data(), 1, 1, 5);  // (1 + 1) * 5
  hipGraph_t outer = nullptr;
  ASSERT_HIP(hipGraphCreate(&outer, 0));
  hipEvent_t start = nullptr, stop = nullptr;
  ASSERT_HIP(hipEventCreate(&start));
  ASSERT_HIP(hipEventCreate(&stop));
  hipGraphNode_t recordStart = nullptr, child = nullptr, recordStop = nullptr;
  ASSERT_HIP(hipGraphAddEventRecordNode(&recordStart, outer, nullptr, 0, start));
  ASSERT_HIP(hipGraphAddChildGraphNode(&child, outer, &recordStart, 1, inner.graph));
  ASSERT_HIP(hipGraphAddEventRecordNode(&recordStop, outer, &child, 1, stop));
  hipGraphNodeType type = hipGraphNodeTypeCount;
  ASSERT_HIP(hipGraphNodeGetType(child, &type));
  EXPECT_EQ(type, hipGraphNodeTypeGraph);
  hipGraph_t copy = nullptr;
  ASSERT_HIP(hipGraphChildGraphNodeGetGraph(child, &copy));
  size_t count = 0;
  ASSERT_HIP(hipGraphGetNodes(copy, nullptr, &count));
  EXPECT_EQ(count, 4u);
  hipEvent_t event = nullptr;
  ASSERT_HIP(hipGraphEventRecordNodeGetEvent(recordStop, &event));
  EXPECT_EQ(event, stop);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, outer, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipEventSynchronize(stop));
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(host[i], 10) << i;
  float milliseconds = -1;
  ASSERT_HIP(hipEventElapsedTime(&milliseconds, start, stop));
  EXPECT_GE(milliseconds, 0.0f);

  // Nodes of the child graph are addressed through the child's own copy; disabling the
  // multiply leaves (1 + 1).
  hipGraphNode_t nodes[4] = {};
  count = 4;
  ASSERT_HIP(hipGraphGetNodes(copy, nodes, &count));
  hipGraphNode_t multiply = nodes[2];
  ASSERT_HIP(hipGraphNodeGetType(multiply, &type));
  ASSERT_EQ(type, hipGraphNodeTypeKernel);
  ASSERT_HIP(hipGraphNodeSetEnabled(exec, multiply, 0));
  unsigned enabled = 1;
  ASSERT_HIP(hipGraphNodeGetEnabled(exec, multiply, &enabled));
  EXPECT_EQ(enabled, 0u);
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipEventSynchronize(stop));
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(host[i], 2) << i;

  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(outer));
  ASSERT_HIP(hipGraphDestroy(inner.graph));
  ASSERT_HIP(hipEventDestroy(start));
  ASSERT_HIP(hipEventDestroy(stop));
}

TEST(Graph, AHundredKernelChainIsAHundredPacketsPerLaunch) {
  DeviceInts device(64);
  ASSERT_HIP(hipMemset(device.data, 0, 64 * sizeof(int)));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipGraphNode_t previous = nullptr;
  int* pointer = device.data;
  int n = 64;
  for (int i = 0; i < 100; ++i) {
    int add = i;
    void* args[] = {&pointer, &add, &n};
    hipKernelNodeParams node = kernelParams(addToKernel(), args, 64);
    hipGraphNode_t made = nullptr;
    ASSERT_HIP(hipGraphAddKernelNode(&made, graph, previous ? &previous : nullptr, previous ? 1 : 0,
                                     &node));
    previous = made;
  }
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  // Non-blocking: no marker barrier orders it after the null stream's memset.
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  ASSERT_HIP(hipDeviceSynchronize());
  ASSERT_HIP(hipGraphUpload(exec, stream));
  unsigned long long before = 0, after = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &before));
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  EXPECT_EQ(after - before, 100u);  // the kernels' packets, no barrier between them
  ASSERT_HIP(hipGraphLaunch(exec, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  std::vector<int> host(64);
  ASSERT_HIP(hipMemcpy(host.data(), device.data, 64 * sizeof(int), hipMemcpyDeviceToHost));
  for (int v : host) ASSERT_EQ(v, 2 * (99 * 100 / 2));
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipStreamDestroy(stream));
}

TEST(Graph, StructureEditsClonesAndDotOutput) {
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipGraphNode_t a = nullptr, b = nullptr, c = nullptr;
  ASSERT_HIP(hipGraphAddEmptyNode(&a, graph, nullptr, 0));
  ASSERT_HIP(hipGraphAddEmptyNode(&b, graph, nullptr, 0));
  ASSERT_HIP(hipGraphAddEmptyNode(&c, graph, nullptr, 0));
  hipGraphNode_t from[] = {a, b}, to[] = {c, c};
  ASSERT_HIP(hipGraphAddDependencies(graph, from, to, 2));
  EXPECT_EQ(hipGraphAddDependencies(graph, from, to, 1), hipErrorInvalidValue);  // exists
  hipGraphNode_t edgeFrom[3] = {}, edgeTo[3] = {};
  size_t count = 3;
  ASSERT_HIP(hipGraphGetEdges(graph, edgeFrom, edgeTo, &count));
  ASSERT_EQ(count, 2u);
  EXPECT_EQ(edgeFrom[0], a);
  EXPECT_EQ(edgeTo[0], c);
  EXPECT_EQ(edgeTo[2], nullptr);  // unused entries are cleared
  ASSERT_HIP(hipGraphRemoveDependencies(graph, &b, &c, 1));
  EXPECT_EQ(hipGraphRemoveDependencies(graph, &b, &c, 1), hipErrorInvalidValue);
  ASSERT_HIP(hipGraphGetRootNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 2u);  // a and b

  hipGraph_t clone = nullptr;
  ASSERT_HIP(hipGraphClone(&clone, graph));
  hipGraphNode_t cInClone = nullptr;
  ASSERT_HIP(hipGraphNodeFindInClone(&cInClone, c, clone));
  EXPECT_NE(cInClone, c);
  ASSERT_HIP(hipGraphNodeGetDependencies(cInClone, nullptr, &count));
  EXPECT_EQ(count, 1u);
  ASSERT_HIP(hipGraphDestroyNode(b));
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 2u);
  ASSERT_HIP(hipGraphGetNodes(clone, nullptr, &count));
  EXPECT_EQ(count, 3u);  // the clone is independent

  // A cycle is refused at instantiation, naming a node on it.
  ASSERT_HIP(hipGraphAddDependencies(graph, &c, &a, 1));
  hipGraphExec_t exec = nullptr;
  hipGraphNode_t errorNode = nullptr;
  EXPECT_EQ(hipGraphInstantiate(&exec, graph, &errorNode, nullptr, 0), hipErrorInvalidValue);
  EXPECT_TRUE(errorNode == a || errorNode == c);

  char path[] = "/tmp/hipcore-graph-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  ASSERT_HIP(hipGraphDebugDotPrint(clone, path, hipGraphDebugDotFlagsVerbose));
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  std::remove(path);
  const std::string dot = text.str();
  EXPECT_EQ(dot.rfind("digraph", 0), 0u) << dot;
  size_t boxes = 0;
  for (size_t at = dot.find("shape=box"); at != std::string::npos;
       at = dot.find("shape=box", at + 1))
    ++boxes;
  EXPECT_EQ(boxes, 3u) << dot;
  EXPECT_NE(dot.find("->"), std::string::npos) << dot;
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipGraphDestroy(clone));
}

// Node parameters read back as they were given (a single row's pitch of 0 included: hip-tests
// compare every field), and memcpy nodes reach arrays as hipMemcpy3D does: host -> array ->
// host through two nodes, the array's width counted in elements.
TEST(Graph, NodeParametersReadBackAsGivenAndMemcpyNodesReachArrays) {
  constexpr int kWidth = 9, kHeight = 5;
  std::vector<float> in(kWidth * kHeight), out(kWidth * kHeight, -1.0f);
  for (int i = 0; i < kWidth * kHeight; ++i) in[i] = 0.5f * float(i) - 3.0f;
  hipArray_t array = nullptr;
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  ASSERT_HIP(hipMallocArray(&array, &desc, kWidth, kHeight, 0));
  DeviceInts filled(16);

  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipMemsetParams fill = fillParams(filled.data, 0x5a, 16);
  fill.pitch = 0;
  hipGraphNode_t fillNode = nullptr, toArray = nullptr, fromArray = nullptr;
  ASSERT_HIP(hipGraphAddMemsetNode(&fillNode, graph, nullptr, 0, &fill));
  hipMemsetParams back{};
  ASSERT_HIP(hipGraphMemsetNodeGetParams(fillNode, &back));
  EXPECT_EQ(back.pitch, 0u);
  EXPECT_EQ(back.width, 16u);
  fill.pitch = 7;  // any pitch for one row
  fill.value = 0x77;
  ASSERT_HIP(hipGraphMemsetNodeSetParams(fillNode, &fill));
  ASSERT_HIP(hipGraphMemsetNodeGetParams(fillNode, &back));
  EXPECT_EQ(back.pitch, 7u);
  EXPECT_EQ(back.value, 0x77u);

  hipMemcpy3DParms up{};
  up.srcPtr = make_hipPitchedPtr(in.data(), kWidth * sizeof(float), kWidth, kHeight);
  up.dstArray = array;
  up.extent = make_hipExtent(kWidth, kHeight, 1);
  up.kind = hipMemcpyHostToDevice;
  ASSERT_HIP(hipGraphAddMemcpyNode(&toArray, graph, nullptr, 0, &up));
  hipMemcpy3DParms down{};
  down.srcArray = array;
  down.dstPtr = make_hipPitchedPtr(out.data(), kWidth * sizeof(float), kWidth, kHeight);
  down.extent = make_hipExtent(kWidth, kHeight, 1);
  down.kind = hipMemcpyDeviceToHost;
  ASSERT_HIP(hipGraphAddMemcpyNode(&fromArray, graph, &toArray, 1, &down));
  hipMemcpy3DParms given{};
  ASSERT_HIP(hipGraphMemcpyNodeGetParams(toArray, &given));
  EXPECT_EQ(given.dstArray, array);
  EXPECT_EQ(given.extent.width, size_t(kWidth));  // elements, as given
  // An array box wider than the array is refused when the node is made.
  hipMemcpy3DParms wide = down;
  wide.extent.width = kWidth + 1;
  hipGraphNode_t refused = nullptr;
  EXPECT_EQ(hipGraphAddMemcpyNode(&refused, graph, nullptr, 0, &wide), hipErrorInvalidValue);
  // So is a side named twice, by an array and by a pointer (CUDA's rule), node or plain copy.
  hipMemcpy3DParms both = down;
  both.srcPtr = up.srcPtr;
  EXPECT_EQ(hipGraphAddMemcpyNode(&refused, graph, nullptr, 0, &both), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy3D(&both), hipErrorInvalidValue);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  EXPECT_EQ(out, in);
  std::vector<int> fills(16);
  ASSERT_HIP(hipMemcpy(fills.data(), filled.data, 16 * sizeof(int), hipMemcpyDeviceToHost));
  EXPECT_EQ(fills, std::vector<int>(16, 0x77));
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipFreeArray(array));
}

int destroyed = 0;
void countDestroy(void* object) {
  destroyed += *static_cast<int*>(object);
}

TEST(Graph, AUserObjectLivesUntilItsLastReferenceIsReleased) {
  destroyed = 0;
  int weight = 1;
  hipUserObject_t object = nullptr;
  ASSERT_HIP(hipUserObjectCreate(&object, &weight, countDestroy, 1, hipUserObjectNoDestructorSync));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  ASSERT_HIP(hipGraphRetainUserObject(graph, object, 2, 0));
  hipGraph_t clone = nullptr;
  ASSERT_HIP(hipGraphClone(&clone, graph));  // the clone holds its own references
  ASSERT_HIP(hipUserObjectRelease(object, 1));
  ASSERT_HIP(hipGraphReleaseUserObject(graph, object, 1));
  ASSERT_HIP(hipGraphReleaseUserObject(graph, object, 5));  // releases the 1 it still holds
  ASSERT_HIP(hipGraphDestroy(graph));
  EXPECT_EQ(destroyed, 0);
  ASSERT_HIP(hipGraphDestroy(clone));
  EXPECT_EQ(destroyed, 1);
}

TEST(Graph, MisuseGetsTheDocumentedErrors) {
  hipGraph_t graph = nullptr, other = nullptr;
  EXPECT_EQ(hipGraphCreate(nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphCreate(&graph, 1), hipErrorInvalidValue);
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  ASSERT_HIP(hipGraphCreate(&other, 0));
  hipGraphNode_t foreign = nullptr, node = nullptr;
  ASSERT_HIP(hipGraphAddEmptyNode(&foreign, other, nullptr, 0));
  EXPECT_EQ(hipGraphAddEmptyNode(&node, graph, &foreign, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddEmptyNode(&node, graph, nullptr, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddEmptyNode(nullptr, graph, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddKernelNode(&node, graph, nullptr, 0, nullptr), hipErrorInvalidValue);
  hipKernelNodeParams bad = kernelParams(nullptr, nullptr, 1);
  EXPECT_EQ(hipGraphAddKernelNode(&node, graph, nullptr, 0, &bad), hipErrorInvalidDeviceFunction);
  int x = 0;
  hipKernelNodeParams noArgs = kernelParams(addToKernel(), nullptr, 1);
  EXPECT_EQ(hipGraphAddKernelNode(&node, graph, nullptr, 0, &noArgs), hipErrorInvalidValue);
  hipMemsetParams fill = fillParams(&x, 0, 1);
  fill.elementSize = 3;
  EXPECT_EQ(hipGraphAddMemsetNode(&node, graph, nullptr, 0, &fill), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddMemcpyNode1D(&node, graph, nullptr, 0, nullptr, &x, 4, hipMemcpyHostToHost),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddEventRecordNode(&node, graph, nullptr, 0, nullptr), hipErrorInvalidValue);
  hipHostNodeParams host{nullptr, nullptr};
  EXPECT_EQ(hipGraphAddHostNode(&node, graph, nullptr, 0, &host), hipErrorInvalidValue);
  hipGraphNodeType type;
  EXPECT_EQ(hipGraphNodeGetType(nullptr, &type), hipErrorInvalidValue);
  hipKernelNodeParams out{};
  EXPECT_EQ(hipGraphKernelNodeGetParams(foreign, &out), hipErrorInvalidValue);  // an empty node
  size_t count = 0;
  EXPECT_EQ(hipGraphGetNodes(graph, nullptr, nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 0u);  // nothing was added by the failed calls

  hipGraphExec_t exec = nullptr;
  EXPECT_EQ(hipGraphInstantiateWithFlags(&exec, graph, 0x100), hipErrorInvalidValue);
  ASSERT_HIP(hipGraphInstantiate(&exec, other, nullptr, nullptr, 0));
  EXPECT_EQ(hipGraphExecKernelNodeSetParams(exec, foreign, &noArgs), hipErrorInvalidValue);
  hipGraphNode_t unrelated = nullptr;
  ASSERT_HIP(hipGraphAddEmptyNode(&unrelated, graph, nullptr, 0));
  unsigned enabled = 0;
  EXPECT_EQ(hipGraphNodeGetEnabled(exec, unrelated, &enabled), hipErrorInvalidValue);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  EXPECT_EQ(hipGraphLaunch(exec, nullptr), hipErrorInvalidValue);  // destroyed
  ASSERT_HIP(hipGraphDestroy(graph));
  EXPECT_EQ(hipGraphDestroy(graph), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddEmptyNode(&node, graph, nullptr, 0), hipErrorInvalidValue);
  ASSERT_HIP(hipGraphDestroy(other));
}

}  // namespace

namespace {

TEST(Graph, GraphOwnedMemoryLivesWithTheGraph) {
  uint64_t before = 0;
  ASSERT_HIP(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &before));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipMemAllocNodeParams alloc{};
  alloc.poolProps.allocType = hipMemAllocationTypePinned;
  alloc.poolProps.location.type = hipMemLocationTypeDevice;
  alloc.poolProps.location.id = 0;
  alloc.bytesize = kCount * sizeof(int);
  hipGraphNode_t allocNode = nullptr, fill = nullptr, add = nullptr, copy = nullptr,
                 freeNode = nullptr;
  ASSERT_HIP(hipGraphAddMemAllocNode(&allocNode, graph, nullptr, 0, &alloc));
  ASSERT_NE(alloc.dptr, nullptr);
  int* memory = static_cast<int*>(alloc.dptr);
  hipMemsetParams fillParams_ = fillParams(memory, 20, kCount);
  ASSERT_HIP(hipGraphAddMemsetNode(&fill, graph, &allocNode, 1, &fillParams_));
  int value = 22, n = kCount;
  void* args[] = {&memory, &value, &n};
  hipKernelNodeParams addNode = kernelParams(addToKernel(), args, kCount);
  ASSERT_HIP(hipGraphAddKernelNode(&add, graph, &fill, 1, &addNode));
  std::vector<int> host(kCount, 0);
  ASSERT_HIP(hipGraphAddMemcpyNode1D(&copy, graph, &add, 1, host.data(), memory,
                                     kCount * sizeof(int), hipMemcpyDeviceToHost));
  ASSERT_HIP(hipGraphAddMemFreeNode(&freeNode, graph, &copy, 1, memory));
  void* freed = nullptr;
  ASSERT_HIP(hipGraphMemFreeNodeGetParams(freeNode, &freed));
  EXPECT_EQ(freed, memory);
  hipMemAllocNodeParams got{};
  ASSERT_HIP(hipGraphMemAllocNodeGetParams(allocNode, &got));
  EXPECT_EQ(got.dptr, memory);
  EXPECT_EQ(got.bytesize, kCount * sizeof(int));
  uint64_t used = 0;
  ASSERT_HIP(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used));
  EXPECT_EQ(used, before);      // in use from a launch on (GraphMemoryTest.cpp)
  ASSERT_HIP(hipFree(memory));  // returned to the graph, which keeps it for its launches
  int local = 0;
  EXPECT_EQ(hipGraphAddMemFreeNode(&freeNode, graph, nullptr, 0, &local), hipErrorInvalidValue);

  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphDestroy(graph));  // the executable keeps the memory
  for (int launch = 0; launch < 2; ++launch) {
    std::fill(host.begin(), host.end(), 0);
    ASSERT_HIP(hipGraphLaunch(exec, nullptr));
    ASSERT_HIP(hipDeviceSynchronize());
    for (int v : host) ASSERT_EQ(v, 42);
  }
  ASSERT_HIP(hipDeviceGraphMemTrim(0));
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used));
  EXPECT_EQ(used, before);
  uint64_t high = 0, zero = 0, one = 1;
  ASSERT_HIP(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &high));
  EXPECT_GE(high, kCount * sizeof(int));
  EXPECT_EQ(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &one),
            hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &zero),
            hipErrorInvalidValue);
  ASSERT_HIP(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero));
  ASSERT_HIP(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &high));
  EXPECT_EQ(high, used);
}

}  // namespace
