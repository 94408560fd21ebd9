// Runtime compilation: saxpy compiled at run time with hiprtc for the current device, loaded
// with hipModuleLoadData, launched with hipModuleLaunchKernel and checked on the host.
// Exit codes: 0 passed, 1 wrong result or failed call, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>
#include <hip/hiprtc.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;

const char* const kSaxpy = R"(
#include <hip/hip_runtime.h>
extern "C" __global__ void saxpy(float a, const float* x, float* y, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
)";

bool check(hipError_t status, const char* call) {
  if (status == hipSuccess) return true;
  std::fprintf(stderr, "%s failed: %s %s\n", call, hipGetErrorName(status),
               hipcoreGetErrorDetail());
  return false;
}

bool check(hiprtcResult status, const char* call) {
  if (status == HIPRTC_SUCCESS) return true;
  std::fprintf(stderr, "%s failed: %s\n", call, hiprtcGetErrorString(status));
  return false;
}

// Compiles saxpy for the current device (hiprtc's default); empty on failure, with the log shown.
std::vector<char> compileSaxpy() {
  hiprtcProgram prog = nullptr;
  if (!check(hiprtcCreateProgram(&prog, kSaxpy, "saxpy.hip", 0, nullptr, nullptr),
             "hiprtcCreateProgram"))
    return {};
  hiprtcResult compiled = hiprtcCompileProgram(prog, 0, nullptr);
  size_t logSize = 0;
  hiprtcGetProgramLogSize(prog, &logSize);
  std::string log(logSize, '\0');
  hiprtcGetProgramLog(prog, log.data());
  if (logSize > 1) std::printf("compile log:\n%s\n", log.c_str());
  std::vector<char> code;
  if (check(compiled, "hiprtcCompileProgram")) {
    size_t size = 0;
    hiprtcGetCodeSize(prog, &size);
    code.resize(size);
    hiprtcGetCode(prog, code.data());
  }
  hiprtcDestroyProgram(&prog);
  return code;
}

}  // namespace

int main() {
  int devices = 0;
  hipError_t status = hipGetDeviceCount(&devices);
  if (status == hipErrorNoDevice || devices == 0) {
    std::printf("no GPU found: %s\n", hipcoreGetErrorDetail());
    return kExitNoGpu;
  }
  if (!check(status, "hipGetDeviceCount")) return kExitFailed;
  std::vector<char> code = compileSaxpy();
  if (code.empty()) return kExitFailed;
  std::printf("compiled saxpy at run time: %zu-byte code object\n", code.size());

  hipModule_t module = nullptr;
  hipFunction_t saxpy = nullptr;
  if (!check(hipModuleLoadData(&module, code.data()), "hipModuleLoadData") ||
      !check(hipModuleGetFunction(&saxpy, module, "saxpy"), "hipModuleGetFunction"))
    return kExitFailed;

  unsigned n = 4096 + 7;  // not a multiple of the block size
  float a = 2.5f;
  std::vector<float> x(n), y(n), result(n);
  for (unsigned i = 0; i < n; ++i) {
    x[i] = float(i % 251);
    y[i] = float(i % 17) - 8.0f;
  }
  float *xDevice = nullptr, *yDevice = nullptr;
  size_t bytes = n * sizeof(float);
  if (!check(hipMalloc(reinterpret_cast<void**>(&xDevice), bytes), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&yDevice), bytes), "hipMalloc") ||
      !check(hipMemcpy(xDevice, x.data(), bytes, hipMemcpyHostToDevice), "hipMemcpy") ||
      !check(hipMemcpy(yDevice, y.data(), bytes, hipMemcpyHostToDevice), "hipMemcpy"))
    return kExitFailed;
  void* args[] = {&a, &xDevice, &yDevice, &n};
  unsigned blocks = (n + 255) / 256;
  if (!check(hipModuleLaunchKernel(saxpy, blocks, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr),
             "hipModuleLaunchKernel") ||
      !check(hipDeviceSynchronize(), "hipDeviceSynchronize") ||
      !check(hipMemcpy(result.data(), yDevice, bytes, hipMemcpyDeviceToHost), "hipMemcpy") ||
      !check(hipFree(xDevice), "hipFree") || !check(hipFree(yDevice), "hipFree") ||
      !check(hipModuleUnload(module), "hipModuleUnload"))
    return kExitFailed;

  // Every input is a small multiple of 0.5: the device's result is exact, as on the host.
  unsigned wrong = 0;
  for (unsigned i = 0; i < n; ++i)
    if (result[i] != a * x[i] + y[i]) ++wrong;
  std::printf("%u of %u elements wrong\n%s\n", wrong, n, wrong == 0 ? "PASSED" : "FAILED");
  return wrong == 0 ? 0 : kExitFailed;
}
