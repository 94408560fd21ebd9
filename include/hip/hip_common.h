// The platform macros every HIP header starts from. A HIP program and the libraries it uses
// (rocRAND, hipCUB, ...) test these to choose the AMD code paths, so clang's HIP mode defines
// the AMD platform here, in its current spelling and the legacy ones still tested by older code.
#pragma once

// clang's HIP mode and host-only compilers (g++ building a program's host files) alike: hipcore
// has no other platform, and AMD's HIP makes the same choice when neither is named.
#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_NVIDIA__)
#define __HIP_PLATFORM_AMD__
#endif
#if defined(__HIP_PLATFORM_AMD__)
#if !defined(__HIP_PLATFORM_HCC__)
#define __HIP_PLATFORM_HCC__  // the pre-4.x name
#endif
#endif

// Execution-space and inlining qualifiers. clang's HIP mode defines the execution spaces itself
// (its runtime wrapper) and knows __noinline__ as a keyword; other compilers of a program's host
// files see them as nothing (an empty __noinline__ keeps libstdc++'s
// __attribute__((__noinline__)) valid).
#if !defined(__HIP__)
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __noinline__
#endif
#define __forceinline__ inline __attribute__((always_inline))
#if defined(__clang__) && defined(__HIP__)
#define __HIP_CLANG_ONLY__ 1
#else
#define __HIP_CLANG_ONLY__ 0
#endif

#if defined(__GNUC__)
#define HIP_PUBLIC_API __attribute__((visibility("default")))
#define HIP_INTERNAL_EXPORTED_API __attribute__((visibility("default")))
#else
#define HIP_PUBLIC_API
#define HIP_INTERNAL_EXPORTED_API
#endif

// What the code being compiled may use (CUDA's __CUDA_ARCH__-style feature tests). In the host
// pass nothing of the device is available; every RDNA target has these but dynamic parallelism
// (surface functions: hip/device/surface_functions.h).
#if defined(__HIP_DEVICE_COMPILE__) && __HIP_DEVICE_COMPILE__
#define __HIPCORE_DEVICE_FEATURE 1
#else
#define __HIPCORE_DEVICE_FEATURE 0
#endif
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_DOUBLES__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_WARP_VOTE__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_WARP_BALLOT__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_3DGRID__ (__HIPCORE_DEVICE_FEATURE)
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ (0)
