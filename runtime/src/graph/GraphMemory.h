// Graph-owned memory (memory allocation nodes, hipGraphAddMemAllocNode and captured
// hipMallocAsync): a device block reserved when the node is added, at an address that stays the
// same for every launch, and released when the last graph or executable holding the node goes.
// A block is in use from a launch of its allocation node until a launch of a free node of it or
// hipFree (which leaves the block with its graph, reused at its next launch, as a freed graph
// allocation is in CUDA); hipDeviceGetGraphMemAttribute counts the blocks in use, as AMD's
// runtime does (its reserved figures equal the used ones: hip-tests checks both), so
// hipDeviceGraphMemTrim has nothing unused to return.
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
  // A launch of the allocation node: the block is in use (counted once however often launched).
  void allocate();

 private:
  GraphAllocation(core::Device& device, void* address, size_t bytes)
      : device_(device), address_(address), bytes_(bytes) {}
  core::Device& device_;
  void* address_;
  size_t bytes_;
};

// Whether `pointer` is the start of live graph-owned memory (free nodes require it).
bool isGraphMemory(const void* pointer);
// A launch of a free node of `pointer`, or hipFree of it: the block is no longer in use. False
// when `pointer` is not the start of live graph-owned memory.
bool freeGraphMemory(const void* pointer);
// hipDeviceGetGraphMemAttribute / hipDeviceSetGraphMemAttribute (only the high-water marks can
// be set, and only to 0: reset to the current use).
core::Status graphMemoryAttribute(int device, hipGraphMemAttributeType attribute, uint64_t& value);
core::Status resetGraphMemoryHigh(int device, hipGraphMemAttributeType attribute);

}  // namespace hipcore::graph
