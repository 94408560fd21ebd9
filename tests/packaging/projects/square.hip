// A user's program: squares 1,000 integers on the GPU and checks them on the host.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

__global__ void square(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}

int main() {
  constexpr int n = 1000;
  std::vector<int> host(n), result(n, -1);
  for (int i = 0; i < n; ++i) host[i] = i - 500;
  int *in = nullptr, *out = nullptr;
  if (hipMalloc(reinterpret_cast<void**>(&in), n * sizeof(int)) != hipSuccess ||
      hipMalloc(reinterpret_cast<void**>(&out), n * sizeof(int)) != hipSuccess) {
    std::printf("FAILED: hipMalloc\n");
    return 1;
  }
  hipMemcpy(in, host.data(), n * sizeof(int), hipMemcpyHostToDevice);
  square<<<(n + 127) / 128, 128>>>(in, out, n);
  hipError_t status = hipMemcpy(result.data(), out, n * sizeof(int), hipMemcpyDeviceToHost);
  hipFree(in);
  hipFree(out);
  if (status != hipSuccess) {
    std::printf("FAILED: %s\n", hipGetErrorString(status));
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    if (result[i] != host[i] * host[i]) {
      std::printf("FAILED at %d: %d != %d\n", i, result[i], host[i] * host[i]);
      return 1;
    }
  }
  std::printf("PASSED\n");
  return 0;
}
