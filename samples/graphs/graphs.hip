// graphs: a multi-stream step of a simulation (two streams fork from a main one, each scales its
// half of a vector, then the main stream joins them and adds the halves) is captured once into a
// graph, instantiated, and launched many times; then one kernel node's argument is changed in the
// executable and the graph launched again. Every result is checked against the host. Exit
// codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;
constexpr int kHalf = 2048;
constexpr int kSteps = 20;

__global__ void scale(float* data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

// state[i] += left[i] + right[i]
__global__ void accumulate(float* state, const float* left, const float* right, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) state[i] += left[i] + right[i];
}

bool check(hipError_t status, const char* call) {
  if (status == hipSuccess) return true;
  std::fprintf(stderr, "%s failed: %s %s\n", call, hipGetErrorName(status),
               hipcoreGetErrorDetail());
  return false;
}

// One step on the host, the reference: both halves scaled, then added into the state.
void stepOnHost(std::vector<float>& state, std::vector<float>& left, std::vector<float>& right,
                float leftFactor, float rightFactor) {
  for (int i = 0; i < kHalf; ++i) {
    left[i] *= leftFactor;
    right[i] *= rightFactor;
    state[i] += left[i] + right[i];
  }
}

bool same(const std::vector<float>& expected, const std::vector<float>& actual, const char* what) {
  for (int i = 0; i < kHalf; ++i)
    if (expected[i] != actual[i]) {
      std::printf("%s[%d] = %g, expected %g\n", what, i, actual[i], expected[i]);
      return false;
    }
  return true;
}

}  // namespace

