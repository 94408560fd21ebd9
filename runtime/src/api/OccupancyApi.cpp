// Occupancy queries: hipOccupancyMaxActiveBlocksPerMultiprocessor(WithFlags), the module
// variants, and hipOccupancyMaxPotentialBlockSize (core/Occupancy.h has the arithmetic).
#include "ApiCall.h"
#include "ApiState.h"
#include "FunctionHandles.h"
#include "core/Occupancy.h"

using hipcore::api::finish;
using hipcore::core::DeviceKernel;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// The kernel behind a host handle, on the current device (loads it there on first use).
Status codeOf(const void* function, hipcore::core::Device*& device, const DeviceKernel*& code) {
  if (function == nullptr) return fail(hipErrorInvalidDeviceFunction, "function is null");
  if (Status status = hipcore::api::currentDevice(device); !status.ok()) return status;
  const hipcore::core::Kernel* kernel = hipcore::api::registry().findKernel(function);
  if (kernel == nullptr)
    return fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle", function);
  return device->resolve(*kernel, code);
}

// A module's function, a library's kernel or a registered kernel's handle (FunctionHandles.h).
Status codeOf(hipFunction_t function, hipcore::core::Device*& device, const DeviceKernel*& code) {
  hipcore::api::FunctionTarget target;
  if (Status status = hipcore::api::functionTarget(function, nullptr, target); !status.ok())
    return status;
  device = target.device;
  code = target.code;
  return Status::success();
}

Status activeBlocks(int* numBlocks, const hipcore::core::Device& device, const DeviceKernel& code,
                    int blockSize, size_t dynamicLds, unsigned flags) {
  if (flags != hipOccupancyDefault && flags != hipOccupancyDisableCachingOverride)
    return fail(hipErrorInvalidValue, "flags 0x%x", flags);
  if (blockSize <= 0) return fail(hipErrorInvalidValue, "block size %d", blockSize);
  *numBlocks = static_cast<int>(hipcore::core::maxActiveBlocksPerCu(
      hipcore::core::occupancyLimits(device.properties()), hipcore::core::kernelResources(code),
      static_cast<uint32_t>(blockSize), dynamicLds));
  return Status::success();
}

Status potentialBlockSize(int* gridSize, int* blockSize, const hipcore::core::Device& device,
                          const DeviceKernel& code, size_t dynamicLds, int blockSizeLimit) {
  if (blockSizeLimit < 0) return fail(hipErrorInvalidValue, "block size limit %d", blockSizeLimit);
  uint32_t block = 0, grid = 0;
  hipcore::core::maxPotentialBlockSize(hipcore::core::occupancyLimits(device.properties()),
                                       hipcore::core::kernelResources(code), dynamicLds,
                                       static_cast<uint32_t>(blockSizeLimit), block, grid);
  if (block == 0)
    return fail(hipErrorInvalidValue,
                "kernel %s cannot run with %zu bytes of dynamic shared memory", code.name.c_str(),
                dynamicLds);
  *gridSize = static_cast<int>(grid);
  *blockSize = static_cast<int>(block);
  return Status::success();
}

template <typename Function>
hipError_t activeBlocksCall(const char* call, int* numBlocks, Function function, int blockSize,
                            size_t dynamicLds, unsigned flags) {
  if (numBlocks == nullptr) return finish(call, fail(hipErrorInvalidValue, "numBlocks is null"));
  hipcore::core::Device* device = nullptr;
  const DeviceKernel* code = nullptr;
  Status status = codeOf(function, device, code);
  if (status.ok()) status = activeBlocks(numBlocks, *device, *code, blockSize, dynamicLds, flags);
  return finish(call, std::move(status));
}

template <typename Function>
hipError_t potentialBlockSizeCall(const char* call, int* gridSize, int* blockSize,
                                  Function function, size_t dynamicLds, int blockSizeLimit,
                                  unsigned flags) {
  if (gridSize == nullptr || blockSize == nullptr)
    return finish(call, fail(hipErrorInvalidValue, "gridSize or blockSize is null"));
  if (flags != hipOccupancyDefault && flags != hipOccupancyDisableCachingOverride)
    return finish(call, fail(hipErrorInvalidValue, "flags 0x%x", flags));
  hipcore::core::Device* device = nullptr;
  const DeviceKernel* code = nullptr;
  Status status = codeOf(function, device, code);
  if (status.ok())
    status = potentialBlockSize(gridSize, blockSize, *device, *code, dynamicLds, blockSizeLimit);
  return finish(call, std::move(status));
}

}  // namespace

HIPCORE_API hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks,
                                                                    const void* function,
                                                                    int blockSize,
                                                                    size_t dynSharedMemPerBlk) {
  return hipcore::api::call(
      "hipOccupancyMaxActiveBlocksPerMultiprocessor", hipOccupancyMaxActiveBlocksPerMultiprocessor,
      [&] {
        return activeBlocksCall("hipOccupancyMaxActiveBlocksPerMultiprocessor", numBlocks, function,
                                blockSize, dynSharedMemPerBlk, hipOccupancyDefault);
      },
      "numBlocks, function, blockSize, dynSharedMemPerBlk", numBlocks, function, blockSize,
      dynSharedMemPerBlk);
}

HIPCORE_API hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, const void* function, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags) {
  return hipcore::api::call(
      "hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
      hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags,
      [&] {
        return activeBlocksCall("hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", numBlocks,
                                function, blockSize, dynSharedMemPerBlk, flags);
      },
      "numBlocks, function, blockSize, dynSharedMemPerBlk, flags", numBlocks, function, blockSize,
      dynSharedMemPerBlk, flags);
}

