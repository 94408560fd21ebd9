// Kernels compiled by Debian's hipcc (HIP 5.2.3, clang-15, code object v4) launched through
// Debian's clr on vgpu: saxpy over a partial last block, and a block reduction through shared
// memory, __syncthreads and atomicAdd. Expected values are computed on the CPU.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

#define REQUIRE_HIP(call)                                                         \
  do {                                                                            \
    hipError_t status_ = (call);                                                  \
    if (status_ != hipSuccess) {                                                  \
      std::fprintf(stderr, "FAIL %s -> %s\n", #call, hipGetErrorString(status_)); \
      return 1;                                                                   \
    }                                                                             \
  } while (0)

__global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void blockSum(const unsigned* values, unsigned* total, int n) {
  __shared__ unsigned partial[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? values[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(total, partial[0]);
}

int main() {
  const int n = 100003;
  std::vector<float> x(n), y(n), result(n);
  std::vector<unsigned> values(n);
  unsigned expectedSum = 0;
  for (int i = 0; i < n; ++i) {
    x[i] = i * 0.25f;
    y[i] = 1000.0f - i;
    values[i] = (i * 2654435761u) >> 20;
    expectedSum += values[i];
  }
  float *dx, *dy;
  unsigned *dv, *dsum;
  REQUIRE_HIP(hipMalloc(&dx, n * sizeof(float)));
  REQUIRE_HIP(hipMalloc(&dy, n * sizeof(float)));
  REQUIRE_HIP(hipMalloc(&dv, n * sizeof(unsigned)));
  REQUIRE_HIP(hipMalloc(&dsum, sizeof(unsigned)));
  REQUIRE_HIP(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  REQUIRE_HIP(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
  REQUIRE_HIP(hipMemcpy(dv, values.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  REQUIRE_HIP(hipMemset(dsum, 0, sizeof(unsigned)));

  hipLaunchKernelGGL(saxpy, dim3((n + 255) / 256), dim3(256), 0, 0, 3.0f, dx, dy, n);
  REQUIRE_HIP(hipGetLastError());
  hipLaunchKernelGGL(blockSum, dim3((n + 255) / 256), dim3(256), 0, 0, dv, dsum, n);
  REQUIRE_HIP(hipGetLastError());
  REQUIRE_HIP(hipDeviceSynchronize());

  unsigned sum = 0;
  REQUIRE_HIP(hipMemcpy(result.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
  REQUIRE_HIP(hipMemcpy(&sum, dsum, sizeof(unsigned), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    float expected = 3.0f * x[i] + y[i];
    if (result[i] != expected) {
      std::fprintf(stderr, "FAIL saxpy[%d] = %g, expected %g\n", i, result[i], expected);
      return 1;
    }
  }
  if (sum != expectedSum) {
    std::fprintf(stderr, "FAIL block sum %u, expected %u\n", sum, expectedSum);
    return 1;
  }
  std::printf("HIP 5.2.3 kernels match the CPU\n");
  return 0;
}
