// The module API: hipModuleLoad(Data)(Ex), hipModuleLoadFatBinary, hipModuleUnload,
// hipModuleGetFunction(Count), hipModuleGetGlobal, hipModuleLaunchKernel.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "ApiCall.h"
#include "ApiState.h"
#include "CapturedCalls.h"
#include "FunctionHandles.h"
#include "ImageObjectState.h"
#include "JitOptions.h"
#include "TextureReferences.h"
#include "core/LoadedModule.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::LoadedModule;
using hipcore::core::Status;

namespace {

Status moduleOf(hipModule_t handle, LoadedModule*& out) {
  out = reinterpret_cast<LoadedModule*>(handle);
  if (!hipcore::core::plausibleHandle(handle) || !out->valid())
    return fail(hipErrorInvalidHandle, "%p is not a module", static_cast<void*>(handle));
  return Status::success();
}

Status loadModule(const void* image, size_t size, hipModule_t* module) {
  hipcore::core::Device* device = nullptr;
  if (Status current = hipcore::api::currentDevice(device); !current.ok()) return current;
  std::unique_ptr<LoadedModule> loaded;
  if (Status status = LoadedModule::load(*device, image, size, loaded); !status.ok()) return status;
  *module = reinterpret_cast<hipModule_t>(loaded.release());
  return Status::success();
}

// Arguments given as one packed buffer through `extra` ({HIP_LAUNCH_PARAM_BUFFER_POINTER, p,
// HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END}): point args[] into it.
Status argsFromExtra(void** extra, const hipcore::core::DeviceKernel& code, void** args,
                     size_t capacity) {
  const char* buffer = nullptr;
  size_t size = 0;
  for (size_t i = 0; extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
    if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER)
      buffer = static_cast<const char*>(extra[i + 1]);
    else if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE)
      size = *static_cast<const size_t*>(extra[i + 1]);
    else
      return fail(hipErrorInvalidValue, "unknown launch parameter %p in extra", extra[i]);
  }
  size_t count = code.layout.explicitCount();
  if (buffer == nullptr || count > capacity)
    return fail(hipErrorInvalidValue, "extra lacks an argument buffer, or %zu arguments exceed %zu",
                count, capacity);
  for (size_t i = 0; i < count; ++i) {
    if (code.layout.explicitOffset(i) >= size && size != 0)
      return fail(hipErrorInvalidValue, "argument %zu at offset %u is past the %zu-byte buffer", i,
                  code.layout.explicitOffset(i), size);
    args[i] = const_cast<char*>(buffer + code.layout.explicitOffset(i));
  }
  return Status::success();
}

}  // namespace

HIPCORE_API hipError_t hipModuleLoadData(hipModule_t* module, const void* image) {
  return hipcore::api::call(
      "hipModuleLoadData", hipModuleLoadData,
      [&] {
        if (module == nullptr || image == nullptr)
          return finish("hipModuleLoadData", fail(hipErrorInvalidValue, "null argument"));
        return finish("hipModuleLoadData", loadModule(image, 0, module));
      },
      "module, image", module, image);
}

namespace {

// A log buffer of hipModuleLoadDataEx: where its text goes and the slot of its size option.
struct JitLog {
  char* buffer = nullptr;
  void** size = nullptr;  // the option's value slot: capacity in, bytes written out

  void write(const std::string& text) const {
    if (buffer == nullptr || size == nullptr) return;
    size_t capacity = reinterpret_cast<uintptr_t>(*size);
    if (capacity == 0) return;
    size_t n = std::min(text.size(), capacity - 1);
    std::memcpy(buffer, text.data(), n);
    buffer[n] = '\0';
    *size = reinterpret_cast<void*>(static_cast<uintptr_t>(n));
  }
};

}  // namespace

