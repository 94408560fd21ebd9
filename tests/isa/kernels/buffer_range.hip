// MUBUF loads and stores through a raw buffer resource (stride 0) whose num_records covers only
// part of the memory behind it: hardware range-checks each lane (loads read 0, stores drop).
#include <hip/hip_runtime.h>

typedef unsigned Resource __attribute__((ext_vector_type(4)));

// DST_SEL_XYZW, 32-bit format, raw-buffer bounds checking (the word LLVM builds for these
// targets; vgpu reads only base, stride and num_records).
#if defined(__gfx1100__)
#define RESOURCE_WORD3 0x31004000u
#else
#define RESOURCE_WORD3 0x31014000u
#endif

__device__ Resource resource(const int* p, unsigned records) {
  const unsigned long long base = reinterpret_cast<unsigned long long>(p);
  return {static_cast<unsigned>(base), static_cast<unsigned>(base >> 32), records, RESOURCE_WORD3};
}

// Lane i loads data[i] into out[i] and stores 1000 + i into stored[32 + i], both through
// resources of `records` bytes (separate buffers: the waves run in any order).
extern "C" __global__ void buffer_range(const int* data, unsigned records, int* out, int* stored) {
  const int i = threadIdx.x, offset = i * 4;
  const Resource rsrc = resource(data, records), srsrc = resource(stored, records);
  int loaded;
  asm volatile("buffer_load_dword %0, %1, %2, 0 offen\n\ts_waitcnt vmcnt(0)"
               : "=v"(loaded)
               : "v"(offset), "s"(rsrc));
  out[i] = loaded;
  const int value = 1000 + i;
  asm volatile("buffer_store_dword %0, %1, %2, 0 offen offset:128" ::"v"(value), "v"(offset),
               "s"(srsrc)
               : "memory");
}
