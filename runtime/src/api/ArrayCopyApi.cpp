// Copies to and from arrays: hipMemcpy2DToArray/FromArray (and Async), hipMemcpyToArray/
// FromArray, the driver API's HtoA/AtoH (and Async), DtoA/AtoD/AtoA, hipMemcpy2DArrayToArray,
// and the array sides of hipMemcpy3D (resolveArrays). An array
// is pitched linear memory (core/ImageArray.h), so each is a hipMemcpy2D on its rows.
#include <algorithm>
#include <utility>

#include "ApiCall.h"
#include "ApiState.h"
#include "ArrayAccess.h"
#include "ImageObjectState.h"
#include "core/ImageArray.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

size_t rowBytes(const hipArray* a) {
  return a->width * a->format.bytes();
}

// The first byte of (xBytes, row) of an array's rows (slices follow each other's rows).
char* at(const hipArray* a, size_t xBytes, size_t row) {
  return static_cast<char*>(a->data) + row * a->rowPitch + xBytes;
}

// Checks that a width x height byte rectangle at (xBytes, row) lies inside the array.
Status inside(const char* call, const hipArray* a, size_t xBytes, size_t row, size_t width,
              size_t height) {
  if (!hipcore::api::knownArray(a)) return fail(hipErrorInvalidHandle, "%s: not an array", call);
  const size_t rows = a->rows() * a->slices();
  if (xBytes + width > rowBytes(a) || row + height > rows)
    return fail(hipErrorInvalidValue,
                "%s: %zu x %zu bytes at (%zu, %zu) exceed the array's %zu x %zu bytes", call, width,
                height, xBytes, row, rowBytes(a), rows);
  return Status::success();
}

hipError_t copyRect(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                    size_t height, hipMemcpyKind kind, hipStream_t stream, bool async) {
  return async ? hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream)
               : hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

// count bytes from (xBytes, row) on in the array's row order, to (toArray) or from `linear`:
// a partial first row, whole rows, a partial last row.
hipError_t copyRun(const char* call, const hipArray* a, size_t xBytes, size_t row, void* linear,
                   size_t count, bool toArray, hipMemcpyKind kind, hipStream_t stream = nullptr,
                   bool async = false) {
  if (!hipcore::api::knownArray(a))
    return finish(call, fail(hipErrorInvalidHandle, "%s: not an array", call));
  if (linear == nullptr && count != 0)
    return finish(call, fail(hipErrorInvalidValue, "%s: null pointer", call));
  const size_t rb = rowBytes(a), rows = a->rows() * a->slices();
  if (xBytes >= rb || row * rb + xBytes + count > rows * rb)
    return finish(call, fail(hipErrorInvalidValue,
                             "%s: %zu bytes at (%zu, %zu) exceed the array's %zu rows of %zu bytes",
                             call, count, xBytes, row, rows, rb));
  char* bytes = static_cast<char*>(linear);
  while (count != 0) {
    size_t width = xBytes == 0 && count >= rb ? rb : std::min(count, rb - xBytes);
    size_t height = width == rb ? count / rb : 1;
    char* arrayAt = at(a, xBytes, row);
    hipError_t error =
        toArray ? copyRect(arrayAt, a->rowPitch, bytes, width, width, height, kind, stream, async)
                : copyRect(bytes, width, arrayAt, a->rowPitch, width, height, kind, stream, async);
    if (error != hipSuccess) return error;
    bytes += width * height;
    count -= width * height;
    xBytes = (xBytes + width) % rb;
    row += xBytes == 0 ? height : 0;
  }
  return hipSuccess;
}

// The driver API's array offsets count bytes as if the array's rows were packed.
hipError_t copyAtOffset(const char* call, const hipArray* a, size_t offset, void* linear,
                        size_t count, bool toArray, hipMemcpyKind kind, hipStream_t stream,
                        bool async) {
  if (!hipcore::api::knownArray(a))
    return finish(call, fail(hipErrorInvalidHandle, "%s: not an array", call));
  const size_t rb = rowBytes(a);
  return copyRun(call, a, offset % rb, offset / rb, linear, count, toArray, kind, stream, async);
}

