// The `_spt` entry points (hip/hip_per_thread_stream.h): the plain call with stream 0 read as
// hipStreamPerThread. The synchronous copies and fills queue on the per-thread stream and wait
// for it, not for the legacy null stream. hipLaunchKernel_spt is in LaunchApi.cpp.
#include "ApiCall.h"
#include "ApiState.h"

namespace {

hipStream_t perThread(hipStream_t stream) {
  return stream == nullptr ? hipStreamPerThread : stream;
}

// The asynchronous form's result, then the per-thread stream's completion.
hipError_t thenWait(hipError_t queued) {
  return queued == hipSuccess ? hipStreamSynchronize(hipStreamPerThread) : queued;
}

}  // namespace

HIPCORE_API hipError_t hipMemcpy_spt(void* destination, const void* source, size_t size,
                                     hipMemcpyKind kind) {
  HIPCORE_API_CALL(hipMemcpy_spt, destination, source, size, kind);
  return hipMemcpyWithStream(destination, source, size, kind, hipStreamPerThread);
}

HIPCORE_API hipError_t hipMemcpyAsync_spt(void* destination, const void* source, size_t size,
                                          hipMemcpyKind kind, hipStream_t stream) {
  HIPCORE_API_CALL(hipMemcpyAsync_spt, destination, source, size, kind, stream);
  return hipMemcpyAsync(destination, source, size, kind, perThread(stream));
}

HIPCORE_API hipError_t hipMemset_spt(void* destination, int value, size_t size) {
  HIPCORE_API_CALL(hipMemset_spt, destination, value, size);
  return thenWait(hipMemsetAsync(destination, value, size, hipStreamPerThread));
}

HIPCORE_API hipError_t hipMemsetAsync_spt(void* destination, int value, size_t size,
                                          hipStream_t stream) {
  HIPCORE_API_CALL(hipMemsetAsync_spt, destination, value, size, stream);
  return hipMemsetAsync(destination, value, size, perThread(stream));
}

HIPCORE_API hipError_t hipMemcpy2D_spt(void* destination, size_t destinationPitch,
                                       const void* source, size_t sourcePitch, size_t width,
                                       size_t height, hipMemcpyKind kind) {
  HIPCORE_API_CALL(hipMemcpy2D_spt, destination, destinationPitch, source, sourcePitch, width,
                   height, kind);
  return thenWait(hipMemcpy2DAsync(destination, destinationPitch, source, sourcePitch, width,
                                   height, kind, hipStreamPerThread));
}

HIPCORE_API hipError_t hipMemcpy2DAsync_spt(void* destination, size_t destinationPitch,
                                            const void* source, size_t sourcePitch, size_t width,
                                            size_t height, hipMemcpyKind kind, hipStream_t stream) {
  HIPCORE_API_CALL(hipMemcpy2DAsync_spt, destination, destinationPitch, source, sourcePitch, width,
                   height, kind, stream);
  return hipMemcpy2DAsync(destination, destinationPitch, source, sourcePitch, width, height, kind,
                          perThread(stream));
}

HIPCORE_API hipError_t hipMemcpyToSymbol_spt(const void* symbol, const void* source, size_t size,
                                             size_t offset, hipMemcpyKind kind) {
  HIPCORE_API_CALL(hipMemcpyToSymbol_spt, symbol, source, size, offset, kind);
  return thenWait(hipMemcpyToSymbolAsync(symbol, source, size, offset, kind, hipStreamPerThread));
}

HIPCORE_API hipError_t hipMemcpyFromSymbol_spt(void* destination, const void* symbol, size_t size,
                                               size_t offset, hipMemcpyKind kind) {
  HIPCORE_API_CALL(hipMemcpyFromSymbol_spt, destination, symbol, size, offset, kind);
  return thenWait(
      hipMemcpyFromSymbolAsync(destination, symbol, size, offset, kind, hipStreamPerThread));
}

HIPCORE_API hipError_t hipStreamSynchronize_spt(hipStream_t stream) {
  HIPCORE_API_CALL(hipStreamSynchronize_spt, stream);
  return hipStreamSynchronize(perThread(stream));
}

HIPCORE_API hipError_t hipStreamQuery_spt(hipStream_t stream) {
  HIPCORE_API_CALL(hipStreamQuery_spt, stream);
  return hipStreamQuery(perThread(stream));
}

HIPCORE_API hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int* flags) {
  HIPCORE_API_CALL(hipStreamGetFlags_spt, stream, flags);
  return hipStreamGetFlags(perThread(stream), flags);
}

HIPCORE_API hipError_t hipStreamGetPriority_spt(hipStream_t stream, int* priority) {
  HIPCORE_API_CALL(hipStreamGetPriority_spt, stream, priority);
  return hipStreamGetPriority(perThread(stream), priority);
}

HIPCORE_API hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event,
                                              unsigned int flags) {
  HIPCORE_API_CALL(hipStreamWaitEvent_spt, stream, event, flags);
  return hipStreamWaitEvent(perThread(stream), event, flags);
}

HIPCORE_API hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream) {
  HIPCORE_API_CALL(hipEventRecord_spt, event, stream);
  return hipEventRecord(event, perThread(stream));
}

HIPCORE_API hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn, void* userData) {
  HIPCORE_API_CALL(hipLaunchHostFunc_spt, stream, fn, userData);
  return hipLaunchHostFunc(perThread(stream), fn, userData);
}
