// The host-only pieces of HIPCORE_TRACE: the JSON helpers and the system-domain conversion (the
// settings themselves: tests/runtime/SettingsTest.cpp).
#include <gtest/gtest.h>

#include "trace/Json.h"
#include "trace/Settings.h"  // monotonicNs
#include "trace/TraceClock.h"

namespace hipcore::trace {
namespace {

TEST(TraceJson, MicrosecondsKeepNanosecondDigits) {
  EXPECT_EQ(jsonMicroseconds(0), "0.000");
  EXPECT_EQ(jsonMicroseconds(1), "0.001");
  EXPECT_EQ(jsonMicroseconds(1234567), "1234.567");
  EXPECT_EQ(jsonMicroseconds(18446744073709551615ull), "18446744073709551.615");
}

TEST(TraceJson, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(jsonEscape("plain(float*, int)"), "plain(float*, int)");
  EXPECT_EQ(jsonEscape("a\"b\\c"), "a\\\"b\\\\c");
  EXPECT_EQ(jsonEscape(std::string("x\ny\x01", 4)), "x\\u000ay\\u0001");
}

TEST(TraceClock, SystemDomainMapsToMonotonicByOffsetAndRate) {
  SystemDomain domain;
  domain.nsPerTick = 10.0;  // a 100 MHz system clock
  domain.offsetNs = 5000;
  EXPECT_EQ(domain.toMonotonicNs(1000), 10000u - 5000u);
  // The sampled domain of this machine's thunk (none here: the CLOCK_BOOTTIME fallback) puts
  // "now" within a millisecond of CLOCK_MONOTONIC.
  SystemDomain sampled = sampleSystemDomain();
  timespec boot;
  clock_gettime(CLOCK_BOOTTIME, &boot);
  uint64_t bootNs = uint64_t(boot.tv_sec) * 1'000'000'000u + uint64_t(boot.tv_nsec);
  int64_t difference = int64_t(sampled.toMonotonicNs(bootNs)) - int64_t(monotonicNs());
  EXPECT_LT(difference < 0 ? -difference : difference, 1'000'000);
}

}  // namespace
}  // namespace hipcore::trace
