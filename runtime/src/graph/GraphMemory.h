// Graph-owned memory (memory allocation nodes, hipGraphAddMemAllocNode and captured
// hipMallocAsync): a device block reserved when the node is added, at an address that stays the
// same for every launch, and released when the last graph or executable holding the node goes.
// hipFree of it succeeds and leaves it with the graph (which reuses it at its next launch, as a
// freed graph allocation is in CUDA); every block
// counts as used and reserved for hipDeviceGetGraphMemAttribute, so hipDeviceGraphMemTrim has
// nothing unused to return.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/Device.h"
#include "core/Status.h"

namespace hipcore::graph {

class GraphAllocation {
 public:
  static core::Status create(core::Device& device, size_t bytes,
                             std::shared_ptr<GraphAllocation>& out);
  ~GraphAllocation();
  GraphAllocation(const GraphAllocation&) = delete;
  GraphAllocation& operator=(const GraphAllocation&) = delete;

  void* address() const { return address_; }
  size_t bytes() const { return bytes_; }
  int device() const { return device_.index(); }

 private:
  GraphAllocation(core::Device& device, void* address, size_t bytes)
      : device_(device), address_(address), bytes_(bytes) {}
  core::Device& device_;
  void* address_;
  size_t bytes_;
};

// Whether `pointer` is the start of live graph-owned memory (hipFree refuses it, free nodes
// require it).
bool isGraphMemory(const void* pointer);
// hipDeviceGetGraphMemAttribute / hipDeviceSetGraphMemAttribute (only the high-water marks can
// be set, and only to 0: reset to the current use).
core::Status graphMemoryAttribute(int device, hipGraphMemAttributeType attribute, uint64_t& value);
core::Status resetGraphMemoryHigh(int device, hipGraphMemAttributeType attribute);

}  // namespace hipcore::graph
