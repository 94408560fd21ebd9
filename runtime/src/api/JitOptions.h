// The hipJitOption values hipcore accepts (hipModuleLoadDataEx, hipLibraryLoad*, hipLink*):
// CUDA's options and AMD's IR-to-ISA extension; anything else is hipErrorInvalidValue.
#pragma once

#include <hip/hip_runtime_api.h>

#include "core/Status.h"

namespace hipcore::api {

inline bool knownJitOption(hipJitOption option) {
  return (option >= 0 && option < hipJitOptionNumOptions) || option == hipJitOptionIRtoISAOptExt ||
         option == hipJitOptionIRtoISAOptCountExt;
}

// An option list: both arrays present when counted, every option known.
inline core::Status checkJitOptions(unsigned count, const hipJitOption* options, void** values) {
  if (count > 0 && (options == nullptr || values == nullptr))
    return core::fail(hipErrorInvalidValue, "%u JIT options but no option or value array", count);
  for (unsigned i = 0; i < count; ++i)
    if (!knownJitOption(options[i]))
      return core::fail(hipErrorInvalidValue, "JIT option %u is %d, not a hipJitOption", i,
                        options[i]);
  return core::Status::success();
}

}  // namespace hipcore::api
