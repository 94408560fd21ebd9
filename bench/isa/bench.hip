// Kernels for the interpreter benchmark: a memory-bound loop, an LDS reduction, a math loop.
#include <hip/hip_runtime.h>

extern "C" __global__ void saxpy_loop(float alpha, const float* x, float* y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = alpha * x[i] + y[i];
}

// The same loop over a cache-sized array, several times: measures the interpreter rather than
// DRAM latency (one wave at a time walks a grid-stride loop, which defeats prefetching).
extern "C" __global__ void saxpy_repeat(float alpha, const float* x, float* y, int n, int reps) {
  for (int r = 0; r < reps; ++r)
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
      y[i] = alpha * x[i] + y[i];
}

extern "C" __global__ void lds_reduce(const float* in, float* out, int rounds) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  for (int r = 0; r < rounds; ++r) {
    tile[t] = in[(blockIdx.x * 256 + t + r) & 0xffff];
    __syncthreads();
    for (unsigned s = 128; s > 0; s >>= 1) {
      if (t < s) tile[t] += tile[t + s];
      __syncthreads();
    }
    acc += tile[0];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = acc;
}

extern "C" __global__ void math_loop(const float* in, float* out, int iterations) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i], acc = 0.0f;
  for (int k = 0; k < iterations; ++k) {
    acc += sinf(v) * expf(-v * 0.01f) + sqrtf(v + 1.0f);
    v += 0.37f;
  }
  out[i] = acc;
}

// Does nothing: the fixed cost of a dispatch (isa_dispatch_bench).
extern "C" __global__ void empty_kernel() {}
