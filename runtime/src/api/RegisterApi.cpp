// The registration calls of clang's HIP module constructors (docs/PLATFORM.md section 3). They only
// record pointers and names; parsing and loading wait for a kernel's first launch.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "ApiCall.h"
#include "ApiState.h"
#include "TextureReferences.h"
#include "core/Module.h"
#include "hip/hipcore_ext.h"

namespace {

// The .hipFatBinSegment record clang emits: {magic "HIPF", version 1, bundle, unused}.
struct FatBinaryWrapper {
  uint32_t magic;
  uint32_t version;
  const void* bundle;
  const void* unused;
};
constexpr uint32_t kFatBinaryMagic = 0x48495046;

void logCall(const char* format, const void* a, const char* name) {
  if (hipcore::api::options().log) std::fprintf(stderr, format, a, name ? name : "");
}

hipcore::core::FatBinary* fatBinaryOf(void** handle) {
  return reinterpret_cast<hipcore::core::FatBinary*>(handle);
}

}  // namespace

HIPCORE_API void** __hipRegisterFatBinary(const void* data) {
  auto* wrapper = static_cast<const FatBinaryWrapper*>(data);
  if (wrapper == nullptr || wrapper->magic != kFatBinaryMagic || wrapper->bundle == nullptr) {
    std::fprintf(stderr, "hipcore: __hipRegisterFatBinary(%p): not a HIP fat binary wrapper\n",
                 data);
    return nullptr;
  }
  hipcore::core::FatBinary* fatBinary = hipcore::api::registry().addFatBinary(wrapper->bundle);
  logCall("hipcore: __hipRegisterFatBinary(bundle %p)%s\n", wrapper->bundle, nullptr);
  return reinterpret_cast<void**>(fatBinary);
}

HIPCORE_API void __hipRegisterFunction(void** modules, const void* hostFunction,
                                       char* deviceFunction, const char* deviceName, unsigned int,
                                       void*, void*, void*, void*, int*) {
  if (modules == nullptr || hostFunction == nullptr || deviceName == nullptr) return;
  (void)deviceFunction;
  hipcore::api::registry().addKernel(fatBinaryOf(modules), hostFunction, deviceName);
  logCall("hipcore: __hipRegisterFunction(handle %p, %s)\n", hostFunction, deviceName);
}

HIPCORE_API void __hipRegisterVar(void** modules, void* var, char* hostVar, char* deviceVar,
                                  int ext, size_t size, int constant, int global) {
  (void)hostVar;
  (void)ext;
  (void)global;
  if (modules == nullptr || var == nullptr || deviceVar == nullptr) return;
  hipcore::api::registry().addVariable(
      {fatBinaryOf(modules), var, deviceVar, size, constant != 0, false});
  logCall("hipcore: __hipRegisterVar(%p, %s)\n", var, deviceVar);
}

HIPCORE_API void __hipRegisterManagedVar(void* hipModule, void** pointer, void* initValue,
                                         const char* name, size_t size, unsigned align) {
  if (hipModule == nullptr || pointer == nullptr || name == nullptr) return;
  // Host code reads the variable through *pointer from the start, so its storage exists now:
  // page-aligned host memory (no device work here), pinned for a GPU when the code loads.
  size_t alignment = std::max<size_t>({align, sizeof(void*), 4096});
  size_t bytes = (std::max<size_t>(size, 1) + alignment - 1) / alignment * alignment;
  void* memory = std::aligned_alloc(alignment, bytes);
  if (memory == nullptr) {
    std::fprintf(stderr, "hipcore: no memory for managed variable %s (%zu bytes)\n", name, size);
    return;
  }
  std::memset(memory, 0, bytes);
  if (initValue != nullptr) std::memcpy(memory, initValue, size);
  *pointer = memory;
  hipcore::core::Variable variable{
      fatBinaryOf(static_cast<void**>(hipModule)), pointer, name, size, false, true};
  variable.managedMemory = memory;
  hipcore::api::registry().addVariable(std::move(variable));
  logCall("hipcore: __hipRegisterManagedVar(%p, %s)\n", pointer, name);
}

