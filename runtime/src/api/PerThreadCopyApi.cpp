// The `_spt` forms of the 2D, 3D and array copies, the 2D and 3D fills and the asynchronous
// symbol copies (PerThreadStream.h): on the calling thread's per-thread stream.
#include "ApiCall.h"
#include "ApiState.h"
#include "PerThreadStream.h"

using hipcore::api::perThread;
using hipcore::api::thenWait;

HIPCORE_API hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset, size_t hOffset,
                                              const void* src, size_t spitch, size_t width,
                                              size_t height, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy2DToArray_spt", hipMemcpy2DToArray_spt,
      [&] {
        return thenWait(hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height,
                                                kind, hipStreamPerThread));
      },
      "dst, wOffset, hOffset, src, spitch, width, height, kind", dst, wOffset, hOffset, src, spitch,
      width, height, kind);
}

HIPCORE_API hipError_t hipMemcpy2DToArrayAsync_spt(hipArray_t dst, size_t wOffset, size_t hOffset,
                                                   const void* src, size_t spitch, size_t width,
                                                   size_t height, hipMemcpyKind kind,
                                                   hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy2DToArrayAsync_spt", hipMemcpy2DToArrayAsync_spt,
      [&] {
        return hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind,
                                       perThread(stream));
      },
      "dst, wOffset, hOffset, src, spitch, width, height, kind, stream", dst, wOffset, hOffset, src,
      spitch, width, height, kind, stream);
}

HIPCORE_API hipError_t hipMemcpy2DFromArray_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                                size_t wOffset, size_t hOffset, size_t width,
                                                size_t height, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy2DFromArray_spt", hipMemcpy2DFromArray_spt,
      [&] {
        return thenWait(hipMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height,
                                                  kind, hipStreamPerThread));
      },
      "dst, dpitch, src, wOffset, hOffset, width, height, kind", dst, dpitch, src, wOffset, hOffset,
      width, height, kind);
}

HIPCORE_API hipError_t hipMemcpy2DFromArrayAsync_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                                     size_t wOffset, size_t hOffset, size_t width,
                                                     size_t height, hipMemcpyKind kind,
                                                     hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy2DFromArrayAsync_spt", hipMemcpy2DFromArrayAsync_spt,
      [&] {
        return hipMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height, kind,
                                         perThread(stream));
      },
      "dst, dpitch, src, wOffset, hOffset, width, height, kind, stream", dst, dpitch, src, wOffset,
      hOffset, width, height, kind, stream);
}

// One row of the array from (wOffset, hOffset): a 2D copy of height 1.
HIPCORE_API hipError_t hipMemcpyFromArray_spt(void* dst, hipArray_const_t src, size_t wOffset,
                                              size_t hOffset, size_t count, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpyFromArray_spt", hipMemcpyFromArray_spt,
      [&] {
        return thenWait(hipMemcpy2DFromArrayAsync(dst, count, src, wOffset, hOffset, count, 1, kind,
                                                  hipStreamPerThread));
      },
      "dst, src, wOffset, hOffset, count, kind", dst, src, wOffset, hOffset, count, kind);
}

HIPCORE_API hipError_t hipMemcpy3D_spt(const hipMemcpy3DParms* p) {
  return hipcore::api::call(
      "hipMemcpy3D_spt", hipMemcpy3D_spt,
      [&] { return thenWait(hipMemcpy3DAsync(p, hipStreamPerThread)); }, "p", p);
}

HIPCORE_API hipError_t hipMemcpy3DAsync_spt(const hipMemcpy3DParms* p, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy3DAsync_spt", hipMemcpy3DAsync_spt,
      [&] { return hipMemcpy3DAsync(p, perThread(stream)); }, "p, stream", p, stream);
}

HIPCORE_API hipError_t hipMemcpyToSymbolAsync_spt(const void* symbol, const void* src,
                                                  size_t sizeBytes, size_t offset,
                                                  hipMemcpyKind kind, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyToSymbolAsync_spt", hipMemcpyToSymbolAsync_spt,
      [&] {
        return hipMemcpyToSymbolAsync(symbol, src, sizeBytes, offset, kind, perThread(stream));
      },
      "symbol, src, sizeBytes, offset, kind, stream", symbol, src, sizeBytes, offset, kind, stream);
}

HIPCORE_API hipError_t hipMemcpyFromSymbolAsync_spt(void* dst, const void* symbol, size_t sizeBytes,
                                                    size_t offset, hipMemcpyKind kind,
                                                    hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyFromSymbolAsync_spt", hipMemcpyFromSymbolAsync_spt,
      [&] {
        return hipMemcpyFromSymbolAsync(dst, symbol, sizeBytes, offset, kind, perThread(stream));
      },
      "dst, symbol, sizeBytes, offset, kind, stream", dst, symbol, sizeBytes, offset, kind, stream);
}

HIPCORE_API hipError_t hipMemset2D_spt(void* dst, size_t pitch, int value, size_t width,
                                       size_t height) {
  return hipcore::api::call(
      "hipMemset2D_spt", hipMemset2D_spt,
      [&] {
        return thenWait(hipMemset2DAsync(dst, pitch, value, width, height, hipStreamPerThread));
      },
      "dst, pitch, value, width, height", dst, pitch, value, width, height);
}

HIPCORE_API hipError_t hipMemset2DAsync_spt(void* dst, size_t pitch, int value, size_t width,
                                            size_t height, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemset2DAsync_spt", hipMemset2DAsync_spt,
      [&] { return hipMemset2DAsync(dst, pitch, value, width, height, perThread(stream)); },
      "dst, pitch, value, width, height, stream", dst, pitch, value, width, height, stream);
}

HIPCORE_API hipError_t hipMemset3D_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent) {
  return hipcore::api::call(
      "hipMemset3D_spt", hipMemset3D_spt,
      [&] { return thenWait(hipMemset3DAsync(pitchedDevPtr, value, extent, hipStreamPerThread)); },
      "pitchedDevPtr, value, extent", pitchedDevPtr, value, extent);
}

HIPCORE_API hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value,
                                            hipExtent extent, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemset3DAsync_spt", hipMemset3DAsync_spt,
      [&] { return hipMemset3DAsync(pitchedDevPtr, value, extent, perThread(stream)); },
      "pitchedDevPtr, value, extent, stream", pitchedDevPtr, value, extent, stream);
}
