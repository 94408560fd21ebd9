// The opaque handles of the runtime (streams, events, modules, functions), dim3, IPC handles
// and the host-callback types.
#pragma once

#include <hip/api/error_types.h>
#include <hip/hip_common.h>
#include <stddef.h>
#include <stdint.h>

struct ihipStream_t;

typedef struct ihipStream_t* hipStream_t;

typedef struct hipIpcMemHandle_st {
  char reserved[64];
} hipIpcMemHandle_t;

typedef struct hipIpcEventHandle_st {
  char reserved[64];
} hipIpcEventHandle_t;

struct ihipModule_t;

typedef struct ihipModule_t* hipModule_t;

struct ihipModuleSymbol_t;

typedef struct ihipModuleSymbol_t* hipFunction_t;

// A library (hipLibraryLoad*), its device-independent kernels, and a JIT link in progress.
struct hipLibrary_st;
typedef struct hipLibrary_st* hipLibrary_t;
struct hipKernel_st;
typedef struct hipKernel_st* hipKernel_t;
struct ihipLinkState_t;
typedef struct ihipLinkState_t* hipLinkState_t;

struct ihipEvent_t;

typedef struct ihipEvent_t* hipEvent_t;

// Grid and block extents; a dimension left out is 1.
typedef struct dim3 {
  uint32_t x;
  uint32_t y;
  uint32_t z;
#if defined(__cplusplus)
  constexpr __host__ __device__ dim3(uint32_t x_ = 1, uint32_t y_ = 1, uint32_t z_ = 1)
      : x(x_), y(y_), z(z_) {}
#endif
} dim3;

typedef void (*hipHostFn_t)(void*);

typedef void (*hipStreamCallback_t)(hipStream_t, hipError_t, void*);
