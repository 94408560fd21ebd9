// Converting HSA profiling times (ROCR's "system domain") to CLOCK_MONOTONIC.
#pragma once

#include <cstdint>

namespace hipcore::trace {

// How system-domain times map to CLOCK_MONOTONIC ns. Sampled afresh by each call (cheap), so
// slow drift between the clocks stays out of traces harvested as they run.
struct SystemDomain {
  double nsPerTick = 1.0;
  int64_t offsetNs = 0;  // system-domain ns minus CLOCK_MONOTONIC ns
  uint64_t toMonotonicNs(uint64_t ticks) const {
    return uint64_t(int64_t(double(ticks) * nsPerTick) - offsetNs);
  }
};
SystemDomain sampleSystemDomain();

}  // namespace hipcore::trace
