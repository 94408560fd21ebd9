// The 64-bit LDS atomics, returning and not, applied one work-item at a time so that the host
// can replay the exact sequence: cell k of LDS gets operation k with each item's value in turn.
#include <hip/hip_runtime.h>

using u64 = unsigned long long;
using i64 = long long;

#define WG __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP

// One item's operations: old values into olds[op * n + t] for the returning ones.
__device__ void apply(u64* c, u64 v, u64 expected, u64* olds, int n, int t) {
  i64* s = reinterpret_cast<i64*>(c);
  olds[0 * n + t] = __hip_atomic_fetch_and(&c[0], v, WG);
  olds[1 * n + t] = __hip_atomic_fetch_or(&c[1], v, WG);
  olds[2 * n + t] = __hip_atomic_fetch_xor(&c[2], v, WG);
  olds[3 * n + t] = __hip_atomic_exchange(&c[3], v, WG);
  olds[4 * n + t] = __hip_atomic_fetch_add(&c[4], v, WG);
  olds[5 * n + t] = __hip_atomic_fetch_sub(&c[5], v, WG);
  olds[6 * n + t] = __hip_atomic_fetch_min(&s[6], i64(v), WG);
  olds[7 * n + t] = __hip_atomic_fetch_max(&s[7], i64(v), WG);
  olds[8 * n + t] = __hip_atomic_fetch_min(&c[8], v, WG);
  olds[9 * n + t] = __hip_atomic_fetch_max(&c[9], v, WG);
  __hip_atomic_compare_exchange_strong(&c[10], &expected, v, __ATOMIC_RELAXED, WG);
  olds[10 * n + t] = expected;
  auto* w = reinterpret_cast<unsigned long*>(c);  // the inc/dec builtins take unsigned long
  olds[11 * n + t] = __builtin_amdgcn_atomic_inc64(&w[11], v & 7, __ATOMIC_RELAXED, "workgroup");
  olds[12 * n + t] = __builtin_amdgcn_atomic_dec64(&w[12], v & 7, __ATOMIC_RELAXED, "workgroup");
  // Results unused: the non-returning forms.
  __hip_atomic_fetch_and(&c[13], v, WG);
  __hip_atomic_fetch_xor(&c[14], v, WG);
  __hip_atomic_fetch_max(&s[15], i64(v), WG);
}

extern "C" __global__ void lds_atomics64(const u64* in, const u64* expected, const u64* initial,
                                         u64* olds, u64* finals) {
  __shared__ u64 cells[16];
  const int t = threadIdx.x, n = blockDim.x;
  if (t < 16) cells[t] = initial[t];
  __syncthreads();
  for (int k = 0; k < n; ++k) {
    if (t == k) apply(cells, in[t], expected[t], olds, n, t);
    __syncthreads();
  }
  if (t < 16) finals[t] = cells[t];
}
