// Construction of failing Status values.
#include "Status.h"

#include <cstdarg>
#include <cstdio>

namespace hipcore::core {

Status::Status(hipError_t code, std::string message) : code(code) {
  if (!message.empty()) message_ = std::make_unique<std::string>(std::move(message));
}

const std::string& Status::message() const {
  static const std::string kNone;
  return message_ ? *message_ : kNone;
}

void Status::addContext(const std::string& context) {
  message_ = std::make_unique<std::string>(message_ ? context + ": " + *message_ : context);
}

Status fail(hipError_t code, const char* format, ...) {
  va_list args;
  va_start(args, format);
  char buffer[1024];
  std::vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  return Status{code, buffer};
}

Status fail(hipError_t code, std::string message) {
  return Status{code, std::move(message)};
}

}  // namespace hipcore::core
