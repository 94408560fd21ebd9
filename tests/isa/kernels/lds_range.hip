// DS accesses past the workgroup's LDS allocation (64 ints, 256 bytes): the hardware drops them
// (reads return 0, stores and atomics change nothing), so lanes 64 and up of a 96-lane
// workgroup touch nothing. Raw DS instructions, so the compiler cannot reason about the range.
#include <hip/hip_runtime.h>

// Lane i: stores 1000 + i at byte i * 4, adds 1 there (its old value to `old[i]`), reads it
// back into `out[i]`; then lanes below 64 copy the whole tile into `tile_out` with plain code.
extern "C" __global__ void lds_range(int* out, int* old, int* tile_out) {
  __shared__ int tile[64];
  const unsigned i = threadIdx.x, address = i * 4;
  if (i < 64) tile[i] = -7;
  __syncthreads();
  const int value = 1000 + static_cast<int>(i), one = 1;
  asm volatile("ds_write_b32 %0, %1\n\ts_waitcnt lgkmcnt(0)" ::"v"(address), "v"(value) : "memory");
  __syncthreads();
  int before;
  asm volatile("ds_add_rtn_u32 %0, %1, %2\n\ts_waitcnt lgkmcnt(0)"
               : "=v"(before)
               : "v"(address), "v"(one)
               : "memory");
  __syncthreads();
  int after;
  asm volatile("ds_read_b32 %0, %1\n\ts_waitcnt lgkmcnt(0)"
               : "=v"(after)
               : "v"(address)
               : "memory");
  out[i] = after;
  old[i] = before;
  __syncthreads();
  if (i < 64) tile_out[i] = tile[i];
}
