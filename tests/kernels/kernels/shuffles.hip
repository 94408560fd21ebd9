// Shuffles of every width and kind, for 32-bit, 64-bit and double values (device library test).
#include <hip/hip_runtime.h>

// out[lane * 4 + k]: k = 0 __shfl, 1 __shfl_up, 2 __shfl_down, 3 __shfl_xor of lane*7+3.
__global__ void shuffle_int(int* out, int width, int delta) {
  int lane = threadIdx.x;
  int value = lane * 7 + 3;
  out[lane * 4 + 0] = __shfl(value, delta, width);
  out[lane * 4 + 1] = __shfl_up(value, (unsigned)delta, width);
  out[lane * 4 + 2] = __shfl_down(value, (unsigned)delta, width);
  out[lane * 4 + 3] = __shfl_xor(value, delta, width);
}

// The same moves for 64-bit integers and doubles whose halves differ per lane.
__global__ void shuffle_wide(long long* out_ll, double* out_d, int width, int delta) {
  int lane = threadIdx.x;
  long long value = ((long long)(lane + 1) << 40) | (lane * 3);
  double real = lane * 0.25 + 1e10;
  out_ll[lane * 4 + 0] = __shfl(value, delta, width);
  out_ll[lane * 4 + 1] = __shfl_up(value, (unsigned)delta, width);
  out_ll[lane * 4 + 2] = __shfl_down(value, (unsigned)delta, width);
  out_ll[lane * 4 + 3] = __shfl_xor(value, delta, width);
  out_d[lane * 4 + 0] = __shfl_sync(~0ull, real, delta, width);
  out_d[lane * 4 + 1] = __shfl_up_sync(~0ull, real, (unsigned)delta, width);
  out_d[lane * 4 + 2] = __shfl_down_sync(~0ull, real, (unsigned)delta, width);
  out_d[lane * 4 + 3] = __shfl_xor_sync(~0ull, real, delta, width);
}

// Divergent: only even lanes are active; they exchange with the even lane two away.
__global__ void shuffle_divergent(int* out) {
  int lane = threadIdx.x;
  out[lane] = -1;
  if ((lane & 1) == 0) out[lane] = __shfl_xor(lane * 10, 2);
}

// Butterfly sum of floats through __shfl_xor, the classic warp reduction.
__global__ void warp_sum(const float* in, float* out) {
  float v = in[blockIdx.x * warpSize + threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_xor(v, offset);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}
