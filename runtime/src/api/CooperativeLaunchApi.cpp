// Cooperative launch: hipLaunchCooperativeKernel, hipModuleLaunchCooperativeKernel and their
// MultiDevice forms (one device). A cooperative grid may synchronise as a whole
// (cooperative_groups::this_grid().sync()), which only works when every block is resident at once:
// grids larger than the occupancy of the kernel times the CU count are refused.
#include <algorithm>
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "FunctionHandles.h"
#include "core/Occupancy.h"
#include "hsa/VgpuExtension.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

// Launches `code` cooperatively on `device`'s `queue`, once its grid fits co-resident.
Status launchCooperativeCode(hipcore::core::Device& device, hipcore::core::Stream* queue,
                             const hipcore::core::DeviceKernel& code,
                             const hipcore::loader::LaunchGeometry& geometry, dim3 grid, dim3 block,
                             void** args, unsigned sharedBytes) {
  const uint64_t threads = uint64_t{block.x} * block.y * block.z;
  // Co-residency: what one multiprocessor (a WGP on RDNA) holds of this kernel at this block
  // size, times the multiprocessors.
  const uint64_t blocks = uint64_t{grid.x} * grid.y * grid.z;
  const uint64_t perCu = hipcore::core::maxActiveBlocksPerCu(
      hipcore::core::occupancyLimits(device.properties()), hipcore::core::kernelResources(code),
      static_cast<uint32_t>(threads), sharedBytes);
  uint64_t resident = perCu * static_cast<uint64_t>(device.properties().multiProcessorCount);
  // vgpu, the virtual GPU of the tests, guarantees kCoResidentWorkgroups = 1024 workgroups of a
  // dispatch co-resident (vgpu/isa/README.md); with more than 32 virtual CUs the formula would
  // promise more than it runs at once.
  constexpr uint64_t kVgpuCoResidentWorkgroups = 1024;
  if (hipcore::hsa::onVirtualGpu()) resident = std::min(resident, kVgpuCoResidentWorkgroups);
  if (blocks > resident)
    return fail(hipErrorCooperativeLaunchTooLarge,
                "kernel %s: %llu blocks of %llu threads cannot all be resident (%llu per "
                "multiprocessor x %d multiprocessors = %llu)",
                code.name.c_str(), static_cast<unsigned long long>(blocks),
                static_cast<unsigned long long>(threads), static_cast<unsigned long long>(perCu),
                device.properties().multiProcessorCount, static_cast<unsigned long long>(resident));
  return hipcore::api::runtime().launchCooperative(device, queue, code, geometry, args);
}

// `function` is a registered kernel's host handle or (module: true) a hipFunction_t.
Status launchCooperative(const void* function, dim3 grid, dim3 block, void** args,
                         unsigned sharedBytes, hipStream_t stream, bool module = false) {
  if (module && function == nullptr)
    return fail(hipErrorInvalidResourceHandle, "the function handle is null");
  hipcore::loader::LaunchGeometry geometry;
  if (Status invalid = hipcore::api::validateLaunch(function, grid, block, sharedBytes, geometry);
      !invalid.ok())
    return invalid;
  hipcore::core::Device* device = nullptr;
  hipcore::core::Stream* queue = nullptr;
  if (Status unknown = hipcore::api::streamOf(stream, device, queue); !unknown.ok()) return unknown;
  hipcore::api::FunctionTarget target;
  if (!module && hipcore::api::registry().findKernel(function) == nullptr)
    return fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle", function);
  if (Status resolved = hipcore::api::functionTarget(
          static_cast<hipFunction_t>(const_cast<void*>(function)), device, target);
      !resolved.ok())
    return resolved;
  if (target.device != device)
    return fail(hipErrorInvalidDevice, "function of device %d launched on device %d",
                target.device->index(), device->index());
  return launchCooperativeCode(*device, queue, *target.code, geometry, grid, block, args,
                               sharedBytes);
}

}  // namespace

HIPCORE_API hipError_t hipLaunchCooperativeKernel(const void* function, dim3 gridDim, dim3 blockDim,
                                                  void** kernelParams, unsigned int sharedMemBytes,
                                                  hipStream_t stream) {
  return hipcore::api::call(
      "hipLaunchCooperativeKernel", hipLaunchCooperativeKernel,
      [&] {
        return finish(
            "hipLaunchCooperativeKernel",
            launchCooperative(function, gridDim, blockDim, kernelParams, sharedMemBytes, stream));
      },
      "function, gridDim, blockDim, kernelParams, sharedMemBytes, stream", function, gridDim,
      blockDim, kernelParams, sharedMemBytes, stream);
}

