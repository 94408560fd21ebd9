// The common kernel launch without Status objects or layered calls (~200 instructions fewer
// than the general path): an obviously valid geometry, a live stream or the current device's
// existing null stream, a kernel already loaded on that device, no sticky fault, a block within
// the kernel's launch bound and LDS within the device's. When any of that does not hold it
// returns false having done nothing (or, when the queue failed while the launch waited for room
// in its full ring, having reserved a slot that is never written), and the caller takes the
// general path (Runtime::launch), which repeats every check and says what is wrong.
#pragma once

#include "ApiState.h"

namespace hipcore::api {

__attribute__((always_inline)) inline bool launchFast(const void* function, dim3 grid, dim3 block,
                                                      void** args, size_t sharedBytes,
                                                      hipStream_t stream,
                                                      hipError_t& result) noexcept {
  // Grids of 1..2^22 blocks per dimension and blocks of 1..1024 threads per dimension cannot
  // overflow AQL's 32-bit work-item counts (n - 1 wraps for 0, so one compare checks both ends).
  if (function == nullptr || ((grid.x - 1) | (grid.y - 1) | (grid.z - 1)) >= (1u << 22) ||
      ((block.x - 1) | (block.y - 1) | (block.z - 1)) >= 1024 || sharedBytes > UINT32_MAX)
    return false;
  uint32_t threads = block.x * block.y * block.z;
  if (threads > 1024) return false;

  core::Device* device = nullptr;
  core::Stream* queue = nullptr;
  core::Runtime& rt = runtime();
  ThreadState& thread = threadState();
  if (stream == nullptr) {
    if ((device = rt.device(thread.device)) == nullptr) return false;
    if ((queue = device->readyNullStream()) == nullptr) return false;
  } else if (stream == hipStreamPerThread) {
    if ((device = rt.device(thread.device)) == nullptr) return false;
    if ((queue = readyPerThreadStream(thread, *device)) == nullptr) return false;
  } else {
    if (!hipcore::core::plausibleHandle(stream)) return false;
    queue = reinterpret_cast<core::Stream*>(stream);
    if (!queue->valid()) return false;
    device = &queue->device();
  }
  if (queue->capture != nullptr) return false;  // recorded into a graph (general path)
  const core::Kernel* kernel = thread.lastKernel;
  const void* generation = rt.registry().generation();
  if (function != thread.lastHandle || generation != thread.lastGeneration) {
    if ((kernel = rt.registry().findKernel(function)) == nullptr) return false;
    thread.lastHandle = function;
    thread.lastKernel = kernel;
    thread.lastGeneration = generation;
  }
  const core::DeviceKernel* code = kernel->code(static_cast<size_t>(device->index()));
  if (code == nullptr || device->failed() || threads > code->maxWorkgroupSize) return false;
  size_t ldsLimit = device->properties().sharedMemPerBlock;
  if (ldsLimit != 0 && code->groupSegmentSize + sharedBytes > ldsLimit) return false;
  if (args == nullptr && code->layout.explicitCount() != 0) return false;

  loader::LaunchGeometry geometry;
  geometry.gridBlocks[0] = grid.x;
  geometry.gridBlocks[1] = grid.y;
  geometry.gridBlocks[2] = grid.z;
  geometry.blockSize[0] = block.x;
  geometry.blockSize[1] = block.y;
  geometry.blockSize[2] = block.z;
  geometry.dynamicLdsBytes = static_cast<uint32_t>(sharedBytes);
  // The Status only where a join is needed: on the common path its construction and
  // destruction cost 5 instructions a launch.
  if (!device->orderedWithoutJoin(*queue))
    if (core::Status joined = device->join(*queue); !joined.ok()) {
      result = finish("hipLaunchKernel", std::move(joined));
      return true;
    }
  // False only when the ring was full and the queue failed meanwhile: the general path then
  // finds the device failed and returns its sticky error (no failure branch of its own here:
  // keeping `device` alive for one cost 5 instructions per launch).
  if (!queue->submitter().launch(*code, geometry, args)) return false;
  result = hipSuccess;
  return true;
}

}  // namespace hipcore::api
