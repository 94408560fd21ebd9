// HIPCORE_TRACE of executable graphs: a branched graph of kernels, copies and fills (run on
// lanes, several hardware queues) and a chain of kernels (the single-queue plan), each launched
// kLaunches times. CheckGraphTrace.py runs it with the variable set and counts the kernels of
// each in the trace, by name and by queue row. Results are checked against the host.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

namespace {

constexpr int kLaunches = 5;
constexpr int kElements = 256;

__global__ void laneAdd(int* data, int value) {
  data[threadIdx.x] += value;
}

__global__ void chainAdd(int* data, int value) {
  data[threadIdx.x] += value;
}

bool check(hipError_t e) {
  if (e != hipSuccess) std::printf("error %s\n", hipGetErrorString(e));
  return e == hipSuccess;
}

hipGraphNode_t kernelNode(hipGraph_t graph, std::vector<hipGraphNode_t> after, const void* kernel,
                          int* data, int value, bool& ok) {
  void* args[] = {&data, &value};
  hipKernelNodeParams p{};
  p.func = const_cast<void*>(kernel);
  p.gridDim = dim3(1);
  p.blockDim = dim3(kElements);
  p.kernelParams = args;
  hipGraphNode_t node = nullptr;
  ok = ok && check(hipGraphAddKernelNode(&node, graph, after.data(), after.size(), &p));
  return node;
}

}  // namespace

int main() {
  const size_t bytes = kElements * sizeof(int);
  int *a = nullptr, *b = nullptr, *a2 = nullptr, *b2 = nullptr, *c = nullptr;
  bool ok = true;
  for (int** p : {&a, &b, &a2, &b2, &c}) ok = ok && check(hipMalloc(p, bytes));
  hipStream_t stream = nullptr;
  ok = ok && check(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  // Branched: two branches of fill -> laneAdd -> copy.
  hipGraph_t branched = nullptr, chain = nullptr;
  ok = ok && check(hipGraphCreate(&branched, 0)) && check(hipGraphCreate(&chain, 0));
  int* sides[2][2] = {{a, a2}, {b, b2}};
  for (int side = 0; ok && side < 2; ++side) {
    hipMemsetParams fill{};
    fill.dst = sides[side][0];
    fill.value = 10 * (side + 1);
    fill.elementSize = 4;
    fill.width = kElements;
    fill.height = 1;
    hipGraphNode_t filled = nullptr, copied = nullptr;
    ok = ok && check(hipGraphAddMemsetNode(&filled, branched, nullptr, 0, &fill));
    hipGraphNode_t added = kernelNode(branched, {filled}, reinterpret_cast<const void*>(&laneAdd),
                                      sides[side][0], side + 1, ok);
    ok = ok && check(hipGraphAddMemcpyNode1D(&copied, branched, &added, 1, sides[side][1],
                                             sides[side][0], bytes, hipMemcpyDeviceToDevice));
  }
  // Chain: three chainAdd kernels on one buffer.
  ok = ok && check(hipMemset(c, 0, bytes));
  hipGraphNode_t previous = nullptr;
  for (int i = 0; ok && i < 3; ++i)
    previous = kernelNode(
        chain, previous ? std::vector<hipGraphNode_t>{previous} : std::vector<hipGraphNode_t>{},
        reinterpret_cast<const void*>(&chainAdd), c, 1, ok);
  hipGraphExec_t branchedExec = nullptr, chainExec = nullptr;
  ok = ok && check(hipGraphInstantiate(&branchedExec, branched, nullptr, nullptr, 0)) &&
       check(hipGraphInstantiate(&chainExec, chain, nullptr, nullptr, 0));
  for (int i = 0; ok && i < kLaunches; ++i)
    ok = check(hipGraphLaunch(branchedExec, stream)) && check(hipGraphLaunch(chainExec, stream));
  ok = ok && check(hipStreamSynchronize(stream));
  std::vector<int> ha(kElements), hb(kElements), hc(kElements);
  ok = ok && check(hipMemcpy(ha.data(), a2, bytes, hipMemcpyDeviceToHost)) &&
       check(hipMemcpy(hb.data(), b2, bytes, hipMemcpyDeviceToHost)) &&
       check(hipMemcpy(hc.data(), c, bytes, hipMemcpyDeviceToHost));
  for (int i = 0; ok && i < kElements; ++i)
    ok = ha[i] == 11 && hb[i] == 22 && hc[i] == 3 * kLaunches;
  (void)hipGraphExecDestroy(branchedExec);
  (void)hipGraphExecDestroy(chainExec);
  (void)hipGraphDestroy(branched);
  (void)hipGraphDestroy(chain);
  (void)hipStreamDestroy(stream);
  for (int* p : {a, b, a2, b2, c}) (void)hipFree(p);
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
