// Compiled with -fgpu-default-stream=per-thread: every launch and call below leaves the stream
// out (or passes 0), which then means the calling thread's per-thread stream, not the legacy
// null stream (hip/hip_per_thread_stream.h maps the calls; clang launches through
// hipLaunchKernel_spt).
#include <hip/hip_runtime.h>

#include "PerThreadDefault.h"

#if !defined(HIP_API_PER_THREAD_DEFAULT_STREAM)
#error "compile this file with -fgpu-default-stream=per-thread"
#endif

__global__ void holdThenFill(const int* flag, int* values, int n, int value) {
  if (threadIdx.x == 0)
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM) == 0)
      __builtin_amdgcn_s_sleep(8);
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) values[i] = value;
}

__global__ void addTo(int* values, int n, int amount) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] += amount;
}

hipError_t defaultHoldThenFill(const int* flag, int* values, int n, int value) {
  holdThenFill<<<1, 64>>>(flag, values, n, value);
  return hipGetLastError();
}

hipError_t defaultAdd(int* values, int n, int amount) {
  addTo<<<(n + 63) / 64, 64>>>(values, n, amount);
  return hipGetLastError();
}

hipError_t defaultZero(int* values, int n) {
  return hipMemsetAsync(values, 0, n * sizeof(int));
}

hipError_t defaultDownload(int* host, const int* values, int n) {
  return hipMemcpy(host, values, n * sizeof(int), hipMemcpyDeviceToHost);
}

hipError_t defaultSynchronize() {
  return hipStreamSynchronize(0);
}

hipError_t defaultQuery() {
  return hipStreamQuery(0);
}
