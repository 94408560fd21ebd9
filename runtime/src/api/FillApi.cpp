// hipMemset and its element (D8/D16/D32), 2D and 3D forms, synchronous and Async: the built-in
// fill kernel on the stream's queue (DeviceCopies::fill, core/DeviceCopies.cpp).
#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"
#include "graph/StreamCapture.h"

using hipcore::api::finish;
using hipcore::core::Device;
using hipcore::core::Extent;
using hipcore::core::fail;
using hipcore::core::Pitched;
using hipcore::core::Status;
using hipcore::core::Stream;

namespace {

// The synchronous forms wait for the fill (HIP: synchronous with respect to the host); the Async
// forms return once it is queued.
hipError_t fill(const char* call, hipStream_t stream, Pitched<void*> destination,
                const Extent& extent, uint32_t pattern, unsigned patternWidth, bool wait) {
  // Arguments first: they are wrong (or there is nothing to do) with or without a GPU.
  if (extent.empty()) return hipSuccess;
  if (destination.base == nullptr)
    return finish(call, fail(hipErrorInvalidValue, "%s: destination is null", call));
  Device* device = nullptr;
  Stream* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (!status.ok()) return finish(call, std::move(status));
  if (queue == nullptr) status = hipcore::graph::checkLegacyStream(call);
  if (!status.ok()) return finish(call, std::move(status));
  if (queue != nullptr && queue->capture != nullptr)
    return finish(
        call, wait ? hipcore::api::refuseWhileCapturing(*queue, call)
                   : hipcore::api::captureFill(*queue, destination, extent, pattern, patternWidth));
  return finish(call,
                device->copies().fill(queue, destination, extent, pattern, patternWidth, wait));
}

hipError_t fillElements(const char* call, void* destination, uint32_t pattern, unsigned width,
                        size_t count, hipStream_t stream, bool wait) {
  if (count > SIZE_MAX / width)
    return finish(call, fail(hipErrorInvalidValue, "%s of %zu elements", call, count));
  return fill(call, stream, hipcore::core::linear(destination, count * width),
              Extent{count * width}, pattern, width, wait);
}

hipError_t fill2D(const char* call, void* destination, size_t pitch, int value, size_t width,
                  size_t height, hipStream_t stream, bool wait) {
  // A row wider than its pitch is an invalid value for memsets (AMD's answer, which hip-tests'
  // memset negatives check; copies answer hipErrorInvalidPitchValue).
  if (width > pitch)
    return finish(call,
                  fail(hipErrorInvalidValue, "%s: width %zu > pitch %zu", call, width, pitch));
  Pitched<void*> box{destination, pitch, pitch * height};
  return fill(call, stream, box, Extent{width, height, 1}, static_cast<uint8_t>(value), 1, wait);
}

hipError_t fill3D(const char* call, hipPitchedPtr destination, int value, hipExtent extent,
                  hipStream_t stream, bool wait) {
  if (extent.width == 0 || extent.height == 0 || extent.depth == 0)
    return fill(call, stream, {}, Extent{0}, 0, 1, wait);
  if (extent.width > destination.pitch)
    return finish(call, fail(hipErrorInvalidValue, "%s: width %zu > pitch %zu", call, extent.width,
                             destination.pitch));
  if (extent.depth > 1 && extent.height > destination.ysize)
    return finish(call, fail(hipErrorInvalidValue, "%s: %zu rows per slice, the allocation has %zu",
                             call, extent.height, destination.ysize));
  Pitched<void*> box{destination.ptr, destination.pitch, destination.pitch * destination.ysize};
  return fill(call, stream, box, Extent{extent.width, extent.height, extent.depth},
              static_cast<uint8_t>(value), 1, wait);
}

// hipMemsetD2D8/16/32: `width` elements of `elementBytes` per row, rows `pitch` bytes apart. The
// fill kernel lines a multi-byte pattern up with 4-byte boundaries, which holds on every row when
// the pitch is a multiple of 4; other pitches (possible for 8- and 16-bit elements) are filled
// row by row.
hipError_t fillElements2D(const char* call, void* destination, size_t pitch, uint32_t pattern,
                          unsigned elementBytes, size_t width, size_t height, hipStream_t stream,
                          bool wait) {
  if (width > SIZE_MAX / elementBytes || width * elementBytes > pitch)
    return finish(call, fail(hipErrorInvalidValue, "%s: %zu elements of %u bytes, pitch %zu", call,
                             width, elementBytes, pitch));
  if (reinterpret_cast<uintptr_t>(destination) % elementBytes != 0 || pitch % elementBytes != 0)
    return finish(call, fail(hipErrorInvalidValue,
                             "%s: destination %p or pitch %zu is not a "
                             "multiple of the %u-byte element",
                             call, destination, pitch, elementBytes));
  if (pitch % 4 == 0 || height <= 1) {
    Pitched<void*> box{destination, pitch, pitch * height};
    return fill(call, stream, box, Extent{width * elementBytes, height, 1}, pattern, elementBytes,
                wait);
  }
  for (size_t row = 0; row < height; ++row) {
    void* start = static_cast<char*>(destination) + row * pitch;
    hipError_t queued =
        fill(call, stream, hipcore::core::linear(start, width * elementBytes),
             Extent{width * elementBytes}, pattern, elementBytes, wait && row + 1 == height);
    if (queued != hipSuccess) return queued;
  }
  return hipSuccess;
}

}  // namespace

