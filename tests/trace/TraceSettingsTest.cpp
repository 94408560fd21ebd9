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
  // "now" within a millisecond of CLOCK_MONOTONIC. "Now" is bracketed by monotonic readings on
  // both sides, so a preemption between the readings (valgrind, a loaded machine) widens the
  // bracket instead of failing the test.
  SystemDomain sampled = sampleSystemDomain();
  timespec boot;
  const uint64_t before = monotonicNs();
  clock_gettime(CLOCK_BOOTTIME, &boot);
  const uint64_t after = monotonicNs();
  uint64_t bootNs = uint64_t(boot.tv_sec) * 1'000'000'000u + uint64_t(boot.tv_nsec);
  const uint64_t mapped = sampled.toMonotonicNs(bootNs);
  EXPECT_GE(mapped + 1'000'000, before);
  EXPECT_LE(mapped, after + 1'000'000);
}

}  // namespace
TEST(TraceClock, OneMapThroughTwoSamplesFollowsTheMeasuredRate) {
  // The thunk's clock runs 50 ppm slow against CLOCK_MONOTONIC over one second.
  ClockSample first{1'000'000'000, 7'000'000'000, 1.0};
  ClockSample last{2'000'000'000, 8'000'050'000, 1.0};
  SystemDomain domain = domainThrough(first, last);
  EXPECT_EQ(domain.toMonotonicNs(last.ticks), last.monotonicNs);
  int64_t atFirst = int64_t(domain.toMonotonicNs(first.ticks)) - int64_t(first.monotonicNs);
  EXPECT_LE(atFirst < 0 ? -atFirst : atFirst, 1);
  // One map: back-to-back intervals stay back to back (a kernel ending at tick t and the next
  // starting at t meet exactly), which maps sampled per harvest did not guarantee.
  EXPECT_EQ(domain.toMonotonicNs(1'500'000'000), domain.toMonotonicNs(1'500'000'000));
  EXPECT_LT(domain.toMonotonicNs(1'500'000'000), domain.toMonotonicNs(1'500'000'001));
}

TEST(TraceClock, ShortOrImplausibleSpansKeepTheNominalRate) {
  ClockSample first{1'000'000'000, 7'000'000'000, 1.0};
  // 10 ms apart: too short to measure a rate against microsecond sampling jitter.
  ClockSample soon{1'010'000'000, 7'010'000'100, 1.0};
  EXPECT_EQ(domainThrough(first, soon).nsPerTick, 1.0);
  EXPECT_EQ(domainThrough(first, soon).toMonotonicNs(soon.ticks), soon.monotonicNs);
  // 1% apart over a second: not one clock slewed against another; the nominal rate holds.
  ClockSample skewed{2'000'000'000, 8'010'000'000, 1.0};
  EXPECT_EQ(domainThrough(first, skewed).nsPerTick, 1.0);
  // The same sample twice: the nominal rate of a 100 MHz clock.
  ClockSample slow{100, 5000, 10.0};
  EXPECT_EQ(domainThrough(slow, slow).toMonotonicNs(200), 6000u);
}

}  // namespace hipcore::trace