hipError_t toArray2D(const char* call, hipArray_t dst, size_t wOffset, size_t hOffset,
                     const void* src, size_t spitch, size_t width, size_t height,
                     hipMemcpyKind kind, hipStream_t stream, bool async) {
  Status status = inside(call, dst, wOffset, hOffset, width, height);
  if (!status.ok()) return finish(call, std::move(status));
  return copyRect(at(dst, wOffset, hOffset), dst->rowPitch, src, spitch, width, height, kind,
                  stream, async);
}

hipError_t fromArray2D(const char* call, void* dst, size_t dpitch, hipArray_const_t src,
                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                       hipMemcpyKind kind, hipStream_t stream, bool async) {
  Status status = inside(call, src, wOffset, hOffset, width, height);
  if (!status.ok()) return finish(call, std::move(status));
  return copyRect(dst, dpitch, at(src, wOffset, hOffset), src->rowPitch, width, height, kind,
                  stream, async);
}

}  // namespace

namespace hipcore::api {

core::Status resolveArrays(const hipMemcpy3DParms& p, hipMemcpy3DParms& out) {
  out = p;
  // CUDA's rule for cudaMemcpy3DParms: one of srcArray and srcPtr, one of dstArray and dstPtr;
  // more than one non-zero source or destination is an error (AMD's tests check it too).
  if ((p.srcArray != nullptr && p.srcPtr.ptr != nullptr) ||
      (p.dstArray != nullptr && p.dstPtr.ptr != nullptr))
    return core::fail(hipErrorInvalidValue,
                      "hipMemcpy3D: a side names both an array and a pointer (src %p / %p, dst "
                      "%p / %p)",
                      static_cast<const void*>(p.srcArray), p.srcPtr.ptr,
                      static_cast<const void*>(p.dstArray), p.dstPtr.ptr);
  const hipArray* arrays[] = {p.srcArray, p.dstArray};
  size_t element = 0;
  for (const hipArray* a : arrays) {
    if (a == nullptr) continue;
    if (!knownArray(a))
      return core::fail(hipErrorInvalidValue, "hipMemcpy3D: %p is not an array",
                        static_cast<const void*>(a));
    element = a->format.bytes();
  }
  if (element == 0) return core::Status::success();
  out.extent.width *= element;
  auto pitched = [](const hipArray* a) {
    return hipPitchedPtr{a->data, a->rowPitch, a->width * a->format.bytes(), a->rows()};
  };
  if (p.srcArray != nullptr) {
    out.srcPtr = pitched(p.srcArray);
    out.srcPos.x *= p.srcArray->format.bytes();
    out.srcArray = nullptr;
  }
  if (p.dstArray != nullptr) {
    out.dstPtr = pitched(p.dstArray);
    out.dstPos.x *= p.dstArray->format.bytes();
    out.dstArray = nullptr;
  }
  // The pitched pointer's pitch is the array's row pitch; the copy checks x + width against it,
  // so check against the array's real row here.
  for (const auto& [a, pos] :
       {std::pair{p.srcArray, out.srcPos}, std::pair{p.dstArray, out.dstPos}})
    if (a != nullptr && pos.x + out.extent.width > a->width * a->format.bytes())
      return core::fail(hipErrorInvalidValue,
                        "hipMemcpy3D: x %zu + width %zu elements exceed the "
                        "array's width %zu",
                        pos.x / element, p.extent.width, a->width);
  return core::Status::success();
}

}  // namespace hipcore::api

HIPCORE_API hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                          const void* src, size_t spitch, size_t width,
                                          size_t height, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy2DToArray", hipMemcpy2DToArray,
      [&] {
        return toArray2D("hipMemcpy2DToArray", dst, wOffset, hOffset, src, spitch, width, height,
                         kind, nullptr, false);
      },
      "dst, wOffset, hOffset, src, spitch, width, height, kind", dst, wOffset, hOffset, src, spitch,
      width, height, kind);
}

