// Device variables by host symbol: hipGetSymbolAddress, hipGetSymbolSize, hipMemcpyToSymbol,
// hipMemcpyFromSymbol. The symbol is the address of the host shadow clang registered with
// __hipRegisterVar (HIP_SYMBOL(x) is &x).
#include "ApiCall.h"
#include "ApiState.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

Status lookup(const void* symbol, const hipcore::core::Variable*& variable) {
  variable = symbol ? hipcore::api::registry().findVariable(symbol) : nullptr;
  if (variable == nullptr || variable->managed)
    return fail(hipErrorInvalidSymbol, "%p is not a registered __device__ or __constant__ variable",
                symbol);
  return Status::success();
}

// The device address of [offset, offset + bytes) of the symbol on the current device.
Status resolve(const void* symbol, size_t offset, size_t bytes, hipcore::core::Device*& device,
               void*& address) {
  const hipcore::core::Variable* variable = nullptr;
  if (Status found = lookup(symbol, variable); !found.ok()) return found;
  if (offset > variable->size || bytes > variable->size - offset)
    return fail(hipErrorInvalidValue, "%zu bytes at offset %zu of %s (%zu bytes)", bytes, offset,
                variable->name.c_str(), variable->size);
  if (Status current = hipcore::api::currentDevice(device); !current.ok()) return current;
  void* base = nullptr;
  if (Status located = device->variableAddress(*variable, base); !located.ok()) return located;
  address = static_cast<char*>(base) + offset;
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipGetSymbolAddress(void** devicePointer, const void* symbol) {
  return hipcore::api::call(
      "hipGetSymbolAddress", hipGetSymbolAddress,
      [&] {
        if (devicePointer == nullptr)
          return finish("hipGetSymbolAddress", fail(hipErrorInvalidValue, "devicePointer is null"));
        hipcore::core::Device* device = nullptr;
        return finish("hipGetSymbolAddress", resolve(symbol, 0, 0, device, *devicePointer));
      },
      "devicePointer, symbol", devicePointer, symbol);
}

HIPCORE_API hipError_t hipGetSymbolSize(size_t* size, const void* symbol) {
  return hipcore::api::call(
      "hipGetSymbolSize", hipGetSymbolSize,
      [&] {
        if (size == nullptr)
          return finish("hipGetSymbolSize", fail(hipErrorInvalidValue, "size is null"));
        const hipcore::core::Variable* variable = nullptr;
        Status status = lookup(symbol, variable);
        if (status.ok()) *size = variable->size;
        return finish("hipGetSymbolSize", std::move(status));
      },
      "size, symbol", size, symbol);
}

HIPCORE_API hipError_t hipMemcpyToSymbol(const void* symbol, const void* source, size_t size,
                                         size_t offset, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpyToSymbol", hipMemcpyToSymbol,
      [&] {
        if (kind != hipMemcpyHostToDevice && kind != hipMemcpyDeviceToDevice &&
            kind != hipMemcpyDefault)
          return finish("hipMemcpyToSymbol", fail(hipErrorInvalidMemcpyDirection,
                                                  "kind %d into a symbol", static_cast<int>(kind)));
        if (source == nullptr && size != 0)
          return finish("hipMemcpyToSymbol", fail(hipErrorInvalidValue, "source is null"));
        hipcore::core::Device* device = nullptr;
        void* address = nullptr;
        Status status = resolve(symbol, offset, size, device, address);
        if (status.ok()) status = device->copies().copy(address, source, size, kind);
        return finish("hipMemcpyToSymbol", std::move(status));
      },
      "symbol, source, size, offset, kind", symbol, source, size, offset, kind);
}

HIPCORE_API hipError_t hipMemcpyFromSymbol(void* destination, const void* symbol, size_t size,
                                           size_t offset, hipMemcpyKind kind) {
  return hipcore::api::call(
      "hipMemcpyFromSymbol", hipMemcpyFromSymbol,
      [&] {
        if (kind != hipMemcpyDeviceToHost && kind != hipMemcpyDeviceToDevice &&
            kind != hipMemcpyDefault)
          return finish("hipMemcpyFromSymbol",
                        fail(hipErrorInvalidMemcpyDirection, "kind %d out of a symbol",
                             static_cast<int>(kind)));
        if (destination == nullptr && size != 0)
          return finish("hipMemcpyFromSymbol", fail(hipErrorInvalidValue, "destination is null"));
        hipcore::core::Device* device = nullptr;
        void* address = nullptr;
        Status status = resolve(symbol, offset, size, device, address);
        if (status.ok()) status = device->copies().copy(destination, address, size, kind);
        return finish("hipMemcpyFromSymbol", std::move(status));
      },
      "destination, symbol, size, offset, kind", destination, symbol, size, offset, kind);
}
