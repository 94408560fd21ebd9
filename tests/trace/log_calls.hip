// A known sequence of HIP calls for the HIPCORE_LOG=api test: CheckApiLog.py runs it with the
// variable set and compares stderr's call lines with what this program prints on stdout (its
// thread id, the stream handle, the wall time of one synchronisation). The kernel's results
// are checked against the host, so the calls also did their work.
#include <hip/hip_runtime.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <vector>

namespace {

constexpr unsigned kBlocks = 2;
constexpr unsigned kThreads = 64;
// Long enough on vgpu (tens of ms) that hipStreamSynchronize measurably waits for the kernel.
constexpr unsigned kRounds = 200000;

__host__ __device__ unsigned scramble(unsigned x, unsigned rounds) {
  for (unsigned i = 0; i < rounds; ++i) x = x * 1664525u + 1013904223u;
  return x;
}

__global__ void spin(unsigned* out, unsigned rounds) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = scramble(out[i], rounds);
}

}  // namespace

int main() {
  std::printf("thread id: %ld\n", static_cast<long>(syscall(SYS_gettid)));
  if (hipSetDevice(0) != hipSuccess) return 2;
  std::vector<unsigned> host(1024);
  for (unsigned i = 0; i < host.size(); ++i) host[i] = i * 7u + 1u;
  void* device = nullptr;
  if (hipMalloc(&device, 4096) != hipSuccess) return 1;
  std::printf("device buffer: %p\n", device);
  if (hipMemcpy(device, host.data(), 4096, hipMemcpyHostToDevice) != hipSuccess) return 1;
  hipStream_t stream = nullptr;
  if (hipStreamCreate(&stream) != hipSuccess) return 1;
  std::printf("stream handle: %p\n", static_cast<void*>(stream));
  spin<<<dim3(kBlocks), dim3(kThreads), 0, stream>>>(static_cast<unsigned*>(device), kRounds);
  auto start = std::chrono::steady_clock::now();
  hipError_t synced = hipStreamSynchronize(stream);
  auto end = std::chrono::steady_clock::now();
  std::printf("measured hipStreamSynchronize: %.1f us\n",
              std::chrono::duration<double, std::micro>(end - start).count());
  if (synced != hipSuccess) return 1;
  std::vector<unsigned> result(kBlocks * kThreads);
  if (hipMemcpy(result.data(), device, result.size() * sizeof(unsigned), hipMemcpyDeviceToHost) !=
      hipSuccess)
    return 1;
  // A failing call: its line must carry the error.
  hipError_t invalid = hipSetDevice(99);
  std::printf("hipSetDevice(99): %s\n", hipGetErrorName(invalid));
  int errors = invalid == hipErrorInvalidDevice ? 0 : 1;
  for (unsigned i = 0; i < result.size(); ++i)
    if (result[i] != scramble(host[i], kRounds) && errors++ < 5)
      std::printf("element %u: %u, expected %u\n", i, result[i], scramble(host[i], kRounds));
  if (hipStreamDestroy(stream) != hipSuccess || hipFree(device) != hipSuccess) return 1;
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