HIPCORE_API hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, hipFunction_t function, int blockSize, size_t dynSharedMemPerBlk) {
  return hipcore::api::call(
      "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor",
      hipModuleOccupancyMaxActiveBlocksPerMultiprocessor,
      [&] {
        return activeBlocksCall("hipModuleOccupancyMaxActiveBlocksPerMultiprocessor", numBlocks,
                                function, blockSize, dynSharedMemPerBlk, hipOccupancyDefault);
      },
      "numBlocks, function, blockSize, dynSharedMemPerBlk", numBlocks, function, blockSize,
      dynSharedMemPerBlk);
}

HIPCORE_API hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, hipFunction_t function, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags) {
  return hipcore::api::call(
      "hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
      hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags,
      [&] {
        return activeBlocksCall("hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
                                numBlocks, function, blockSize, dynSharedMemPerBlk, flags);
      },
      "numBlocks, function, blockSize, dynSharedMemPerBlk, flags", numBlocks, function, blockSize,
      dynSharedMemPerBlk, flags);
}

HIPCORE_API hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                                         const void* function,
                                                         size_t dynSharedMemPerBlk,
                                                         int blockSizeLimit) {
  return hipcore::api::call(
      "hipOccupancyMaxPotentialBlockSize", hipOccupancyMaxPotentialBlockSize,
      [&] {
        return potentialBlockSizeCall("hipOccupancyMaxPotentialBlockSize", gridSize, blockSize,
                                      function, dynSharedMemPerBlk, blockSizeLimit,
                                      hipOccupancyDefault);
      },
      "gridSize, blockSize, function, dynSharedMemPerBlk, blockSizeLimit", gridSize, blockSize,
      function, dynSharedMemPerBlk, blockSizeLimit);
}

HIPCORE_API hipError_t hipModuleOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                                               hipFunction_t function,
                                                               size_t dynSharedMemPerBlk,
                                                               int blockSizeLimit) {
  return hipcore::api::call(
      "hipModuleOccupancyMaxPotentialBlockSize", hipModuleOccupancyMaxPotentialBlockSize,
      [&] {
        return potentialBlockSizeCall("hipModuleOccupancyMaxPotentialBlockSize", gridSize,
                                      blockSize, function, dynSharedMemPerBlk, blockSizeLimit,
                                      hipOccupancyDefault);
      },
      "gridSize, blockSize, function, dynSharedMemPerBlk, blockSizeLimit", gridSize, blockSize,
      function, dynSharedMemPerBlk, blockSizeLimit);
}

HIPCORE_API hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    int* gridSize, int* blockSize, hipFunction_t function, size_t dynSharedMemPerBlk,
    int blockSizeLimit, unsigned int flags) {
  return hipcore::api::call(
      "hipModuleOccupancyMaxPotentialBlockSizeWithFlags",
      hipModuleOccupancyMaxPotentialBlockSizeWithFlags,
      [&] {
        return potentialBlockSizeCall("hipModuleOccupancyMaxPotentialBlockSizeWithFlags", gridSize,
                                      blockSize, function, dynSharedMemPerBlk, blockSizeLimit,
                                      flags);
      },
      "gridSize, blockSize, function, dynSharedMemPerBlk, blockSizeLimit, flags", gridSize,
      blockSize, function, dynSharedMemPerBlk, blockSizeLimit, flags);
}

HIPCORE_API hipError_t hipOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize,
                                                                const void* f, int numBlocks,
                                                                int blockSize) {
  return hipcore::api::call(
      "hipOccupancyAvailableDynamicSMemPerBlock", hipOccupancyAvailableDynamicSMemPerBlock,
      [&] {
        const char* call = "hipOccupancyAvailableDynamicSMemPerBlock";
        if (dynamicSmemSize == nullptr)
          return finish(call, fail(hipErrorInvalidValue, "dynamicSmemSize is null"));
        if (numBlocks <= 0 || blockSize <= 0)
          return finish(
              call, fail(hipErrorInvalidValue, "%d blocks of %d threads", numBlocks, blockSize));
        hipcore::core::Device* device = nullptr;
        const DeviceKernel* code = nullptr;
        if (Status status = codeOf(f, device, code); !status.ok())
          return finish(call, std::move(status));
        const auto limits = hipcore::core::occupancyLimits(device->properties());
        const auto resources = hipcore::core::kernelResources(*code);
        if (static_cast<uint32_t>(blockSize) > limits.maxWorkgroupSize)
          return finish(call, fail(hipErrorInvalidValue, "block size %d above the device's %u",
                                   blockSize, limits.maxWorkgroupSize));
        // Occupancy falls as LDS grows: the largest size that still fits numBlocks blocks, found
        // by bisection over what one block may have (0 when even none fits them).
        auto fits = [&](size_t bytes) {
          return hipcore::core::maxActiveBlocksPerCu(limits, resources,
                                                     static_cast<uint32_t>(blockSize),
                                                     bytes) >= static_cast<uint32_t>(numBlocks);
        };
        // A block's LDS, static and dynamic, is bounded by sharedMemPerBlock.
        const size_t perBlock = static_cast<size_t>(device->properties().sharedMemPerBlock);
        size_t low = 0;
        size_t high = perBlock > resources.staticLds ? perBlock - resources.staticLds : 0;
        if (!fits(0)) high = 0;
        while (low < high) {
          size_t middle = low + (high - low + 1) / 2;
          if (fits(middle))
            low = middle;
          else
            high = middle - 1;
        }
        *dynamicSmemSize = low;
        return hipSuccess;
      },
      "dynamicSmemSize, f, numBlocks, blockSize", dynamicSmemSize, f, numBlocks, blockSize);
}
