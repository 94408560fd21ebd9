// Memory beyond hipMalloc: pitched 2D and 3D allocations and the async symbol copies (fills:
// FillApi.cpp, copies: CopyApi.cpp). Host allocation and pointer queries: HostAllocationApi.cpp.
#include <algorithm>

#include "ApiCall.h"
#include "ApiState.h"
#include "hsa/Hsa.h"

using hipcore::api::finish;
using hipcore::core::Device;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// Rows of pitched allocations start on this boundary (hipDeviceProp_t::textureAlignment).
constexpr size_t kPitchAlignment = 256;

}  // namespace

HIPCORE_API hipError_t hipMallocPitch(void** pointer, size_t* pitch, size_t width, size_t height) {
  return hipcore::api::call(
      "hipMallocPitch", hipMallocPitch,
      [&] {
        if (pointer == nullptr || pitch == nullptr)
          return finish("hipMallocPitch", fail(hipErrorInvalidValue, "null argument"));
        *pointer = nullptr;
        size_t rowBytes = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
        if (height != 0 && rowBytes > SIZE_MAX / height)
          return finish("hipMallocPitch",
                        fail(hipErrorOutOfMemory, "%zu rows of %zu bytes", height, width));
        *pitch = rowBytes;
        return hipMalloc(pointer, rowBytes * height);
      },
      "pointer, pitch, width, height", pointer, pitch, width, height);
}

HIPCORE_API hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent) {
  return hipcore::api::call(
      "hipMalloc3D", hipMalloc3D,
      [&] {
        if (pitchedDevPtr == nullptr)
          return finish("hipMalloc3D", fail(hipErrorInvalidValue, "pitchedDevPtr is null"));
        *pitchedDevPtr = make_hipPitchedPtr(nullptr, 0, extent.width, extent.height);
        size_t pitch = 0;
        if (extent.height != 0 && extent.depth > SIZE_MAX / extent.height)
          return finish("hipMalloc3D",
                        fail(hipErrorOutOfMemory, "%zu x %zu rows", extent.height, extent.depth));
        hipError_t allocated =
            hipMallocPitch(&pitchedDevPtr->ptr, &pitch, extent.width, extent.height * extent.depth);
        if (allocated == hipSuccess) pitchedDevPtr->pitch = pitch;
        return allocated;
      },
      "pitchedDevPtr, extent", pitchedDevPtr, extent);
}

namespace {

// The device address of `size` bytes at `offset` in a registered variable (loads its code object
// on first use), or the error hipGetSymbolAddress/hipGetSymbolSize gave.
hipError_t symbolRange(const char* call, const void* symbol, size_t size, size_t offset,
                       char*& out) {
  void* base = nullptr;
  size_t bytes = 0;
  if (hipError_t found = hipGetSymbolSize(&bytes, symbol); found != hipSuccess) return found;
  if (offset > bytes || size > bytes - offset)
    return finish(
        call, fail(hipErrorInvalidValue, "%s: %zu bytes at offset %zu of a %zu-byte variable", call,
                   size, offset, bytes));
  if (hipError_t located = hipGetSymbolAddress(&base, symbol); located != hipSuccess)
    return located;
  out = static_cast<char*>(base) + offset;
  return hipSuccess;
}

}  // namespace

// Queued on the stream like any copy (asynchronous for pinned host memory, see CopyApi.cpp).
HIPCORE_API hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* source, size_t size,
                                              size_t offset, hipMemcpyKind kind,
                                              hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyToSymbolAsync", hipMemcpyToSymbolAsync,
      [&] {
        if (kind != hipMemcpyHostToDevice && kind != hipMemcpyDeviceToDevice &&
            kind != hipMemcpyDefault)
          return finish("hipMemcpyToSymbolAsync",
                        fail(hipErrorInvalidMemcpyDirection, "kind %d into a symbol",
                             static_cast<int>(kind)));
        if (source == nullptr && size != 0)
          return finish("hipMemcpyToSymbolAsync", fail(hipErrorInvalidValue, "source is null"));
        Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
          return finish("hipMemcpyToSymbolAsync", std::move(status));
        char* address = nullptr;
        if (hipError_t found = symbolRange("hipMemcpyToSymbolAsync", symbol, size, offset, address);
            found != hipSuccess)
          return found;
        return hipMemcpyAsync(address, source, size, kind, stream);
      },
      "symbol, source, size, offset, kind, stream", symbol, source, size, offset, kind, stream);
}

HIPCORE_API hipError_t hipMemcpyFromSymbolAsync(void* destination, const void* symbol, size_t size,
                                                size_t offset, hipMemcpyKind kind,
                                                hipStream_t stream) {
  return hipcore::api::call(
      "hipMemcpyFromSymbolAsync", hipMemcpyFromSymbolAsync,
      [&] {
        if (kind != hipMemcpyDeviceToHost && kind != hipMemcpyDeviceToDevice &&
            kind != hipMemcpyDefault)
          return finish("hipMemcpyFromSymbolAsync",
                        fail(hipErrorInvalidMemcpyDirection, "kind %d out of a symbol",
                             static_cast<int>(kind)));
        if (destination == nullptr && size != 0)
          return finish("hipMemcpyFromSymbolAsync",
                        fail(hipErrorInvalidValue, "destination is null"));
        Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
          return finish("hipMemcpyFromSymbolAsync", std::move(status));
        char* address = nullptr;
        if (hipError_t found =
                symbolRange("hipMemcpyFromSymbolAsync", symbol, size, offset, address);
            found != hipSuccess)
          return found;
        return hipMemcpyAsync(destination, address, size, kind, stream);
      },
      "destination, symbol, size, offset, kind, stream", destination, symbol, size, offset, kind,
      stream);
}
