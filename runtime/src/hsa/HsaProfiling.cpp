// hsa_amd_profiling_get_dispatch_time for the trace collector.
#include <hsa/hsa_ext_amd.h>

#include "Profiling.h"

namespace hipcore::hsa {

bool dispatchInterval(uint64_t agent, uint64_t signal, uint64_t& start, uint64_t& end) {
  hsa_amd_profiling_dispatch_time_t time{};
  if (hsa_amd_profiling_get_dispatch_time(hsa_agent_t{agent}, hsa_signal_t{signal}, &time) !=
      HSA_STATUS_SUCCESS)
    return false;
  start = time.start;
  end = time.end;
  return time.end != 0 && time.end >= time.start;
}

void enableCopyProfiling() {
  static const bool enabled = hsa_amd_profiling_async_copy_enable(true) == HSA_STATUS_SUCCESS;
  (void)enabled;
}

bool copyInterval(uint64_t signal, uint64_t& start, uint64_t& end) {
  hsa_amd_profiling_async_copy_time_t time{};
  if (hsa_amd_profiling_get_async_copy_time(hsa_signal_t{signal}, &time) != HSA_STATUS_SUCCESS)
    return false;
  start = time.start;
  end = time.end;
  return time.end != 0 && time.end >= time.start;
}

bool isCpuAgent(uint64_t agent) {
  hsa_device_type_t type = HSA_DEVICE_TYPE_GPU;
  return hsa_agent_get_info(hsa_agent_t{agent}, HSA_AGENT_INFO_DEVICE, &type) ==
             HSA_STATUS_SUCCESS &&
         type == HSA_DEVICE_TYPE_CPU;
}

}  // namespace hipcore::hsa
