// LDS: a tiled transpose with padding and a histogram with LDS and global atomics.
#include <hip/hip_runtime.h>

// 16x16 tiles; the matrix is rows x cols (multiples of 16).
extern "C" __global__ void transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
  __syncthreads();
  int tx = blockIdx.y * 16 + threadIdx.x, ty = blockIdx.x * 16 + threadIdx.y;
  out[ty * rows + tx] = tile[threadIdx.x][threadIdx.y];
}

// 64 bins: per-block LDS histogram, then merged into the global one.
extern "C" __global__ void histogram(const unsigned char* data, int n, unsigned* bins) {
  __shared__ unsigned local[64];
  for (unsigned b = threadIdx.x; b < 64; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    __hip_atomic_fetch_add(&local[data[i] & 63], 1u, __ATOMIC_RELAXED,
                           __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < 64; b += blockDim.x)
    __hip_atomic_fetch_add(&bins[b], local[b], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// Global atomics straight to memory: counts, 64-bit sums, max, and a CAS-based float add.
extern "C" __global__ void global_atomics(const int* in, int n, unsigned* count,
                                          unsigned long long* sum, int* maxv, float* fsum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  __hip_atomic_fetch_add(count, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(sum, (unsigned long long)(long long)v, __ATOMIC_RELAXED,
                         __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_max(maxv, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned* bits = reinterpret_cast<unsigned*>(fsum);
  unsigned old = __hip_atomic_load(bits, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  for (;;) {
    unsigned desired = __builtin_bit_cast(unsigned, __builtin_bit_cast(float, old) + 1.0f);
    if (__hip_atomic_compare_exchange_strong(bits, &old, desired, __ATOMIC_RELAXED,
                                             __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT))
      break;
  }
}

// ds_bpermute-free rotate through LDS with dynamic shared memory (extern __shared__).
extern "C" __global__ void lds_rotate(const int* in, int* out) {
  extern __shared__ int buf[];
  unsigned t = threadIdx.x;
  buf[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = buf[(t + 1) % blockDim.x];
}

// C = A * B with 16x16 LDS tiles (M, N, K multiples of 16).
extern "C" __global__ void matmul(const float* a, const float* b, float* c, int m, int n, int k) {
  __shared__ float ta[16][16], tb[16][16];
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < k; t += 16) {
    ta[threadIdx.y][threadIdx.x] = a[row * k + t + threadIdx.x];
    tb[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * n + col];
    __syncthreads();
    for (int i = 0; i < 16; ++i) acc += ta[threadIdx.y][i] * tb[i][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = acc;
}
