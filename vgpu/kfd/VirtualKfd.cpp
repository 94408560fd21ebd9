// Construction of the device state and the clocks shared by the thunk and the CP.
#include "kfd/VirtualKfd.h"

#include <time.h>

namespace vgpu::kfd {

VirtualKfd& VirtualKfd::instance() {
  // Intentionally leaked (see the header): no destructor may stop CP threads at exit.
  static VirtualKfd* device = new VirtualKfd();
  return *device;
}

VirtualKfd::VirtualKfd()
    : options_(Options::fromEnvironment()),
      topology_(options_),
      deviceMemory_(options_, topology_, map_),
      events_(map_),
      queues_(map_, watcher_) {}

cp::EngineConfig VirtualKfd::engineConfig(std::uint32_t node) {
  cp::EngineConfig config;
  config.services = this;
  config.nodeId = node;
  config.target = options_.target;
  config.trace = options_.trace;
  config.interpreterThreads = options_.interpreterThreads;
  return config;
}

std::uint64_t VirtualKfd::systemClock() const {
  // One nanosecond clock for the GPU and the system domain: ROCR correlates the two from
  // hsaKmtGetClockCounters samples, and identical clocks make that translation exact.
  timespec now;
  clock_gettime(CLOCK_MONOTONIC_RAW, &now);
  return std::uint64_t(now.tv_sec) * 1000000000ull + std::uint64_t(now.tv_nsec);
}

}  // namespace vgpu::kfd
