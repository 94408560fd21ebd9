// The per-thread default stream's entry points (the `_spt` variants): the same calls as their
// plain forms, except that stream 0 (or no stream) means the calling thread's hipStreamPerThread
// instead of the legacy null stream. clang's -fgpu-default-stream=per-thread defines
// HIP_API_PER_THREAD_DEFAULT_STREAM (and launches <<<>>> through hipLaunchKernel_spt); under
// that macro the plain names below are mapped to their `_spt` forms, so that a program compiled
// with the flag uses the per-thread stream wherever it leaves the stream out. Included by
// hip_runtime_api.h after every declaration it maps.
#pragma once

HIPCORE_API hipError_t hipMemcpy_spt(void* destination, const void* source, size_t size,
                                     hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpyAsync_spt(void* destination, const void* source, size_t size,
                                          hipMemcpyKind kind,
                                          hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemset_spt(void* destination, int value, size_t size);
HIPCORE_API hipError_t hipMemsetAsync_spt(void* destination, int value, size_t size,
                                          hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpy2D_spt(void* destination, size_t destinationPitch,
                                       const void* source, size_t sourcePitch, size_t width,
                                       size_t height, hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpy2DAsync_spt(void* destination, size_t destinationPitch,
                                            const void* source, size_t sourcePitch, size_t width,
                                            size_t height, hipMemcpyKind kind,
                                            hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpyToSymbol_spt(
    const void* symbol, const void* source, size_t size, size_t offset HIPCORE_DEFAULT(0),
    hipMemcpyKind kind HIPCORE_DEFAULT(hipMemcpyHostToDevice));
HIPCORE_API hipError_t hipMemcpyFromSymbol_spt(
    void* destination, const void* symbol, size_t size, size_t offset HIPCORE_DEFAULT(0),
    hipMemcpyKind kind HIPCORE_DEFAULT(hipMemcpyDeviceToHost));
HIPCORE_API hipError_t hipStreamSynchronize_spt(hipStream_t stream);
HIPCORE_API hipError_t hipStreamQuery_spt(hipStream_t stream);
HIPCORE_API hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int* flags);
HIPCORE_API hipError_t hipStreamGetPriority_spt(hipStream_t stream, int* priority);
HIPCORE_API hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event,
                                              unsigned int flags HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn, void* userData);
HIPCORE_API hipError_t hipStreamAddCallback_spt(hipStream_t stream, hipStreamCallback_t callback,
                                                void* userData, unsigned int flags);
HIPCORE_API hipError_t hipLaunchCooperativeKernel_spt(const void* function, dim3 gridDim,
                                                      dim3 blockDim, void** kernelParams,
                                                      unsigned int sharedMemBytes,
                                                      hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset, size_t hOffset,
                                              const void* src, size_t spitch, size_t width,
                                              size_t height, hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpy2DToArrayAsync_spt(hipArray_t dst, size_t wOffset, size_t hOffset,
                                                   const void* src, size_t spitch, size_t width,
                                                   size_t height, hipMemcpyKind kind,
                                                   hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpy2DFromArray_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                                size_t wOffset, size_t hOffset, size_t width,
                                                size_t height, hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpy2DFromArrayAsync_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                                     size_t wOffset, size_t hOffset, size_t width,
                                                     size_t height, hipMemcpyKind kind,
                                                     hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpyFromArray_spt(void* dst, hipArray_const_t src, size_t wOffset,
                                              size_t hOffset, size_t count, hipMemcpyKind kind);
HIPCORE_API hipError_t hipMemcpy3D_spt(const hipMemcpy3DParms* p);
HIPCORE_API hipError_t hipMemcpy3DAsync_spt(const hipMemcpy3DParms* p,
                                            hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpyToSymbolAsync_spt(const void* symbol, const void* src,
                                                  size_t sizeBytes, size_t offset,
                                                  hipMemcpyKind kind,
                                                  hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemcpyFromSymbolAsync_spt(void* dst, const void* symbol, size_t sizeBytes,
                                                    size_t offset, hipMemcpyKind kind,
                                                    hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemset2D_spt(void* dst, size_t pitch, int value, size_t width,
                                       size_t height);
HIPCORE_API hipError_t hipMemset2DAsync_spt(void* dst, size_t pitch, int value, size_t width,
                                            size_t height, hipStream_t stream HIPCORE_DEFAULT(0));
HIPCORE_API hipError_t hipMemset3D_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
HIPCORE_API hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value,
                                            hipExtent extent,
                                            hipStream_t stream HIPCORE_DEFAULT(0));

#ifdef __cplusplus
// The symbol copies take the variable itself too, as their plain forms do (hip_runtime_api.h).
template <class T>
inline hipError_t hipMemcpyToSymbol_spt(const T& symbol, const void* source, size_t size,
                                        size_t offset = 0,
                                        hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol_spt((const void*)&symbol, source, size, offset, kind);
}
template <class T>
inline hipError_t hipMemcpyFromSymbol_spt(void* destination, const T& symbol, size_t size,
                                          size_t offset = 0,
                                          hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol_spt(destination, (const void*)&symbol, size, offset, kind);
}
template <class T>
inline hipError_t hipMemcpyToSymbolAsync_spt(const T& symbol, const void* source, size_t size,
                                             size_t offset, hipMemcpyKind kind,
                                             hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync_spt((const void*)&symbol, source, size, offset, kind, stream);
}
template <class T>
inline hipError_t hipMemcpyFromSymbolAsync_spt(void* destination, const T& symbol, size_t size,
                                               size_t offset, hipMemcpyKind kind,
                                               hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync_spt(destination, (const void*)&symbol, size, offset, kind,
                                      stream);
}
#endif

#if defined(HIP_API_PER_THREAD_DEFAULT_STREAM)
#define hipMemcpy hipMemcpy_spt
#define hipMemcpyAsync hipMemcpyAsync_spt
#define hipMemset hipMemset_spt
#define hipMemsetAsync hipMemsetAsync_spt
#define hipMemcpy2D hipMemcpy2D_spt
#define hipMemcpy2DAsync hipMemcpy2DAsync_spt
#define hipMemcpyToSymbol hipMemcpyToSymbol_spt
#define hipMemcpyFromSymbol hipMemcpyFromSymbol_spt
#define hipStreamSynchronize hipStreamSynchronize_spt
#define hipStreamQuery hipStreamQuery_spt
#define hipStreamGetFlags hipStreamGetFlags_spt
#define hipStreamGetPriority hipStreamGetPriority_spt
#define hipStreamWaitEvent hipStreamWaitEvent_spt
#define hipEventRecord hipEventRecord_spt
#define hipLaunchHostFunc hipLaunchHostFunc_spt
#define hipStreamAddCallback hipStreamAddCallback_spt
#define hipLaunchCooperativeKernel hipLaunchCooperativeKernel_spt
#define hipMemcpy2DToArray hipMemcpy2DToArray_spt
#define hipMemcpy2DToArrayAsync hipMemcpy2DToArrayAsync_spt
#define hipMemcpy2DFromArray hipMemcpy2DFromArray_spt
#define hipMemcpy2DFromArrayAsync hipMemcpy2DFromArrayAsync_spt
#define hipMemcpyFromArray hipMemcpyFromArray_spt
#define hipMemcpy3D hipMemcpy3D_spt
#define hipMemcpy3DAsync hipMemcpy3DAsync_spt
#define hipMemcpyToSymbolAsync hipMemcpyToSymbolAsync_spt
#define hipMemcpyFromSymbolAsync hipMemcpyFromSymbolAsync_spt
#define hipMemset2D hipMemset2D_spt
#define hipMemset2DAsync hipMemset2DAsync_spt
#define hipMemset3D hipMemset3D_spt
#define hipMemset3DAsync hipMemset3DAsync_spt
#define hipLaunchKernel hipLaunchKernel_spt
#define hipGraphLaunch hipGraphLaunch_spt
#define hipStreamBeginCapture hipStreamBeginCapture_spt
#define hipStreamEndCapture hipStreamEndCapture_spt
#define hipStreamIsCapturing hipStreamIsCapturing_spt
#define hipStreamGetCaptureInfo hipStreamGetCaptureInfo_spt
#define hipStreamGetCaptureInfo_v2 hipStreamGetCaptureInfo_v2_spt
#endif
