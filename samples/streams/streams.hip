// streams: four streams each copy their chunk in, transform it with a kernel and copy it out;
// events time each stream, a fifth stream waits for all four (hipStreamWaitEvent) before a
// kernel combines the chunks, and a host function reports when that is done. Everything is
// checked against the host. Exit codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <atomic>
#include <cstdio>
#include <vector>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;
constexpr int kStreams = 4;
constexpr int kChunk = 4096;

__global__ void affine(float* data, float scale, float offset, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * scale + offset;
}

// out[i] = sum over chunks of chunk[c][i].
__global__ void combine(const float* chunks, float* out, int chunkCount, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
  for (int c = 0; c < chunkCount; ++c) sum += chunks[c * n + i];
  out[i] = sum;
}

bool check(hipError_t status, const char* call) {
  if (status == hipSuccess) return true;
  std::fprintf(stderr, "%s failed: %s %s\n", call, hipGetErrorName(status),
               hipcoreGetErrorDetail());
  return false;
}

void markDone(void* flag) {
  static_cast<std::atomic<int>*>(flag)->store(1);
}

}  // namespace

int main() {
  int devices = 0;
  if (hipGetDeviceCount(&devices) == hipErrorNoDevice || devices == 0) {
    std::printf("no GPU found: %s\n", hipcoreGetErrorDetail());
    return kExitNoGpu;
  }
  std::vector<float> input(kStreams * kChunk), output(kStreams * kChunk), combined(kChunk);
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<float>(i % 1000) * 0.25f;
  float *chunks = nullptr, *sum = nullptr;
  hipStream_t streams[kStreams + 1];
  hipEvent_t start[kStreams], stop[kStreams];
  bool ok = check(hipMalloc(reinterpret_cast<void**>(&chunks), input.size() * sizeof(float)),
                  "hipMalloc") &&
            check(hipMalloc(reinterpret_cast<void**>(&sum), kChunk * sizeof(float)), "hipMalloc");
  for (int s = 0; ok && s <= kStreams; ++s)
    ok = check(hipStreamCreate(&streams[s]), "hipStreamCreate");
  for (int s = 0; ok && s < kStreams; ++s)
    ok = check(hipEventCreate(&start[s]), "hipEventCreate") &&
         check(hipEventCreate(&stop[s]), "hipEventCreate");
  for (int s = 0; ok && s < kStreams; ++s) {
    float* chunk = chunks + s * kChunk;
    ok = check(hipEventRecord(start[s], streams[s]), "hipEventRecord") &&
         check(hipMemcpyAsync(chunk, &input[s * kChunk], kChunk * sizeof(float),
                              hipMemcpyHostToDevice, streams[s]),
               "hipMemcpyAsync");
    hipLaunchKernelGGL(affine, dim3(kChunk / 256), dim3(256), 0, streams[s], chunk, float(s + 1),
                       float(s), kChunk);
    ok = ok && check(hipGetLastError(), "launch") &&
         check(hipMemcpyAsync(&output[s * kChunk], chunk, kChunk * sizeof(float),
                              hipMemcpyDeviceToHost, streams[s]),
               "hipMemcpyAsync") &&
         check(hipEventRecord(stop[s], streams[s]), "hipEventRecord") &&
         check(hipStreamWaitEvent(streams[kStreams], stop[s], 0), "hipStreamWaitEvent");
  }
  std::atomic<int> done{0};
  if (ok) {
    hipLaunchKernelGGL(combine, dim3(kChunk / 256), dim3(256), 0, streams[kStreams], chunks, sum,
                       kStreams, kChunk);
    ok = check(hipGetLastError(), "launch") &&
         check(hipLaunchHostFunc(streams[kStreams], markDone, &done), "hipLaunchHostFunc") &&
         check(hipStreamSynchronize(streams[kStreams]), "hipStreamSynchronize") &&
         check(hipMemcpy(combined.data(), sum, kChunk * sizeof(float), hipMemcpyDeviceToHost),
               "hipMemcpy");
  }
  for (int s = 0; ok && s < kStreams; ++s) {
    float ms = -1.0f;
    ok = check(hipEventSynchronize(stop[s]), "hipEventSynchronize") &&
         check(hipEventElapsedTime(&ms, start[s], stop[s]), "hipEventElapsedTime");
    if (ok) std::printf("stream %d: copy in, kernel, copy out in %.3f ms\n", s, ms);
    ok = ok && ms >= 0.0f;
  }
  if (!ok) return kExitFailed;
  int errors = done.load() == 1 ? 0 : 1;
  for (int s = 0; s < kStreams; ++s)
    for (int i = 0; i < kChunk; ++i) {
      float expected = input[s * kChunk + i] * float(s + 1) + float(s);
      if (output[s * kChunk + i] != expected && errors++ < 10)
        std::printf("stream %d element %d: %g, expected %g\n", s, i, output[s * kChunk + i],
                    expected);
    }
  for (int i = 0; i < kChunk; ++i) {
    float expected = 0.0f;
    for (int s = 0; s < kStreams; ++s) expected += input[s * kChunk + i] * float(s + 1) + float(s);
    if (combined[i] != expected && errors++ < 10)
      std::printf("sum %d: %g, expected %g\n", i, combined[i], expected);
  }
  for (int s = 0; s <= kStreams; ++s) (void)hipStreamDestroy(streams[s]);
  for (int s = 0; s < kStreams; ++s) {
    (void)hipEventDestroy(start[s]);
    (void)hipEventDestroy(stop[s]);
  }
  (void)hipFree(chunks);
  (void)hipFree(sum);
  std::printf("%d streams x %d elements: %s\n", kStreams, kChunk,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : kExitFailed;
}
