// vector_add: C = A + B on the GPU over several blocks (with a partial last block), checked
// element by element against the host. Exit codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;

__global__ void vectorAdd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
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
  const int n = 10000;  // not a multiple of the block size: the last block is partial
  const unsigned block = 256;
  const unsigned grid = (n + block - 1) / block;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * static_cast<float>(i);
    b[i] = static_cast<float>(3 * i + 1);
  }
  const size_t bytes = n * sizeof(float);
  float *da = nullptr, *db = nullptr, *dc = nullptr;
  if (!check(hipMalloc(reinterpret_cast<void**>(&da), bytes), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&db), bytes), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&dc), bytes), "hipMalloc") ||
      !check(hipMemcpy(da, a.data(), bytes, hipMemcpyHostToDevice), "hipMemcpy") ||
      !check(hipMemcpy(db, b.data(), bytes, hipMemcpyHostToDevice), "hipMemcpy"))
    return kExitFailed;
  hipLaunchKernelGGL(vectorAdd, dim3(grid), dim3(block), 0, nullptr, da, db, dc, n);
  if (!check(hipGetLastError(), "launch") ||
      !check(hipDeviceSynchronize(), "hipDeviceSynchronize") ||
      !check(hipMemcpy(c.data(), dc, bytes, hipMemcpyDeviceToHost), "hipMemcpy"))
    return kExitFailed;
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    float expected = a[i] + b[i];
    if (c[i] != expected && errors++ < 10)
      std::printf("c[%d] = %g, expected %g\n", i, c[i], expected);
  }
  (void)hipFree(da);
  (void)hipFree(db);
  (void)hipFree(dc);
  std::printf("%d elements, %d blocks of %u: %s\n", n, grid, block,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : kExitFailed;
}
