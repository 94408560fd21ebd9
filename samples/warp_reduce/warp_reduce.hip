// warp_reduce: a sum reduction in two levels, each wave with __shfl_down and the block through
// shared memory, and a count of the positive inputs with __ballot. Written for any warpSize
// (32 on RDNA by default, 64 with -mwavefrontsize64), checked against the host.
// Exit codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;
constexpr unsigned kBlock = 256;
constexpr unsigned kMaxWaves = kBlock / 32;  // the most waves a block has (wave32)

// Every lane ends with the sum of its wave's values in lane 0: at each step a lane adds the
// value `offset` lanes above it, halving the distance until lane 0 holds everything.
__device__ int waveSum(int value) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) value += __shfl_down(value, offset);
  return value;
}

// One partial sum and one positive count per block; block 0 also reports the wave size the
// kernel was compiled for.
__global__ void reduce(const int* input, int n, int* blockSums, unsigned* blockPositives,
                       int* waveSize) {
  __shared__ int waveSums[kMaxWaves];
  __shared__ unsigned wavePositives[kMaxWaves];
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const int value = i < n ? input[i] : 0;  // the partial last block adds zeros
  const unsigned lane = threadIdx.x % warpSize;
  const unsigned wave = threadIdx.x / warpSize;

  if (blockIdx.x == 0 && threadIdx.x == 0) *waveSize = warpSize;
  const int sum = waveSum(value);
  // Bit k of the ballot is lane k's predicate: the popcount is the wave's count.
  const unsigned positives = __popcll(__ballot(value > 0));
  if (lane == 0) {
    waveSums[wave] = sum;
    wavePositives[wave] = positives;
  }
  __syncthreads();

  // The first wave adds the per-wave results (blockDim.x / warpSize of them).
  if (wave == 0) {
    const unsigned waves = blockDim.x / warpSize;
    int total = lane < waves ? waveSums[lane] : 0;
    unsigned count = lane < waves ? wavePositives[lane] : 0;
    total = waveSum(total);
    for (int offset = warpSize / 2; offset > 0; offset /= 2) count += __shfl_down(count, offset);
    if (lane == 0) {
      blockSums[blockIdx.x] = total;
      blockPositives[blockIdx.x] = count;
    }
  }
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
  hipDeviceProp_t props{};
  if (!check(hipGetDeviceProperties(&props, 0), "hipGetDeviceProperties")) return kExitFailed;

  const int n = 100003;  // not a multiple of the block: the last block is partial
  const unsigned grid = (n + kBlock - 1) / kBlock;
  std::vector<int> input(n);
  long long expectedSum = 0;
  unsigned expectedPositives = 0;
  for (int i = 0; i < n; ++i) {
    input[i] = (i * 7919) % 201 - 100;  // -100..100, mixed signs
    expectedSum += input[i];
    expectedPositives += input[i] > 0;
  }

  int* dInput = nullptr;
  int* dSums = nullptr;
  unsigned* dPositives = nullptr;
  int* dWaveSize = nullptr;
  if (!check(hipMalloc(reinterpret_cast<void**>(&dInput), n * sizeof(int)), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&dSums), grid * sizeof(int)), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&dPositives), grid * sizeof(unsigned)),
             "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&dWaveSize), sizeof(int)), "hipMalloc") ||
      !check(hipMemcpy(dInput, input.data(), n * sizeof(int), hipMemcpyHostToDevice), "hipMemcpy"))
    return kExitFailed;
  reduce<<<grid, kBlock>>>(dInput, n, dSums, dPositives, dWaveSize);
  std::vector<int> sums(grid);
  int waveSize = 0;
  std::vector<unsigned> positives(grid);
  if (!check(hipGetLastError(), "launch") ||
      !check(hipDeviceSynchronize(), "hipDeviceSynchronize") ||
      !check(hipMemcpy(sums.data(), dSums, grid * sizeof(int), hipMemcpyDeviceToHost),
             "hipMemcpy") ||
      !check(
          hipMemcpy(positives.data(), dPositives, grid * sizeof(unsigned), hipMemcpyDeviceToHost),
          "hipMemcpy") ||
      !check(hipMemcpy(&waveSize, dWaveSize, sizeof(int), hipMemcpyDeviceToHost), "hipMemcpy"))
    return kExitFailed;

  // Each block's partial result is checked on its own, then the totals.
  int errors = 0;
  long long sum = 0;
  unsigned positive = 0;
  for (unsigned b = 0; b < grid; ++b) {
    long long blockSum = 0;
    unsigned blockPositive = 0;
    for (unsigned i = b * kBlock; i < (b + 1) * kBlock && i < unsigned(n); ++i) {
      blockSum += input[i];
      blockPositive += input[i] > 0;
    }
    if ((sums[b] != blockSum || positives[b] != blockPositive) && errors++ < 10)
      std::printf("block %u: sum %d positives %u, expected %lld and %u\n", b, sums[b], positives[b],
                  blockSum, blockPositive);
    sum += sums[b];
    positive += positives[b];
  }
  (void)hipFree(dInput);
  (void)hipFree(dSums);
  (void)hipFree(dPositives);
  (void)hipFree(dWaveSize);
  const bool passed = errors == 0 && sum == expectedSum && positive == expectedPositives &&
                      (waveSize == 32 || waveSize == 64);
  std::printf(
      "wave size %d (device default %d), %d values: sum %lld (expected %lld), %u positive "
      "(expected %u): %s\n",
      waveSize, props.warpSize, n, sum, expectedSum, positive, expectedPositives,
      passed ? "PASSED" : "FAILED");
  return passed ? 0 : kExitFailed;
}
