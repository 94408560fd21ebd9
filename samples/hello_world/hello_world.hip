// HelloWorld: a kernel turns "GdkknVnqkc" into "HelloWorld" on the GPU; the host checks it.
// Exit codes: 0 passed, 1 wrong result or failed HIP call, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>
#include <cstring>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;

__global__ void helloWorld(const char* in, char* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = static_cast<char>(in[i] + 1);
}

bool check(hipError_t status, const char* call) {
  if (status == hipSuccess) return true;
  std::fprintf(stderr, "%s failed: %s (%s) %s\n", call, hipGetErrorName(status),
               hipGetErrorString(status), hipcoreGetErrorDetail());
  return false;
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
  hipDeviceProp_t properties;
  if (!check(hipGetDeviceProperties(&properties, 0), "hipGetDeviceProperties")) return kExitFailed;
  std::printf("device 0: %s (%s)\n", properties.name, properties.gcnArchName);

  const char input[] = "GdkknVnqkc";
  const size_t length = std::strlen(input);
  char output[sizeof(input)] = {};
  char* inputDevice = nullptr;
  char* outputDevice = nullptr;
  if (!check(hipMalloc(reinterpret_cast<void**>(&inputDevice), length), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&outputDevice), length), "hipMalloc") ||
      !check(hipMemcpy(inputDevice, input, length, hipMemcpyHostToDevice), "hipMemcpy"))
    return kExitFailed;
  helloWorld<<<dim3(1), dim3(static_cast<unsigned>(length)), 0, nullptr>>>(inputDevice,
                                                                           outputDevice);
  if (!check(hipGetLastError(), "kernel launch") ||
      !check(hipDeviceSynchronize(), "hipDeviceSynchronize") ||
      !check(hipMemcpy(output, outputDevice, length, hipMemcpyDeviceToHost), "hipMemcpy") ||
      !check(hipFree(inputDevice), "hipFree") || !check(hipFree(outputDevice), "hipFree"))
    return kExitFailed;

  // The expected string, computed on the host the same way.
  char expected[sizeof(input)] = {};
  for (size_t i = 0; i < length; ++i) expected[i] = static_cast<char>(input[i] + 1);
  std::printf("input: %s\noutput: %s\n", input, output);
  bool passed = std::strcmp(output, expected) == 0 && std::strcmp(output, "HelloWorld") == 0;
  std::printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? 0 : kExitFailed;
}
