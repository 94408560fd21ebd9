// Divergent control flow: data-dependent loops with early exit and nested branches.
#include <hip/hip_runtime.h>

// Collatz steps (capped), with an early exit on a sentinel.
extern "C" __global__ void collatz(const unsigned* in, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = in[i], steps = 0;
  while (v != 1) {
    if (v == 0xffffffffu || steps >= 500) {
      steps = 0xffffffffu;
      break;
    }
    v = (v & 1) ? 3 * v + 1 : v / 2;
    ++steps;
  }
  out[i] = steps;
}

extern "C" __global__ void nested(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i], r;
  if (v < 0) {
    r = -v;
    if (r > 100) r = 100;
  } else if (v % 3 == 0) {
    r = 0;
    for (int k = 0; k < v % 17; ++k) r += k;
  } else {
    switch (v % 4) {
      case 0:
        r = v * 2;
        break;
      case 1:
        r = v + 7;
        break;
      default:
        r = v ^ 0x55;
        break;
    }
  }
  out[i] = r;
}
