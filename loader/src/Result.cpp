// Error formatting for the loader's Result type.
#include "hipcore/loader/Result.h"

#include <cstdio>

namespace hipcore::loader {

Error errorf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string message(length > 0 ? static_cast<size_t>(length) : 0, '\0');
  if (length > 0) std::vsnprintf(message.data(), message.size() + 1, format, args);
  va_end(args);
  return Error{std::move(message), std::nullopt};
}

Error withContext(const std::string& context, Error error) {
  return Error{context + ": " + error.message, error.code};  // the failing layer's code stays
}

}  // namespace hipcore::loader