// The options tune a JIT compilation; hipcore loads finished code objects, so all are accepted
// and only the logs are written (see hip_runtime_api.h).
HIPCORE_API hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image,
                                           unsigned int numOptions, hipJitOption* options,
                                           void** optionValues) {
  return hipcore::api::call(
      "hipModuleLoadDataEx", hipModuleLoadDataEx,
      [&] {
        if (module == nullptr || image == nullptr)
          return finish("hipModuleLoadDataEx", fail(hipErrorInvalidValue, "null argument"));
        if (numOptions > 0 && (options == nullptr || optionValues == nullptr))
          return finish(
              "hipModuleLoadDataEx",
              fail(hipErrorInvalidValue, "%u options but no option or value array", numOptions));
        JitLog info, error;
        for (unsigned i = 0; i < numOptions; ++i) {
          switch (options[i]) {
            case hipJitOptionInfoLogBuffer:
              info.buffer = static_cast<char*>(optionValues[i]);
              break;
            case hipJitOptionInfoLogBufferSizeBytes:
              info.size = &optionValues[i];
              break;
            case hipJitOptionErrorLogBuffer:
              error.buffer = static_cast<char*>(optionValues[i]);
              break;
            case hipJitOptionErrorLogBufferSizeBytes:
              error.size = &optionValues[i];
              break;
            default:
              if (!hipcore::api::knownJitOption(options[i]))
                return finish("hipModuleLoadDataEx",
                              fail(hipErrorInvalidValue, "option %u is %d, not a hipJitOption", i,
                                   options[i]));
          }
        }
        Status status = loadModule(image, 0, module);
        info.write("");
        error.write(status.message());
        return finish("hipModuleLoadDataEx", std::move(status));
      },
      "module, image, numOptions, options, optionValues", module, image, numOptions, options,
      optionValues);
}

HIPCORE_API hipError_t hipModuleLoad(hipModule_t* module, const char* path) {
  return hipcore::api::call(
      "hipModuleLoad", hipModuleLoad,
      [&] {
        if (module == nullptr || path == nullptr || *path == '\0')
          return finish("hipModuleLoad", fail(hipErrorInvalidValue, "null argument or empty path"));
        std::ifstream in(path, std::ios::binary);
        if (!in) return finish("hipModuleLoad", fail(hipErrorFileNotFound, "cannot open %s", path));
        std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                std::istreambuf_iterator<char>()};
        if (bytes.empty())
          return finish("hipModuleLoad", fail(hipErrorInvalidImage, "%s is empty", path));
        return finish("hipModuleLoad", loadModule(bytes.data(), bytes.size(), module));
      },
      "module, path", module, path);
}

// CUDA's name for loading a fat binary: an offload bundle (or bare code object) as for
// hipModuleLoadData.
HIPCORE_API hipError_t hipModuleLoadFatBinary(hipModule_t* module, const void* fatbin) {
  return hipcore::api::call(
      "hipModuleLoadFatBinary", hipModuleLoadFatBinary,
      [&] {
        if (module == nullptr || fatbin == nullptr)
          return finish("hipModuleLoadFatBinary", fail(hipErrorInvalidValue, "null argument"));
        return finish("hipModuleLoadFatBinary", loadModule(fatbin, 0, module));
      },
      "module, fatbin", module, fatbin);
}

HIPCORE_API hipError_t hipModuleGetFunctionCount(unsigned int* count, hipModule_t handle) {
  return hipcore::api::call(
      "hipModuleGetFunctionCount", hipModuleGetFunctionCount,
      [&] {
        // As in AMD's runtime: a null module is an invalid handle before a null count is looked at.
        LoadedModule* module = nullptr;
        Status status = handle == nullptr ? fail(hipErrorInvalidResourceHandle, "module is null")
                                          : moduleOf(handle, module);
        if (status.ok() && count == nullptr) status = fail(hipErrorInvalidValue, "count is null");
        if (status.ok()) *count = static_cast<unsigned>(module->functionCount());
        return finish("hipModuleGetFunctionCount", std::move(status));
      },
      "count, handle", count, handle);
}

HIPCORE_API hipError_t hipModuleUnload(hipModule_t handle) {
  return hipcore::api::call(
      "hipModuleUnload", hipModuleUnload,
      [&] {
        LoadedModule* module = nullptr;
        Status status = moduleOf(handle, module);
        // A handle that is no module (any more): HIP answers hipErrorNotFound, as for a second
        // unload; null stays an invalid handle.
        if (!status.ok() && handle != nullptr)
          status = fail(hipErrorNotFound, "%p is not a loaded module (unloaded already?)",
                        static_cast<void*>(handle));
        if (status.ok()) status = module->device().synchronize();  // its kernels may still run
        if (status.ok()) {
          // Its texture references (hipModuleGetTexRef) go with it, and what they were bound to.
          for (hipTextureObject_t bound : hipcore::api::textureReferences().forgetModule(module))
            (void)hipcore::api::destroyTexture("hipModuleUnload", bound);
          delete module;
        }
        return finish("hipModuleUnload", std::move(status));
      },
      "handle", handle);
}

