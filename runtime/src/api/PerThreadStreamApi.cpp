// The `_spt` entry points (hip/hip_per_thread_stream.h): the plain call with stream 0 read as
// hipStreamPerThread. The synchronous copies and fills queue on the per-thread stream and wait
// for it, not for the legacy null stream. hipLaunchKernel_spt is in LaunchApi.cpp, the 2D, 3D,
// array and asynchronous symbol copies in PerThreadCopyApi.cpp.
#include "ApiCall.h"
#include "ApiState.h"
#include "PerThreadStream.h"

using hipcore::api::perThread;
using hipcore::api::thenWait;

HIPCORE_API hipError_t hipMemcpy_spt(void* destination, const void* source, size_t size,
                                     hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy_spt", hipMemcpy_spt,
      [&] { return hipMemcpyWithStream(destination, source, size, kind, hipStreamPerThread); },
      "destination, source, size, kind", destination, source, size, kind);
}

HIPCORE_API hipError_t hipMemcpyAsync_spt(void* destination, const void* source, size_t size,
                                          hipMemcpyKind kind, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyAsync_spt", hipMemcpyAsync_spt,
      [&] { return hipMemcpyAsync(destination, source, size, kind, perThread(stream)); },
      "destination, source, size, kind, stream", destination, source, size, kind, stream);
}

HIPCORE_API hipError_t hipMemset_spt(void* destination, int value, size_t size) {
  return hipcore::api::call(
      "hipMemset_spt", hipMemset_spt,
      [&] { return thenWait(hipMemsetAsync(destination, value, size, hipStreamPerThread)); },
      "destination, value, size", destination, value, size);
}

HIPCORE_API hipError_t hipMemsetAsync_spt(void* destination, int value, size_t size,
                                          hipStream_t stream) {
  return hipcore::api::call(
      "hipMemsetAsync_spt", hipMemsetAsync_spt,
      [&] { return hipMemsetAsync(destination, value, size, perThread(stream)); },
      "destination, value, size, stream", destination, value, size, stream);
}

HIPCORE_API hipError_t hipMemcpy2D_spt(void* destination, size_t destinationPitch,
                                       const void* source, size_t sourcePitch, size_t width,
                                       size_t height, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy2D_spt", hipMemcpy2D_spt,
      [&] {
        return thenWait(hipMemcpy2DAsync(destination, destinationPitch, source, sourcePitch, width,
                                         height, kind, hipStreamPerThread));
      },
      "destination, destinationPitch, source, sourcePitch, width, height, kind", destination,
      destinationPitch, source, sourcePitch, width, height, kind);
}

HIPCORE_API hipError_t hipMemcpy2DAsync_spt(void* destination, size_t destinationPitch,
                                            const void* source, size_t sourcePitch, size_t width,
                                            size_t height, hipMemcpyKind kind, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy2DAsync_spt", hipMemcpy2DAsync_spt,
      [&] {
        return hipMemcpy2DAsync(destination, destinationPitch, source, sourcePitch, width, height,
                                kind, perThread(stream));
      },
      "destination, destinationPitch, source, sourcePitch, width, height, kind, stream",
      destination, destinationPitch, source, sourcePitch, width, height, kind, stream);
}

HIPCORE_API hipError_t hipMemcpyToSymbol_spt(const void* symbol, const void* source, size_t size,
                                             size_t offset, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpyToSymbol_spt", hipMemcpyToSymbol_spt,
      [&] {
        return thenWait(
            hipMemcpyToSymbolAsync(symbol, source, size, offset, kind, hipStreamPerThread));
      },
      "symbol, source, size, offset, kind", symbol, source, size, offset, kind);
}

HIPCORE_API hipError_t hipMemcpyFromSymbol_spt(void* destination, const void* symbol, size_t size,
                                               size_t offset, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpyFromSymbol_spt", hipMemcpyFromSymbol_spt,
      [&] {
        return thenWait(
            hipMemcpyFromSymbolAsync(destination, symbol, size, offset, kind, hipStreamPerThread));
      },
      "destination, symbol, size, offset, kind", destination, symbol, size, offset, kind);
}

HIPCORE_API hipError_t hipStreamSynchronize_spt(hipStream_t stream) {
  return hipcore::api::call(
      "hipStreamSynchronize_spt", hipStreamSynchronize_spt,
      [&] { return hipStreamSynchronize(perThread(stream)); }, "stream", stream);
}

HIPCORE_API hipError_t hipStreamQuery_spt(hipStream_t stream) {
  return hipcore::api::call(
      "hipStreamQuery_spt", hipStreamQuery_spt, [&] { return hipStreamQuery(perThread(stream)); },
      "stream", stream);
}

HIPCORE_API hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int* flags) {
  return hipcore::api::call(
      "hipStreamGetFlags_spt", hipStreamGetFlags_spt,
      [&] { return hipStreamGetFlags(perThread(stream), flags); }, "stream, flags", stream, flags);
}

HIPCORE_API hipError_t hipStreamGetPriority_spt(hipStream_t stream, int* priority) {
  return hipcore::api::call(
      "hipStreamGetPriority_spt", hipStreamGetPriority_spt,
      [&] { return hipStreamGetPriority(perThread(stream), priority); }, "stream, priority", stream,
      priority);
}

HIPCORE_API hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event,
                                              unsigned int flags) {
  return hipcore::api::call(
      "hipStreamWaitEvent_spt", hipStreamWaitEvent_spt,
      [&] { return hipStreamWaitEvent(perThread(stream), event, flags); }, "stream, event, flags",
      stream, event, flags);
}

HIPCORE_API hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream) {
  return hipcore::api::call(
      "hipEventRecord_spt", hipEventRecord_spt,
      [&] { return hipEventRecord(event, perThread(stream)); }, "event, stream", event, stream);
}

HIPCORE_API hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn, void* userData) {
  return hipcore::api::call(
      "hipLaunchHostFunc_spt", hipLaunchHostFunc_spt,
      [&] { return hipLaunchHostFunc(perThread(stream), fn, userData); }, "stream, fn, userData",
      stream, fn, userData);
}

HIPCORE_API hipError_t hipStreamAddCallback_spt(hipStream_t stream, hipStreamCallback_t callback,
                                                void* userData, unsigned int flags) {
  return hipcore::api::call(
      "hipStreamAddCallback_spt", hipStreamAddCallback_spt,
      [&] { return hipStreamAddCallback(perThread(stream), callback, userData, flags); },
      "stream, callback, userData, flags", stream, callback, userData, flags);
}

HIPCORE_API hipError_t hipLaunchCooperativeKernel_spt(const void* function, dim3 gridDim,
                                                      dim3 blockDim, void** kernelParams,
                                                      unsigned int sharedMemBytes,
                                                      hipStream_t stream) {
  return hipcore::api::call(
      "hipLaunchCooperativeKernel_spt", hipLaunchCooperativeKernel_spt,
      [&] {
        return hipLaunchCooperativeKernel(function, gridDim, blockDim, kernelParams, sharedMemBytes,
                                          perThread(stream));
      },
      "function, gridDim, blockDim, kernelParams, sharedMemBytes, stream", function, gridDim,
      blockDim, kernelParams, sharedMemBytes, stream);
}
