// libhipcore's settings (core/Settings.h) built from an injected environment: HIPCORE_LOG's
// comma list, HIPCORE_TRACE, HIPCORE_MAX_HW_QUEUES, and the messages unusable values give.
#include "core/Settings.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "../SettingsTestSupport.h"

#include "trace/Settings.h"

namespace hipcore::core {
namespace {

using Parsed = settingstest::Parsed<Settings>;

Parsed parse(const std::map<std::string, std::string>& env) {
  return settingstest::parse<Settings>(env);
}

unsigned logHooks(const char* value) {
  return parse({{"HIPCORE_LOG", value}}).settings.hooks;
}

TEST(Settings, DefaultsWithNothingSet) {
  Parsed p = parse({});
  EXPECT_EQ(p.settings.hooks, 0u);
  EXPECT_EQ(p.settings.traceFile, "");
  EXPECT_EQ(p.settings.maxHardwareQueues, 4u);
  EXPECT_TRUE(p.messages.empty());
}

TEST(Settings, LogAcceptsACommaList) {
  using namespace trace;
  EXPECT_EQ(logHooks(""), 0u);
  EXPECT_EQ(logHooks("0"), 0u);
  EXPECT_EQ(logHooks("1"), unsigned(kLogErrors));
  EXPECT_EQ(logHooks("errors"), unsigned(kLogErrors));
  EXPECT_EQ(logHooks("api"), unsigned(kLogCalls | kLogErrors));
  EXPECT_EQ(logHooks("errors,api"), unsigned(kLogCalls | kLogErrors));
  EXPECT_EQ(logHooks("api,"), unsigned(kLogCalls | kLogErrors));
  EXPECT_EQ(logHooks("0,api"), unsigned(kLogCalls | kLogErrors));
}

TEST(Settings, AnUnknownLogWordIsReportedAndLogsNothing) {
  Parsed p = parse({{"HIPCORE_LOG", "errors,yes"}});
  EXPECT_EQ(p.settings.hooks, 0u);
  ASSERT_EQ(p.messages.size(), 1u);
  EXPECT_EQ(p.messages[0],
            "hipcore: HIPCORE_LOG='errors,yes' is not a comma list of 0, 1, errors and api; using "
            "the default 0 (no log)");
}

TEST(Settings, TraceFileSwitchesTracingOn) {
  Parsed p = parse({{"HIPCORE_TRACE", "out.json"}, {"HIPCORE_LOG", "api"}});
  EXPECT_EQ(p.settings.traceFile, "out.json");
  EXPECT_EQ(p.settings.hooks, unsigned(trace::kTrace | trace::kLogCalls | trace::kLogErrors));
}

TEST(Settings, HardwareQueues) {
  EXPECT_EQ(parse({{"HIPCORE_MAX_HW_QUEUES", "1"}}).settings.maxHardwareQueues, 1u);
  EXPECT_EQ(parse({{"HIPCORE_MAX_HW_QUEUES", "64"}}).settings.maxHardwareQueues, 64u);
  for (const char* bad : {"0", "65", "abc", "8x", "-2", "99999999999999999999"}) {
    Parsed p = parse({{"HIPCORE_MAX_HW_QUEUES", bad}});
    EXPECT_EQ(p.settings.maxHardwareQueues, 4u) << bad;
    ASSERT_EQ(p.messages.size(), 1u) << bad;
    EXPECT_EQ(p.messages[0], std::string("hipcore: HIPCORE_MAX_HW_QUEUES='") + bad +
                                 "' is not a number of hardware queues per device from 1 to 64; "
                                 "using the default 4");
  }
}

}  // namespace
}  // namespace hipcore::core
