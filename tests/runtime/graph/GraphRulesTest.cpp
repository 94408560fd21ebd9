// Parameter rules AMD's runtime enforces and hip-tests checks: a copy's direction is fixed in
// an executable; symbol copies whose kind contradicts their memory; instantiation flags; a
// dependency list holding something that is not a node.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <sys/mman.h>

#include <cstdlib>
#include <vector>

#include "GraphKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

constexpr int kCount = 16;  // the device variable's size
constexpr size_t kBytes = kCount * sizeof(int);

struct Ints {
  Ints() { EXPECT_EQ(hipMalloc(reinterpret_cast<void**>(&data), kBytes), hipSuccess); }
  ~Ints() { (void)hipFree(data); }
  int* data = nullptr;
};

std::vector<int> iota(int first) {
  std::vector<int> values(kCount);
  for (int i = 0; i < kCount; ++i) values[i] = first + i;
  return values;
}

TEST(GraphRules, ADependencyThatIsNoNodeIsRefusedWithoutReadingIt) {
  // hip-tests' "Invalid numNodes" passes a list of one node with a count of 2: the second entry
  // is whatever lies next on the stack. Here it is an address nothing can read (a PROT_NONE
  // page): looking at it as a node would crash.
  void* page = mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(page, MAP_FAILED);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipGraphNode_t first = nullptr, node = nullptr;
  ASSERT_HIP(hipGraphAddEmptyNode(&first, graph, nullptr, 0));
  hipGraphNode_t dependencies[] = {first, static_cast<hipGraphNode_t>(page)};
  EXPECT_EQ(hipGraphAddEmptyNode(&node, graph, dependencies, 2), hipErrorInvalidValue);
  hipEvent_t event = nullptr;
  ASSERT_HIP(hipEventCreate(&event));
  EXPECT_EQ(hipGraphAddEventRecordNode(&node, graph, dependencies, 2, event), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddEventWaitNode(&node, graph, dependencies, 2, event), hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddDependencies(graph, &first, &dependencies[1], 1), hipErrorInvalidValue);
  // The graph still has its one node, and takes a real dependency.
  size_t count = 0;
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &count));
  EXPECT_EQ(count, 1u);
  ASSERT_HIP(hipGraphAddEmptyNode(&node, graph, dependencies, 1));
  ASSERT_HIP(hipEventDestroy(event));
  ASSERT_HIP(hipGraphDestroy(graph));
  munmap(page, 4096);
}

TEST(GraphRules, AOneDimensionalCopyOfTwoGigabytesHasNoPitchLimit) {
  // hipDeviceAttributeMaxPitch (2^31 - 1) limits the pitches of 3D copy parameters, not the
  // length of a 1D copy (hip-tests copy 2 GiB graph allocations to the host this way).
  constexpr size_t kTwoGiB = size_t{1} << 31;
  void* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, kTwoGiB));
  void* host = std::malloc(kTwoGiB);  // never touched: only its address is used
  ASSERT_NE(host, nullptr);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipGraphNode_t node = nullptr;
  EXPECT_EQ(hipGraphAddMemcpyNode1D(&node, graph, nullptr, 0, host, device, kTwoGiB,
                                    hipMemcpyDeviceToHost),
            hipSuccess)
      << hipcoreGetErrorDetail();
  // A 3D copy with that pitch is still refused.
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(device, kTwoGiB, kTwoGiB, 1);
  p.dstPtr = make_hipPitchedPtr(host, kTwoGiB, kTwoGiB, 1);
  p.extent = make_hipExtent(kTwoGiB, 1, 1);
  p.kind = hipMemcpyDeviceToHost;
  EXPECT_EQ(hipGraphAddMemcpyNode(&node, graph, nullptr, 0, &p), hipErrorInvalidValue);
  ASSERT_HIP(hipGraphDestroy(graph));
  std::free(host);
  ASSERT_HIP(hipFree(device));
}

