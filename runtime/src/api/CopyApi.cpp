// hipMemcpy and its 2D, 3D and peer forms, synchronous and Async. Memory the GPU reaches (device
// memory, hipHostMalloc'ed or hipHostRegister'ed host memory) is copied by a built-in kernel on
// the stream's queue: the Async forms return once it is queued. Pageable host memory goes
// through a staging buffer and is consumed (or written) when the call returns, as in CUDA.
// The direction comes from the pointers; `kind` is checked, and hipMemcpyDefault is accepted.
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "ArrayAccess.h"
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

hipError_t copy(const char* call, hipStream_t stream, Pitched<void*> destination,
                Pitched<const void*> source, const Extent& extent, hipMemcpyKind kind, bool wait) {
  // Arguments first: they are wrong (or there is nothing to do) with or without a GPU.
  // hipMemcpyDeviceToDeviceNoCU (a copy that leaves the compute units alone) is accepted: hipcore
  // picks the copy path from the pointers whatever the kind.
  if ((kind < hipMemcpyHostToHost || kind > hipMemcpyDefault) &&
      kind != hipMemcpyDeviceToDeviceNoCU)
    return finish(
        call, fail(hipErrorInvalidMemcpyDirection, "%s: kind %d", call, static_cast<int>(kind)));
  if (extent.empty()) return hipSuccess;
  if (destination.base == nullptr || source.base == nullptr)
    return finish(call,
                  fail(hipErrorInvalidValue, "%s: %p -> %p", call, source.base, destination.base));
  Device* device = nullptr;
  Stream* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (!status.ok()) return finish(call, std::move(status));
  if (queue == nullptr) status = hipcore::graph::checkLegacyStream(call);
  if (!status.ok()) return finish(call, std::move(status));
  if (queue != nullptr && queue->capture != nullptr)
    return finish(call, wait
                            ? hipcore::api::refuseWhileCapturing(*queue, call)
                            : hipcore::api::captureCopy(*queue, destination, source, extent, kind));
  return finish(call, device->copies().copy(queue, destination, source, extent, wait));
}

hipError_t copy1D(const char* call, void* destination, const void* source, size_t bytes,
                  hipMemcpyKind kind, hipStream_t stream, bool wait) {
  return copy(call, stream, hipcore::core::linear(destination, bytes),
              hipcore::core::linear(source, bytes), Extent{bytes}, kind, wait);
}

hipError_t copy2D(const char* call, void* destination, size_t destinationPitch, const void* source,
                  size_t sourcePitch, size_t width, size_t height, hipMemcpyKind kind,
                  hipStream_t stream, bool wait) {
  if (width > destinationPitch || width > sourcePitch)
    return finish(call, fail(hipErrorInvalidPitchValue,
                             "%s: width %zu, pitches %zu (destination) %zu (source)", call, width,
                             destinationPitch, sourcePitch));
  return copy(call, stream, {destination, destinationPitch, destinationPitch * height},
              {source, sourcePitch, sourcePitch * height}, Extent{width, height, 1}, kind, wait);
}

// The kind field of a caller's parameter block. A C caller may leave any int there, and loading a
// value outside the enumerators through the C++ enum type is undefined (UBSan stops on it), so
// the field is read as the int it is; anything else becomes the first value `copy` refuses.
hipMemcpyKind kindField(const hipMemcpyKind& field) {
  static_assert(sizeof(hipMemcpyKind) == sizeof(int));
  int raw = 0;
  std::memcpy(&raw, &field, sizeof raw);
  if ((raw >= hipMemcpyHostToHost && raw <= hipMemcpyDefault) || raw == hipMemcpyDeviceToDeviceNoCU)
    return static_cast<hipMemcpyKind>(raw);
  return static_cast<hipMemcpyKind>(hipMemcpyDefault + 1);
}

