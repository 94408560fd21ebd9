// The header a HIP program includes: the host API, and in device compiles the device library.
#pragma once

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>

#if defined(__HIP__) || defined(__HIPCC__)
#include <hip/device/device_library.h>

// __launch_bounds__(maxThreadsPerBlock[, minBlocksPerMultiprocessor]) as AMDGPU attributes:
// the first bounds the flat workgroup size (the kernel's .max_flat_workgroup_size), the second
// asks for at least that many waves per execution unit.
#define __HIPCORE_LAUNCH_BOUNDS_1(maxThreads) \
  __attribute__((amdgpu_flat_work_group_size(1, maxThreads)))
#define __HIPCORE_LAUNCH_BOUNDS_2(maxThreads, minBlocks) \
  __attribute__((amdgpu_flat_work_group_size(1, maxThreads), amdgpu_waves_per_eu(minBlocks)))
#define __HIPCORE_LAUNCH_BOUNDS_PICK(_1, _2, name, ...) name
#if !defined(__launch_bounds__)
#define __launch_bounds__(...)                                                                    \
  __HIPCORE_LAUNCH_BOUNDS_PICK(__VA_ARGS__, __HIPCORE_LAUNCH_BOUNDS_2, __HIPCORE_LAUNCH_BOUNDS_1, \
                               unused)(__VA_ARGS__)
#endif
#endif