HIPCORE_API hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
                                               const void* src, size_t spitch, size_t width,
                                               size_t height, hipMemcpyKind kind,
                                               hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy2DToArrayAsync", hipMemcpy2DToArrayAsync,
      [&] {
        return toArray2D("hipMemcpy2DToArrayAsync", dst, wOffset, hOffset, src, spitch, width,
                         height, kind, stream, true);
      },
      "dst, wOffset, hOffset, src, spitch, width, height, kind, stream", dst, wOffset, hOffset, src,
      spitch, width, height, kind, stream);
}

HIPCORE_API hipError_t hipMemcpy2DFromArray(void* dst, size_t dpitch, hipArray_const_t src,
                                            size_t wOffset, size_t hOffset, size_t width,
                                            size_t height, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy2DFromArray", hipMemcpy2DFromArray,
      [&] {
        return fromArray2D("hipMemcpy2DFromArray", dst, dpitch, src, wOffset, hOffset, width,
                           height, kind, nullptr, false);
      },
      "dst, dpitch, src, wOffset, hOffset, width, height, kind", dst, dpitch, src, wOffset, hOffset,
      width, height, kind);
}

HIPCORE_API hipError_t hipMemcpy2DFromArrayAsync(void* dst, size_t dpitch, hipArray_const_t src,
                                                 size_t wOffset, size_t hOffset, size_t width,
                                                 size_t height, hipMemcpyKind kind,
                                                 hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy2DFromArrayAsync", hipMemcpy2DFromArrayAsync,
      [&] {
        return fromArray2D("hipMemcpy2DFromArrayAsync", dst, dpitch, src, wOffset, hOffset, width,
                           height, kind, stream, true);
      },
      "dst, dpitch, src, wOffset, hOffset, width, height, kind, stream", dst, dpitch, src, wOffset,
      hOffset, width, height, kind, stream);
}

HIPCORE_API hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                        const void* src, size_t count, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpyToArray", hipMemcpyToArray,
      [&] {
        return copyRun("hipMemcpyToArray", dst, wOffset, hOffset, const_cast<void*>(src), count,
                       true, kind);
      },
      "dst, wOffset, hOffset, src, count, kind", dst, wOffset, hOffset, src, count, kind);
}

HIPCORE_API hipError_t hipMemcpyFromArray(void* dst, hipArray_const_t srcArray, size_t wOffset,
                                          size_t hOffset, size_t count, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpyFromArray", hipMemcpyFromArray,
      [&] {
        return copyRun("hipMemcpyFromArray", srcArray, wOffset, hOffset, dst, count, false, kind);
      },
      "dst, srcArray, wOffset, hOffset, count, kind", dst, srcArray, wOffset, hOffset, count, kind);
}

HIPCORE_API hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset, const void* srcHost,
                                     size_t count) {
  return hipcore::api::call(
      "hipMemcpyHtoA", hipMemcpyHtoA,
      [&] {
        return copyAtOffset("hipMemcpyHtoA", dstArray, dstOffset, const_cast<void*>(srcHost), count,
                            true, hipMemcpyHostToDevice, nullptr, false);
      },
      "dstArray, dstOffset, srcHost, count", dstArray, dstOffset, srcHost, count);
}

HIPCORE_API hipError_t hipMemcpyAtoH(void* dst, hipArray_t srcArray, size_t srcOffset,
                                     size_t count) {
  return hipcore::api::call(
      "hipMemcpyAtoH", hipMemcpyAtoH,
      [&] {
        return copyAtOffset("hipMemcpyAtoH", srcArray, srcOffset, dst, count, false,
                            hipMemcpyDeviceToHost, nullptr, false);
      },
      "dst, srcArray, srcOffset, count", dst, srcArray, srcOffset, count);
}

HIPCORE_API hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset,
                                          const void* srcHost, size_t ByteCount,
                                          hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyHtoAAsync", hipMemcpyHtoAAsync,
      [&] {
        return copyAtOffset("hipMemcpyHtoAAsync", dstArray, dstOffset, const_cast<void*>(srcHost),
                            ByteCount, true, hipMemcpyHostToDevice, stream, true);
      },
      "dstArray, dstOffset, srcHost, ByteCount, stream", dstArray, dstOffset, srcHost, ByteCount,
      stream);
}

