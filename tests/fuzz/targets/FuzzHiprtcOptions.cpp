// libFuzzer target: hiprtc's compile-option parser (hiprtc/src/CompileOptions.cpp), which
// needs nothing but the loader's target-id parser. Options are NUL-separated in the input.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "CompileOptions.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> storage;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\0', start);
    if (end == std::string::npos) end = text.size();
    storage.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  std::vector<const char*> options;
  for (const std::string& option : storage) options.push_back(option.c_str());
  auto parsed = hiprtc::parseCompileOptions(options);
  if (!parsed) return 0;
  // Canonical text is what the cache key hashes; parsing it back must give the same text.
  std::string canonical = parsed->canonical();
  std::vector<std::string> flags = parsed->languageFlags();
  std::vector<const char*> again;
  for (const std::string& flag : flags) again.push_back(flag.c_str());
  auto reparsed = hiprtc::parseCompileOptions(again);
  if (!reparsed || reparsed->languageFlags() != flags) std::abort();
  return 0;
}
