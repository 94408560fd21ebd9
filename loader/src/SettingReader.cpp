// Environment settings: strict parsing and the one-line message for an unusable value.
#include "hipcore/loader/SettingReader.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hipcore::loader {

SettingReader::SettingReader(std::string component, Lookup lookup, Report report,
                             std::string refusal)
    : component_(std::move(component)),
      lookup_(std::move(lookup)),
      report_(std::move(report)),
      refusal_(std::move(refusal)) {}

const char* SettingReader::value(const char* name) const {
  const char* text = lookup_ ? lookup_(name) : nullptr;
  return text != nullptr && *text != '\0' ? text : nullptr;
}

void SettingReader::reject(const char* name, std::string_view value, std::string_view accepted,
                           std::string_view defaultText, OnMalformed onMalformed) {
  std::string line = component_ + ": " + name + "='" + std::string(value) + "' is not " +
                     std::string(accepted) + "; ";
  if (onMalformed == OnMalformed::fail)
    line += refusal_;
  else
    line += "using the default " + std::string(defaultText);
  if (onMalformed == OnMalformed::fail && fatal_.empty()) fatal_ = line;
  if (report_)
    report_(line);
  else
    std::fprintf(stderr, "%s\n", line.c_str());
}

std::uint64_t SettingReader::number(const char* name, std::uint64_t fallback, std::uint64_t min,
                                    std::uint64_t max, const char* accepted,
                                    OnMalformed onMalformed) {
  const char* text = value(name);
  if (text == nullptr) return fallback;
  const char* end = text + std::strlen(text);
  std::uint64_t parsed = 0;
  // from_chars takes no '+' or spaces; a leading '-' is refused as not a digit.
  auto [stop, error] = std::from_chars(text, end, parsed, 10);
  bool digitsOnly = *text >= '0' && *text <= '9';
  if (digitsOnly && error == std::errc() && stop == end && parsed >= min && parsed <= max)
    return parsed;
  reject(name, text, accepted, std::to_string(fallback), onMalformed);
  return fallback;
}

std::size_t SettingReader::word(const char* name, std::size_t fallback,
                                std::initializer_list<const char*> words, OnMalformed onMalformed) {
  const char* text = value(name);
  if (text == nullptr) return fallback;
  std::string accepted = "one of";
  std::size_t index = 0;
  for (const char* w : words) {
    if (std::strcmp(text, w) == 0) return index;
    accepted += (index++ == 0 ? " " : ", ") + std::string(w);
  }
  reject(name, text, accepted, words.begin()[fallback], onMalformed);
  return fallback;
}

bool SettingReader::flag(const char* name, bool fallback) {
  return word(name, fallback ? 1 : 0, {"0", "1"}) == 1;
}

std::string SettingReader::path(const char* name, bool absolute, const char* fallbackText) {
  const char* text = value(name);
  if (text == nullptr) return "";
  if (!absolute || *text == '/') return text;
  reject(name, text, "an absolute path", fallbackText);
  return "";
}

const char* processEnvironment(const char* name) {
  return std::getenv(name);
}

}  // namespace hipcore::loader
