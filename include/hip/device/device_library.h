// hipcore's device library: everything a kernel can use beyond clang's own HIP wrapper.
#pragma once

// The wave size of the target being compiled (32 on RDNA by default, 64 with
// -mwavefrontsize64). The host pass of a HIP compile parses kernel bodies too but never runs
// them; it sees 64, the widest wave, so that host-side constant folding is conservative.
#if defined(__AMDGCN_WAVEFRONT_SIZE__)
static constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE__;
#else
static constexpr int warpSize = 64;
#endif

// The short unsigned type names AMD's hip_runtime.h declares at global scope for HIP compiles
// (kernels and tests written against it use `uint` and `uchar` freely). glibc's <sys/types.h>
// declares three of them identically, which C++ allows.
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned long long ullong;

#include <hip/device/atomics.h>
#include <hip/device/bits.h>
#include <hip/device/builtin_vars.h>
#include <hip/device/clock.h>
#include <hip/device/conversions.h>
#include <hip/device/dot.h>
#include <hip/device/hardware.h>
#include <hip/device/math_intrinsics.h>
#include <hip/device/memory.h>
#include <hip/device/permute.h>
#include <hip/device/printf_assert.h>
#include <hip/device/surface_functions.h>
#include <hip/device/sync.h>
#include <hip/device/texture_cube_functions.h>
#include <hip/device/texture_functions.h>
#include <hip/device/texture_reference_functions.h>
#include <hip/device/warp.h>
