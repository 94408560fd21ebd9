// The two JSON pieces the trace writer needs: times in microseconds and escaped strings.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace hipcore::trace {

// Chrome's "ts"/"dur": microseconds as a decimal with nanosecond digits.
inline std::string jsonMicroseconds(uint64_t ns) {
  char text[32];
  std::snprintf(text, sizeof(text), "%llu.%03llu", static_cast<unsigned long long>(ns / 1000),
                static_cast<unsigned long long>(ns % 1000));
  return text;
}

// A JSON string body: quotes, backslashes and control characters escaped.
inline std::string jsonEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      out += escaped;
    } else {
      out += char(c);
    }
  }
  return out;
}

}  // namespace hipcore::trace
