// managed_memory: hipMallocManaged memory and a __managed__ variable, written by the host,
// updated by kernels, read back by the host with no copies. Exit codes: 0 passed, 1 failed,
// 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;

__managed__ int launches = 0;

__global__ void squarePlusIndex(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * data[i] + i;
  if (i == 0) launches += 1;
}

bool check(hipError_t status, const char* call) {
  if (status == hipSuccess) return true;
  std::fprintf(stderr, "%s failed: %s %s\n", call, hipGetErrorName(status),
               hipcoreGetErrorDetail());
  return false;
}

}  // namespace

int main() {
  int devices = 0;
  if (hipGetDeviceCount(&devices) == hipErrorNoDevice || devices == 0) {
    std::printf("no GPU found: %s\n", hipcoreGetErrorDetail());
    return kExitNoGpu;
  }
  const int n = 3000;
  int* data = nullptr;
  if (!check(hipMallocManaged(reinterpret_cast<void**>(&data), n * sizeof(int)),
             "hipMallocManaged"))
    return kExitFailed;
  for (int i = 0; i < n; ++i) data[i] = i % 50 - 20;  // written by the host directly
  launches = 10;
  for (int round = 0; round < 2; ++round) {
    hipLaunchKernelGGL(squarePlusIndex, dim3((n + 255) / 256), dim3(256), 0, nullptr, data, n);
    if (!check(hipGetLastError(), "launch") ||
        !check(hipDeviceSynchronize(), "hipDeviceSynchronize"))
      return kExitFailed;
  }
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    long long v = i % 50 - 20;
    v = v * v + i;
    v = v * v + i;
    if (data[i] != static_cast<int>(v) && errors++ < 10)
      std::printf("data[%d] = %d, expected %lld\n", i, data[i], v);
  }
  if (launches != 12) {
    std::printf("launches = %d, expected 12\n", launches);
    ++errors;
  }
  (void)hipFree(data);
  std::printf("%d managed elements, 2 kernels: %s\n", n, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : kExitFailed;
}
