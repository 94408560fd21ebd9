// Why this conversion is right:
// - hsa_amd_profiling_get_dispatch_time (ROCR 5.2.3, GpuAgent::TranslateTime) already maps the
//   packet's GPU ticks into the system domain by interpolating between two
//   hsaKmtGetClockCounters samples {GPUClockCounter, SystemClockCounter}; its result is in the
//   units of SystemClockCounter (nanoseconds: SystemClockFrequencyHz is 1 GHz for KFD and for
//   vgpu). Calling hsa_amd_profiling_convert_tick_to_system_domain on it again would be wrong.
// - Which Linux clock SystemClockCounter is depends on the thunk: KFD reports
//   ktime_get_boottime_ns() (older kernels: the raw monotonic clock); vgpu/kfd reports
//   CLOCK_MONOTONIC_RAW for both counters. None of them is CLOCK_MONOTONIC, the trace's time
//   base. So sample the thunk's counters directly (hsaKmtGetClockCounters, found with dlsym in
//   the libhsakmt ROCR loaded) between two CLOCK_MONOTONIC reads: the difference is the offset,
//   exact to the sampling window (~1 us under vgpu; an ioctl on hardware).
// - Without that symbol, fall back to CLOCK_BOOTTIME, KFD's clock on current kernels.
#include "TraceClock.h"

#include <dlfcn.h>

#include <cstdint>
#include <ctime>

#include "Settings.h"

namespace hipcore::trace {

namespace {

// HsaClockCounters of hsakmttypes.h: four 64-bit counters.
struct ClockCounters {
  uint64_t gpu;
  uint64_t cpu;
  uint64_t system;
  uint64_t systemFrequencyHz;
};
using GetClockCounters = int (*)(uint32_t node, ClockCounters* counters);

uint64_t clockNs(clockid_t clock) {
  timespec now;
  clock_gettime(clock, &now);
  return uint64_t(now.tv_sec) * 1'000'000'000u + uint64_t(now.tv_nsec);
}

}  // namespace

namespace {

// One reading: the thunk's counter between two CLOCK_MONOTONIC reads, taken at the middle.
void readOnce(ClockSample& sample, uint64_t& windowNs) {
  static const auto getCounters =
      reinterpret_cast<GetClockCounters>(dlsym(RTLD_DEFAULT, "hsaKmtGetClockCounters"));
  if (getCounters != nullptr) {
    for (uint32_t node = 0; node < 16; ++node) {
      ClockCounters counters{};
      uint64_t before = monotonicNs();
      if (getCounters(node, &counters) != 0 || counters.systemFrequencyHz == 0) continue;
      uint64_t after = monotonicNs();
      sample = {counters.system, before + (after - before) / 2,
                1e9 / double(counters.systemFrequencyHz)};
      windowNs = after - before;
      return;
    }
  }
  uint64_t before = monotonicNs();
  uint64_t boot = clockNs(CLOCK_BOOTTIME);
  uint64_t after = monotonicNs();
  sample = {boot, before + (after - before) / 2, 1.0};
  windowNs = after - before;
}

// Where the trace's map starts.
ClockSample& firstSample() {
  static ClockSample sample = sampleClocks();
  return sample;
}

}  // namespace

ClockSample sampleClocks() {
  // A preempted or (under a sanitizer) slow reading has a wide window; the narrowest of a few
  // bounds the error by its half-width.
  ClockSample best;
  uint64_t bestWindow = UINT64_MAX;
  for (int i = 0; i < 8; ++i) {
    ClockSample sample;
    uint64_t window = 0;
    readOnce(sample, window);
    if (window < bestWindow) {
      best = sample;
      bestWindow = window;
    }
  }
  return best;
}

SystemDomain domainThrough(const ClockSample& first, const ClockSample& last) {
  constexpr uint64_t kMinimumSpanNs = 100'000'000;  // 1 us of jitter is then 10 ppm of rate
  SystemDomain domain;
  domain.nsPerTick = last.nsPerTick;
  if (last.ticks > first.ticks && last.monotonicNs > first.monotonicNs + kMinimumSpanNs) {
    double rate = double(last.monotonicNs - first.monotonicNs) / double(last.ticks - first.ticks);
    // Clocks that slew apart by more than 0.1% are not the same clock: keep the nominal rate.
    if (rate > last.nsPerTick * 0.999 && rate < last.nsPerTick * 1.001) domain.nsPerTick = rate;
  }
  domain.offsetNs = int64_t(double(last.ticks) * domain.nsPerTick) - int64_t(last.monotonicNs);
  return domain;
}

void startTraceClock() {
  firstSample();
}

SystemDomain traceDomain() {
  return domainThrough(firstSample(), sampleClocks());
}

SystemDomain sampleSystemDomain() {
  ClockSample sample = sampleClocks();
  return domainThrough(sample, sample);
}

}  // namespace hipcore::trace
