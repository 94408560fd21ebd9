// vgpu::Options (vgpu/options): every VGPU_* setting parsed from an injected environment, the
// message an unusable value gives, which values are fatal; and, run by ctest with a bad value in
// the real environment, the process's options and hsaKmtOpenKFD.
#include "options/Options.h"

#include <gtest/gtest.h>
#include <hsakmt.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "../SettingsTestSupport.h"

namespace vgpu {
namespace {

using Parsed = settingstest::Parsed<Options>;

Parsed parse(const std::map<std::string, std::string>& env) {
  return settingstest::parse<Options>(env);
}

TEST(Options, DefaultsWithNothingSet) {
  Parsed p = parse({});
  EXPECT_EQ(p.settings.target, GpuTarget::gfx1030);
  EXPECT_EQ(p.settings.computeUnits, 8u);
  EXPECT_EQ(p.settings.memoryBytes, 4ull << 30);
  EXPECT_EQ(p.settings.hostMemoryBytes, 0u);
  EXPECT_EQ(p.settings.gpuCount, 1u);
  EXPECT_FALSE(p.settings.log);
  EXPECT_FALSE(p.settings.traceEvents);
  EXPECT_EQ(p.settings.interpreterThreads, 0u);
  EXPECT_EQ(p.settings.watchdogMs, 60000u);
  EXPECT_FALSE(p.settings.isaTrace);
  EXPECT_FALSE(p.settings.strict);
  EXPECT_EQ(p.settings.unusable, "");
  EXPECT_TRUE(p.messages.empty());
}

TEST(Options, ValidValuesAreRead) {
  Parsed p = parse({{"VGPU_TARGET", "gfx1100"},
                    {"VGPU_CU_COUNT", "20"},
                    {"VGPU_MEMORY_MB", "512"},
                    {"VGPU_HOST_MEMORY_MB", "256"},
                    {"VGPU_GPUS", "2"},
                    {"VGPU_LOG", "1"},
                    {"VGPU_TRACE", "/tmp/vgpu.json"},
                    {"VGPU_THREADS", "3"},
                    {"VGPU_WATCHDOG_MS", "0"},
                    {"VGPU_ISA_TRACE", "1"},
                    {"VGPU_STRICT", "1"}});
  EXPECT_EQ(p.settings.target, GpuTarget::gfx1100);
  EXPECT_EQ(p.settings.computeUnits, 20u);
  EXPECT_EQ(p.settings.memoryBytes, 512ull << 20);
  EXPECT_EQ(p.settings.hostMemoryBytes, 256ull << 20);
  EXPECT_EQ(p.settings.gpuCount, 2u);
  EXPECT_TRUE(p.settings.log);
  EXPECT_EQ(p.settings.traceFile, "/tmp/vgpu.json");
  EXPECT_TRUE(p.settings.traceEvents);
  EXPECT_EQ(p.settings.interpreterThreads, 3u);
  EXPECT_EQ(p.settings.watchdogMs, 0u) << "0 turns the watchdog off";
  EXPECT_TRUE(p.settings.isaTrace);
  EXPECT_TRUE(p.settings.strict);
  EXPECT_EQ(p.settings.unusable, "");
  EXPECT_TRUE(p.messages.empty());
}

TEST(Options, HipcoreTraceTurnsTraceEventsOn) {
  Parsed p = parse({{"HIPCORE_TRACE", "out.json"}});
  EXPECT_TRUE(p.settings.traceEvents);
  EXPECT_EQ(p.settings.traceFile, "") << "vgpu writes no file of its own";
}

TEST(Options, AnUnusableWatchdogKeepsTheDefaultWithAMessage) {
  for (const char* bad : {"abc", "12abc", "-1", " 5", "4294967295", "99999999999999999999999"}) {
    Parsed p = parse({{"VGPU_WATCHDOG_MS", bad}});
    EXPECT_EQ(p.settings.watchdogMs, 60000u) << bad;
    EXPECT_EQ(p.settings.unusable, "") << "not fatal: " << bad;
    ASSERT_EQ(p.messages.size(), 1u) << bad;
    EXPECT_EQ(p.messages[0], std::string("vgpu: VGPU_WATCHDOG_MS='") + bad +
                                 "' is not a number of milliseconds (0 = off); using the default "
                                 "60000");
  }
  EXPECT_EQ(parse({{"VGPU_WATCHDOG_MS", ""}}).messages.size(), 0u) << "empty is unset";
}

TEST(Options, UnusableDiagnosticsKeepTheirDefaults) {
  Parsed p = parse({{"VGPU_LOG", "yes"}, {"VGPU_ISA_TRACE", "2"}, {"VGPU_THREADS", "1025"}});
  EXPECT_FALSE(p.settings.log);
  EXPECT_FALSE(p.settings.isaTrace);
  EXPECT_EQ(p.settings.interpreterThreads, 0u);
  EXPECT_EQ(p.settings.unusable, "");
  ASSERT_EQ(p.messages.size(), 3u);
  EXPECT_EQ(p.messages[0], "vgpu: VGPU_LOG='yes' is not one of 0, 1; using the default 0");
}

TEST(Options, AnUnusableMachineShapeIsFatal) {
  const std::map<std::string, std::string> cases = {
      {"VGPU_GPUS", "abc"},          {"VGPU_GPUS", "9"},
      {"VGPU_CU_COUNT", "0"},        {"VGPU_MEMORY_MB", "63"},
      {"VGPU_HOST_MEMORY_MB", "1x"}, {"VGPU_TARGET", "gfx1101"}};
  for (const auto& [name, value] : cases) {
    Parsed p = parse({{name, value}});
    ASSERT_EQ(p.messages.size(), 1u) << name;
    EXPECT_EQ(p.settings.unusable, p.messages[0]);
    EXPECT_NE(p.messages[0].find("vgpu: " + name + "='" + value + "' is not "), std::string::npos)
        << p.messages[0];
    EXPECT_NE(p.messages[0].find("; vgpu does not open the device"), std::string::npos)
        << p.messages[0];
  }
  EXPECT_EQ(
      parse({{"VGPU_GPUS", "9"}}).messages[0],
      "vgpu: VGPU_GPUS='9' is not a number of GPUs from 1 to 8; vgpu does not open the device");
  EXPECT_EQ(parse({{"VGPU_TARGET", "gfx1101"}}).messages[0],
            "vgpu: VGPU_TARGET='gfx1101' is not one of gfx1030, gfx1100; vgpu does not open the "
            "device");
}

// The process's own options, parsed at their first use, with a bad value in the environment: in
// a child process (a threadsafe death test runs this binary again, so its parsed-once options
// are fresh there) that sets the variable, checks the result and exits 0 only if it held; the
// line it printed is matched on its stderr.
TEST(ProcessOptions, WatchdogAbcPrintsTheMessageAndKeepsTheDefault) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("VGPU_WATCHDOG_MS", "abc", /*overwrite=*/1);
        std::exit(options().watchdogMs == 60000u ? 0 : 1);
      },
      testing::ExitedWithCode(0),
      "vgpu: VGPU_WATCHDOG_MS='abc' is not a number of milliseconds \\(0 = off\\); using the "
      "default 60000");
}

TEST(ProcessOptions, GpusAbcFailsTheOpen) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("VGPU_GPUS", "abc", /*overwrite=*/1);
        bool refused = hsaKmtOpenKFD() == HSAKMT_STATUS_ERROR;
        HsaSystemProperties system{};
        bool closed =
            hsaKmtAcquireSystemProperties(&system) == HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
        std::exit(refused && closed ? 0 : 1);
      },
      testing::ExitedWithCode(0),
      "vgpu: VGPU_GPUS='abc' is not a number of GPUs from 1 to 8; vgpu does not open the device");
}

}  // namespace
}  // namespace vgpu
