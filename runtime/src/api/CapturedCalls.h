// The stream calls that become graph nodes while their stream captures (graph/StreamCapture.h):
// each records a node with the parameters the call was given instead of running it.
#pragma once

#include <hip/hip_runtime_api.h>

#include "core/MemoryOps.h"
#include "core/Status.h"
#include "core/Stream.h"

namespace hipcore::api {

core::Status captureLaunch(core::Stream& stream, const void* function, dim3 grid, dim3 block,
                           size_t sharedBytes, void** args, void** extra = nullptr);
core::Status captureCopy(core::Stream& stream, core::Pitched<void*> destination,
                         core::Pitched<const void*> source, const core::Extent& extent,
                         hipMemcpyKind kind);
core::Status captureFill(core::Stream& stream, core::Pitched<void*> destination,
                         const core::Extent& extent, uint32_t pattern, unsigned patternWidth);
core::Status captureHostFunction(core::Stream& stream, hipHostFn_t function, void* userData);
// hipMallocAsync and hipFreeAsync while capturing: graph-owned memory of the stream's device.
core::Status captureAllocation(core::Stream& stream, size_t bytes, void*& out);
core::Status captureFree(core::Stream& stream, void* pointer);
// hipStreamWaitValue*, hipStreamWriteValue* and hipStreamBatchMemOp while capturing: one batch
// memory-operation node of `count` operations (`masks`: the waits' masks, null for all ones).
core::Status captureMemoryOperations(core::Stream& stream, const hipStreamBatchMemOpParams* ops,
                                     unsigned count, const uint64_t* masks);
// hipSignalExternalSemaphoresAsync and hipWaitExternalSemaphoresAsync while capturing: one
// external-semaphore node for all the call's semaphores.
core::Status captureSemaphoreSignal(core::Stream& stream,
                                    const hipExternalSemaphoreSignalNodeParams& given);
core::Status captureSemaphoreWait(core::Stream& stream,
                                  const hipExternalSemaphoreWaitNodeParams& given);
// The stream of a handle for the calls that take part in capture (capture's own calls,
// hipLaunchHostFunc): a handle that is no live stream, a destroyed one in particular, answers
// hipErrorContextIsDestroyed there, as AMD's runtime does.
core::Status captureStreamOf(hipStream_t stream, core::Device*& device, core::Stream*& queue);
// A call that waits for the stream (synchronize, query, synchronous copies) is illegal while it
// captures: the capture is invalidated and the call fails.
core::Status refuseWhileCapturing(core::Stream& stream, const char* call);

}  // namespace hipcore::api
