// Parsing libhipcore's settings from the environment (or a test's table) once.
#include "core/Settings.h"

#include <cstring>

#include "core/QueuePool.h"
#include "trace/Settings.h"

namespace hipcore::core {
namespace {

// HIPCORE_LOG's comma list; any item but 0, 1, errors and api rejects the whole value.
unsigned logHooks(loader::SettingReader& reader) {
  const char* value = reader.value("HIPCORE_LOG");
  if (value == nullptr) return 0;
  unsigned result = 0;
  for (const char* item = value; *item != '\0';) {
    std::size_t length = std::strcspn(item, ",");
    std::string_view word(item, length);
    if (word == "api") {
      result |= trace::kLogCalls | trace::kLogErrors;  // a failing call's line has its reason too
    } else if (word == "1" || word == "errors") {
      result |= trace::kLogErrors;
    } else if (!word.empty() && word != "0") {
      reader.reject("HIPCORE_LOG", value, "a comma list of 0, 1, errors and api", "0 (no log)");
      return 0;
    }
    item += length;
    if (*item == ',') ++item;
  }
  return result;
}

}  // namespace

static_assert(QueuePool::kMaxLimit == 64, "HIPCORE_MAX_HW_QUEUES's message names the range");

Settings Settings::parse(const loader::SettingReader::Lookup& lookup,
                         const loader::SettingReader::Report& report) {
  loader::SettingReader reader("hipcore", lookup, report);
  Settings s;
  s.hooks = logHooks(reader);
  s.traceFile = reader.path("HIPCORE_TRACE");
  if (!s.traceFile.empty()) s.hooks |= trace::kTrace;
  s.maxHardwareQueues = unsigned(
      reader.number("HIPCORE_MAX_HW_QUEUES", QueuePool::kDefaultLimit, 1, QueuePool::kMaxLimit,
                    "a number of hardware queues per device from 1 to 64"));
  return s;
}

const Settings& settings() {
  static const Settings parsed = Settings::parse(loader::processEnvironment);
  return parsed;
}

}  // namespace hipcore::core
