// Kernels the loader tests read back: argument layouts, shared memory, several targets.
#include <hip/hip_runtime.h>

// A global for hipModuleGetGlobal (runtime module tests read it back).
__device__ int moduleCounter = 42;

struct Pair {
  int a;
  float b;
};

__global__ void add(int* a, const int* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i];
}

// Mixed sizes and alignments: the metadata offsets must follow the C ABI of the host struct
// MixedArgs in the test.
__global__ void mixed(char c, double d, int* p, Pair s, short h) {
  p[threadIdx.x] = c + static_cast<int>(d) + s.a + static_cast<int>(s.b) + h;
}

// 64 ints of static shared memory: group_segment_fixed_size 256.
__global__ void shared_reverse(int* data) {
  __shared__ int tile[64];
  tile[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = tile[63 - threadIdx.x];
}
