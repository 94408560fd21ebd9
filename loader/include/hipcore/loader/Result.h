// Result<T>: a value or an error message with context, the return type of every loader reader.
#pragma once

#include <cstdarg>
#include <string>
#include <utility>
#include <variant>

namespace hipcore::loader {

// A failure with a human-readable message saying what was wrong and where.
struct Error {
  std::string message;
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

// Success of an operation that produces no value.
struct Ok {};
using Status = Result<Ok>;

}  // namespace hipcore::loader
