// Construction of failing Status values.
#include "Status.h"

#include <cstdarg>
#include <cstdio>

namespace hipcore::core {

Status fail(hipError_t code, const char* format, ...) {
  va_list args;
  va_start(args, format);
  char buffer[1024];
  std::vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  return Status{code, buffer};
}

Status fail(hipError_t code, std::string message) { return Status{code, std::move(message)}; }

}  // namespace hipcore::core