HIPCORE_API hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t handle,
                                            const char* name) {
  return hipcore::api::call(
      "hipModuleGetFunction", hipModuleGetFunction,
      [&] {
        if (function == nullptr || name == nullptr)
          return finish("hipModuleGetFunction", fail(hipErrorInvalidValue, "null argument"));
        LoadedModule* module = nullptr;
        hipcore::core::ModuleFunction* found = nullptr;
        Status status = moduleOf(handle, module);
        if (status.ok()) status = module->function(name, found);
        if (status.ok()) *function = reinterpret_cast<hipFunction_t>(found);
        return finish("hipModuleGetFunction", std::move(status));
      },
      "function, handle, name", function, handle, name);
}

HIPCORE_API hipError_t hipModuleGetGlobal(hipDeviceptr_t* pointer, size_t* bytes,
                                          hipModule_t handle, const char* name) {
  return hipcore::api::call(
      "hipModuleGetGlobal", hipModuleGetGlobal,
      [&] {
        if (name == nullptr)
          return finish("hipModuleGetGlobal", fail(hipErrorInvalidValue, "name is null"));
        LoadedModule* module = nullptr;
        void* address = nullptr;
        size_t size = 0;
        Status status = moduleOf(handle, module);
        if (status.ok()) status = module->global(name, address, size);
        if (status.ok() && pointer != nullptr) *pointer = address;
        if (status.ok() && bytes != nullptr) *bytes = size;
        return finish("hipModuleGetGlobal", std::move(status));
      },
      "pointer, bytes, handle, name", pointer, bytes, handle, name);
}

HIPCORE_API hipError_t hipModuleLaunchKernel(hipFunction_t handle, unsigned gridX, unsigned gridY,
                                             unsigned gridZ, unsigned blockX, unsigned blockY,
                                             unsigned blockZ, unsigned sharedBytes,
                                             hipStream_t stream, void** kernelParams,
                                             void** extra) {
  return hipcore::api::call(
      "hipModuleLaunchKernel", hipModuleLaunchKernel,
      [&] {
        // Module launches count the grid in blocks, like hipLaunchKernel.
        hipcore::loader::LaunchGeometry geometry;
        const unsigned grid[3] = {gridX, gridY, gridZ};
        const unsigned block[3] = {blockX, blockY, blockZ};
        uint64_t threads = uint64_t{blockX} * blockY * blockZ;
        for (int d = 0; d < 3; ++d) {
          if (grid[d] == 0 || block[d] == 0 || uint64_t{grid[d]} * block[d] > UINT32_MAX ||
              threads > 1024)
            return finish("hipModuleLaunchKernel",
                          fail(hipErrorInvalidConfiguration, "grid (%u,%u,%u) block (%u,%u,%u)",
                               gridX, gridY, gridZ, blockX, blockY, blockZ));
          geometry.gridBlocks[d] = grid[d];
          geometry.blockSize[d] = block[d];
        }
        geometry.dynamicLdsBytes = sharedBytes;
        hipcore::core::Device* device = nullptr;
        hipcore::core::Stream* queue = nullptr;
        Status status = hipcore::api::streamOf(stream, device, queue);
        hipcore::api::FunctionTarget function;
        if (status.ok()) status = hipcore::api::functionTarget(handle, device, function);
        if (status.ok() && device != function.device)
          status = fail(hipErrorInvalidDevice, "function of device %d launched on device %d",
                        function.device->index(), device->index());
        if (status.ok() && queue != nullptr && queue->capture != nullptr)
          return finish("hipModuleLaunchKernel",
                        hipcore::api::captureLaunch(*queue, handle, dim3(gridX, gridY, gridZ),
                                                    dim3(blockX, blockY, blockZ), sharedBytes,
                                                    kernelParams, extra));
        void* packed[64];
        void** args = kernelParams;
        if (status.ok() && kernelParams == nullptr && extra != nullptr) {
          status = argsFromExtra(extra, *function.code, packed, 64);
          args = packed;
        }
        if (status.ok())
          status =
              hipcore::api::runtime().launchCode(*device, queue, *function.code, geometry, args);
        return finish("hipModuleLaunchKernel", std::move(status));
      },
      "handle, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, stream, kernelParams, "
      "extra",
      handle, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, stream, kernelParams,
      extra);
}
