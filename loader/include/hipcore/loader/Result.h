// Result<T>: a value or an error message with context, the return type of every loader reader
// (and of hiprtc's and the runtime's ROCR wrappers, runtime/src/hsa). Result<void>: success or
// an error, for operations that produce no value.
#pragma once

#include <cstdarg>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hipcore::loader {

// A failure with a human-readable message saying what was wrong and where, and, when the layer
// that failed has status codes of its own, its code: the hsa:: wrappers set the hsa_status_t of
// the ROCR call, so that the runtime can tell out of resources from an invalid argument
// (core/HsaFailure.h). The loader's own parse errors carry none.
struct Error {
  std::string message;
  std::optional<int> code;
};

// printf-style construction of an Error ("bundle entry 2 offset 0x%llx past end ...").
Error errorf(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Prefixes an error's message with the context of the caller ("code object gfx1030: ").
Error withContext(const std::string& context, Error error);

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<T>(state_); }
  const T& value() const& { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<Error>(state_); }
  const std::string& message() const { return error().message; }

 private:
  std::variant<T, Error> state_;
};

// What an operation that produces no value returns on success: `return Ok{};`.
struct Ok {};

// Success or an error. Not named Status: core::Status (runtime/src/core/Status.h) is the
// runtime's, a hipError_t and a message; this one is the loader's, an Error and nothing else.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result(Ok) {}
  Result(Error error) : error_(std::move(error)) {}

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }

  const Error& error() const { return *error_; }
  const std::string& message() const { return error().message; }

 private:
  std::optional<Error> error_;
};

}  // namespace hipcore::loader
