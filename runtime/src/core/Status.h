// The result of a runtime operation: a HIP error code and, on failure, a message with context.
#pragma once

#include <hip/hip_runtime_api.h>

#include <memory>
#include <string>

namespace hipcore::core {

// Every internal call returns one, so success must cost next to nothing: the message lives
// behind a pointer that is null unless a failure has text. Creating, moving and destroying a
// successful Status is a few register moves (a std::string member cost ~10 instructions per
// hop: hipMalloc + hipFree passes one through about ten calls).
class [[nodiscard]] Status {
 public:
  hipError_t code = hipSuccess;

  Status() = default;
  Status(hipError_t code, std::string message);
  Status(const Status& other) : code(other.code) {
    if (other.message_) message_ = std::make_unique<std::string>(*other.message_);
  }
  Status& operator=(const Status& other) {
    if (this != &other) *this = Status(other);
    return *this;
  }
  Status(Status&&) noexcept = default;
  Status& operator=(Status&&) noexcept = default;

  bool ok() const { return code == hipSuccess; }
  static Status success() { return {}; }
  // Empty on success and for codes that need no explanation (hipErrorNotReady).
  const std::string& message() const;
  // "context: message", for a caller that knows what the failing operation was part of.
  void addContext(const std::string& context);

 private:
  std::unique_ptr<std::string> message_;
};

Status fail(hipError_t code, const char* format, ...) __attribute__((format(printf, 2, 3)));
Status fail(hipError_t code, std::string message);

}  // namespace hipcore::core
