// Reading HIPCORE_LOG and HIPCORE_TRACE once, before any HIP call can run.
#include "Settings.h"

#include <cstdlib>
#include <cstring>
#include <ctime>

namespace hipcore::trace {

unsigned parseLogSetting(const char* value) {
  if (value == nullptr) return 0;
  unsigned result = 0;
  const char* item = value;
  while (*item != '\0') {
    size_t length = std::strcspn(item, ",");
    auto is = [&](const char* word) {
      return length == std::strlen(word) && std::strncmp(item, word, length) == 0;
    };
    if (is("api"))
      result |= kLogCalls | kLogErrors;  // a failing call's line has its reason too
    else if (length != 0 && !is("0"))
      result |= kLogErrors;  // "1", "errors", as before: any value
    item += length;
    if (*item == ',') ++item;
  }
  return result;
}

namespace {

std::string& traceFileStorage() {
  static std::string file;
  return file;
}

unsigned readEnvironment() {
  unsigned result = parseLogSetting(std::getenv("HIPCORE_LOG"));
  const char* trace = std::getenv("HIPCORE_TRACE");
  if (trace != nullptr && trace[0] != '\0') {
    traceFileStorage() = trace;
    result |= kTrace;
  }
  return result;
}

}  // namespace

// Dynamic initialisation of libhipcore runs before the constructors of the programs and
// libraries that link it (which make the first HIP calls: __hipRegisterFatBinary).
unsigned hooks = readEnvironment();

const std::string& traceFile() {
  return traceFileStorage();
}

uint64_t monotonicNs() {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return uint64_t(now.tv_sec) * 1'000'000'000u + uint64_t(now.tv_nsec);
}

}  // namespace hipcore::trace