HIPCORE_API hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                             int numDevices, unsigned int flags) {
  return hipcore::api::call(
      "hipLaunchCooperativeKernelMultiDevice", hipLaunchCooperativeKernelMultiDevice,
      [&] {
        if (launchParamsList == nullptr)
          return finish("hipLaunchCooperativeKernelMultiDevice",
                        fail(hipErrorInvalidValue, "launchParamsList is null"));
        if (numDevices <= 0)
          return finish("hipLaunchCooperativeKernelMultiDevice",
                        fail(hipErrorInvalidValue, "numDevices %d", numDevices));
        if ((flags & ~unsigned{hipCooperativeLaunchMultiDeviceNoPreSync |
                               hipCooperativeLaunchMultiDeviceNoPostSync}) != 0)
          return finish("hipLaunchCooperativeKernelMultiDevice",
                        fail(hipErrorInvalidValue, "flags 0x%x", flags));
        // A grid spanning devices needs a barrier in memory every device reaches
        // (multi_grid_group); hipcore reports hipDeviceAttributeCooperativeMultiDeviceLaunch = 0
        // and takes one device.
        if (numDevices > 1)
          return finish(
              "hipLaunchCooperativeKernelMultiDevice",
              fail(hipErrorNotSupported, "cooperative launches across %d devices", numDevices));
        const hipLaunchParams& p = launchParamsList[0];
        if (p.sharedMem > UINT32_MAX)
          return finish("hipLaunchCooperativeKernelMultiDevice",
                        fail(hipErrorInvalidValue, "sharedMem %zu", p.sharedMem));
        // One device, one stream: the pre- and post-synchronisation flags order nothing else.
        return finish("hipLaunchCooperativeKernelMultiDevice",
                      launchCooperative(p.func, p.gridDim, p.blockDim, p.args,
                                        static_cast<unsigned>(p.sharedMem), p.stream));
      },
      "launchParamsList, numDevices, flags", launchParamsList, numDevices, flags);
}

HIPCORE_API hipError_t hipModuleLaunchCooperativeKernel(
    hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
    unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
    unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams) {
  return hipcore::api::call(
      "hipModuleLaunchCooperativeKernel", hipModuleLaunchCooperativeKernel,
      [&] {
        return finish("hipModuleLaunchCooperativeKernel",
                      launchCooperative(f, dim3(gridDimX, gridDimY, gridDimZ),
                                        dim3(blockDimX, blockDimY, blockDimZ), kernelParams,
                                        sharedMemBytes, stream, true));
      },
      "f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, stream, "
      "kernelParams",
      f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, stream,
      kernelParams);
}

HIPCORE_API hipError_t hipModuleLaunchCooperativeKernelMultiDevice(
    hipFunctionLaunchParams* launchParamsList, unsigned int numDevices, unsigned int flags) {
  return hipcore::api::call(
      "hipModuleLaunchCooperativeKernelMultiDevice", hipModuleLaunchCooperativeKernelMultiDevice,
      [&] {
        const char* call = "hipModuleLaunchCooperativeKernelMultiDevice";
        if (launchParamsList == nullptr || numDevices == 0)
          return finish(call, fail(hipErrorInvalidValue, "launchParamsList %p, numDevices %u",
                                   static_cast<void*>(launchParamsList), numDevices));
        if ((flags & ~unsigned{hipCooperativeLaunchMultiDeviceNoPreSync |
                               hipCooperativeLaunchMultiDeviceNoPostSync}) != 0)
          return finish(call, fail(hipErrorInvalidValue, "flags 0x%x", flags));
        if (numDevices > 1)
          return finish(call, fail(hipErrorNotSupported, "cooperative launches across %u devices",
                                   numDevices));
        const hipFunctionLaunchParams& p = launchParamsList[0];
        return finish(call, launchCooperative(p.function, dim3(p.gridDimX, p.gridDimY, p.gridDimZ),
                                              dim3(p.blockDimX, p.blockDimY, p.blockDimZ),
                                              p.kernelParams, p.sharedMemBytes, p.hStream, true));
      },
      "launchParamsList, numDevices, flags", launchParamsList, numDevices, flags);
}
