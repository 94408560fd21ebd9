// Cooperative launch: hipLaunchCooperativeKernel and hipLaunchCooperativeKernelMultiDevice (one
// device). A cooperative grid may synchronise as a whole (cooperative_groups::this_grid().sync()),
// which only works when every block is resident at once: grids larger than the occupancy of
// the kernel times the CU count are refused.
#include <algorithm>
#include <cstring>

#include "ApiCall.h"
#include "ApiState.h"
#include "core/Occupancy.h"
#include "hsa/VgpuExtension.h"

using hipcore::api::finish;
using hipcore::core::fail;
using hipcore::core::Status;

namespace {

Status launchCooperative(const void* function, dim3 grid, dim3 block, void** args,
                         unsigned sharedBytes, hipStream_t stream) {
  hipcore::loader::LaunchGeometry geometry;
  if (Status invalid = hipcore::api::validateLaunch(function, grid, block, sharedBytes, geometry);
      !invalid.ok())
    return invalid;
  const uint64_t threads = uint64_t{block.x} * block.y * block.z;

  hipcore::core::Device* device = nullptr;
  hipcore::core::Stream* queue = nullptr;
  if (Status unknown = hipcore::api::streamOf(stream, device, queue); !unknown.ok()) return unknown;
  const hipcore::core::Kernel* kernel = hipcore::api::registry().findKernel(function);
  if (kernel == nullptr)
    return fail(hipErrorInvalidDeviceFunction, "%p is not a registered kernel handle", function);
  const hipcore::core::DeviceKernel* code = nullptr;
  if (Status resolved = device->resolve(*kernel, code); !resolved.ok()) return resolved;

  // Co-residency: what one multiprocessor (a WGP on RDNA) holds of this kernel at this block
  // size, times the multiprocessors.
  const uint64_t blocks = uint64_t{grid.x} * grid.y * grid.z;
  const uint64_t perCu = hipcore::core::maxActiveBlocksPerCu(
      hipcore::core::occupancyLimits(device->properties()), hipcore::core::kernelResources(*code),
      static_cast<uint32_t>(threads), sharedBytes);
  uint64_t resident = perCu * static_cast<uint64_t>(device->properties().multiProcessorCount);
  // vgpu, the virtual GPU of the tests, guarantees kCoResidentWorkgroups = 1024 workgroups of a
  // dispatch co-resident (vgpu/isa/README.md); with more than 32 virtual CUs the formula would
  // promise more than it runs at once.
  constexpr uint64_t kVgpuCoResidentWorkgroups = 1024;
  if (hipcore::hsa::onVirtualGpu()) resident = std::min(resident, kVgpuCoResidentWorkgroups);
  if (blocks > resident)
    return fail(hipErrorCooperativeLaunchTooLarge,
                "kernel %s: %llu blocks of %llu threads cannot all be resident (%llu per "
                "multiprocessor x %d multiprocessors = %llu)",
                code->name.c_str(), static_cast<unsigned long long>(blocks),
                static_cast<unsigned long long>(threads), static_cast<unsigned long long>(perCu),
                device->properties().multiProcessorCount,
                static_cast<unsigned long long>(resident));
  return hipcore::api::runtime().launchCooperative(*device, queue, *code, geometry, args);
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