TEST(GraphRules, ACopysDirectionIsFixedInAnExecutable) {
  Ints device, other;
  std::vector<int> in = iota(100), out(kCount, 0), in2 = iota(500);
  hipGraph_t graph = nullptr;
  hipGraphNode_t upload = nullptr, download = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  ASSERT_HIP(hipGraphAddMemcpyNode1D(&upload, graph, nullptr, 0, device.data, in.data(), kBytes,
                                     hipMemcpyHostToDevice));
  ASSERT_HIP(hipGraphAddMemcpyNode1D(&download, graph, &upload, 1, out.data(), device.data, kBytes,
                                     hipMemcpyDeviceToHost));
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  for (hipMemcpyKind kind :
       {hipMemcpyHostToHost, hipMemcpyDeviceToHost, hipMemcpyDeviceToDevice, hipMemcpyDefault})
    EXPECT_EQ(hipGraphExecMemcpyNodeSetParams1D(exec, upload, other.data, in2.data(), kBytes, kind),
              hipErrorInvalidValue)
        << kind;
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(in2.data(), kBytes, kBytes, 1);
  p.dstPtr = make_hipPitchedPtr(other.data, kBytes, kBytes, 1);
  p.extent = make_hipExtent(kBytes, 1, 1);
  p.kind = hipMemcpyDefault;
  EXPECT_EQ(hipGraphExecMemcpyNodeSetParams(exec, upload, &p), hipErrorInvalidValue);
  // A row wider than its pitch: hipErrorInvalidPitchValue for a node, hipErrorInvalidValue for
  // an executable's node (AMD's answers).
  p.kind = hipMemcpyHostToDevice;
  p.dstPtr = make_hipPitchedPtr(other.data, kBytes / 2, kBytes / 2, 1);
  EXPECT_EQ(hipGraphMemcpyNodeSetParams(upload, &p), hipErrorInvalidPitchValue);
  EXPECT_EQ(hipGraphExecMemcpyNodeSetParams(exec, upload, &p), hipErrorInvalidValue);
  // Same kinds, new memory: the next launch copies through `other`.
  ASSERT_HIP(hipGraphExecMemcpyNodeSetParams1D(exec, upload, other.data, in2.data(), kBytes,
                                               hipMemcpyHostToDevice));
  p.kind = hipMemcpyDeviceToHost;
  p.srcPtr = make_hipPitchedPtr(other.data, kBytes, kBytes, 1);
  p.dstPtr = make_hipPitchedPtr(out.data(), kBytes, kBytes, 1);
  ASSERT_HIP(hipGraphExecMemcpyNodeSetParams(exec, download, &p));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  EXPECT_EQ(out, in2);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
}

