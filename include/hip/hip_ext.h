// AMD's extensions to the HIP API: launches bracketed by start and stop events (which then time
// exactly the kernel), and module launches that count the grid in work-items.
#pragma once

#include <hip/hip_runtime_api.h>

#if defined(__cplusplus)
#include <cstdint>
#include <tuple>
#include <utility>
#endif

HIPCORE_API hipError_t hipExtModuleLaunchKernel(
    hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
    uint32_t localWorkSizeX, uint32_t localWorkSizeY, uint32_t localWorkSizeZ,
    size_t sharedMemBytes, hipStream_t stream, void** kernelParams, void** extra,
    hipEvent_t startEvent HIPCORE_DEFAULT(NULL), hipEvent_t stopEvent HIPCORE_DEFAULT(NULL),
    uint32_t flags HIPCORE_DEFAULT(0));
// The older name of hipExtModuleLaunchKernel, without flags.
HIPCORE_API __attribute__((deprecated("use hipExtModuleLaunchKernel instead"))) hipError_t
hipHccModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY,
                         uint32_t globalWorkSizeZ, uint32_t localWorkSizeX, uint32_t localWorkSizeY,
                         uint32_t localWorkSizeZ, size_t sharedMemBytes, hipStream_t stream,
                         void** kernelParams, void** extra,
                         hipEvent_t startEvent HIPCORE_DEFAULT(NULL),
                         hipEvent_t stopEvent HIPCORE_DEFAULT(NULL));

#if defined(__cplusplus)
HIPCORE_API hipError_t hipExtLaunchKernel(const void* function, dim3 numBlocks, dim3 dimBlocks,
                                          void** args, size_t sharedMemBytes, hipStream_t stream,
                                          hipEvent_t startEvent, hipEvent_t stopEvent, int flags);

// hipExtLaunchKernelGGL(kernel, grid, block, shared, stream, start, stop, flags, args...): each
// argument is first converted to the kernel's parameter type, as a <<<>>> launch converts it.
template <typename... Params, typename... Args>
inline void hipExtLaunchKernelGGL(void (*kernel)(Params...), const dim3& numBlocks,
                                  const dim3& dimBlocks, std::uint32_t sharedMemBytes,
                                  hipStream_t stream, hipEvent_t startEvent, hipEvent_t stopEvent,
                                  std::uint32_t flags, Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "hipExtLaunchKernelGGL: the kernel takes a different number of arguments");
  std::tuple<Params...> converted(std::forward<Args>(args)...);
  std::apply(
      [&](auto&... slot) {
        void* pointers[sizeof...(Params) + 1] = {static_cast<void*>(&slot)...};
        hipExtLaunchKernel(reinterpret_cast<const void*>(kernel), numBlocks, dimBlocks, pointers,
                           sharedMemBytes, stream, startEvent, stopEvent, static_cast<int>(flags));
      },
      converted);
}
#endif
