// The result of a runtime operation: a HIP error code and, on failure, a message with context.
#pragma once

#include <hip/hip_runtime_api.h>

#include <string>

namespace hipcore::core {

struct [[nodiscard]] Status {
  hipError_t code = hipSuccess;
  std::string message;  // empty on success (no allocation on the fast path)

  bool ok() const { return code == hipSuccess; }
  static Status success() { return {}; }
};

Status fail(hipError_t code, const char* format, ...) __attribute__((format(printf, 2, 3)));
Status fail(hipError_t code, std::string message);

}  // namespace hipcore::core