TEST(GraphRules, SymbolCopiesRefuseKindsTheirMemoryContradicts) {
  Ints device;
  std::vector<int> in = iota(7), out(kCount, 0);
  ASSERT_HIP(hipMemcpy(device.data, in.data(), kBytes, hipMemcpyHostToDevice));
  const void* symbol = symbolOf16Ints();
  hipGraph_t graph = nullptr;
  hipGraphNode_t to = nullptr, from = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  // Device to device needs device memory: pageable host memory and a variable's host shadow
  // are not.
  EXPECT_EQ(hipGraphAddMemcpyNodeToSymbol(&to, graph, nullptr, 0, symbol, in.data(), kBytes, 0,
                                          hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddMemcpyNodeToSymbol(&to, graph, nullptr, 0, symbol, symbol, kBytes, 0,
                                          hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGraphAddMemcpyNodeFromSymbol(&from, graph, nullptr, 0, out.data(), symbol, kBytes, 0,
                                            hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  // The variable's side is the device: no kind may put it on the host.
  EXPECT_EQ(hipGraphAddMemcpyNodeToSymbol(&to, graph, nullptr, 0, symbol, in.data(), kBytes, 0,
                                          hipMemcpyDeviceToHost),
            hipErrorInvalidMemcpyDirection);
  EXPECT_EQ(hipGraphAddMemcpyNodeFromSymbol(&from, graph, nullptr, 0, out.data(), symbol, kBytes, 0,
                                            hipMemcpyHostToDevice),
            hipErrorInvalidMemcpyDirection);
  size_t nodes = 0;
  ASSERT_HIP(hipGraphGetNodes(graph, nullptr, &nodes));
  EXPECT_EQ(nodes, 0u);

  ASSERT_HIP(hipGraphAddMemcpyNodeToSymbol(&to, graph, nullptr, 0, symbol, device.data, kBytes, 0,
                                           hipMemcpyDeviceToDevice));
  ASSERT_HIP(hipGraphAddMemcpyNodeFromSymbol(&from, graph, &to, 1, out.data(), symbol, kBytes, 0,
                                             hipMemcpyDeviceToHost));
  EXPECT_EQ(hipGraphMemcpyNodeSetParamsToSymbol(to, symbol, in.data(), kBytes, 0,
                                                hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  EXPECT_EQ(hipGraphExecMemcpyNodeSetParamsToSymbol(exec, to, symbol, in.data(), kBytes, 0,
                                                    hipMemcpyHostToDevice),
            hipErrorInvalidValue);  // a changed direction
  EXPECT_EQ(hipGraphExecMemcpyNodeSetParamsFromSymbol(exec, from, out.data(), symbol, kBytes, 0,
                                                      hipMemcpyDefault),
            hipErrorInvalidValue);
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  EXPECT_EQ(out, in);
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
}

TEST(GraphRules, InstantiateWithParamsTakesOneFlagAtATime) {
  hipGraph_t graph = nullptr;
  hipGraphNode_t empty = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  ASSERT_HIP(hipGraphAddEmptyNode(&empty, graph, nullptr, 0));
  hipGraphInstantiateParams params{};
  params.flags = hipGraphInstantiateFlagUpload | hipGraphInstantiateFlagUseNodePriority;  // 10
  params.uploadStream = nullptr;
  params.result_out = hipGraphInstantiateSuccess;
  hipGraphExec_t exec = nullptr;
  EXPECT_EQ(hipGraphInstantiateWithParams(&exec, graph, &params), hipErrorInvalidValue);
  EXPECT_EQ(params.result_out, hipGraphInstantiateError);
  params.flags = hipGraphInstantiateFlagUpload;
  ASSERT_HIP(hipGraphInstantiateWithParams(&exec, graph, &params));
  EXPECT_EQ(params.result_out, hipGraphInstantiateSuccess);
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
}

// The driver API's memcpy node: a pitch below the width is hipErrorInvalidValue there (it has no
// pitch error), and a valid driver-style copy runs and moves the rows it names.
TEST(DriverGraph, MemcpyNodeRefusesAPitchBelowTheWidthAndCopiesRows) {
  std::vector<unsigned char> host(32 * 2);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<unsigned char>(i * 5 + 1);
  unsigned char* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, 64 * 2));
  ASSERT_HIP(hipMemset(device, 0, 64 * 2));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  HIP_MEMCPY3D copy{};
  copy.srcMemoryType = hipMemoryTypeHost;
  copy.srcHost = host.data();
  copy.srcPitch = 16;  // below the width
  copy.dstMemoryType = hipMemoryTypeDevice;
  copy.dstDevice = device;
  copy.dstPitch = 64;
  copy.WidthInBytes = 32;
  copy.Height = 2;
  copy.Depth = 1;
  hipGraphNode_t node = nullptr;
  EXPECT_EQ(hipDrvGraphAddMemcpyNode(&node, graph, nullptr, 0, &copy, nullptr),
            hipErrorInvalidValue);
  copy.srcPitch = 32;
  ASSERT_HIP(hipDrvGraphAddMemcpyNode(&node, graph, nullptr, 0, &copy, nullptr));
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  std::vector<unsigned char> back(64 * 2);
  ASSERT_HIP(hipMemcpy(back.data(), device, back.size(), hipMemcpyDeviceToHost));
  for (size_t row = 0; row < 2; ++row)
    for (size_t x = 0; x < 64; ++x)
      ASSERT_EQ(back[row * 64 + x], x < 32 ? host[row * 32 + x] : 0) << row << "," << x;
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipFree(device));
  (void)hipGetLastError();
}

TEST(DriverGraph, MemcpyNodeRefusesAPitchAtTheMaximumAndABoxPastItsAllocation) {
  // A 3D allocation of 4 slices of 8 rows of 64 bytes, and a pinned host buffer of the same size.
  const size_t pitch = 64, rows = 8, slices = 4;
  unsigned char* device = nullptr;
  unsigned char* host = nullptr;
  ASSERT_HIP(hipMalloc(&device, pitch * rows * slices));
  ASSERT_HIP(hipHostMalloc(&host, pitch * rows * slices));
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  HIP_MEMCPY3D copy{};
  copy.srcMemoryType = hipMemoryTypeHost;
  copy.srcHost = host;
  copy.srcPitch = pitch;
  copy.srcHeight = rows;
  copy.dstMemoryType = hipMemoryTypeDevice;
  copy.dstDevice = device;
  copy.dstPitch = pitch;
  copy.dstHeight = rows;
  copy.WidthInBytes = 32;
  copy.Height = rows;
  copy.Depth = slices;
  hipGraphNode_t node = nullptr;
  int maxPitch = 0;
  ASSERT_HIP(hipDeviceGetAttribute(&maxPitch, hipDeviceAttributeMaxPitch, 0));
  HIP_MEMCPY3D bad = copy;
  bad.dstPitch = static_cast<size_t>(maxPitch);
  EXPECT_EQ(hipDrvGraphAddMemcpyNode(&node, graph, nullptr, 0, &bad, nullptr),
            hipErrorInvalidValue);
  bad = copy;
  bad.srcPitch = static_cast<size_t>(maxPitch);
  EXPECT_EQ(hipDrvGraphAddMemcpyNode(&node, graph, nullptr, 0, &bad, nullptr),
            hipErrorInvalidValue);
  // Four slices from slice 1 end a slice past either allocation.
  bad = copy;
  bad.dstZ = 1;
  EXPECT_EQ(hipDrvGraphAddMemcpyNode(&node, graph, nullptr, 0, &bad, nullptr),
            hipErrorInvalidValue);
  bad = copy;
  bad.srcZ = 1;
  EXPECT_EQ(hipDrvGraphAddMemcpyNode(&node, graph, nullptr, 0, &bad, nullptr),
            hipErrorInvalidValue);
  // One slice at z 4 is past the last one too.
  bad = copy;
  bad.Depth = 1;
  bad.dstZ = slices;
  EXPECT_EQ(hipDrvGraphAddMemcpyNode(&node, graph, nullptr, 0, &bad, nullptr),
            hipErrorInvalidValue);
  // One slice at z 3 is the last one: accepted, and it copies there.
  for (size_t i = 0; i < pitch * rows * slices; ++i) host[i] = static_cast<unsigned char>(i % 251);
  ASSERT_HIP(hipMemset(device, 0, pitch * rows * slices));
  HIP_MEMCPY3D last = copy;
  last.Depth = 1;
  last.dstZ = slices - 1;
  ASSERT_HIP(hipDrvGraphAddMemcpyNode(&node, graph, nullptr, 0, &last, nullptr));
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  std::vector<unsigned char> back(pitch * rows * slices);
  ASSERT_HIP(hipMemcpy(back.data(), device, back.size(), hipMemcpyDeviceToHost));
  for (size_t z = 0; z < slices; ++z)
    for (size_t y = 0; y < rows; ++y)
      for (size_t x = 0; x < pitch; ++x) {
        const size_t at = (z * rows + y) * pitch + x;
        const unsigned char expected = z == slices - 1 && x < 32 ? host[y * pitch + x] : 0;
        ASSERT_EQ(back[at], expected) << z << "," << y << "," << x;
      }
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipHostFree(host));
}

// A row that starts too far right to end inside its pitch, though no wider than the pitch: an
// invalid value; a row wider than its pitch: a pitch error (CUDA's answers, and hip-tests').
TEST(GraphRules, ARowPastItsPitchIsAnInvalidValueARowWiderThanItAPitchError) {
  Ints device;
  std::vector<int> host = iota(0);
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(host.data(), kBytes, kBytes, 1);
  p.dstPtr = make_hipPitchedPtr(device.data, kBytes, kBytes, 1);
  p.extent = make_hipExtent(kBytes / 2, 1, 1);
  p.kind = hipMemcpyHostToDevice;
  hipGraphNode_t node = nullptr;
  for (hipPos* side : {&p.dstPos, &p.srcPos}) {
    side->x = kBytes / 2 + 1;
    EXPECT_EQ(hipGraphAddMemcpyNode(&node, graph, nullptr, 0, &p), hipErrorInvalidValue);
    EXPECT_EQ(hipMemcpy3D(&p), hipErrorInvalidValue);
    side->x = kBytes / 2;  // ends at the pitch: fine
  }
  p.extent = make_hipExtent(kBytes + 4, 1, 1);
  p.srcPos = p.dstPos = make_hipPos(0, 0, 0);
  EXPECT_EQ(hipGraphAddMemcpyNode(&node, graph, nullptr, 0, &p), hipErrorInvalidPitchValue);
  EXPECT_EQ(hipMemcpy3D(&p), hipErrorInvalidPitchValue);
  // The second half of the host's values into the device's second half, by node and by call.
  p.extent = make_hipExtent(kBytes / 2, 1, 1);
  p.srcPos = p.dstPos = make_hipPos(kBytes / 2, 0, 0);
  ASSERT_HIP(hipMemset(device.data, 0, kBytes));
  ASSERT_HIP(hipGraphAddMemcpyNode(&node, graph, nullptr, 0, &p));
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  std::vector<int> back(kCount, -1);
  ASSERT_HIP(hipMemcpy(back.data(), device.data, kBytes, hipMemcpyDeviceToHost));
  for (int i = 0; i < kCount; ++i) EXPECT_EQ(back[i], i < kCount / 2 ? 0 : i) << i;
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
}

// An executable's memset node (CUDA's rule, hip-tests' Updating_Non1D_Node): a 2D memset keeps
// its dimensions, a 1D one stays a single row and may change its width and value.
TEST(GraphRules, AnExecutablesMemsetNodeKeepsItsShape) {
  Ints device;
  hipGraph_t graph = nullptr;
  ASSERT_HIP(hipGraphCreate(&graph, 0));
  hipMemsetParams square{};  // 2 rows of 2 ints, rows 8 ints apart
  square.dst = device.data;
  square.elementSize = sizeof(int);
  square.width = 2;
  square.height = 2;
  square.pitch = 8 * sizeof(int);
  square.value = 42;
  hipMemsetParams row{};  // the last 4 ints
  row.dst = device.data + 12;
  row.elementSize = sizeof(int);
  row.width = 4;
  row.height = 1;
  row.value = 7;
  hipGraphNode_t twoD = nullptr, oneD = nullptr;
  ASSERT_HIP(hipGraphAddMemsetNode(&twoD, graph, nullptr, 0, &square));
  ASSERT_HIP(hipGraphAddMemsetNode(&oneD, graph, nullptr, 0, &row));
  hipGraphExec_t exec = nullptr;
  ASSERT_HIP(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  hipMemsetParams changed = square;
  changed.width = 3;
  EXPECT_EQ(hipGraphExecMemsetNodeSetParams(exec, twoD, &changed), hipErrorInvalidValue);
  changed = row;
  changed.height = 2;
  changed.pitch = 4 * sizeof(int);
  EXPECT_EQ(hipGraphExecMemsetNodeSetParams(exec, oneD, &changed), hipErrorInvalidValue);
  // Accepted: the 2D node's value, the 1D node's width (3 ints from index 13) and value.
  changed = square;
  changed.value = 5;
  ASSERT_HIP(hipGraphExecMemsetNodeSetParams(exec, twoD, &changed));
  changed = row;
  changed.dst = device.data + 13;
  changed.width = 3;
  changed.value = 9;
  ASSERT_HIP(hipGraphExecMemsetNodeSetParams(exec, oneD, &changed));
  ASSERT_HIP(hipMemset(device.data, 0, kBytes));
  ASSERT_HIP(hipGraphLaunch(exec, nullptr));
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  std::vector<int> back(kCount, -1);
  ASSERT_HIP(hipMemcpy(back.data(), device.data, kBytes, hipMemcpyDeviceToHost));
  for (int i = 0; i < kCount; ++i) {
    const int expected = (i == 0 || i == 1 || i == 8 || i == 9) ? 5 : i >= 13 ? 9 : 0;
    EXPECT_EQ(back[i], expected) << i;
  }
  // hipGraphExecUpdate follows the same rule.
  hipGraph_t other = nullptr;
  ASSERT_HIP(hipGraphCreate(&other, 0));
  changed = square;
  changed.height = 1;
  ASSERT_HIP(hipGraphAddMemsetNode(&twoD, other, nullptr, 0, &changed));
  ASSERT_HIP(hipGraphAddMemsetNode(&oneD, other, nullptr, 0, &row));
  hipGraphNode_t errorNode = nullptr;
  hipGraphExecUpdateResult result = hipGraphExecUpdateSuccess;
  EXPECT_EQ(hipGraphExecUpdate(exec, other, &errorNode, &result), hipErrorGraphExecUpdateFailure);
  EXPECT_EQ(result, hipGraphExecUpdateErrorParametersChanged);
  EXPECT_EQ(errorNode, twoD);
  ASSERT_HIP(hipGraphDestroy(other));
  ASSERT_HIP(hipGraphExecDestroy(exec));
  ASSERT_HIP(hipGraphDestroy(graph));
  (void)hipGetLastError();
}

}  // namespace
