// HIPCORE_TRACE from several host threads, and the file hipDeviceReset writes: three threads
// each launch kernels on their own stream; the main thread then resets the device, keeps a copy
// of the trace written at that moment (TRACE.reset.json), and launches once more before exit.
// CheckThreadsTrace.py reads both files. Results are checked against the host.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>
#include <vector>

namespace {

constexpr int kThreads = 3;
constexpr int kLaunches = 5;
constexpr int kElements = 256;

__global__ void addOne(int* data) {
  data[threadIdx.x] += 1;
}

bool work(int* failures) {
  hipStream_t stream = nullptr;
  int* data = nullptr;
  std::vector<int> host(kElements, 0);
  bool ok =
      hipStreamCreate(&stream) == hipSuccess &&
      hipMalloc(reinterpret_cast<void**>(&data), kElements * sizeof(int)) == hipSuccess &&
      hipMemcpy(data, host.data(), kElements * sizeof(int), hipMemcpyHostToDevice) == hipSuccess;
  for (int i = 0; ok && i < kLaunches; ++i) {
    addOne<<<1, kElements, 0, stream>>>(data);
    ok = hipGetLastError() == hipSuccess;
  }
  ok = ok && hipStreamSynchronize(stream) == hipSuccess &&
       hipMemcpy(host.data(), data, kElements * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess;
  for (int v : host) ok = ok && v == kLaunches;
  if (!ok) ++*failures;
  (void)hipFree(data);
  (void)hipStreamDestroy(stream);
  return ok;
}

}  // namespace

int main() {
  const char* trace = std::getenv("HIPCORE_TRACE");
  if (trace == nullptr) return 2;
  int failures[kThreads] = {};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(work, &failures[t]);
  for (auto& thread : threads) thread.join();
  if (hipDeviceReset() != hipSuccess) return 1;
  {
    std::ifstream written(trace, std::ios::binary);
    std::ofstream copy(std::string(trace) + ".reset.json", std::ios::binary);
    copy << written.rdbuf();
  }
  int afterReset = 0;
  work(&afterReset);
  int total = afterReset;
  for (int f : failures) total += f;
  std::printf("%s\n", total == 0 ? "PASSED" : "FAILED");
  return total == 0 ? 0 : 1;
}
