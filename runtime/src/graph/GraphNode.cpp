// Copying a kernel node's arguments, and copying node parameters for clones.
#include "GraphNode.h"

#include <cstring>

#include "Graph.h"
#include "GraphMemory.h"

namespace hipcore::graph {

using core::fail;
using core::Status;

KernelLaunch& KernelLaunch::operator=(const KernelLaunch& other) {
  if (this == &other) return *this;
  params_ = other.params_;
  attributes = other.attributes;
  code_ = other.code_;
  device_ = other.device_;
  bytes_ = other.bytes_;
  pointers_.assign(other.pointers_.size(), nullptr);
  aimPointers();
  return *this;
}

void KernelLaunch::aimPointers() {
  for (size_t i = 0; i < pointers_.size(); ++i)
    pointers_[i] = bytes_.data() + code_->layout.explicitOffset(i);
  params_.kernelParams = pointers_.empty() ? nullptr : pointers_.data();
  params_.extra = nullptr;
}

Status KernelLaunch::make(const hipKernelNodeParams& given, const core::DeviceKernel& code,
                          int device, KernelLaunch& out) {
  const loader::KernargLayout& layout = code.layout;
  const size_t count = layout.explicitCount();
  // The arguments either one by one (kernelParams) or as one packed buffer (extra:
  // {HIP_LAUNCH_PARAM_BUFFER_POINTER, p, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, END}).
  const char* buffer = nullptr;
  size_t bufferSize = 0;
  if (given.kernelParams == nullptr && given.extra != nullptr) {
    for (size_t i = 0; given.extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
      if (given.extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER)
        buffer = static_cast<const char*>(given.extra[i + 1]);
      else if (given.extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE)
        bufferSize = *static_cast<const size_t*>(given.extra[i + 1]);
      else
        return fail(hipErrorInvalidValue, "unknown launch parameter %p in extra", given.extra[i]);
    }
    if (buffer == nullptr) return fail(hipErrorInvalidValue, "extra names no argument buffer");
  } else if (given.kernelParams == nullptr && count != 0) {
    return fail(hipErrorInvalidValue, "kernel %s takes %zu arguments, kernelParams is null",
                code.name.c_str(), count);
  }
  KernelLaunch launch;
  launch.params_ = given;
  launch.code_ = &code;
  launch.device_ = device;
  launch.bytes_.assign(layout.segmentSize(), 0);
  launch.pointers_.assign(count, nullptr);
  for (size_t i = 0; i < count; ++i) {
    const uint32_t offset = layout.explicitOffset(i);
    const uint32_t size = layout.explicitSize(i);
    if (size == 0) continue;
    if (buffer != nullptr) {
      if (bufferSize != 0 && offset + size > bufferSize)
        return fail(hipErrorInvalidValue, "argument %zu ends past the %zu-byte extra buffer", i,
                    bufferSize);
      std::memcpy(launch.bytes_.data() + offset, buffer + offset, size);
    } else {
      if (given.kernelParams[i] == nullptr)
        return fail(hipErrorInvalidValue, "kernelParams[%zu] is null", i);
      std::memcpy(launch.bytes_.data() + offset, given.kernelParams[i], size);
    }
  }
  launch.aimPointers();
  out = std::move(launch);
  return Status::success();
}

loader::LaunchGeometry KernelLaunch::geometry() const {
  loader::LaunchGeometry g;
  const dim3& grid = params_.gridDim;
  const dim3& block = params_.blockDim;
  g.gridBlocks[0] = grid.x;
  g.gridBlocks[1] = grid.y;
  g.gridBlocks[2] = grid.z;
  g.blockSize[0] = block.x;
  g.blockSize[1] = block.y;
  g.blockSize[2] = block.z;
  g.dynamicLdsBytes = params_.sharedMemBytes;
  return g;
}

NodeParams::NodeParams() = default;
NodeParams::~NodeParams() = default;
NodeParams::NodeParams(NodeParams&&) noexcept = default;
NodeParams& NodeParams::operator=(NodeParams&&) noexcept = default;

void NodeParams::assign(const NodeParams& other) {
  type = other.type;
  kernel = other.kernel;
  copy = other.copy;
  fill = other.fill;
  host = other.host;
  event = other.event;
  allocation = other.allocation;
  alloc = other.alloc;
  freed = other.freed;
  semaphores = other.semaphores;
  memoryOperations = other.memoryOperations;
}

NodeParams NodeParams::clone() const {
  NodeParams copy;
  copy.type = type;
  copy.kernel = kernel;
  copy.copy = this->copy;
  copy.fill = fill;
  copy.host = host;
  if (child) copy.child = child->clone();
  copy.event = event;
  copy.allocation = allocation;
  copy.alloc = alloc;
  copy.freed = freed;
  copy.semaphores = semaphores;
  copy.memoryOperations = memoryOperations;
  return copy;
}

}  // namespace hipcore::graph
