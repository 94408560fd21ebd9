// hipcore's built-in kernels: the fills and copies behind hipMemset* and hipMemcpy*, compiled
// at build time for every supported target and embedded in libhipcore (kernels/builtin/README.md).
//
// Every kernel works on a box of rows: `width` bytes per row, one row per workgroup id y (rows
// `pitch` bytes apart) and z (slices `slicePitch` bytes apart); a 1D operation is one row.
// Workgroups are kBlock work-items; the `items` work-items of a row stride over its 16-byte
// chunks, so any row length runs with a bounded grid. Only clang builtins are used (no device
// library): the kernels build for targets whose device libraries Debian lacks (gfx942, gfx12).
// Chunks are counted from the row's first 16-byte boundary at or below its start: whole chunks take
// one 16-byte store, the partial chunks at either end are written byte by byte.
#include <hip/hip_runtime.h>

#include <stdint.h>

namespace {

typedef uint32_t Quad __attribute__((ext_vector_type(4)));
constexpr uintptr_t kChunk = 16;
constexpr unsigned kBlock = 256;  // the workgroup size the runtime launches with (BuiltinKernels.h)

__device__ inline uint64_t firstItem() {
  return uint64_t{__builtin_amdgcn_workgroup_id_x()} * kBlock + __builtin_amdgcn_workitem_id_x();
}
__device__ inline uint64_t rowOffset(uint64_t pitch, uint64_t slicePitch) {
  return uint64_t{__builtin_amdgcn_workgroup_id_y()} * pitch +
         uint64_t{__builtin_amdgcn_workgroup_id_z()} * slicePitch;
}

}  // namespace

// Sets every byte at address a of each row to byte (a % 4) of `word`: the host rotates a 1, 2 or
// 4-byte pattern so that it lines up with 4-byte boundaries (hipMemsetD16/D32 at any start).
extern "C" __global__ void __launch_bounds__(kBlock)
    __hipcore_fill(uint8_t* base, uint64_t width, uint64_t pitch, uint64_t slicePitch,
                   uint32_t word, uint64_t items) {
  uint8_t* begin = base + rowOffset(pitch, slicePitch);
  uint8_t* end = begin + width;
  // Pointer arithmetic from the argument (no integer-to-pointer casts) keeps global stores.
  uint8_t* first = begin - (reinterpret_cast<uintptr_t>(begin) & (kChunk - 1));
  uint64_t chunks = (end - first + kChunk - 1) / kChunk;
  const Quad quad = {word, word, word, word};
  for (uint64_t c = firstItem(); c < chunks; c += items) {
    uint8_t* at = first + c * kChunk;
    if (at >= begin && at + kChunk <= end) {
      *reinterpret_cast<Quad*>(at) = quad;
      continue;
    }
    for (uint8_t* a = at < begin ? begin : at; a < at + kChunk && a < end; ++a)
      *a = static_cast<uint8_t>(word >> (8 * (reinterpret_cast<uintptr_t>(a) & 3)));
  }
}

// Copies rows chunk by chunk, chunks counted from the destination's 16-byte boundaries; a whole
// chunk moves as one `Unit` (the source is as aligned as the Unit needs: the host checks both
// starts and both pitches).
template <class Unit>
__device__ void copyRows(uint8_t* destination, const uint8_t* source, uint64_t width,
                         uint64_t destinationPitch, uint64_t sourcePitch,
                         uint64_t destinationSlicePitch, uint64_t sourceSlicePitch,
                         uint64_t items) {
  uint8_t* begin = destination + rowOffset(destinationPitch, destinationSlicePitch);
  uint8_t* end = begin + width;
  const uint8_t* from = source + rowOffset(sourcePitch, sourceSlicePitch);
  uint64_t head = reinterpret_cast<uintptr_t>(begin) & (kChunk - 1);
  uint8_t* first = begin - head;
  const uint8_t* firstFrom = from - head;
  uint64_t chunks = (end - first + kChunk - 1) / kChunk;
  for (uint64_t c = firstItem(); c < chunks; c += items) {
    uint8_t* at = first + c * kChunk;
    const uint8_t* atFrom = firstFrom + c * kChunk;
    if (at >= begin && at + kChunk <= end) {
      *reinterpret_cast<Unit*>(at) = *reinterpret_cast<const Unit*>(atFrom);
      continue;
    }
    for (uint64_t i = 0; i < kChunk; ++i)
      if (at + i >= begin && at + i < end) at[i] = atFrom[i];
  }
}

// Four dwords at 4-byte alignment: one 16-byte chunk when source and destination only agree
// modulo 4.
struct alignas(4) Dwords {
  uint32_t word[4];
};

// Both sides at the same offset from a 16-byte boundary: 16-byte loads and stores.
extern "C" __global__ void __launch_bounds__(kBlock)
    __hipcore_copy_aligned(uint8_t* destination, const uint8_t* source, uint64_t width,
                           uint64_t destinationPitch, uint64_t sourcePitch,
                           uint64_t destinationSlicePitch, uint64_t sourceSlicePitch,
                           uint64_t items) {
  copyRows<Quad>(destination, source, width, destinationPitch, sourcePitch, destinationSlicePitch,
                 sourceSlicePitch, items);
}

// Both sides at the same offset from a 4-byte boundary: dword loads and stores.
extern "C" __global__ void __launch_bounds__(kBlock)
    __hipcore_copy_dwords(uint8_t* destination, const uint8_t* source, uint64_t width,
                          uint64_t destinationPitch, uint64_t sourcePitch,
                          uint64_t destinationSlicePitch, uint64_t sourceSlicePitch,
                          uint64_t items) {
  copyRows<Dwords>(destination, source, width, destinationPitch, sourcePitch, destinationSlicePitch,
                   sourceSlicePitch, items);
}

// Copies rows whose source and destination are misaligned with each other: each work-item
// copies 16 consecutive bytes, one byte at a time (the loads coalesce across the wave).
extern "C" __global__ void __launch_bounds__(kBlock)
    __hipcore_copy_bytes(uint8_t* destination, const uint8_t* source, uint64_t width,
                         uint64_t destinationPitch, uint64_t sourcePitch,
                         uint64_t destinationSlicePitch, uint64_t sourceSlicePitch,
                         uint64_t items) {
  uint8_t* to = destination + rowOffset(destinationPitch, destinationSlicePitch);
  const uint8_t* from = source + rowOffset(sourcePitch, sourceSlicePitch);
  uint64_t chunks = (width + kChunk - 1) / kChunk;
  for (uint64_t c = firstItem(); c < chunks; c += items) {
    uint64_t at = c * kChunk;
    uint64_t stop = at + kChunk < width ? at + kChunk : width;
    for (uint64_t i = at; i < stop; ++i) to[i] = from[i];
  }
}

// hipStreamWriteValue32/64: one work-item stores a 4- or 8-byte value. The packet's barrier bit
// orders it after the stream's earlier work; the store is system-scope, so a host or another
// device polling the location sees it.
extern "C" __global__ void __launch_bounds__(kBlock)
    __hipcore_write_value(uint8_t* address, uint64_t value, uint32_t bytes) {
  if (bytes == 8)
    __hip_atomic_store(reinterpret_cast<uint64_t*>(address), value, __ATOMIC_RELAXED,
                       __HIP_MEMORY_SCOPE_SYSTEM);
  else
    __hip_atomic_store(reinterpret_cast<uint32_t*>(address), static_cast<uint32_t>(value),
                       __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
}
