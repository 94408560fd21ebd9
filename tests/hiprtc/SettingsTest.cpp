// libhiprtc's settings (hiprtc/src/Settings.h) from injected environments: the compiler choice,
// the compile cache's place and bound, TMPDIR, and the messages unusable values give.
#include "Settings.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "../SettingsTestSupport.h"

namespace hiprtc {
namespace {

using Parsed = settingstest::Parsed<Settings>;

Parsed parse(const std::map<std::string, std::string>& env) {
  return settingstest::parse<Settings>(env);
}

TEST(Settings, Defaults) {
  Parsed p = parse({{"HOME", "/home/u"}});
  EXPECT_EQ(p.settings.compiler, CompilerChoice::Auto);
  EXPECT_EQ(p.settings.clang, "");
  EXPECT_EQ(p.settings.cacheDirectory, "/home/u/.cache/hipcore/rtc");
  EXPECT_EQ(p.settings.cacheMaxBytes, 512ull << 20);
  EXPECT_EQ(p.settings.temporaryRoot, "/tmp");
  EXPECT_TRUE(p.messages.empty());
  EXPECT_EQ(parse({}).settings.cacheDirectory, "") << "no HOME, no XDG_CACHE_HOME: no cache";
}

TEST(Settings, ValidValues) {
  Parsed p = parse({{"HIPCORE_RTC_COMPILER", "clang"},
                    {"HIPCORE_CLANG", "/opt/clang++"},
                    {"XDG_CACHE_HOME", "/xdg"},
                    {"HOME", "/home/u"},
                    {"HIPCORE_JIT_CACHE", "1"},
                    {"HIPCORE_JIT_CACHE_MAX_MB", "0"},
                    {"TMPDIR", "/scratch"}});
  EXPECT_EQ(p.settings.compiler, CompilerChoice::Clang);
  EXPECT_EQ(p.settings.clang, "/opt/clang++");
  EXPECT_EQ(p.settings.cacheDirectory, "/xdg/hipcore/rtc");
  EXPECT_EQ(p.settings.cacheMaxBytes, 0u);
  EXPECT_EQ(p.settings.temporaryRoot, "/scratch");
  EXPECT_TRUE(p.messages.empty());
  EXPECT_EQ(parse({{"HIPCORE_RTC_COMPILER", "comgr"}}).settings.compiler, CompilerChoice::Comgr);
}

TEST(Settings, CacheOff) {
  Parsed p = parse({{"HIPCORE_JIT_CACHE", "0"}, {"HOME", "/home/u"}});
  EXPECT_EQ(p.settings.cacheDirectory, "");
  EXPECT_TRUE(p.messages.empty());
}

TEST(Settings, UnusableValuesKeepTheirDefaultsWithAMessage) {
  Parsed p = parse({{"HIPCORE_RTC_COMPILER", "gcc"},
                    {"HIPCORE_JIT_CACHE", "off"},
                    {"HIPCORE_JIT_CACHE_MAX_MB", "12abc"},
                    {"XDG_CACHE_HOME", "relative"},
                    {"HOME", "/home/u"}});
  EXPECT_EQ(p.settings.compiler, CompilerChoice::Auto);
  EXPECT_EQ(p.settings.cacheDirectory, "/home/u/.cache/hipcore/rtc");
  EXPECT_EQ(p.settings.cacheMaxBytes, 512ull << 20);
  ASSERT_EQ(p.messages.size(), 4u);
  EXPECT_EQ(p.messages[0],
            "hiprtc: HIPCORE_RTC_COMPILER='gcc' is not one of auto, comgr, clang; using the "
            "default auto");
  EXPECT_EQ(p.messages[1],
            "hiprtc: HIPCORE_JIT_CACHE='off' is not one of 0, 1; using the default 1");
  EXPECT_EQ(p.messages[2],
            "hiprtc: XDG_CACHE_HOME='relative' is not an absolute path; using the default "
            "$HOME/.cache");
  EXPECT_EQ(p.messages[3],
            "hiprtc: HIPCORE_JIT_CACHE_MAX_MB='12abc' is not a number of MiB from 0 to 16777216 "
            "(0 = store nothing); using the default 512");
  for (const char* bad : {"-1", "16777217", "99999999999999999999999", "abc"}) {
    Parsed q = parse({{"HIPCORE_JIT_CACHE_MAX_MB", bad}});
    EXPECT_EQ(q.settings.cacheMaxBytes, 512ull << 20) << bad;
    EXPECT_EQ(q.messages.size(), 1u) << bad;
  }
}

}  // namespace
}  // namespace hiprtc
