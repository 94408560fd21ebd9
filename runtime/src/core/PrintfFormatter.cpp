// Formatting device printf messages with the host's snprintf, one conversion at a time.
#include "PrintfFormatter.h"

#include <cstdio>
#include <cstring>

namespace hipcore::core {
namespace {

// Reads the message as a byte stream plus 8-byte-aligned words.
class MessageReader {
 public:
  explicit MessageReader(const std::vector<uint64_t>& words) : words_(words) {}
  bool atEnd() const { return index_ >= words_.size(); }
  bool word(uint64_t& out) {
    if (atEnd()) return false;
    out = words_[index_++];
    return true;
  }
  // A NUL-terminated string stored inline and padded to whole words.
  bool string(std::string& out) {
    out.clear();
    while (!atEnd()) {
      uint64_t w = words_[index_++];
      char bytes[8];
      std::memcpy(bytes, &w, 8);
      for (char c : bytes) {
        if (c == '\0') return true;
        out.push_back(c);
      }
    }
    return false;
  }

 private:
  const std::vector<uint64_t>& words_;
  size_t index_ = 0;
};

// Appends snprintf's whole output, however long, including NUL bytes (%c of 0 prints one).
template <typename T>
void appendFormatted(std::string& out, const std::string& format, T value) {
  int length = std::snprintf(nullptr, 0, format.c_str(), value);
  if (length <= 0) return;
  size_t at = out.size();
  out.resize(at + static_cast<size_t>(length) + 1);
  std::snprintf(out.data() + at, static_cast<size_t>(length) + 1, format.c_str(), value);
  out.resize(at + static_cast<size_t>(length));
}

bool isConversion(char c) {
  return std::strchr("diouxXcsfFeEgGaApn%", c) != nullptr;
}

// One conversion spec ("%-08.3lf") with its argument(s), formatted by snprintf.
void formatOne(std::string spec, MessageReader& reader, std::string& out) {
  char conversion = spec.back();
  if (conversion == '%') {
    out.push_back('%');
    return;
  }
  // '*' widths and precisions take an int argument each.
  std::string resolved;
  for (size_t i = 0; i + 1 < spec.size(); ++i) {
    if (spec[i] != '*') {
      resolved.push_back(spec[i]);
      continue;
    }
    uint64_t value = 0;
    reader.word(value);
    resolved += std::to_string(static_cast<int>(value));
  }
  // Drop length modifiers: integers arrive as 64-bit words (zero-extended from their type,
  // so without l/ll/j/z/t only the low 32 bits count), floating point as doubles.
  bool wide = false;
  while (!resolved.empty() && std::strchr("hlLqjzt", resolved.back())) {
    wide = wide || std::strchr("lLqjzt", resolved.back()) != nullptr;
    resolved.pop_back();
  }
  if (conversion == 's') {
    std::string text;
    reader.string(text);
    appendFormatted(out, (resolved + "s").c_str(), text.c_str());
  } else if (std::strchr("fFeEgGaA", conversion)) {
    uint64_t bits = 0;
    reader.word(bits);
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    appendFormatted(out, (resolved + conversion).c_str(), value);
  } else if (conversion == 'n') {
    uint64_t ignored = 0;
    reader.word(ignored);  // %n writes on the device side only; nothing to print
    return;
  } else {
    uint64_t value = 0;
    reader.word(value);
    if (conversion == 'c') {
      appendFormatted(out, (resolved + 'c').c_str(), static_cast<int>(value));
    } else if (conversion == 'p') {
      appendFormatted(out, (resolved + 'p').c_str(), reinterpret_cast<void*>(value));
    } else if (wide) {
      appendFormatted(out, (resolved + "ll" + conversion).c_str(), static_cast<long long>(value));
    } else if (conversion == 'd' || conversion == 'i') {
      appendFormatted(out, (resolved + conversion).c_str(),
                      static_cast<int>(static_cast<uint32_t>(value)));
    } else {
      appendFormatted(out, (resolved + conversion).c_str(), static_cast<unsigned>(value));
    }
  }
}

}  // namespace

PrintfOutput formatDevicePrintf(const std::vector<uint64_t>& message) {
  PrintfOutput output;
  MessageReader reader(message);
  uint64_t control = 0;
  std::string format;
  if (!reader.word(control) || !reader.string(format)) {
    output.text = "<hipcore: malformed device printf message>\n";
    return output;
  }
  output.toStderr = (control & 1) != 0;
  for (size_t i = 0; i < format.size();) {
    if (format[i] != '%') {
      output.text.push_back(format[i++]);
      continue;
    }
    size_t end = i + 1;
    while (end < format.size() && !isConversion(format[end])) ++end;
    if (end == format.size()) {
      output.text += format.substr(i);  // a trailing '%' without conversion prints as is
      break;
    }
    formatOne(format.substr(i, end - i + 1), reader, output.text);
    i = end + 1;
  }
  return output;
}

}  // namespace hipcore::core