HIPCORE_API hipError_t hipMemsetD2D8(hipDeviceptr_t dst, size_t dstPitch, unsigned char value,
                                     size_t width, size_t height) {
  return hipcore::api::call(
      "hipMemsetD2D8", hipMemsetD2D8,
      [&] {
        return fillElements2D("hipMemsetD2D8", dst, dstPitch, value, 1, width, height, nullptr,
                              true);
      },
      "dst, dstPitch, value, width, height", dst, dstPitch, value, width, height);
}
HIPCORE_API hipError_t hipMemsetD2D8Async(hipDeviceptr_t dst, size_t dstPitch, unsigned char value,
                                          size_t width, size_t height, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemsetD2D8Async", hipMemsetD2D8Async,
      [&] {
        return fillElements2D("hipMemsetD2D8Async", dst, dstPitch, value, 1, width, height, stream,
                              false);
      },
      "dst, dstPitch, value, width, height, stream", dst, dstPitch, value, width, height, stream);
}
HIPCORE_API hipError_t hipMemsetD2D16(hipDeviceptr_t dst, size_t dstPitch, unsigned short value,
                                      size_t width, size_t height) {
  return hipcore::api::call(
      "hipMemsetD2D16", hipMemsetD2D16,
      [&] {
        return fillElements2D("hipMemsetD2D16", dst, dstPitch, value, 2, width, height, nullptr,
                              true);
      },
      "dst, dstPitch, value, width, height", dst, dstPitch, value, width, height);
}
HIPCORE_API hipError_t hipMemsetD2D16Async(hipDeviceptr_t dst, size_t dstPitch,
                                           unsigned short value, size_t width, size_t height,
                                           hipStream_t stream) {
  return hipcore::api::call(
      "hipMemsetD2D16Async", hipMemsetD2D16Async,
      [&] {
        return fillElements2D("hipMemsetD2D16Async", dst, dstPitch, value, 2, width, height, stream,
                              false);
      },
      "dst, dstPitch, value, width, height, stream", dst, dstPitch, value, width, height, stream);
}
HIPCORE_API hipError_t hipMemsetD2D32(hipDeviceptr_t dst, size_t dstPitch, unsigned int value,
                                      size_t width, size_t height) {
  return hipcore::api::call(
      "hipMemsetD2D32", hipMemsetD2D32,
      [&] {
        return fillElements2D("hipMemsetD2D32", dst, dstPitch, value, 4, width, height, nullptr,
                              true);
      },
      "dst, dstPitch, value, width, height", dst, dstPitch, value, width, height);
}
HIPCORE_API hipError_t hipMemsetD2D32Async(hipDeviceptr_t dst, size_t dstPitch, unsigned int value,
                                           size_t width, size_t height, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemsetD2D32Async", hipMemsetD2D32Async,
      [&] {
        return fillElements2D("hipMemsetD2D32Async", dst, dstPitch, value, 4, width, height, stream,
                              false);
      },
      "dst, dstPitch, value, width, height, stream", dst, dstPitch, value, width, height, stream);
}

