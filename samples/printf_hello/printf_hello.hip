// printf_hello: every GPU thread says hello with device printf; the sample captures its own
// stdout while the kernel runs and checks that each thread's line arrived exactly once.
// Exit codes: 0 passed, 1 wrong output or failed HIP call, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <unistd.h>

#include <cstdio>
#include <string>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;
constexpr unsigned kBlocks = 2;
constexpr unsigned kThreads = 4;

__global__ void hello(float scale) {
  printf("Hello from block %u, thread %u: %d x %.2f = %.2f\n", blockIdx.x, threadIdx.x,
         static_cast<int>(threadIdx.x), scale, threadIdx.x * scale);
}

bool check(hipError_t status, const char* call) {
  if (status == hipSuccess) return true;
  std::fprintf(stderr, "%s failed: %s (%s) %s\n", call, hipGetErrorName(status),
               hipGetErrorString(status), hipcoreGetErrorDetail());
  return false;
}

// Runs the kernel with stdout redirected to a temporary file and returns what was printed.
bool runCaptured(std::string& printed) {
  std::fflush(stdout);
  FILE* capture = std::tmpfile();
  int saved = dup(STDOUT_FILENO);
  if (capture == nullptr || saved < 0 || dup2(fileno(capture), STDOUT_FILENO) < 0) return false;
  hello<<<kBlocks, kThreads>>>(1.5f);
  // The device's lines are written by the time the synchronisation returns.
  bool ok = check(hipGetLastError(), "kernel launch") &&
            check(hipDeviceSynchronize(), "hipDeviceSynchronize");
  std::fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  close(saved);
  std::rewind(capture);
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), capture)) > 0) printed.append(buffer, n);
  std::fclose(capture);
  return ok;
}

}  // namespace

int main() {
  int devices = 0;
  hipError_t status = hipGetDeviceCount(&devices);
  if (status == hipErrorNoDevice || devices == 0) {
    std::printf("no GPU found: %s\n", hipcoreGetErrorDetail());
    return kExitNoGpu;
  }
  if (!check(status, "hipGetDeviceCount")) return kExitFailed;
  std::string printed;
  if (!runCaptured(printed)) return kExitFailed;
  std::printf("%s", printed.c_str());

  bool passed = true;
  for (unsigned b = 0; b < kBlocks; ++b)
    for (unsigned t = 0; t < kThreads; ++t) {
      char line[128];
      std::snprintf(line, sizeof(line), "Hello from block %u, thread %u: %d x %.2f = %.2f\n", b, t,
                    static_cast<int>(t), 1.5, t * 1.5);
      size_t first = printed.find(line);
      bool once = first != std::string::npos && printed.find(line, first + 1) == std::string::npos;
      if (!once) std::printf("missing or repeated: %s", line);
      passed = passed && once;
    }
  size_t lines = 0;
  for (char c : printed) lines += c == '\n';
  passed = passed && lines == kBlocks * kThreads;
  std::printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? 0 : kExitFailed;
}