HIPCORE_API hipError_t hipMemcpyAtoHAsync(void* dstHost, hipArray_t srcArray, size_t srcOffset,
                                          size_t ByteCount, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyAtoHAsync", hipMemcpyAtoHAsync,
      [&] {
        return copyAtOffset("hipMemcpyAtoHAsync", srcArray, srcOffset, dstHost, ByteCount, false,
                            hipMemcpyDeviceToHost, stream, true);
      },
      "dstHost, srcArray, srcOffset, ByteCount, stream", dstHost, srcArray, srcOffset, ByteCount,
      stream);
}

HIPCORE_API hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset,
                                     hipDeviceptr_t srcDevice, size_t ByteCount) {
  return hipcore::api::call(
      "hipMemcpyDtoA", hipMemcpyDtoA,
      [&] {
        return copyAtOffset("hipMemcpyDtoA", dstArray, dstOffset, srcDevice, ByteCount, true,
                            hipMemcpyDeviceToDevice, nullptr, false);
      },
      "dstArray, dstOffset, srcDevice, ByteCount", dstArray, dstOffset, srcDevice, ByteCount);
}

HIPCORE_API hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray,
                                     size_t srcOffset, size_t ByteCount) {
  return hipcore::api::call(
      "hipMemcpyAtoD", hipMemcpyAtoD,
      [&] {
        return copyAtOffset("hipMemcpyAtoD", srcArray, srcOffset, dstDevice, ByteCount, false,
                            hipMemcpyDeviceToDevice, nullptr, false);
      },
      "dstDevice, srcArray, srcOffset, ByteCount", dstDevice, srcArray, srcOffset, ByteCount);
}

// Between arrays of different row widths a run does not map row to row: it goes through a
// device buffer (two copies on the null stream, in order).
HIPCORE_API hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray,
                                     size_t srcOffset, size_t ByteCount) {
  return hipcore::api::call(
      "hipMemcpyAtoA", hipMemcpyAtoA,
      [&] {
        constexpr const char* call = "hipMemcpyAtoA";
        if (!hipcore::api::knownArray(dstArray) || !hipcore::api::knownArray(srcArray))
          return finish(call, fail(hipErrorInvalidHandle, "not an array"));
        if (ByteCount == 0) return hipSuccess;
        void* staging = nullptr;
        hipError_t error = hipMalloc(&staging, ByteCount);
        if (error != hipSuccess) return error;
        error = copyAtOffset(call, srcArray, srcOffset, staging, ByteCount, false,
                             hipMemcpyDeviceToDevice, nullptr, false);
        if (error == hipSuccess)
          error = copyAtOffset(call, dstArray, dstOffset, staging, ByteCount, true,
                               hipMemcpyDeviceToDevice, nullptr, false);
        hipError_t freed = hipFree(staging);
        return error != hipSuccess ? error : freed;
      },
      "dstArray, dstOffset, srcArray, srcOffset, ByteCount", dstArray, dstOffset, srcArray,
      srcOffset, ByteCount);
}

HIPCORE_API hipError_t hipMemcpy2DArrayToArray(hipArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                               hipArray_const_t src, size_t wOffsetSrc,
                                               size_t hOffsetSrc, size_t width, size_t height,
                                               hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy2DArrayToArray", hipMemcpy2DArrayToArray,
      [&] {
        constexpr const char* call = "hipMemcpy2DArrayToArray";
        Status status = inside(call, dst, wOffsetDst, hOffsetDst, width, height);
        if (status.ok()) status = inside(call, src, wOffsetSrc, hOffsetSrc, width, height);
        if (!status.ok()) return finish(call, std::move(status));
        return copyRect(at(dst, wOffsetDst, hOffsetDst), dst->rowPitch,
                        at(src, wOffsetSrc, hOffsetSrc), src->rowPitch, width, height, kind,
                        nullptr, false);
      },
      "dst, wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc, width, height, kind", dst,
      wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc, width, height, kind);
}
