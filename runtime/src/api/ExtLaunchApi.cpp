// AMD's launch extensions (hip_ext.h): a launch bracketed by two event records, so that the
// events time exactly the kernel, and the module launch that counts the grid in work-items.
#include <hip/hip_ext.h>

#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;

namespace {

// Records `start`, runs `launch`, records `stop`; a null event is not recorded. The flags
// (hipExtAnyOrderLaunch) allow reordering the stream's work, which hipcore never does.
template <class Launch>
hipError_t bracketed(const char* call, hipStream_t stream, hipEvent_t start, hipEvent_t stop,
                     uint32_t flags, Launch launch) {
  if ((flags & ~uint32_t{hipExtAnyOrderLaunch}) != 0)
    return finish(call, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  if (start != nullptr)
    if (hipError_t e = hipEventRecord(start, stream); e != hipSuccess) return e;
  if (hipError_t e = launch(); e != hipSuccess) return e;
  return stop != nullptr ? hipEventRecord(stop, stream) : hipSuccess;
}

// hipExtModuleLaunchKernel's grid is in work-items. hipcore dispatches whole workgroups, so a
// global size that is not a multiple of the workgroup size is refused rather than rounded.
hipError_t moduleLaunch(const char* call, hipFunction_t f, const uint32_t global[3],
                        const uint32_t local[3], size_t sharedMemBytes, hipStream_t stream,
                        void** kernelParams, void** extra) {
  unsigned grid[3];
  for (int d = 0; d < 3; ++d) {
    if (local[d] == 0 || global[d] == 0 || global[d] % local[d] != 0)
      return finish(call, fail(hipErrorInvalidConfiguration,
                               "global work size %u is not a positive multiple of the workgroup "
                               "size %u in dimension %d",
                               global[d], local[d], d));
    grid[d] = global[d] / local[d];
  }
  if (sharedMemBytes > UINT32_MAX)
    return finish(call, fail(hipErrorInvalidValue, "shared memory %zu bytes", sharedMemBytes));
  return hipModuleLaunchKernel(f, grid[0], grid[1], grid[2], local[0], local[1], local[2],
                               static_cast<unsigned>(sharedMemBytes), stream, kernelParams, extra);
}

hipError_t bracketedModuleLaunch(const char* call, hipFunction_t f, const uint32_t global[3],
                                 const uint32_t local[3], size_t sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra, hipEvent_t start,
                                 hipEvent_t stop, uint32_t flags) {
  return bracketed(call, stream, start, stop, flags, [&] {
    return moduleLaunch(call, f, global, local, sharedMemBytes, stream, kernelParams, extra);
  });
}

}  // namespace

HIPCORE_API hipError_t hipExtLaunchKernel(const void* function, dim3 numBlocks, dim3 dimBlocks,
                                          void** args, size_t sharedMemBytes, hipStream_t stream,
                                          hipEvent_t startEvent, hipEvent_t stopEvent, int flags) {
  return hipcore::api::call(
      "hipExtLaunchKernel", hipExtLaunchKernel,
      [&] {
        return bracketed(
            "hipExtLaunchKernel", stream, startEvent, stopEvent, static_cast<uint32_t>(flags), [&] {
              return hipLaunchKernel(function, numBlocks, dimBlocks, args, sharedMemBytes, stream);
            });
      },
      "function, numBlocks, dimBlocks, args, sharedMemBytes, stream, startEvent, stopEvent, flags",
      function, numBlocks, dimBlocks, args, sharedMemBytes, stream, startEvent, stopEvent, flags);
}

HIPCORE_API hipError_t hipExtModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
                                                uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
                                                uint32_t localWorkSizeX, uint32_t localWorkSizeY,
                                                uint32_t localWorkSizeZ, size_t sharedMemBytes,
                                                hipStream_t stream, void** kernelParams,
                                                void** extra, hipEvent_t startEvent,
                                                hipEvent_t stopEvent, uint32_t flags) {
  return hipcore::api::call(
      "hipExtModuleLaunchKernel", hipExtModuleLaunchKernel,
      [&] {
        const uint32_t global[3] = {globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ};
        const uint32_t local[3] = {localWorkSizeX, localWorkSizeY, localWorkSizeZ};
        return bracketedModuleLaunch("hipExtModuleLaunchKernel", f, global, local, sharedMemBytes,
                                     stream, kernelParams, extra, startEvent, stopEvent, flags);
      },
      "f, globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ, localWorkSizeX, localWorkSizeY, "
      "localWorkSizeZ, sharedMemBytes, stream, kernelParams, extra, startEvent, stopEvent, flags",
      f, globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ, localWorkSizeX, localWorkSizeY,
      localWorkSizeZ, sharedMemBytes, stream, kernelParams, extra, startEvent, stopEvent, flags);
}

HIPCORE_API hipError_t hipHccModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
                                                uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
                                                uint32_t localWorkSizeX, uint32_t localWorkSizeY,
                                                uint32_t localWorkSizeZ, size_t sharedMemBytes,
                                                hipStream_t stream, void** kernelParams,
                                                void** extra, hipEvent_t startEvent,
                                                hipEvent_t stopEvent) {
  return hipcore::api::call(
      "hipHccModuleLaunchKernel", hipHccModuleLaunchKernel,
      [&] {
        const uint32_t global[3] = {globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ};
        const uint32_t local[3] = {localWorkSizeX, localWorkSizeY, localWorkSizeZ};
        return bracketedModuleLaunch("hipHccModuleLaunchKernel", f, global, local, sharedMemBytes,
                                     stream, kernelParams, extra, startEvent, stopEvent, 0);
      },
      "f, globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ, localWorkSizeX, localWorkSizeY, "
      "localWorkSizeZ, sharedMemBytes, stream, kernelParams, extra, startEvent, stopEvent",
      f, globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ, localWorkSizeX, localWorkSizeY,
      localWorkSizeZ, sharedMemBytes, stream, kernelParams, extra, startEvent, stopEvent);
}
