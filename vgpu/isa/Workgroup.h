// Runs one workgroup: creates its waves with the register state hardware gives them, then
// schedules them round-robin until each ends (s_barrier and s_sleep hand over to the next wave).
#pragma once

#include <cstdint>
#include <vector>

#include "isa/KernelDescriptor.h"
#include "isa/Wave.h"

namespace vgpu::isa {

// Per-thread reusable storage, so a worker does not reallocate registers per workgroup.
struct WaveStorage {
  std::vector<Wave> waves;
  std::vector<std::uint32_t> vgprs;
  std::vector<std::uint8_t> scratch;
};

class WorkgroupRunner {
 public:
  WorkgroupRunner(const DispatchContext& dispatch, const KernelDescriptor& kd)
      : dispatch_(dispatch), kd_(kd) {}

  // Executes workgroup (x, y, z); returns false on a fault (details in wg.fault).
  bool run(std::uint32_t x, std::uint32_t y, std::uint32_t z, WaveStorage& storage,
           WorkgroupContext& wg);

  // Runs one wave until it ends, faults, waits at a barrier or yields.
  static void execute(Wave& w, const std::vector<MicroOp>& ops);

 private:
  void initWave(Wave& w, unsigned waveIndex, const std::uint32_t size[3], unsigned threads);

  const DispatchContext& dispatch_;
  const KernelDescriptor& kd_;
};

}  // namespace vgpu::isa
