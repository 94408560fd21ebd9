// Device malloc/free: the heap_v1 block ockl 5.2.3's __ockl_dm_alloc manages, and the device
// memory requests (hostcall service 3) it sends when it needs more memory.
//
// ockl keeps its slab allocator's bookkeeping in the hidden_heap_v1 kernel argument (a zeroed
// 100,872-byte heap_t for 5.2.3; all-zero is its initial state) and asks the host for memory
// with (address, size): size != 0 allocates, size == 0 frees `address`. It relies on two
// alignments (dm.cl): 2 MiB slabs are found from a block's address by masking the low 21 bits,
// and a large allocation is told apart from a slab block by its low 12 bits being zero. So
// every request is aligned to its size rounded to 4 KiB, up to 2 MiB.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "Status.h"
#include "hsa/Hsa.h"

namespace hipcore::core {

class DeviceHeap {
 public:
  static Status create(const hsa::GpuAgent& agent, std::unique_ptr<DeviceHeap>& out);
  ~DeviceHeap();
  DeviceHeap(const DeviceHeap&) = delete;
  DeviceHeap& operator=(const DeviceHeap&) = delete;

  // The value of the hidden_heap_v1 kernel argument.
  uint64_t heapAddress() const { return reinterpret_cast<uint64_t>(heap_); }
  // Serves one lane of a service-3 request; returns the address (0 when out of memory or
  // after a free).
  uint64_t request(uint64_t address, uint64_t size);

 private:
  explicit DeviceHeap(const hsa::GpuAgent& agent) : agent_(agent) {}
  uint64_t allocate(uint64_t size);
  void release(uint64_t address);

  const hsa::GpuAgent& agent_;
  void* heap_ = nullptr;
  std::mutex mutex_;
  std::map<uint64_t, void*> blocks_;  // aligned address handed out -> ROCR allocation
};

}  // namespace hipcore::core