HIPCORE_API hipError_t hipMemset(void* destination, int value, size_t size) {
  return hipcore::api::call(
      "hipMemset", hipMemset,
      [&] {
        return fillElements("hipMemset", destination, static_cast<uint8_t>(value), 1, size, nullptr,
                            true);
      },
      "destination, value, size", destination, value, size);
}
HIPCORE_API hipError_t hipMemsetAsync(void* destination, int value, size_t size,
                                      hipStream_t stream) {
  return hipcore::api::call(
      "hipMemsetAsync", hipMemsetAsync,
      [&] {
        return fillElements("hipMemsetAsync", destination, static_cast<uint8_t>(value), 1, size,
                            stream, false);
      },
      "destination, value, size, stream", destination, value, size, stream);
}
HIPCORE_API hipError_t hipMemsetD8(hipDeviceptr_t destination, unsigned char value, size_t count) {
  return hipcore::api::call(
      "hipMemsetD8", hipMemsetD8,
      [&] { return fillElements("hipMemsetD8", destination, value, 1, count, nullptr, true); },
      "destination, value, count", destination, value, count);
}
HIPCORE_API hipError_t hipMemsetD16(hipDeviceptr_t destination, unsigned short value,
                                    size_t count) {
  return hipcore::api::call(
      "hipMemsetD16", hipMemsetD16,
      [&] { return fillElements("hipMemsetD16", destination, value, 2, count, nullptr, true); },
      "destination, value, count", destination, value, count);
}
HIPCORE_API hipError_t hipMemsetD32(hipDeviceptr_t destination, int value, size_t count) {
  return hipcore::api::call(
      "hipMemsetD32", hipMemsetD32,
      [&] {
        return fillElements("hipMemsetD32", destination, static_cast<uint32_t>(value), 4, count,
                            nullptr, true);
      },
      "destination, value, count", destination, value, count);
}
HIPCORE_API hipError_t hipMemsetD8Async(hipDeviceptr_t destination, unsigned char value,
                                        size_t count, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemsetD8Async", hipMemsetD8Async,
      [&] { return fillElements("hipMemsetD8Async", destination, value, 1, count, stream, false); },
      "destination, value, count, stream", destination, value, count, stream);
}
HIPCORE_API hipError_t hipMemsetD16Async(hipDeviceptr_t destination, unsigned short value,
                                         size_t count, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemsetD16Async", hipMemsetD16Async,
      [&] {
        return fillElements("hipMemsetD16Async", destination, value, 2, count, stream, false);
      },
      "destination, value, count, stream", destination, value, count, stream);
}
HIPCORE_API hipError_t hipMemsetD32Async(hipDeviceptr_t destination, int value, size_t count,
                                         hipStream_t stream) {
  return hipcore::api::call(
      "hipMemsetD32Async", hipMemsetD32Async,
      [&] {
        return fillElements("hipMemsetD32Async", destination, static_cast<uint32_t>(value), 4,
                            count, stream, false);
      },
      "destination, value, count, stream", destination, value, count, stream);
}

HIPCORE_API hipError_t hipMemset2D(void* destination, size_t pitch, int value, size_t width,
                                   size_t height) {
  return hipcore::api::call(
      "hipMemset2D", hipMemset2D,
      [&] {
        return fill2D("hipMemset2D", destination, pitch, value, width, height, nullptr, true);
      },
      "destination, pitch, value, width, height", destination, pitch, value, width, height);
}
HIPCORE_API hipError_t hipMemset2DAsync(void* destination, size_t pitch, int value, size_t width,
                                        size_t height, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemset2DAsync", hipMemset2DAsync,
      [&] {
        return fill2D("hipMemset2DAsync", destination, pitch, value, width, height, stream, false);
      },
      "destination, pitch, value, width, height, stream", destination, pitch, value, width, height,
      stream);
}

HIPCORE_API hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent) {
  return hipcore::api::call(
      "hipMemset3D", hipMemset3D,
      [&] { return fill3D("hipMemset3D", pitchedDevPtr, value, extent, nullptr, true); },
      "pitchedDevPtr, value, extent", pitchedDevPtr, value, extent);
}
HIPCORE_API hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                                        hipStream_t stream) {
  return hipcore::api::call(
      "hipMemset3DAsync", hipMemset3DAsync,
      [&] { return fill3D("hipMemset3DAsync", pitchedDevPtr, value, extent, stream, false); },
      "pitchedDevPtr, value, extent, stream", pitchedDevPtr, value, extent, stream);
}
