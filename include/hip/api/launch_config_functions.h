// Launches described by a configuration with launch attributes (HIP 6.5: hipLaunchKernelExC,
// hipDrvLaunchKernelEx, the hipLaunchKernelEx template) and the LDS a block may still ask for
// (hipOccupancyAvailableDynamicSMemPerBlock). Included by hip_runtime_api.h.
#pragma once

// Attributes: cooperative (a grid-synchronising launch), priority, access policy window and
// synchronization policy (kept, no effect), cluster dimensions of 1x1x1 (RDNA has no clusters:
// larger ones answer hipErrorNotSupported); others hipErrorInvalidValue.
HIPCORE_API hipError_t hipLaunchKernelExC(const hipLaunchConfig_t* config, const void* fPtr,
                                          void** args);
HIPCORE_API hipError_t hipDrvLaunchKernelEx(const HIP_LAUNCH_CONFIG* config, hipFunction_t f,
                                            void** params, void** extra);
// The dynamic LDS bytes each block can have while numBlocks blocks of blockSize threads fit on
// one multiprocessor.
HIPCORE_API hipError_t hipOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize,
                                                                const void* f, int numBlocks,
                                                                int blockSize);

#ifdef __cplusplus
// The kernel's arguments are converted to its parameter types, then passed by address.
template <typename... KernelArgs, typename... Params>
static inline hipError_t hipLaunchKernelEx(const hipLaunchConfig_t* config,
                                           void (*kernel)(KernelArgs...), Params&&... args) {
  return [&](KernelArgs... convertedArgs) {
    void* pointers[] = {const_cast<void*>(static_cast<const void*>(&convertedArgs))..., nullptr};
    return hipLaunchKernelExC(config, reinterpret_cast<const void*>(kernel), pointers);
  }(static_cast<Params&&>(args)...);
}
#endif