// A 3D parameter block: positions and extents in bytes, rows and slices (hipArray sides are
// turned into pitched pointers first: ArrayCopyApi.cpp).
hipError_t copy3D(const char* call, const hipMemcpy3DParms* parameters, hipStream_t stream,
                  bool wait) {
  if (parameters == nullptr)
    return finish(call, fail(hipErrorInvalidValue, "%s: parameters are null", call));
  hipMemcpy3DParms resolved;
  if (Status status = hipcore::api::resolveArrays(*parameters, resolved); !status.ok())
    return finish(call, std::move(status));
  const hipMemcpy3DParms* p = &resolved;
  const hipMemcpyKind kind = kindField(parameters->kind);
  const hipExtent& e = p->extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return copy(call, stream, {}, {}, Extent{0}, kind, wait);
  const struct {
    const hipPitchedPtr& pointer;
    const hipPos& position;
    const char* role;
  } sides[] = {{p->dstPtr, p->dstPos, "destination"}, {p->srcPtr, p->srcPos, "source"}};
  for (const auto& side : sides) {
    // As for a memcpy node: a row wider than its pitch is a pitch error, a row that fits but
    // starts too far right an invalid value.
    if (e.width > side.pointer.pitch)
      return finish(call, fail(hipErrorInvalidPitchValue, "%s: %s width %zu exceeds its pitch %zu",
                               call, side.role, e.width, side.pointer.pitch));
    if (side.position.x + e.width > side.pointer.pitch)
      return finish(
          call, fail(hipErrorInvalidValue, "%s: %s x %zu + width %zu exceeds its pitch %zu", call,
                     side.role, side.position.x, e.width, side.pointer.pitch));
    if ((e.depth > 1 || side.position.z > 0) && side.position.y + e.height > side.pointer.ysize)
      return finish(
          call, fail(hipErrorInvalidValue, "%s: %s y %zu + height %zu exceeds its %zu rows", call,
                     side.role, side.position.y, e.height, side.pointer.ysize));
  }
  auto at = [](const hipPitchedPtr& pointer, const hipPos& position) {
    size_t slice = pointer.pitch * pointer.ysize;
    return position.z * slice + position.y * pointer.pitch + position.x;
  };
  if (p->dstPtr.ptr == nullptr || p->srcPtr.ptr == nullptr)
    return finish(call,
                  fail(hipErrorInvalidValue, "%s: %p -> %p", call, p->srcPtr.ptr, p->dstPtr.ptr));
  Pitched<void*> destination{static_cast<char*>(p->dstPtr.ptr) + at(p->dstPtr, p->dstPos),
                             p->dstPtr.pitch, p->dstPtr.pitch * p->dstPtr.ysize};
  Pitched<const void*> source{static_cast<const char*>(p->srcPtr.ptr) + at(p->srcPtr, p->srcPos),
                              p->srcPtr.pitch, p->srcPtr.pitch * p->srcPtr.ysize};
  return copy(call, stream, destination, source, Extent{e.width, e.height, e.depth}, kind, wait);
}

hipError_t copyPeer(const char* call, void* destination, int destinationDevice, const void* source,
                    int sourceDevice, size_t bytes, hipStream_t stream, bool wait) {
  int count = hipcore::api::runtime().deviceCount();
  if (destinationDevice < 0 || destinationDevice >= count || sourceDevice < 0 ||
      sourceDevice >= count)
    return finish(call, fail(hipErrorInvalidDevice, "%s: devices %d -> %d of %d", call,
                             sourceDevice, destinationDevice, count));
  return copy1D(call, destination, source, bytes, hipMemcpyDeviceToDevice, stream, wait);
}

}  // namespace

HIPCORE_API hipError_t hipMemcpy(void* destination, const void* source, size_t size,
                                 hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy", hipMemcpy,
      [&] { return copy1D("hipMemcpy", destination, source, size, kind, nullptr, true); },
      "destination, source, size, kind", destination, source, size, kind);
}
HIPCORE_API hipError_t hipMemcpyAsync(void* destination, const void* source, size_t size,
                                      hipMemcpyKind kind, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyAsync", hipMemcpyAsync,
      [&] { return copy1D("hipMemcpyAsync", destination, source, size, kind, stream, false); },
      "destination, source, size, kind, stream", destination, source, size, kind, stream);
}

HIPCORE_API hipError_t hipMemcpy2D(void* destination, size_t destinationPitch, const void* source,
                                   size_t sourcePitch, size_t width, size_t height,
                                   hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpy2D", hipMemcpy2D,
      [&] {
        return copy2D("hipMemcpy2D", destination, destinationPitch, source, sourcePitch, width,
                      height, kind, nullptr, true);
      },
      "destination, destinationPitch, source, sourcePitch, width, height, kind", destination,
      destinationPitch, source, sourcePitch, width, height, kind);
}
HIPCORE_API hipError_t hipMemcpy2DAsync(void* destination, size_t destinationPitch,
                                        const void* source, size_t sourcePitch, size_t width,
                                        size_t height, hipMemcpyKind kind, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy2DAsync", hipMemcpy2DAsync,
      [&] {
        return copy2D("hipMemcpy2DAsync", destination, destinationPitch, source, sourcePitch, width,
                      height, kind, stream, false);
      },
      "destination, destinationPitch, source, sourcePitch, width, height, kind, stream",
      destination, destinationPitch, source, sourcePitch, width, height, kind, stream);
}

