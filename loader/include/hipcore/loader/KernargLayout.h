// Kernel argument packing: explicit arguments from HIP's void** args[], hidden arguments by
// their metadata .value_kind (code object v4 and v5; AMDGPUUsage, "Kernel Arguments").
//
// The layout is computed once per kernel (allocation allowed); pack() runs on every launch and
// neither allocates nor locks: it is a loop of small memcpys into a caller-owned buffer.
#pragma once

#include <cstdint>
#include <vector>

#include "hipcore/loader/KernelMetadata.h"

namespace hipcore::loader {

// What one launch supplies. Sizes are in work-items for the group, in groups for the grid,
// as HIP's <<<grid, block>>> counts them.
struct LaunchGeometry {
  uint32_t gridBlocks[3] = {1, 1, 1};
  uint32_t blockSize[3] = {1, 1, 1};
  uint32_t dynamicLdsBytes = 0;
};

// Runtime-owned addresses the hidden arguments point at (0 when the runtime has none).
struct HiddenArgValues {
  uint64_t hostcallBuffer = 0;
  uint64_t printfBuffer = 0;
  uint64_t multigridSync = 0;
  uint64_t heap = 0;
  uint64_t defaultQueue = 0;
  uint64_t completionAction = 0;
  uint64_t queuePtr = 0;
  uint64_t privateBase = 0;
  uint64_t sharedBase = 0;
};

class KernargLayout {
 public:
  explicit KernargLayout(const KernelMetadata& kernel);

  uint32_t segmentSize() const { return segmentSize_; }
  uint32_t segmentAlign() const { return segmentAlign_; }
  size_t explicitCount() const { return explicitArgs_.size(); }
  uint32_t explicitOffset(size_t index) const { return explicitArgs_[index].offset; }
  uint32_t explicitSize(size_t index) const { return explicitArgs_[index].size; }

  // Writes the whole segment (segmentSize() bytes, zeroing gaps) into `out`.
  void pack(void* const* args, const LaunchGeometry& geometry, const HiddenArgValues& hidden,
            uint8_t* out) const noexcept;

  // Grid dimensions reported to the kernel (hidden_grid_dims, the AQL packet's setup field).
  static uint16_t dimensions(const LaunchGeometry& geometry);

 private:
  struct Slot {
    uint32_t offset;
    uint32_t size;
    ArgKind kind;
  };
  std::vector<Slot> explicitArgs_;
  std::vector<Slot> hiddenArgs_;
  uint32_t segmentSize_ = 0;
  uint32_t segmentAlign_ = 8;
};

}  // namespace hipcore::loader
