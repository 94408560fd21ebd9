// Filling a kernarg segment from HIP's argument array and the launch geometry.
#include "hipcore/loader/KernargLayout.h"

#include <cstring>

namespace hipcore::loader {
namespace {

// Writes the low `size` bytes of `value` (hidden arguments are 2, 4 or 8 bytes wide).
void storeValue(uint8_t* out, uint32_t size, uint64_t value) {
  std::memcpy(out, &value, size < 8 ? size : 8);
}

uint64_t hiddenValue(ArgKind kind, const LaunchGeometry& g, const HiddenArgValues& h) {
  switch (kind) {
    case ArgKind::HiddenBlockCountX:
      return g.gridBlocks[0];
    case ArgKind::HiddenBlockCountY:
      return g.gridBlocks[1];
    case ArgKind::HiddenBlockCountZ:
      return g.gridBlocks[2];
    case ArgKind::HiddenGroupSizeX:
      return g.blockSize[0];
    case ArgKind::HiddenGroupSizeY:
      return g.blockSize[1];
    case ArgKind::HiddenGroupSizeZ:
      return g.blockSize[2];
    // HIP grids are whole blocks, so no group is partial: the remainders are zero.
    case ArgKind::HiddenRemainderX:
    case ArgKind::HiddenRemainderY:
    case ArgKind::HiddenRemainderZ:
      return 0;
    case ArgKind::HiddenGridDims:
      return KernargLayout::dimensions(g);
    case ArgKind::HiddenDynamicLdsSize:
      return g.dynamicLdsBytes;
    case ArgKind::HiddenHostcallBuffer:
      return h.hostcallBuffer;
    case ArgKind::HiddenPrintfBuffer:
      return h.printfBuffer;
    case ArgKind::HiddenMultigridSyncArg:
      return h.multigridSync;
    case ArgKind::HiddenHeapV1:
      return h.heap;
    case ArgKind::HiddenDefaultQueue:
      return h.defaultQueue;
    case ArgKind::HiddenCompletionAction:
      return h.completionAction;
    case ArgKind::HiddenQueuePtr:
      return h.queuePtr;
    case ArgKind::HiddenPrivateBase:
      return h.privateBase;
    case ArgKind::HiddenSharedBase:
      return h.sharedBase;
    default:
      return 0;  // global offsets (HIP has none), hidden_none
  }
}

}  // namespace

KernargLayout::KernargLayout(const KernelMetadata& kernel)
    : segmentSize_(kernel.kernargSegmentSize),
      segmentAlign_(kernel.kernargSegmentAlign ? kernel.kernargSegmentAlign : 8) {
  size_t explicitCount = kernel.explicitArgCount();
  for (size_t i = 0; i < kernel.args.size(); ++i) {
    const KernelArg& arg = kernel.args[i];
    Slot slot{arg.offset, arg.size, arg.kind};
    (i < explicitCount ? explicitArgs_ : hiddenArgs_).push_back(slot);
  }
}

uint16_t KernargLayout::dimensions(const LaunchGeometry& g) {
  if (g.gridBlocks[2] > 1 || g.blockSize[2] > 1) return 3;
  if (g.gridBlocks[1] > 1 || g.blockSize[1] > 1) return 2;
  return 1;
}

void KernargLayout::pack(void* const* args, const LaunchGeometry& geometry,
                         const HiddenArgValues& hidden, uint8_t* out) const noexcept {
  // A kernel without arguments may have an empty segment and no buffer (out == nullptr), and
  // memset/memcpy must not see a null pointer even for zero bytes (found by fuzz_metadata).
  if (segmentSize_ == 0) return;
  std::memset(out, 0, segmentSize_);
  for (size_t i = 0; i < explicitArgs_.size(); ++i)
    if (explicitArgs_[i].size != 0)
      std::memcpy(out + explicitArgs_[i].offset, args[i], explicitArgs_[i].size);
  for (const Slot& slot : hiddenArgs_)
    storeValue(out + slot.offset, slot.size, hiddenValue(slot.kind, geometry, hidden));
}

}  // namespace hipcore::loader
