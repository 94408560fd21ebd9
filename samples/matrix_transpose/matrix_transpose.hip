// matrix_transpose: out = in^T for a rows x cols matrix that is neither square nor a multiple of
// the tile size. Each block reads a tile into shared memory with coalesced row reads and writes it
// out transposed, again in rows; the tile has one extra column so that reading a column of it
// touches a different LDS bank for every row. Checked element by element against the host.
// Exit codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;
constexpr int kTile = 32;
constexpr int kRowsPerPass = 8;  // a block is kTile x kRowsPerPass threads, each moves 4 values

__global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[kTile][kTile + 1];  // + 1: padding against bank conflicts
  const int tileCol = blockIdx.x * kTile;
  const int tileRow = blockIdx.y * kTile;
  for (int r = threadIdx.y; r < kTile; r += kRowsPerPass) {
    const int row = tileRow + r, col = tileCol + threadIdx.x;
    if (row < rows && col < cols) tile[r][threadIdx.x] = in[row * cols + col];
  }
  __syncthreads();
  // out has cols rows and rows columns: the tile lands at (tileCol, tileRow).
  for (int r = threadIdx.y; r < kTile; r += kRowsPerPass) {
    const int outRow = tileCol + r, outCol = tileRow + threadIdx.x;
    if (outRow < cols && outCol < rows) out[outRow * rows + outCol] = tile[threadIdx.x][r];
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
  const int rows = 100, cols = 75;  // neither square nor a multiple of 32
  const size_t bytes = size_t(rows) * cols * sizeof(float);
  std::vector<float> in(size_t(rows) * cols), out(size_t(rows) * cols, -1.0f);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) in[r * cols + c] = static_cast<float>(r * 1000 + c);

  float *dIn = nullptr, *dOut = nullptr;
  if (!check(hipMalloc(reinterpret_cast<void**>(&dIn), bytes), "hipMalloc") ||
      !check(hipMalloc(reinterpret_cast<void**>(&dOut), bytes), "hipMalloc") ||
      !check(hipMemcpy(dIn, in.data(), bytes, hipMemcpyHostToDevice), "hipMemcpy"))
    return kExitFailed;
  const dim3 block(kTile, kRowsPerPass);
  const dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  transpose<<<grid, block>>>(dIn, dOut, rows, cols);
  if (!check(hipGetLastError(), "launch") ||
      !check(hipDeviceSynchronize(), "hipDeviceSynchronize") ||
      !check(hipMemcpy(out.data(), dOut, bytes, hipMemcpyDeviceToHost), "hipMemcpy"))
    return kExitFailed;

  int errors = 0;
  for (int r = 0; r < cols; ++r)
    for (int c = 0; c < rows; ++c) {
      const float expected = in[c * cols + r];
      if (out[r * rows + c] != expected && errors++ < 10)
        std::printf("out[%d][%d] = %g, expected %g\n", r, c, out[r * rows + c], expected);
    }
  (void)hipFree(dIn);
  (void)hipFree(dOut);
  std::printf("%d x %d -> %d x %d in %u x %u tiles of %d: %s\n", rows, cols, cols, rows, grid.x,
              grid.y, kTile, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : kExitFailed;
}
