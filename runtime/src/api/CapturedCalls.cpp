// Recording captured stream calls as graph nodes.
#include "CapturedCalls.h"

#include "ApiState.h"
#include "GraphNodeParams.h"
#include "graph/StreamCapture.h"

namespace hipcore::api {

using core::fail;
using core::Status;

Status captureLaunch(core::Stream& stream, const void* function, dim3 grid, dim3 block,
                     size_t sharedBytes, void** args, void** extra) {
  if (sharedBytes > UINT32_MAX)
    return fail(hipErrorInvalidConfiguration, "%zu bytes of dynamic LDS", sharedBytes);
  hipKernelNodeParams given{};
  given.func = const_cast<void*>(function);
  given.gridDim = grid;
  given.blockDim = block;
  given.sharedMemBytes = static_cast<unsigned>(sharedBytes);
  given.kernelParams = args;
  given.extra = extra;
  graph::NodeParams params;
  if (Status built = kernelNode(&given, params, &stream.device()); !built.ok()) return built;
  return graph::record(stream, std::move(params));
}

namespace {

hipPitchedPtr pitchedOf(const void* base, size_t pitch, size_t slicePitch) {
  return make_hipPitchedPtr(const_cast<void*>(base), pitch, pitch, slicePitch / pitch);
}

}  // namespace

Status captureCopy(core::Stream& stream, core::Pitched<void*> destination,
                   core::Pitched<const void*> source, const core::Extent& extent,
                   hipMemcpyKind kind) {
  hipMemcpy3DParms given{};
  given.dstPtr = pitchedOf(destination.base, destination.pitch, destination.slicePitch);
  given.srcPtr = pitchedOf(source.base, source.pitch, source.slicePitch);
  given.extent = make_hipExtent(extent.width, extent.height, extent.depth);
  given.kind = kind;
  graph::NodeParams params;
  if (Status built = copyNode(&given, params); !built.ok()) return built;
  return graph::record(stream, std::move(params));
}

Status captureFill(core::Stream& stream, core::Pitched<void*> destination,
                   const core::Extent& extent, uint32_t pattern, unsigned patternWidth) {
  // A memset node is 2D: a 3D fill becomes one node per slice, in a chain.
  for (size_t slice = 0; slice < extent.depth; ++slice) {
    hipMemsetParams given{};
    given.dst = static_cast<char*>(destination.base) + slice * destination.slicePitch;
    given.pitch = destination.pitch;
    given.value = pattern;
    given.elementSize = patternWidth;
    given.width = extent.width / patternWidth;
    given.height = extent.height;
    graph::NodeParams params;
    if (Status built = fillNode(&given, params); !built.ok()) return built;
    if (Status recorded = graph::record(stream, std::move(params)); !recorded.ok()) return recorded;
  }
  return Status::success();
}

Status captureHostFunction(core::Stream& stream, hipHostFn_t function, void* userData) {
  hipHostNodeParams given{function, userData};
  graph::NodeParams params;
  if (Status built = hostNode(&given, params); !built.ok()) return built;
  return graph::record(stream, std::move(params));
}

Status captureAllocation(core::Stream& stream, size_t bytes, void*& out) {
  hipMemAllocNodeParams given{};
  given.poolProps.allocType = hipMemAllocationTypePinned;
  given.poolProps.location.type = hipMemLocationTypeDevice;
  given.poolProps.location.id = stream.device().index();
  given.bytesize = bytes;
  graph::NodeParams params;
  if (Status built = allocationNode(&given, params); !built.ok()) return built;
  void* address = params.alloc.dptr;
  if (Status recorded = graph::record(stream, std::move(params)); !recorded.ok()) return recorded;
  out = address;
  return Status::success();
}

Status captureFree(core::Stream& stream, void* pointer) {
  graph::NodeParams params;
  if (Status built = freeNode(pointer, params); !built.ok()) return built;
  return graph::record(stream, std::move(params));
}

Status captureMemoryOperations(core::Stream& stream, const hipStreamBatchMemOpParams* ops,
                               unsigned count, const uint64_t* masks) {
  hipBatchMemOpNodeParams given{};
  given.count = count;
  given.paramArray = const_cast<hipStreamBatchMemOpParams*>(ops);  // copied, never written
  graph::NodeParams params;
  if (Status built = memoryOperationsNode(&given, params, masks); !built.ok()) return built;
  return graph::record(stream, std::move(params));
}

Status captureSemaphoreSignal(core::Stream& stream,
                              const hipExternalSemaphoreSignalNodeParams& given) {
  graph::NodeParams params;
  if (Status built = semaphoreSignalNode(&given, params); !built.ok()) return built;
  return graph::record(stream, std::move(params));
}

Status captureSemaphoreWait(core::Stream& stream, const hipExternalSemaphoreWaitNodeParams& given) {
  graph::NodeParams params;
  if (Status built = semaphoreWaitNode(&given, params); !built.ok()) return built;
  return graph::record(stream, std::move(params));
}

Status captureStreamOf(hipStream_t stream, core::Device*& device, core::Stream*& queue) {
  Status found = streamOf(stream, device, queue);
  if (found.code == hipErrorInvalidHandle)
    return fail(hipErrorContextIsDestroyed, "%p is not a live stream", static_cast<void*>(stream));
  return found;
}

Status refuseWhileCapturing(core::Stream& stream, const char* call) {
  graph::invalidate(stream);
  return fail(hipErrorStreamCaptureUnsupported, "%s on stream %p, which is capturing", call,
              static_cast<void*>(&stream));
}

}  // namespace hipcore::api
