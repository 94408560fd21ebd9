// Typed buffer loads and stores (MUBUF buffer_load/store_format_*) through a V# the test writes:
// lane i loads element index[i] (idxen) with all four channels, and stores two channels of
// values[i] to element i of a second descriptor.
#include <hip/hip_runtime.h>

typedef unsigned Words4 __attribute__((ext_vector_type(4)));
typedef float Float4 __attribute__((ext_vector_type(4)));
typedef float Float2 __attribute__((ext_vector_type(2)));

extern "C" __global__ void load_format(Words4 v, const int* index, Float4* out) {
  const int i = threadIdx.x;
  Float4 r;
  asm volatile("buffer_load_format_xyzw %0, %1, %2, 0 idxen\n\ts_waitcnt vmcnt(0)"
               : "=v"(r)
               : "v"(index[i]), "s"(v));
  out[i] = r;
}

extern "C" __global__ void store_format(Words4 v, const Float2* values) {
  const int i = threadIdx.x;
  asm volatile("buffer_store_format_xy %0, %1, %2, 0 idxen\n\ts_waitcnt vmcnt(0)"
               :
               : "v"(values[i]), "v"(i), "s"(v)
               : "memory");
}
