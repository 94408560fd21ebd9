// Kernel launch: hipLaunchKernel and the <<<...>>> configuration calls clang emits.
#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"
#include "LaunchFastPath.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace hipcore::api {

Status validateLaunch(const void* function, dim3 grid, dim3 block, size_t sharedBytes,
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

}  // namespace hipcore::api

namespace {

// Everything launchFast leaves alone: first launches, the null stream's creation, and every
// error with its message. Out of line so that the fast path's frame stays small.
__attribute__((noinline)) hipError_t launchGeneral(const void* function, dim3 numBlocks,
                                                   dim3 dimBlocks, void** args,
                                                   size_t sharedMemBytes, hipStream_t stream) {
  static constexpr char kName[] = "hipLaunchKernel";  // finish() reports the API function
  hipcore::loader::LaunchGeometry geometry;
  if (Status invalid =
          hipcore::api::validateLaunch(function, numBlocks, dimBlocks, sharedMemBytes, geometry);
      !invalid.ok())
    return finish(kName, std::move(invalid));
  hipcore::core::Device* device = nullptr;
  hipcore::core::Stream* queue = nullptr;
  if (Status unknown = hipcore::api::streamOf(stream, device, queue); !unknown.ok())
    return finish(kName, std::move(unknown));
  if (queue != nullptr && queue->capture != nullptr)
    return finish(kName, hipcore::api::captureLaunch(*queue, function, numBlocks, dimBlocks,
                                                     sharedMemBytes, args));
  return finish(kName, hipcore::api::runtime().launch(*device, queue, function, geometry, args));
}

}  // namespace

HIPCORE_API hipError_t hipLaunchKernel(const void* function, dim3 numBlocks, dim3 dimBlocks,
                                       void** args, size_t sharedMemBytes, hipStream_t stream) {
  return hipcore::api::call(
      "hipLaunchKernel", hipLaunchKernel,
      [&] {
        if (hipError_t result; hipcore::api::launchFast(function, numBlocks, dimBlocks, args,
                                                        sharedMemBytes, stream, result))
          return result;
        return launchGeneral(function, numBlocks, dimBlocks, args, sharedMemBytes, stream);
      },
      "function, numBlocks, dimBlocks, args, sharedMemBytes, stream", function, numBlocks,
      dimBlocks, args, sharedMemBytes, stream);
}

namespace {

// The failures of push and pop, out of line so that their common path saves no registers.
__attribute__((noinline, cold)) hipError_t configurationFailure(const char* call, hipError_t code) {
  if (code == hipErrorMissingConfiguration)
    return finish(call, fail(code, "no <<<>>> configuration to pop"));
  return finish(call, fail(code, "more than %d nested <<<>>> launches",
                           hipcore::api::ThreadState::kMaxPending));
}

// The <<<>>> configuration calls run on every launch: their common path is kept free of the
// reporting hook's registers (api::call written out: hooked() inline, the rest in a cold
// function that takes exactly the entry point's arguments, so that the hooked side leaves
// through a tail call and shares no registers with the common path; through api::call these
// two calls cost 2-6 instructions more per launch).
hipError_t pushUncommon(dim3 gridDim, dim3 blockDim, size_t sharedMem, hipStream_t stream);
hipError_t popUncommon(dim3* gridDim, dim3* blockDim, size_t* sharedMem, hipStream_t* stream);

// No call on the common path (the thread's state exists, the stack is neither full nor empty),
// so nothing has to be saved around one.
inline hipError_t pushConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                    hipStream_t stream) {
  hipcore::api::ThreadState* thread = hipcore::api::cachedThreadState;
  if (thread == nullptr || thread->pendingCount == hipcore::api::ThreadState::kMaxPending)
      [[unlikely]]
    return pushUncommon(gridDim, blockDim, sharedMem, stream);
  thread->pending[thread->pendingCount++] = {gridDim, blockDim, sharedMem, stream};
  return hipSuccess;
}

