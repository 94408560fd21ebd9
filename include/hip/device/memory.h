// memcpy and memset in device code. clang's HIP wrapper declares neither for the device, and the
// C library's are host functions; these device overloads sit beside them (a call resolves by
// the caller's side). The compiler expands both inline: AMDGPU code has no library to call.
#pragma once

#include <stddef.h>

__device__ inline void* memcpy(void* destination, const void* source, size_t size) {
  __builtin_memcpy(destination, source, size);
  return destination;
}
__device__ inline void* memset(void* destination, int value, size_t size) {
  __builtin_memset(destination, value, size);
  return destination;
}
