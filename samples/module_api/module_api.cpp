// module_api: loads a code object built at build time (argv[1]) with hipModuleLoad, launches
// its kernel with hipModuleLaunchKernel twice (kernelParams, then the packed `extra` buffer),
// and reads a module global through hipModuleGetGlobal. Exit codes: 0 passed, 1 failed, 2 no
// GPU found.
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;

bool check(hipError_t status, const char* call) {
  if (status == hipSuccess) return true;
  std::fprintf(stderr, "%s failed: %s %s\n", call, hipGetErrorName(status),
               hipcoreGetErrorDetail());
  return false;
}

// The kernel's arguments laid out as the code object expects them (natural alignment).
struct PackedArgs {
  float* data;
  float scale;
  int offset;
  int n;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: module_api <code object>\n");
    return kExitFailed;
  }
  int devices = 0;
  if (hipGetDeviceCount(&devices) == hipErrorNoDevice || devices == 0) {
    std::printf("no GPU found: %s\n", hipcoreGetErrorDetail());
    return kExitNoGpu;
  }
  const int n = 1000;
  std::vector<float> host(n), result(n);
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i) * 0.5f;
  hipModule_t module = nullptr;
  hipFunction_t function = nullptr;
  float* data = nullptr;
  int* counter = nullptr;
  size_t counterBytes = 0;
  if (!check(hipModuleLoad(&module, argv[1]), "hipModuleLoad") ||
      !check(hipModuleGetFunction(&function, module, "scaleAdd"), "hipModuleGetFunction") ||
      !check(hipModuleGetGlobal(reinterpret_cast<hipDeviceptr_t*>(&counter), &counterBytes, module,
                                "moduleCounter"),
             "hipModuleGetGlobal") ||
      !check(hipMalloc(reinterpret_cast<void**>(&data), n * sizeof(float)), "hipMalloc") ||
      !check(hipMemcpy(data, host.data(), n * sizeof(float), hipMemcpyHostToDevice), "hipMemcpy") ||
      !check(hipMemset(counter, 0, sizeof(int)), "hipMemset"))
    return kExitFailed;
  float scale = 3.0f;
  int offset = 7, count = n;
  void* params[] = {&data, &scale, &offset, &count};
  if (!check(hipModuleLaunchKernel(function, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, params,
                                   nullptr),
             "hipModuleLaunchKernel(kernelParams)"))
    return kExitFailed;
  PackedArgs packed{data, 0.5f, -1, n};
  size_t packedBytes = sizeof(packed);
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE,
                   &packedBytes, HIP_LAUNCH_PARAM_END};
  int hits = 0;
  if (!check(hipModuleLaunchKernel(function, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, nullptr,
                                   extra),
             "hipModuleLaunchKernel(extra)") ||
      !check(hipDeviceSynchronize(), "hipDeviceSynchronize") ||
      !check(hipMemcpy(result.data(), data, n * sizeof(float), hipMemcpyDeviceToHost),
             "hipMemcpy") ||
      !check(hipMemcpy(&hits, counter, sizeof(int), hipMemcpyDeviceToHost), "hipMemcpy"))
    return kExitFailed;
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    float expected = (host[i] * 3.0f + 7.0f) * 0.5f - 1.0f;
    if (result[i] != expected && errors++ < 10)
      std::printf("data[%d] = %g, expected %g\n", i, result[i], expected);
  }
  if (counterBytes != sizeof(int) || hits != 2 * n) {
    std::printf("moduleCounter: %d (%zu bytes), expected %d (4 bytes)\n", hits, counterBytes,
                2 * n);
    ++errors;
  }
  (void)hipFree(data);
  if (!check(hipModuleUnload(module), "hipModuleUnload")) ++errors;
  std::printf("module kernel launched twice on %d elements: %s\n", n,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : kExitFailed;
}
