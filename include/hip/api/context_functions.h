// The driver API's contexts: hipCtx* and hipDevicePrimaryCtx*. Deprecated on AMD GPUs as in
// AMD's headers (a context is its device's primary context); still called by older programs.
#pragma once

#define HIPCORE_CONTEXT_DEPRECATED                                                 \
  __attribute__((                                                                  \
      deprecated("contexts are deprecated on AMD GPUs: use the device management " \
                 "API (hipSetDevice) instead")))

HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxCreate(hipCtx_t* ctx, unsigned int flags,
                                                               hipDevice_t device);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxDestroy(hipCtx_t ctx);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxPopCurrent(hipCtx_t* ctx);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxPushCurrent(hipCtx_t ctx);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxSetCurrent(hipCtx_t ctx);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxGetCurrent(hipCtx_t* ctx);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxGetDevice(hipDevice_t* device);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxGetApiVersion(hipCtx_t ctx,
                                                                      int* apiVersion);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxGetCacheConfig(hipFuncCache_t* cacheConfig);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxSetCacheConfig(hipFuncCache_t cacheConfig);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t
hipCtxSetSharedMemConfig(hipSharedMemConfig config);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t
hipCtxGetSharedMemConfig(hipSharedMemConfig* pConfig);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxSynchronize(void);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxGetFlags(unsigned int* flags);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx,
                                                                         unsigned int flags);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev,
                                                                              unsigned int* flags,
                                                                              int* active);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipDevicePrimaryCtxRetain(hipCtx_t* pctx,
                                                                            hipDevice_t dev);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev);
HIPCORE_API HIPCORE_CONTEXT_DEPRECATED hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev,
                                                                              unsigned int flags);
