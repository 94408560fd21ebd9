// Reads environment settings (a number in a range, one of some words, a flag, a path) and says in
// one line on stderr which variable had an unusable value, what it was and what is accepted.
//
// The one parser of libhipcore, libhiprtc (both through hipcore_loader) and vgpu (through
// hipcore_setting_reader alone: vgpu needs nothing else of the loader).
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

namespace hipcore::loader {

// What an unusable value does: the default is used (the message says which), or the setting is
// fatal (the message ends with the reader's refusal, and fatal() keeps it for the caller).
enum class OnMalformed { useDefault, fail };

class SettingReader {
 public:
  // A variable's value, null when unset: getenv in the libraries, a table in tests.
  using Lookup = std::function<const char*(const char* name)>;
  // Takes each message (one line, without the newline); empty: write it to stderr.
  using Report = std::function<void(const std::string& line)>;

  // `component` starts each message ("hipcore"); `refusal` ends fatal ones.
  SettingReader(std::string component, Lookup lookup, Report report = {},
                std::string refusal = "stopping");

  // A decimal number in [min, max] (digits only: no sign, spaces or suffix); unset or empty:
  // `fallback`. `accepted` says what it is ("a number of milliseconds (0 = off)").
  std::uint64_t number(const char* name, std::uint64_t fallback, std::uint64_t min,
                       std::uint64_t max, const char* accepted,
                       OnMalformed onMalformed = OnMalformed::useDefault);
  // The index of the value in `words`; unset or empty: `fallback`.
  std::size_t word(const char* name, std::size_t fallback, std::initializer_list<const char*> words,
                   OnMalformed onMalformed = OnMalformed::useDefault);
  // 0 or 1; unset or empty: `fallback`.
  bool flag(const char* name, bool fallback);
  // The value as it is; unset or empty: "". With `absolute`, a relative path is reported and
  // "" returned; `fallbackText` names what is used instead.
  std::string path(const char* name, bool absolute = false, const char* fallbackText = "");

  // The one-line message for `name`=`value` (for formats of the caller's own, e.g. a list): says
  // what is accepted and, for useDefault, the default used (`defaultText`).
  void reject(const char* name, std::string_view value, std::string_view accepted,
              std::string_view defaultText, OnMalformed onMalformed = OnMalformed::useDefault);

  // The value of `name`, null when unset or empty.
  const char* value(const char* name) const;
  // The first fatal message, empty when there was none.
  const std::string& fatal() const { return fatal_; }

 private:
  std::string component_;
  Lookup lookup_;
  Report report_;
  std::string refusal_;
  std::string fatal_;
};

// The process environment (std::getenv): the Lookup of the libraries.
const char* processEnvironment(const char* name);

}  // namespace hipcore::loader
