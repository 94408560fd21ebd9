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

}  // namespace hipcore::hsa