// A file-scope surface reference: a global of a class template marked
// __attribute__((device_builtin_surface_type)), as CUDA's surface<T, dim> (HIP's headers have
// none; clang registers such globals this way). It is a device variable holding a
// surfaceReference, registered as AMD's runtime does: the program writes its surfaceObject
// (hipMemcpyToSymbol) and kernels read it from there. HIP has no surface binding call.
HIPCORE_API void __hipRegisterSurface(void** modules, void* var, char* hostVar, char* deviceVar,
                                      int dim, int ext) {
  (void)hostVar;
  (void)dim;
  (void)ext;
  if (modules == nullptr || var == nullptr || deviceVar == nullptr) return;
  hipcore::api::registry().addVariable(
      {fatBinaryOf(modules), var, deviceVar, sizeof(surfaceReference), false, false});
  logCall("hipcore: __hipRegisterSurface(%p, %s)\n", var, deviceVar);
}

// A file-scope texture<> global: a device variable holding a textureReference, which the
// texture-reference API binds by its host shadow `var` (dim and readMode are in its type).
HIPCORE_API void __hipRegisterTexture(void** modules, void* var, char* hostVar, char* deviceVar,
                                      int dim, int readMode, int ext) {
  (void)hostVar;
  (void)dim;
  (void)readMode;
  (void)ext;
  if (modules == nullptr || var == nullptr || deviceVar == nullptr) return;
  hipcore::api::registry().addVariable(
      {fatBinaryOf(modules), var, deviceVar, sizeof(textureReference), false, false});
  hipcore::api::textureReferences().addStatic(var);
  logCall("hipcore: __hipRegisterTexture(%p, %s)\n", var, deviceVar);
}

HIPCORE_API void __hipUnregisterFatBinary(void** modules) {
  if (modules == nullptr) return;
  hipcore::api::registry().removeFatBinary(fatBinaryOf(modules));
  logCall("hipcore: __hipUnregisterFatBinary(%p)%s\n", modules, nullptr);
}

HIPCORE_API hipError_t hipcoreGetRegistrationCounts(hipcoreRegistrationCounts* counts) {
  return hipcore::api::call(
      "hipcoreGetRegistrationCounts", hipcoreGetRegistrationCounts,
      [&] {
        if (counts == nullptr) return hipErrorInvalidValue;
        hipcore::core::RegistrationCounts c = hipcore::api::registry().counts();
        *counts = {c.fatBinaries, c.functions, c.variables, c.managedVariables, c.unregistrations};
        return hipSuccess;
      },
      "counts", counts);
}

HIPCORE_API hipError_t hipcoreGetResolvedKernelCount(const void* kernel, size_t* resolved,
                                                     size_t* total) {
  return hipcore::api::call(
      "hipcoreGetResolvedKernelCount", hipcoreGetResolvedKernelCount,
      [&] {
        if (kernel == nullptr || resolved == nullptr || total == nullptr)
          return hipcore::api::finish("hipcoreGetResolvedKernelCount",
                                      hipcore::core::fail(hipErrorInvalidValue, "null argument"));
        hipcore::core::Device* device = nullptr;
        if (hipcore::core::Status status = hipcore::api::currentDevice(device); !status.ok())
          return hipcore::api::finish("hipcoreGetResolvedKernelCount", std::move(status));
        const hipcore::core::Kernel* found = hipcore::api::registry().findKernel(kernel);
        if (found == nullptr)
          return hipcore::api::finish(
              "hipcoreGetResolvedKernelCount",
              hipcore::core::fail(hipErrorInvalidDeviceFunction, "%p is not a kernel", kernel));
        hipcore::core::FatBinary& fatBinary = found->fatBinary();
        std::lock_guard lock(fatBinary.loadMutex());
        const std::unique_ptr<hipcore::core::Module>& module =
            fatBinary.module(static_cast<size_t>(device->index()));
        *resolved = module ? module->resolvedKernelCount() : 0;
        *total = module ? module->kernelCount() : 0;
        return hipSuccess;
      },
      "kernel, resolved, total", kernel, resolved, total);
}
