// Runs one workgroup: creates its waves with the register state hardware gives them, then
// schedules them round-robin until each ends (s_barrier and s_sleep hand over to the next wave).
// The dispatch's workers interleave several such workgroups (Dispatch.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "hipcore/loader/KernelDescriptor.h"
#include "isa/Wave.h"

namespace vgpu::isa {

// The loader's decoded descriptor: vgpu reads descriptors through the same definition as hipcore.
using hipcore::loader::KernelDescriptor;

// Per-thread reusable storage, so a worker does not reallocate registers per workgroup.
struct WaveStorage {
  std::vector<Wave> waves;
  std::vector<std::uint32_t> vgprs;
  std::vector<std::uint8_t> scratch;
};

// One workgroup resident on a worker: its waves' storage and shared state (stable addresses:
// waves point at their WorkgroupContext).
struct ResidentWorkgroup {
  WaveStorage storage;
  WorkgroupContext wg;
  std::uint64_t linear = 0;
  std::uint32_t id[3] = {0, 0, 0};
  double startUs = 0;  // when tracing

  std::size_t bytes() const;
};

// A worker's resident workgroups, kept from one dispatch to the next so that a dispatch
// allocates nothing once its shapes have been seen.
struct WorkerCache {
  // Kept after a dispatch: a few workgroups' worth, so that one huge dispatch (deep scratch,
  // a cooperative grid) does not pin its memory for the rest of the process, and a crew of
  // many workers (VGPU_THREADS allows 1024) keeps at most 256 KiB each. A larger workgroup is
  // allocated per dispatch, as before caches existed.
  static constexpr std::size_t kMaxKeptBytes = std::size_t{256} << 10;
  static constexpr std::size_t kMaxKeptWorkgroups = 4;

  std::vector<std::unique_ptr<ResidentWorkgroup>> slots;

  // Before a dispatch: LDS and scratch start zeroed, as when every dispatch allocated them.
  void beginDispatch();
  // After it: drops what exceeds the bounds above.
  void trim();
};

class WorkgroupRunner {
 public:
  WorkgroupRunner(const DispatchContext& dispatch, const KernelDescriptor& kd)
      : dispatch_(dispatch), kd_(kd) {}

  // Executes workgroup (x, y, z) to its end; returns false on a fault (details in wg.fault).
  bool run(std::uint32_t x, std::uint32_t y, std::uint32_t z, WaveStorage& storage,
           WorkgroupContext& wg);

  // The same in steps, so one worker can keep several workgroups resident and interleave them
  // (grid-wide barriers spin until every workgroup of the grid has arrived): start() creates
  // the waves, each step() runs one scheduling round of them.
  enum class Step { ended, faulted, progressing, waiting };
  void start(std::uint32_t x, std::uint32_t y, std::uint32_t z, WaveStorage& storage,
             WorkgroupContext& wg);
  // waiting: every wave still alive sleeps (s_sleep) or waits at an s_barrier that is not
  // complete, i.e. the workgroup waits on something outside itself.
  Step step(WaveStorage& storage, WorkgroupContext& wg);

  // Runs one wave until it ends, faults, waits at a barrier or yields.
  static void execute(Wave& w, const std::vector<MicroOp>& ops);

 private:
  void initWave(Wave& w, unsigned waveIndex, const std::uint32_t size[3], unsigned threads);

  const DispatchContext& dispatch_;
  const KernelDescriptor& kd_;
};

}  // namespace vgpu::isa
