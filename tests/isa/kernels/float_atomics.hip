// The float atomics that return the old value, global and LDS, f32 and f64, each an exact
// instruction form (inline asm): min, max and the float compare-exchange. Work-items take turns
// so that the host can replay the sequence; slot k of olds[k * n + t] is op k's old value for
// item t. gfx10.3 names (RDNA2 ISA 10.x, 11.2); gfx11 keeps the f32 global forms under new
// names and drops the f64 global ones (its slots 3-5 keep the fill value).
#include <hip/hip_runtime.h>

using u64 = unsigned long long;
typedef unsigned u32x4 __attribute__((ext_vector_type(4)));

#if defined(__gfx1030__)
#define GLOBAL_FMIN "global_atomic_fmin"
#define GLOBAL_FMAX "global_atomic_fmax"
#define GLOBAL_FCMPSWAP "global_atomic_fcmpswap"
#define DS_FCMPSWAP_F32 "ds_cmpst_rtn_f32 %0, %1, %3, %2"  // data0 = compare, data1 = new
#define DS_FCMPSWAP_F64 "ds_cmpst_rtn_f64 %0, %1, %3, %2"
#else
#define GLOBAL_FMIN "global_atomic_min_f32"
#define GLOBAL_FMAX "global_atomic_max_f32"
#define GLOBAL_FCMPSWAP "global_atomic_cmpswap_f32"
#define DS_FCMPSWAP_F32 "ds_cmpstore_rtn_f32 %0, %1, %2, %3"  // data0 = new, data1 = compare
#define DS_FCMPSWAP_F64 "ds_cmpstore_rtn_f64 %0, %1, %2, %3"
#endif

#define GLOBAL_RTN(op, old, ptr, data)                        \
  asm volatile(op " %0, %1, %2, off glc\n s_waitcnt vmcnt(0)" \
               : "=v"(old)                                    \
               : "v"(ptr), "v"(data)                          \
               : "memory")
#define DS_RTN(op, old, addr, data)                    \
  asm volatile(op " %0, %1, %2\n s_waitcnt lgkmcnt(0)" \
               : "=v"(old)                             \
               : "v"(addr), "v"(data)                  \
               : "memory")

// Cells 0-5 are global (f32 min, max, cmpswap, f64 min, max, cmpswap), 6-11 the same in LDS.
__device__ void apply(unsigned* g32, u64* g64, unsigned lds32, unsigned lds64, unsigned f32,
                      u64 f64, unsigned new32, unsigned cmp32, u64 new64, u64 cmp64, unsigned* o32,
                      u64* o64, int n, int t) {
  unsigned r;
  u64 r64;
  GLOBAL_RTN(GLOBAL_FMIN, r, &g32[0], f32);
  o32[0 * n + t] = r;
  GLOBAL_RTN(GLOBAL_FMAX, r, &g32[1], f32);
  o32[1 * n + t] = r;
  GLOBAL_RTN(GLOBAL_FCMPSWAP, r, &g32[2], new32 | (u64{cmp32} << 32));
  o32[2 * n + t] = r;
#if defined(__gfx1030__)
  GLOBAL_RTN("global_atomic_fmin_x2", r64, &g64[0], f64);
  o64[0 * n + t] = r64;
  GLOBAL_RTN("global_atomic_fmax_x2", r64, &g64[1], f64);
  o64[1 * n + t] = r64;
  u32x4 data = {unsigned(new64), unsigned(new64 >> 32), unsigned(cmp64), unsigned(cmp64 >> 32)};
  GLOBAL_RTN("global_atomic_fcmpswap_x2", r64, &g64[2], data);
  o64[2 * n + t] = r64;
#endif
  DS_RTN("ds_min_rtn_f32", r, lds32, f32);
  o32[3 * n + t] = r;
  DS_RTN("ds_max_rtn_f32", r, lds32 + 4, f32);
  o32[4 * n + t] = r;
  asm volatile(DS_FCMPSWAP_F32 "\n s_waitcnt lgkmcnt(0)"
               : "=v"(r)
               : "v"(lds32 + 8), "v"(new32), "v"(cmp32)
               : "memory");
  o32[5 * n + t] = r;
  DS_RTN("ds_min_rtn_f64", r64, lds64, f64);
  o64[3 * n + t] = r64;
  DS_RTN("ds_max_rtn_f64", r64, lds64 + 8, f64);
  o64[4 * n + t] = r64;
  asm volatile(DS_FCMPSWAP_F64 "\n s_waitcnt lgkmcnt(0)"
               : "=v"(r64)
               : "v"(lds64 + 16), "v"(new64), "v"(cmp64)
               : "memory");
  o64[5 * n + t] = r64;
}

// cells32[0..5]: f32 initial values (global 0-2, LDS 3-5); cells64 likewise for f64. On return
// they hold the final values.
extern "C" __global__ void float_atomics(const unsigned* f32, const u64* f64, const unsigned* new32,
                                         const unsigned* cmp32, const u64* new64, const u64* cmp64,
                                         unsigned* cells32, u64* cells64, unsigned* olds32,
                                         u64* olds64) {
  __shared__ unsigned lds32[3];
  __shared__ u64 lds64[3];
  const int t = threadIdx.x, n = blockDim.x;
  if (t < 3) {
    lds32[t] = cells32[3 + t];
    lds64[t] = cells64[3 + t];
  }
  __syncthreads();
  // LDS byte addresses: the low dword of a flat pointer into the shared aperture.
  const unsigned a32 = static_cast<unsigned>(reinterpret_cast<size_t>(&lds32[0]));
  const unsigned a64 = static_cast<unsigned>(reinterpret_cast<size_t>(&lds64[0]));
  for (int k = 0; k < n; ++k) {
    if (t == k)
      apply(cells32, cells64, a32, a64, f32[t], f64[t], new32[t], cmp32[t], new64[t], cmp64[t],
            olds32, olds64, n, t);
    __syncthreads();
  }
  if (t < 3) {
    cells32[3 + t] = lds32[t];
    cells64[3 + t] = lds64[t];
  }
}
