// AMD's extensions to the HIP API: launches bracketed by start and stop events (which then time
// exactly the kernel), and module launches that count the grid in work-items.
#pragma once

#include <hip/hip_runtime_api.h>

HIPCORE_API hipError_t hipExtModuleLaunchKernel(
    hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
    uint32_t localWorkSizeX, uint32_t localWorkSizeY, uint32_t localWorkSizeZ,
    size_t sharedMemBytes, hipStream_t stream, void** kernelParams, void** extra,
    hipEvent_t startEvent HIPCORE_DEFAULT(NULL), hipEvent_t stopEvent HIPCORE_DEFAULT(NULL),
    uint32_t flags HIPCORE_DEFAULT(0));
// The older name of hipExtModuleLaunchKernel, without flags.
HIPCORE_API __attribute__((deprecated("use hipExtModuleLaunchKernel instead"))) hipError_t
hipHccModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY,
                         uint32_t globalWorkSizeZ, uint32_t localWorkSizeX, uint32_t localWorkSizeY,
                         uint32_t localWorkSizeZ, size_t sharedMemBytes, hipStream_t stream,
                         void** kernelParams, void** extra,
                         hipEvent_t startEvent HIPCORE_DEFAULT(NULL),
                         hipEvent_t stopEvent HIPCORE_DEFAULT(NULL));

// hipExtLaunchKernelGGL takes a kernel's parameter pack: C++ only.
#if defined(__cplusplus)
#include <hip/detail/ext_launch.hpp>
#endif
