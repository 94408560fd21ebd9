// Construction of the device state and the clocks shared by the thunk and the CP.
#include "kfd/VirtualKfd.h"

#include <time.h>

#include <cstdio>
#include <cstdlib>

namespace vgpu::kfd {

VirtualKfd& VirtualKfd::instance() {
  // Intentionally leaked (see the header): no destructor may stop CP threads at exit.
  static VirtualKfd* device = new VirtualKfd();
  return *device;
}

VirtualKfd::VirtualKfd()
    : options_(vgpu::options()),
      topology_(options_),
      deviceMemory_(options_, topology_, map_),
      events_(map_),
      queues_(map_, watcher_) {
  if (!options_.traceEvents) return;
  recorder_ = std::make_unique<cp::TraceRecorder>(options_.traceFile);
  // VGPU_TRACE=path: vgpu's own complete trace, written when the process exits (HIP programs
  // never call hsa_shut_down, so exit is the one moment every program reaches).
  if (!options_.traceFile.empty()) std::atexit([] { instance().writeTraceFile(); });
}

void VirtualKfd::writeTraceFile() {
  std::string text = recorder_->document();
  if (FILE* f = std::fopen(recorder_->outputPath().c_str(), "w")) {
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  } else {
    std::fprintf(stderr, "vgpu: cannot write the trace file %s\n", recorder_->outputPath().c_str());
  }
}

cp::EngineConfig VirtualKfd::engineConfig(std::uint32_t node) {
  cp::EngineConfig config;
  config.services = this;
  config.nodeId = node;
  config.target = options_.target;
  config.log = options_.log;
  config.recorder = recorder_.get();
  config.interpreterThreads = options_.interpreterThreads;
  // Topology: 2 SIMDs x MaxWavesPerSIMD 16 per CU, so at most 32 one-wave workgroups per CU.
  config.coResidentWorkgroups = options_.computeUnits * 32;
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
