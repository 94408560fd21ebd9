// Memory beyond hipMalloc/hipMemcpy: element fills (hipMemsetD8/D16/D32), pitched 2D memory and
// the async symbol copies. Host allocation and pointer queries: HostAllocationApi.cpp.
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

hipError_t fillElements(const char* call, void* destination, uint32_t pattern, unsigned width, size_t count,
                        hipStream_t stream) {
  if (count == 0) return hipSuccess;
  if (destination == nullptr) return finish(call, fail(hipErrorInvalidValue, "%s of %zu elements at null", call, count));
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  Status status = hipcore::api::streamOf(stream, device, queue);
  if (status.ok()) status = device->fillPattern(destination, pattern, width, count);
  return finish(call, std::move(status));
}

}  // namespace

HIPCORE_API hipError_t hipMemsetD8(hipDeviceptr_t destination, unsigned char value, size_t count) {
  HIPCORE_API_CALL(hipMemsetD8, destination, value, count);
  return fillElements(__func__, destination, value, 1, count, nullptr);
}
HIPCORE_API hipError_t hipMemsetD16(hipDeviceptr_t destination, unsigned short value, size_t count) {
  HIPCORE_API_CALL(hipMemsetD16, destination, value, count);
  return fillElements(__func__, destination, value, 2, count, nullptr);
}
HIPCORE_API hipError_t hipMemsetD32(hipDeviceptr_t destination, int value, size_t count) {
  HIPCORE_API_CALL(hipMemsetD32, destination, value, count);
  return fillElements(__func__, destination, static_cast<uint32_t>(value), 4, count, nullptr);
}
// Asynchronous in HIP's contract; complete on return here (after the stream's earlier work).
HIPCORE_API hipError_t hipMemsetD8Async(hipDeviceptr_t destination, unsigned char value, size_t count,
                                        hipStream_t stream) {
  HIPCORE_API_CALL(hipMemsetD8Async, destination, value, count, stream);
  return fillElements(__func__, destination, value, 1, count, stream);
}
HIPCORE_API hipError_t hipMemsetD16Async(hipDeviceptr_t destination, unsigned short value, size_t count,
                                         hipStream_t stream) {
  HIPCORE_API_CALL(hipMemsetD16Async, destination, value, count, stream);
  return fillElements(__func__, destination, value, 2, count, stream);
}
HIPCORE_API hipError_t hipMemsetD32Async(hipDeviceptr_t destination, int value, size_t count, hipStream_t stream) {
  HIPCORE_API_CALL(hipMemsetD32Async, destination, value, count, stream);
  return fillElements(__func__, destination, static_cast<uint32_t>(value), 4, count, stream);
}

HIPCORE_API hipError_t hipMallocPitch(void** pointer, size_t* pitch, size_t width, size_t height) {
  HIPCORE_API_CALL(hipMallocPitch, pointer, pitch, width, height);
  if (pointer == nullptr || pitch == nullptr) return finish(__func__, fail(hipErrorInvalidValue, "null argument"));
  *pointer = nullptr;
  size_t rowBytes = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
  if (height != 0 && rowBytes > SIZE_MAX / height)
    return finish(__func__, fail(hipErrorOutOfMemory, "%zu rows of %zu bytes", height, width));
  *pitch = rowBytes;
  return hipMalloc(pointer, rowBytes * height);
}

HIPCORE_API hipError_t hipMemcpy2D(void* destination, size_t destinationPitch, const void* source,
                                   size_t sourcePitch, size_t width, size_t height, hipMemcpyKind kind) {
  HIPCORE_API_CALL(hipMemcpy2D, destination, destinationPitch, source, sourcePitch, width, height, kind);
  if (width == 0 || height == 0) return hipSuccess;
  if (destination == nullptr || source == nullptr)
    return finish(__func__, fail(hipErrorInvalidValue, "hipMemcpy2D %p -> %p", source, destination));
  if (width > destinationPitch || width > sourcePitch)
    return finish(__func__, fail(hipErrorInvalidPitchValue, "width %zu, pitches %zu (destination) %zu (source)",
                                 width, destinationPitch, sourcePitch));
  // Rows packed on both sides: one copy.
  if (width == destinationPitch && width == sourcePitch) return hipMemcpy(destination, source, width * height, kind);
  for (size_t row = 0; row < height; ++row) {
    hipError_t copied = hipMemcpy(static_cast<char*>(destination) + row * destinationPitch,
                                  static_cast<const char*>(source) + row * sourcePitch, width, kind);
    if (copied != hipSuccess) return copied;
  }
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemcpy2DAsync(void* destination, size_t destinationPitch, const void* source,
                                        size_t sourcePitch, size_t width, size_t height, hipMemcpyKind kind,
                                        hipStream_t stream) {
  HIPCORE_API_CALL(hipMemcpy2DAsync, destination, destinationPitch, source, sourcePitch, width, height, kind, stream);
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
    return finish(__func__, std::move(status));
  return hipMemcpy2D(destination, destinationPitch, source, sourcePitch, width, height, kind);
}

HIPCORE_API hipError_t hipMemset2D(void* destination, size_t pitch, int value, size_t width, size_t height) {
  HIPCORE_API_CALL(hipMemset2D, destination, pitch, value, width, height);
  if (width == 0 || height == 0) return hipSuccess;
  if (width > pitch) return finish(__func__, fail(hipErrorInvalidPitchValue, "width %zu > pitch %zu", width, pitch));
  if (width == pitch) return hipMemset(destination, value, width * height);
  for (size_t row = 0; row < height; ++row) {
    hipError_t filled = hipMemset(static_cast<char*>(destination) + row * pitch, value, width);
    if (filled != hipSuccess) return filled;
  }
  return hipSuccess;
}

HIPCORE_API hipError_t hipMemset2DAsync(void* destination, size_t pitch, int value, size_t width, size_t height,
                                        hipStream_t stream) {
  HIPCORE_API_CALL(hipMemset2DAsync, destination, pitch, value, width, height, stream);
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
    return finish(__func__, std::move(status));
  return hipMemset2D(destination, pitch, value, width, height);
}

HIPCORE_API hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* source, size_t size, size_t offset,
                                              hipMemcpyKind kind, hipStream_t stream) {
  HIPCORE_API_CALL(hipMemcpyToSymbolAsync, symbol, source, size, offset, kind, stream);
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
    return finish(__func__, std::move(status));
  return hipMemcpyToSymbol(symbol, source, size, offset, kind);
}

HIPCORE_API hipError_t hipMemcpyFromSymbolAsync(void* destination, const void* symbol, size_t size, size_t offset,
                                                hipMemcpyKind kind, hipStream_t stream) {
  HIPCORE_API_CALL(hipMemcpyFromSymbolAsync, destination, symbol, size, offset, kind, stream);
  Device* device = nullptr;
  hipcore::core::DeviceQueue* queue = nullptr;
  if (Status status = hipcore::api::streamOf(stream, device, queue); !status.ok())
    return finish(__func__, std::move(status));
  return hipMemcpyFromSymbol(destination, symbol, size, offset, kind);
}