inline hipError_t popConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                   hipStream_t* stream) {
  hipcore::api::ThreadState* thread = hipcore::api::cachedThreadState;
  if (thread == nullptr || thread->pendingCount == 0) [[unlikely]]
    return popUncommon(gridDim, blockDim, sharedMem, stream);
  // Read into locals first: the stores below could alias the thread's state, as far as the
  // compiler knows.
  const hipcore::api::CallConfiguration& c = thread->pending[--thread->pendingCount];
  dim3 grid = c.grid;
  dim3 block = c.block;
  size_t shared = c.sharedBytes;
  hipStream_t queue = c.stream;
  if (gridDim) *gridDim = grid;
  if (blockDim) *blockDim = block;
  if (sharedMem) *sharedMem = shared;
  if (stream) *stream = queue;
  return hipSuccess;
}

// The first call on a thread (its state is made here) and the failures.
[[gnu::noinline, gnu::cold]] hipError_t pushUncommon(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                                     hipStream_t stream) {
  if (hipcore::api::threadState().pendingCount == hipcore::api::ThreadState::kMaxPending)
    return configurationFailure("__hipPushCallConfiguration", hipErrorInvalidConfiguration);
  return pushConfiguration(gridDim, blockDim, sharedMem, stream);
}

[[gnu::noinline, gnu::cold]] hipError_t popUncommon(dim3* gridDim, dim3* blockDim,
                                                    size_t* sharedMem, hipStream_t* stream) {
  if (hipcore::api::threadState().pendingCount == 0)
    return configurationFailure("__hipPopCallConfiguration", hipErrorMissingConfiguration);
  return popConfiguration(gridDim, blockDim, sharedMem, stream);
}

[[gnu::noinline, gnu::cold]] hipError_t pushReported(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                                     hipStream_t stream) {
  if (hipcore::api::outermostCall())
    return hipcore::api::traced(__hipPushCallConfiguration, "__hipPushCallConfiguration",
                                "gridDim, blockDim, sharedMem, stream", gridDim, blockDim,
                                sharedMem, stream);
  return pushConfiguration(gridDim, blockDim, sharedMem, stream);
}

[[gnu::noinline, gnu::cold]] hipError_t popReported(dim3* gridDim, dim3* blockDim,
                                                    size_t* sharedMem, hipStream_t* stream) {
  if (hipcore::api::outermostCall())
    return hipcore::api::traced(__hipPopCallConfiguration, "__hipPopCallConfiguration",
                                "gridDim, blockDim, sharedMem, stream", gridDim, blockDim,
                                sharedMem, stream);
  return popConfiguration(gridDim, blockDim, sharedMem, stream);
}

}  // namespace

HIPCORE_API hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                                  hipStream_t stream) {
  if (hipcore::api::hooked()) [[unlikely]]
    return pushReported(gridDim, blockDim, sharedMem, stream);
  return pushConfiguration(gridDim, blockDim, sharedMem, stream);
}

HIPCORE_API hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                                 hipStream_t* stream) {
  if (hipcore::api::hooked()) [[unlikely]]
    return popReported(gridDim, blockDim, sharedMem, stream);
  return popConfiguration(gridDim, blockDim, sharedMem, stream);
}

// clang's -fgpu-default-stream=per-thread launches <<<>>> through this name, passing the
// stream as given (0 when none was): there, stream 0 means the thread's per-thread stream.
HIPCORE_API hipError_t hipLaunchKernel_spt(const void* function, dim3 numBlocks, dim3 dimBlocks,
                                           void** args, size_t sharedMemBytes, hipStream_t stream) {
  return hipcore::api::call(
      "hipLaunchKernel_spt", hipLaunchKernel_spt,
      [&] {
        return hipLaunchKernel(function, numBlocks, dimBlocks, args, sharedMemBytes,
                               stream == nullptr ? hipStreamPerThread : stream);
      },
      "function, numBlocks, dimBlocks, args, sharedMemBytes, stream", function, numBlocks,
      dimBlocks, args, sharedMemBytes, stream);
}
