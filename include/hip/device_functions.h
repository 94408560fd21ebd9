// The CUDA device-functions header by HIP's name: integer, conversion, synchronisation and wave
// intrinsics of hipcore's device library, which hip_runtime.h brings into device compiles.
#pragma once

#include <hip/hip_runtime.h>
