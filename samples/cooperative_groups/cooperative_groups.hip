// cooperative_groups: a three-phase computation over the whole grid in one kernel, the phases
// separated by grid.sync() (launched with hipLaunchCooperativeKernel, so every block is
// resident): per-block sums, then every value's distance from the mean (scaled by n to stay in
// integers), then the sum of squared distances. Inside a block, tiles of 16 threads reduce with
// shuffles (tiled_partition) and the block combines them (thread_block). Checked against the
// host. Exit codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;
constexpr unsigned kThreads = 128;
// The grid: a few blocks, never more than the device can hold at once (the launch would be
// refused with hipErrorCooperativeLaunchTooLarge).
constexpr unsigned kWantedBlocks = 24;

// The block's total of `value`: each tile of 16 reduces with shuffles, tile leaders add theirs.
__device__ long long blockSum(cg::thread_block block, long long value, long long* shared) {
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  for (unsigned offset = tile.size() / 2; offset > 0; offset /= 2)
    value += tile.shfl_down(value, offset);
  if (block.thread_rank() == 0) *shared = 0;
  block.sync();
  if (tile.thread_rank() == 0) atomicAdd(reinterpret_cast<unsigned long long*>(shared), value);
  block.sync();
  return *shared;
}

__global__ void spread(const int* data, int n, long long* partial, long long* result) {
  __shared__ long long sum;
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  const unsigned blocks = grid.num_blocks();
  const unsigned b = grid.block_rank();

  // Phase 1: each block's sum of its grid-stride share of the data.
  long long mine = 0;
  for (unsigned long long i = grid.thread_rank(); i < static_cast<unsigned long long>(n);
       i += grid.size())
    mine += data[i];
  long long total = blockSum(block, mine, &sum);
  if (block.thread_rank() == 0) partial[b] = total;
  grid.sync();

  // Phase 2: every block reads every block's sum; n * x - total is n times x's distance from
  // the mean. The squares of those are summed per block into the second half of partial.
  total = 0;
  for (unsigned k = 0; k < blocks; ++k) total += partial[k];
  mine = 0;
  for (unsigned long long i = grid.thread_rank(); i < static_cast<unsigned long long>(n);
       i += grid.size()) {
    const long long distance = static_cast<long long>(n) * data[i] - total;
    mine += distance * distance;
  }
  const long long squares = blockSum(block, mine, &sum);
  if (block.thread_rank() == 0) partial[blocks + b] = squares;
  grid.sync();

  // Phase 3: one thread adds the per-block sums of squares.
  if (grid.thread_rank() == 0) {
    long long all = 0;
    for (unsigned k = 0; k < blocks; ++k) all += partial[blocks + k];
    result[0] = total;
    result[1] = all;
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
  int cooperative = 0, perCu = 0;
  hipDeviceProp_t props{};
  if (!check(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, 0),
             "hipDeviceGetAttribute") ||
      !check(hipGetDeviceProperties(&props, 0), "hipGetDeviceProperties") ||
      !check(hipOccupancyMaxActiveBlocksPerMultiprocessor(&perCu, spread, kThreads, 0),
             "hipOccupancyMaxActiveBlocksPerMultiprocessor"))
    return kExitFailed;
  if (!cooperative) {
    std::printf("the device has no cooperative launch: FAILED\n");
    return kExitFailed;
  }
  const unsigned blocks = std::min<unsigned>(kWantedBlocks, perCu * props.multiProcessorCount);

  const int n = 5000;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i) data[i] = (i * 37) % 101;
  long long expectedTotal = 0, expectedSquares = 0;
  for (int x : data) expectedTotal += x;
  for (int x : data) {
    const long long distance = static_cast<long long>(n) * x - expectedTotal;
    expectedSquares += distance * distance;
  }

  int* dData = nullptr;
  long long *dPartial = nullptr, *dResult = nullptr;
  if (!check(hipMalloc(reinterpret_cast<void**>(&dData), n * sizeof(int)), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&dPartial), 2 * blocks * sizeof(long long)),
             "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&dResult), 2 * sizeof(long long)), "hipMalloc") ||
      !check(hipMemcpy(dData, data.data(), n * sizeof(int), hipMemcpyHostToDevice), "hipMemcpy"))
    return kExitFailed;
  int count = n;
  void* args[] = {&dData, &count, &dPartial, &dResult};
  long long result[2] = {0, 0};
  if (!check(hipLaunchCooperativeKernel(spread, dim3(blocks), dim3(kThreads), args, 0, nullptr),
             "hipLaunchCooperativeKernel") ||
      !check(hipDeviceSynchronize(), "hipDeviceSynchronize") ||
      !check(hipMemcpy(result, dResult, sizeof(result), hipMemcpyDeviceToHost), "hipMemcpy"))
    return kExitFailed;
  (void)hipFree(dData);
  (void)hipFree(dPartial);
  (void)hipFree(dResult);

  const bool passed = result[0] == expectedTotal && result[1] == expectedSquares;
  std::printf(
      "%d values on %u blocks of %u (up to %d resident per CU): sum %lld (expected %lld), "
      "sum of squared distances x n^2 %lld (expected %lld): %s\n",
      n, blocks, kThreads, perCu, result[0], expectedTotal, result[1], expectedSquares,
      passed ? "PASSED" : "FAILED");
  return passed ? 0 : kExitFailed;
}