int main() {
  int devices = 0;
  if (hipGetDeviceCount(&devices) == hipErrorNoDevice || devices == 0) {
    std::printf("no GPU found: %s\n", hipcoreGetErrorDetail());
    return kExitNoGpu;
  }
  std::vector<float> state(kHalf, 0.0f), left(kHalf), right(kHalf);
  for (int i = 0; i < kHalf; ++i) {
    left[i] = static_cast<float>(i % 17) * 0.5f;
    right[i] = static_cast<float>(i % 5) + 1.0f;
  }
  float *dState = nullptr, *dLeft = nullptr, *dRight = nullptr;
  hipStream_t main = nullptr, sides[2] = {};
  hipEvent_t forked = nullptr, joined[2] = {};
  bool ok =
      check(hipMalloc(reinterpret_cast<void**>(&dState), kHalf * sizeof(float)), "hipMalloc") &&
      check(hipMalloc(reinterpret_cast<void**>(&dLeft), kHalf * sizeof(float)), "hipMalloc") &&
      check(hipMalloc(reinterpret_cast<void**>(&dRight), kHalf * sizeof(float)), "hipMalloc") &&
      check(hipMemcpy(dState, state.data(), kHalf * sizeof(float), hipMemcpyHostToDevice),
            "hipMemcpy") &&
      check(hipMemcpy(dLeft, left.data(), kHalf * sizeof(float), hipMemcpyHostToDevice),
            "hipMemcpy") &&
      check(hipMemcpy(dRight, right.data(), kHalf * sizeof(float), hipMemcpyHostToDevice),
            "hipMemcpy") &&
      check(hipStreamCreate(&main), "hipStreamCreate") &&
      check(hipStreamCreate(&sides[0]), "hipStreamCreate") &&
      check(hipStreamCreate(&sides[1]), "hipStreamCreate") &&
      check(hipEventCreate(&forked), "hipEventCreate") &&
      check(hipEventCreate(&joined[0]), "hipEventCreate") &&
      check(hipEventCreate(&joined[1]), "hipEventCreate");

  // Capture one step: fork, scale each half on its own stream, join, accumulate.
  const dim3 grid(kHalf / 256), block(256);
  ok = ok &&
       check(hipStreamBeginCapture(main, hipStreamCaptureModeGlobal), "hipStreamBeginCapture") &&
       check(hipEventRecord(forked, main), "hipEventRecord");
  float* halves[2] = {dLeft, dRight};
  const float factors[2] = {0.5f, 2.0f};
  for (int s = 0; ok && s < 2; ++s) {
    ok = check(hipStreamWaitEvent(sides[s], forked, 0), "hipStreamWaitEvent");
    scale<<<grid, block, 0, sides[s]>>>(halves[s], factors[s], kHalf);
    ok = ok && check(hipGetLastError(), "scale") &&
         check(hipEventRecord(joined[s], sides[s]), "hipEventRecord") &&
         check(hipStreamWaitEvent(main, joined[s], 0), "hipStreamWaitEvent");
  }
  accumulate<<<grid, block, 0, main>>>(dState, dLeft, dRight, kHalf);
  hipGraph_t graph = nullptr;
  ok = ok && check(hipGetLastError(), "accumulate") &&
       check(hipStreamEndCapture(main, &graph), "hipStreamEndCapture");
  size_t nodes = 0;
  ok = ok && check(hipGraphGetNodes(graph, nullptr, &nodes), "hipGraphGetNodes");
  std::printf("captured a graph of %zu nodes\n", nodes);
  hipGraphExec_t exec = nullptr;
  ok = ok && nodes == 3 &&
       check(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0), "hipGraphInstantiate");

  // Launch it kSteps times; halfway, the executable's left scale factor becomes 1.5 (the graph
  // itself keeps 0.5).
  float leftFactor = factors[0];
  for (int step = 0; ok && step < kSteps; ++step) {
    if (step == kSteps / 2) {
      leftFactor = 1.5f;
      std::vector<hipGraphNode_t> all(nodes);
      ok = check(hipGraphGetNodes(graph, all.data(), &nodes), "hipGraphGetNodes");
      bool updated = false;
      for (hipGraphNode_t node : all) {
        hipGraphNodeType type;
        hipKernelNodeParams params;
        if (!ok || !check(hipGraphNodeGetType(node, &type), "hipGraphNodeGetType") ||
            type != hipGraphNodeTypeKernel ||
            !check(hipGraphKernelNodeGetParams(node, &params), "hipGraphKernelNodeGetParams"))
          continue;
        if (params.func != reinterpret_cast<void*>(&scale) ||
            *static_cast<float**>(params.kernelParams[0]) != dLeft)
          continue;
        int n = kHalf;
        void* args[] = {&dLeft, &leftFactor, &n};
        params.kernelParams = args;
        updated = check(hipGraphExecKernelNodeSetParams(exec, node, &params),
                        "hipGraphExecKernelNodeSetParams");
      }
      ok = ok && updated;
    }
    ok = ok && check(hipGraphLaunch(exec, main), "hipGraphLaunch");
    stepOnHost(state, left, right, leftFactor, factors[1]);
  }
  std::vector<float> gotState(kHalf), gotLeft(kHalf), gotRight(kHalf);
  ok = ok && check(hipStreamSynchronize(main), "hipStreamSynchronize") &&
       check(hipMemcpy(gotState.data(), dState, kHalf * sizeof(float), hipMemcpyDeviceToHost),
             "hipMemcpy") &&
       check(hipMemcpy(gotLeft.data(), dLeft, kHalf * sizeof(float), hipMemcpyDeviceToHost),
             "hipMemcpy") &&
       check(hipMemcpy(gotRight.data(), dRight, kHalf * sizeof(float), hipMemcpyDeviceToHost),
             "hipMemcpy");
  ok = ok && same(left, gotLeft, "left") && same(right, gotRight, "right") &&
       same(state, gotState, "state");
  std::printf("launched the graph %d times, updated one kernel node after %d\n", kSteps,
              kSteps / 2);
  if (exec != nullptr) ok = check(hipGraphExecDestroy(exec), "hipGraphExecDestroy") && ok;
  if (graph != nullptr) ok = check(hipGraphDestroy(graph), "hipGraphDestroy") && ok;
  for (hipEvent_t e : {forked, joined[0], joined[1]})
    if (e != nullptr) (void)hipEventDestroy(e);
  for (hipStream_t s : {main, sides[0], sides[1]})
    if (s != nullptr) (void)hipStreamDestroy(s);
  for (float* p : {dState, dLeft, dRight}) (void)hipFree(p);
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : kExitFailed;
}
