// Converting HSA profiling times (ROCR's "system domain") to CLOCK_MONOTONIC.
#pragma once

#include <cstdint>

namespace hipcore::trace {

// How system-domain times map to CLOCK_MONOTONIC ns: one affine map for a whole trace file, so
// the conversion keeps the order the GPU's clock gave (a map per harvest, each sampled with its
// own jitter, once made back-to-back kernels of one queue overlap by a microsecond).
struct SystemDomain {
  double nsPerTick = 1.0;
  int64_t offsetNs = 0;  // system-domain ns minus CLOCK_MONOTONIC ns
  uint64_t toMonotonicNs(uint64_t ticks) const {
    return uint64_t(int64_t(double(ticks) * nsPerTick) - offsetNs);
  }
};

// The thunk's system clock and CLOCK_MONOTONIC read together (the narrowest of a few tries).
struct ClockSample {
  uint64_t ticks = 0;
  uint64_t monotonicNs = 0;
  double nsPerTick = 1.0;  // the thunk's nominal rate
};
ClockSample sampleClocks();

// The map through two samples: the rate from their span once it is long enough to beat the
// sampling jitter (the thunk's clock may be CLOCK_MONOTONIC_RAW, which NTP does not slew),
// else the nominal rate through `last`.
SystemDomain domainThrough(const ClockSample& first, const ClockSample& last);

// Takes the trace's first sample (idempotent); the map of a trace file runs from it to a
// sample taken when the file is written.
void startTraceClock();
SystemDomain traceDomain();

// A map from one sample at the nominal rate.
SystemDomain sampleSystemDomain();

}  // namespace hipcore::trace
