// Host-side launchers of the lazy-loading test's five kernels (LazyKernels.hip).
#pragma once

#include <hip/hip_runtime_api.h>

hipError_t launchLazy(int which, int* out);  // kernel `which` writes 100 + which to *out
const void* lazyKernelHandle(int which);
