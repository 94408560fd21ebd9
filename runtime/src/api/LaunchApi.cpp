// Kernel launch: hipLaunchKernel and the <<<...>>> configuration calls clang emits.
#include "ApiCall.h"
#include "ApiState.h"
#include "LaunchFastPath.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

Status validate(const void* function, dim3 grid, dim3 block, size_t sharedBytes,
                hipcore::loader::LaunchGeometry& geometry) {
  if (function == nullptr) return fail(hipErrorInvalidDeviceFunction, "kernel handle is null");
  uint64_t threads = uint64_t{block.x} * block.y * block.z;
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || threads == 0 || threads > 1024 ||
      sharedBytes > UINT32_MAX)
    return fail(hipErrorInvalidConfiguration, "grid (%u,%u,%u) block (%u,%u,%u) shared %zu", grid.x,
                grid.y, grid.z, block.x, block.y, block.z, sharedBytes);
  const uint32_t gridDims[3] = {grid.x, grid.y, grid.z};
  const uint32_t blockDims[3] = {block.x, block.y, block.z};
  for (int d = 0; d < 3; ++d) {
    // AQL grid sizes count work-items in 32 bits.
    if (uint64_t{gridDims[d]} * blockDims[d] > UINT32_MAX)
      return fail(hipErrorInvalidConfiguration, "grid dimension %d has more than 2^32 threads", d);
    geometry.gridBlocks[d] = gridDims[d];
    geometry.blockSize[d] = blockDims[d];
  }
  geometry.dynamicLdsBytes = static_cast<uint32_t>(sharedBytes);
  return Status::success();
}

// Everything launchFast leaves alone: first launches, the null stream's creation, and every
// error with its message. Out of line so that the fast path's frame stays small.
__attribute__((noinline)) hipError_t launchGeneral(const void* function, dim3 numBlocks, dim3 dimBlocks, void** args,
                                                   size_t sharedMemBytes, hipStream_t stream) {
  static constexpr char kName[] = "hipLaunchKernel";  // finish() reports the API function
  hipcore::loader::LaunchGeometry geometry;
  if (Status invalid = validate(function, numBlocks, dimBlocks, sharedMemBytes, geometry); !invalid.ok())
    return finish(kName, std::move(invalid));
  hipcore::core::Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status unknown = hipcore::api::streamOf(stream, device, queue); !unknown.ok())
    return finish(kName, std::move(unknown));
  return finish(kName, hipcore::api::runtime().launch(*device, queue, function, geometry, args));
}

}  // namespace

HIPCORE_API hipError_t hipLaunchKernel(const void* function, dim3 numBlocks, dim3 dimBlocks, void** args,
                                       size_t sharedMemBytes, hipStream_t stream) {
  HIPCORE_API_CALL(hipLaunchKernel, function, numBlocks, dimBlocks, args, sharedMemBytes, stream);
  if (hipError_t result; hipcore::api::launchFast(function, numBlocks, dimBlocks, args, sharedMemBytes, stream, result))
    return result;
  return launchGeneral(function, numBlocks, dimBlocks, args, sharedMemBytes, stream);
}

namespace {

// The failures of push and pop, out of line so that their common path saves no registers.
__attribute__((noinline, cold)) hipError_t configurationFailure(const char* call, hipError_t code) {
  if (code == hipErrorMissingConfiguration)
    return finish(call, fail(code, "no <<<>>> configuration to pop"));
  return finish(call, fail(code, "more than %d nested <<<>>> launches", hipcore::api::ThreadState::kMaxPending));
}

}  // namespace

HIPCORE_API hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                                  hipStream_t stream) {
  HIPCORE_API_CALL(__hipPushCallConfiguration, gridDim, blockDim, sharedMem, stream);
  hipcore::api::ThreadState& thread = hipcore::api::threadState();
  if (thread.pendingCount == hipcore::api::ThreadState::kMaxPending) [[unlikely]]
    return configurationFailure(__func__, hipErrorInvalidConfiguration);
  thread.pending[thread.pendingCount++] = {gridDim, blockDim, sharedMem, stream};
  return hipSuccess;
}

HIPCORE_API hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                                 hipStream_t* stream) {
  HIPCORE_API_CALL(__hipPopCallConfiguration, gridDim, blockDim, sharedMem, stream);
  hipcore::api::ThreadState& thread = hipcore::api::threadState();
  if (thread.pendingCount == 0) [[unlikely]]
    return configurationFailure(__func__, hipErrorMissingConfiguration);
  // A copy: the stores below could alias the thread's state, as far as the compiler knows.
  const hipcore::api::CallConfiguration c = thread.pending[--thread.pendingCount];
  if (gridDim) *gridDim = c.grid;
  if (blockDim) *blockDim = c.block;
  if (sharedMem) *sharedMem = c.sharedBytes;
  if (stream) *stream = c.stream;
  return hipSuccess;
}

// clang's -fgpu-default-stream=per-thread launches through this name; hipcore serves the
// per-thread default stream with the null stream.
HIPCORE_API hipError_t hipLaunchKernel_spt(const void* function, dim3 numBlocks, dim3 dimBlocks, void** args,
                                           size_t sharedMemBytes, hipStream_t stream) {
  HIPCORE_API_CALL(hipLaunchKernel_spt, function, numBlocks, dimBlocks, args, sharedMemBytes, stream);
  return hipLaunchKernel(function, numBlocks, dimBlocks, args, sharedMemBytes, stream);
}
