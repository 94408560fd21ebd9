// The header a HIP program includes: the host API, and in device compiles the device library.
#pragma once

// The standard headers AMD's hip_runtime.h brings in, which programs and libraries rely on
// (rocPRIM takes std::chrono from <thread> through it); hiprtc compiles see them too.
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#if defined(__cplusplus)
#include <thread>
#endif

#include <hip/hip_common.h>
#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>
#include <hip/library_types.h>

// Build identification AMD's debugger reads from the runtime library: HIP_VERSION_BUILD_NAME,
// HIP_VERSION_GITHASH and HIP_VERSION_BUILD_ID of the library's build.
HIPCORE_EXTERN_C const char* amd_dbgapi_get_build_name(void);
HIPCORE_EXTERN_C const char* amd_dbgapi_get_git_hash(void);
HIPCORE_EXTERN_C size_t amd_dbgapi_get_build_id(void);

// HIP_KERNEL_NAME(kernel<T, U>) protects template commas in a launch macro's argument;
// HIP_DYNAMIC_SHARED(type, name) declares the launch's dynamic LDS as an array.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

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
