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
#define hipLaunchKernel hipLaunchKernel_spt
#define hipGraphLaunch hipGraphLaunch_spt
#define hipStreamBeginCapture hipStreamBeginCapture_spt
#define hipStreamEndCapture hipStreamEndCapture_spt
#define hipStreamIsCapturing hipStreamIsCapturing_spt
#define hipStreamGetCaptureInfo hipStreamGetCaptureInfo_spt
#define hipStreamGetCaptureInfo_v2 hipStreamGetCaptureInfo_v2_spt
#endif
