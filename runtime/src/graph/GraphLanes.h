// The plan that runs an executable graph's independent branches on several hardware queues at
// once ("lanes"): which lane runs each kernel node, and the waits that keep every dependency
// between lanes. Laid out once at instantiation; GraphExec prebuilds the packets per launching
// queue and a launch copies them, one run and one doorbell per lane.
//
// Lane 0 is the launching stream's queue, the others are other queues of the device's pool
// (QueuePool::lanesFor). A lane is one run of packets with the barrier bit, so it runs its
// kernels in order; an edge between lanes is a barrier-value packet (AMD's vendor packet,
// hsa_amd_barrier_value_packet_t) on the consumer's lane waiting for the producer's completion
// signal. Those signals only ever count down: every launch decrements each of them exactly
// once, and launch k (1-based) waits for a value below kSignalStart - k + 1. Nothing is reset
// between launches: a reset racing with a late wait of the previous launch could let that wait
// pass early or never. This holds because launches of one executable run one after another
// (as CUDA documents for cudaGraphLaunch), even from different streams: lane 0 starts with a
// packet that waits for the previous launch's `done` and completes `fork`, which every other
// lane waits for first (work before hipGraphLaunch on the stream happens first); lane 0 ends
// waiting for every other lane's last kernel and completes `done` (work after it waits for all
// of the graph).
//
// Waits implied by others are left out: each lane keeps a vector clock, the last position on
// every lane it is known to follow, and a kernel waits only for dependencies beyond it.
// Kernels are taken in a dependency order and a wait names an earlier kernel only, so whatever
// lane a kernel lands on, no packet waits for one that waits for it.
#pragma once

#include <cstdint>
#include <vector>

namespace hipcore::graph {

struct LanePlan {
  static constexpr uint32_t kNone = UINT32_MAX;
  static constexpr uint32_t kFork = 0, kDone = 1;  // signal numbers; producers' signals follow
  // Where every signal starts: far from 0, it never reaches it.
  static constexpr int64_t kSignalStart = int64_t{1} << 62;

  struct Item {
    bool wait = false;           // a barrier-value wait for `waitFor`, else kernel `kernel`
    uint32_t kernel = 0;         // index into the executable's lane nodes (its kernels)
    uint32_t waitFor = kNone;    // the signal waited for
    int32_t boundOffset = 1;     // launch k waits for a value below kSignalStart - k + this
    uint32_t completes = kNone;  // the signal the packet decrements, or kNone
    // The node's packet completes a signal that is not the plan's (an event record's): it
    // never completes one of the plan's, and nothing waits for it but the end of the launch.
    bool ownSignal = false;
  };
  std::vector<std::vector<Item>> lanes;  // empty: no independent branches, one queue suffices
  uint32_t signals = 0;                  // how many signals the items name

  // `dependencies[i]`: the kernels kernel i depends on, each below i (kernels are numbered in a
  // dependency order). At most `maxLanes` lanes. No plan (lanes empty) when one lane would do,
  // or when a lane would hold more than `maxPackets` packets: a launch reserves every lane's
  // packets at once, and a lane must fit its queue. With `kernelsCompleteNothing` (tracing:
  // each kernel's completion signal is its dispatch-trace signal) a kernel that would complete
  // a signal is followed by a wait already met that completes it instead. `completesItsOwn[i]`:
  // node i's packet completes a signal of its own (ownSignal); no node may depend on it.
  static LanePlan make(const std::vector<std::vector<uint32_t>>& dependencies, unsigned maxLanes,
                       uint32_t maxPackets, bool kernelsCompleteNothing = false,
                       const std::vector<bool>& completesItsOwn = {});
};

}  // namespace hipcore::graph