HIPCORE_API hipError_t hipMemcpy3D(const hipMemcpy3DParms* p) {
  return hipcore::api::call(
      "hipMemcpy3D", hipMemcpy3D, [&] { return copy3D("hipMemcpy3D", p, nullptr, true); }, "p", p);
}
HIPCORE_API hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms* p, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpy3DAsync", hipMemcpy3DAsync,
      [&] { return copy3D("hipMemcpy3DAsync", p, stream, false); }, "p, stream", p, stream);
}

HIPCORE_API hipError_t hipMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice,
                                     size_t sizeBytes) {
  return hipcore::api::call(
      "hipMemcpyPeer", hipMemcpyPeer,
      [&] {
        return copyPeer("hipMemcpyPeer", dst, dstDevice, src, srcDevice, sizeBytes, nullptr, true);
      },
      "dst, dstDevice, src, srcDevice, sizeBytes", dst, dstDevice, src, srcDevice, sizeBytes);
}
HIPCORE_API hipError_t hipMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice,
                                          size_t sizeBytes, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyPeerAsync", hipMemcpyPeerAsync,
      [&] {
        return copyPeer("hipMemcpyPeerAsync", dst, dstDevice, src, srcDevice, sizeBytes, stream,
                        false);
      },
      "dst, dstDevice, src, srcDevice, sizeBytes, stream", dst, dstDevice, src, srcDevice,
      sizeBytes, stream);
}

HIPCORE_API hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t sizeBytes) {
  return hipcore::api::call(
      "hipMemcpyHtoD", hipMemcpyHtoD,
      [&] {
        return copy1D("hipMemcpyHtoD", dst, src, sizeBytes, hipMemcpyHostToDevice, nullptr, true);
      },
      "dst, src, sizeBytes", dst, src, sizeBytes);
}
HIPCORE_API hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t sizeBytes) {
  return hipcore::api::call(
      "hipMemcpyDtoH", hipMemcpyDtoH,
      [&] {
        return copy1D("hipMemcpyDtoH", dst, src, sizeBytes, hipMemcpyDeviceToHost, nullptr, true);
      },
      "dst, src, sizeBytes", dst, src, sizeBytes);
}
HIPCORE_API hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes) {
  return hipcore::api::call(
      "hipMemcpyDtoD", hipMemcpyDtoD,
      [&] {
        return copy1D("hipMemcpyDtoD", dst, src, sizeBytes, hipMemcpyDeviceToDevice, nullptr, true);
      },
      "dst, src, sizeBytes", dst, src, sizeBytes);
}
HIPCORE_API hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src, size_t sizeBytes,
                                          hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyHtoDAsync", hipMemcpyHtoDAsync,
      [&] {
        return copy1D("hipMemcpyHtoDAsync", dst, src, sizeBytes, hipMemcpyHostToDevice, stream,
                      false);
      },
      "dst, src, sizeBytes, stream", dst, src, sizeBytes, stream);
}
HIPCORE_API hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t sizeBytes,
                                          hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyDtoHAsync", hipMemcpyDtoHAsync,
      [&] {
        return copy1D("hipMemcpyDtoHAsync", dst, src, sizeBytes, hipMemcpyDeviceToHost, stream,
                      false);
      },
      "dst, src, sizeBytes, stream", dst, src, sizeBytes, stream);
}
HIPCORE_API hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes,
                                          hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyDtoDAsync", hipMemcpyDtoDAsync,
      [&] {
        return copy1D("hipMemcpyDtoDAsync", dst, src, sizeBytes, hipMemcpyDeviceToDevice, stream,
                      false);
      },
      "dst, src, sizeBytes, stream", dst, src, sizeBytes, stream);
}
// Complete on return, ordered after the stream's earlier work.
HIPCORE_API hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t sizeBytes,
                                           hipMemcpyKind kind, hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyWithStream", hipMemcpyWithStream,
      [&] {
        hipError_t queued = copy1D("hipMemcpyWithStream", dst, src, sizeBytes, kind, stream, false);
        return queued == hipSuccess && sizeBytes != 0 ? hipStreamSynchronize(stream) : queued;
      },
      "dst, src, sizeBytes, kind, stream", dst, src, sizeBytes, kind, stream);
}
