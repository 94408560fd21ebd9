// The C++ half of hip_ext.h: the typed form of hipExtLaunchKernel (hip_runtime_api.h), which
// converts each argument to the kernel's parameter type. Included by hip_ext.h in C++ only
// (".hpp": this file is C++ and nothing else).
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <tuple>
#include <utility>

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
