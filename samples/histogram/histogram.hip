// histogram: 256-bin histogram of bytes. Each block counts into its own copy in shared memory
// with shared-memory atomics, then adds that copy to the global histogram with global atomics.
// Checked bin by bin against a histogram computed on the host.
// Exit codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;
constexpr int kBins = 256;

__global__ void histogram(const uint8_t* data, int n, unsigned* bins) {
  __shared__ unsigned local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  // A grid-stride loop: every block takes many values, so the global atomics below are few.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (local[b] != 0) atomicAdd(&bins[b], local[b]);
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
  const int n = 300000;
  std::vector<uint8_t> data(n);
  // A skewed distribution (many small values, some bins never hit) from a fixed LCG.
  uint32_t state = 12345;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    unsigned r = state >> 24;
    data[i] = static_cast<uint8_t>((r * r) >> 8);
  }
  std::vector<unsigned> expected(kBins, 0);
  for (uint8_t v : data) ++expected[v];

  uint8_t* dData = nullptr;
  unsigned* dBins = nullptr;
  if (!check(hipMalloc(reinterpret_cast<void**>(&dData), n), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&dBins), kBins * sizeof(unsigned)), "hipMalloc") ||
      !check(hipMemcpy(dData, data.data(), n, hipMemcpyHostToDevice), "hipMemcpy") ||
      !check(hipMemset(dBins, 0, kBins * sizeof(unsigned)), "hipMemset"))
    return kExitFailed;
  const unsigned block = 256, grid = 32;
  histogram<<<grid, block>>>(dData, n, dBins);
  std::vector<unsigned> bins(kBins);
  if (!check(hipGetLastError(), "launch") ||
      !check(hipDeviceSynchronize(), "hipDeviceSynchronize") ||
      !check(hipMemcpy(bins.data(), dBins, kBins * sizeof(unsigned), hipMemcpyDeviceToHost),
             "hipMemcpy"))
    return kExitFailed;

  int errors = 0;
  unsigned long long total = 0;
  for (int b = 0; b < kBins; ++b) {
    total += bins[b];
    if (bins[b] != expected[b] && errors++ < 10)
      std::printf("bin %d = %u, expected %u\n", b, bins[b], expected[b]);
  }
  (void)hipFree(dData);
  (void)hipFree(dBins);
  const bool passed = errors == 0 && total == static_cast<unsigned long long>(n);
  std::printf("%d bytes into %d bins, %llu counted: %s\n", n, kBins, total,
              passed ? "PASSED" : "FAILED");
  return passed ? 0 : kExitFailed;
}
