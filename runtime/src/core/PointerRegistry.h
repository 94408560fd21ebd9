// hipcore's own record of every live allocation it handed out: device blocks and large device
// allocations, hipHostMalloc/hipMallocManaged host memory and hipHostRegister'ed ranges. It
// answers hipPointerGetAttributes, hipMemGetAddressRange, hipMemPtrGetInfo and hipFree's
// validation without asking ROCR (hsa_amd_pointer_info costs ~640 instructions a call).
//
// An ordered map of address ranges under a reader-writer spin lock: lookups (every hipFree,
// every pointer query) take the shared side and run concurrently; only adding or removing a
// range (a ROCR allocation, not a cached block) takes the exclusive side. A range is either one
// allocation, or a chunk a DeviceMemoryPool carves into equal blocks: then the chunk's block
// table says which blocks are live and how many bytes each was asked for, so caching blocks
// never touches the map.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>

#include "SpinLock.h"

namespace hipcore::core {

class DeviceMemoryPool;

enum class MemoryKind : uint8_t {
  Device,      // hipMalloc / hipMallocAsync
  Host,        // hipHostMalloc (fine-grained host memory the GPU can access)
  Managed,     // hipMallocManaged (host-coherent memory here)
  Registered,  // hipHostRegister'ed pageable memory
  Mapped,      // device memory hipcore does not own: hipMemMap ranges, hipIpcOpenMemHandle
};

// One allocation as the API reports it.
struct Allocation {
  void* base = nullptr;  // as the host sees it (device memory: its device address)
  size_t bytes = 0;      // as requested
  MemoryKind kind = MemoryKind::Device;
  int device = -1;                   // the owning device (host memory: the device it was made for)
  unsigned flags = 0;                // hipHostMalloc/hipHostRegister flags
  void* devicePointer = nullptr;     // the address kernels use (registered memory may differ)
  bool pooled = false;               // a block of a DeviceMemoryPool chunk
  DeviceMemoryPool* pool = nullptr;  // device memory: the pool it returns to (large allocations)
  uint32_t id = 0;  // HIP_POINTER_ATTRIBUTE_BUFFER_ID: new for every allocation, never 0
};

// The next allocation's id (process-wide: every registry draws from it).
uint32_t newAllocationId();

// A pool chunk split into `blockCount` blocks of `blockBytes`: requested[i] is the size block i
// was allocated with, 0 while it is free. A chunk spans at most 4 MiB
// (DeviceMemoryPool::chunkBytes), so offsets into it fit in 32 bits. Written under the owning
// size class's mutex, read by lookups under the registry's shared lock (atomics: a racing free
// is a user error, not UB).
struct Chunk {
  Chunk(uintptr_t base, size_t blockBytes, uint32_t blockCount, int device, int sizeClass)
      : base(base),
        blockBytes(blockBytes),
        blockCount(blockCount),
        device(device),
        sizeClass(sizeClass),
        requested(new std::atomic<uint32_t>[blockCount]),
        ids(new std::atomic<uint32_t>[blockCount]) {
    for (uint32_t i = 0; i < blockCount; ++i) {
      requested[i].store(0, std::memory_order_relaxed);
      ids[i].store(0, std::memory_order_relaxed);
    }
  }
  uintptr_t base;
  size_t blockBytes;
  uint32_t blockCount;
  int device;
  int sizeClass;
  uint32_t live = 0;                 // blocks handed out (under the size class's mutex)
  DeviceMemoryPool* pool = nullptr;  // the pool whose size class owns the chunk
  std::unique_ptr<std::atomic<uint32_t>[]> requested;
  std::unique_ptr<std::atomic<uint32_t>[]> ids;  // Allocation::id of each live block
};

class PointerRegistry {
 public:
  // Whole allocations (large device memory, host memory).
  void add(const Allocation& allocation);
  // Removes the allocation starting exactly at `base`; false if there is none (not an
  // allocation base, or already freed).
  bool remove(void* base, Allocation* removed = nullptr);
  void addChunk(Chunk* chunk);
  void removeChunk(const Chunk* chunk);

  // The live allocation containing `pointer` (interior pointers included), or false.
  bool find(const void* pointer, Allocation& out) const;
  // True when `pointer` lies in one of hipMalloc's pool chunks, whether or not in a live block:
  // ROCR sees the chunk as one allocation, so a pointer find() does not know but this does is
  // freed memory or the slack past a block's end, not memory of the program's.
  bool inPoolChunk(const void* pointer) const;
  // What hipFree needs: the live allocation starting exactly at `base`. For a pool block,
  // `chunk` and `block` say which; for a whole allocation chunk is null.
  bool findBase(const void* base, Allocation& out, Chunk*& chunk, uint32_t& block) const;

 private:
  struct Range {
    size_t span = 0;
    Chunk* chunk = nullptr;  // non-null: a pool chunk (allocation unused)
    Allocation allocation;
  };
  // The range containing address `a`, or null (caller holds mutex_).
  const Range* rangeOf(uintptr_t a, uintptr_t& begin) const;

  mutable SharedSpinLock mutex_;
  std::map<uintptr_t, Range> ranges_;  // by start address
};

}  // namespace hipcore::core
