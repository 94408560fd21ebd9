// The header a HIP program includes: the host API, and in device compiles the device library.
#pragma once

#include <hip/hip_runtime_api.h>

#if defined(__HIP__) || defined(__HIPCC__)
#include <hip/device/device_library.h>
#endif
