// The CUDA math API header by HIP's name: the device math functions and intrinsics (clang's HIP
// wrapper gives sinf, __expf, ... ; hipcore's device library adds the conversion and directed
// rounding intrinsics) come with hip_runtime.h, as with AMD's math_functions.h.
#pragma once

#include <hip/hip_runtime.h>

#if !defined(__HIPCC_RTC__)
#include <math.h>
#endif
