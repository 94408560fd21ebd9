// The interface between vgpu's command processor (cp/) and its ISA interpreter (isa/).
//
// The command processor owns queues, packets and signals; the interpreter owns waves. One AQL
// kernel-dispatch packet crosses this boundary as a DispatchRequest and comes back as a
// DispatchOutcome. The interpreter knows nothing of ROCR, the thunk or queues beyond the
// addresses it is given, so it can also be driven by a test harness with no ROCR at all.
#pragma once

#include <hsa/hsa.h>  // hsa_kernel_dispatch_packet_t: the packet layout is defined by HSA.

#include <cstdint>
#include <string>
#include <vector>

namespace vgpu {

enum class GpuTarget { gfx1030, gfx1100 };

// What the interpreter may touch. vgpu's memory is host memory with identity GPU addresses, so
// "accessible" is a question about the allocation map, not a translation.
class AddressSpace {
 public:
  virtual ~AddressSpace() = default;
  // True when [address, address + size) lies inside one live allocation visible to the GPU.
  virtual bool accessible(std::uint64_t address, std::uint64_t size) const = 0;
  // One line naming the allocation nearest to address, for fault reports.
  virtual std::string describeNearest(std::uint64_t address) const = 0;
};

// One workgroup's execution, for traces: wall time (CLOCK_MONOTONIC microseconds) and the
// worker that ran it (distinct among all dispatches running at that moment).
struct WorkgroupSpan {
  double startUs = 0, endUs = 0;
  std::uint32_t id[3] = {0, 0, 0};
  unsigned worker = 0;
};

struct DispatchRequest {
  GpuTarget target = GpuTarget::gfx1030;
  // A copy of the packet taken after its header was seen valid (the ring slot may be reused).
  hsa_kernel_dispatch_packet_t packet{};
  // The queue the packet came from (an amd_queue_t in ROCR's memory): the kernel's queue_ptr.
  std::uint64_t queueAddress = 0;
  std::uint64_t dispatchId = 0;
  // Bounds checking for global accesses; null disables it (the isa harness may pass its own).
  const AddressSpace* memory = nullptr;
  // Worker threads for workgroups; 0 means the machine's hardware concurrency.
  unsigned threads = 0;
  // Workgroups that must be able to run concurrently (grid-wide barriers); at least
  // kCoResidentWorkgroups are, whatever this says.
  unsigned coResidentWorkgroups = 0;
  // Wall-time bound of the dispatch in milliseconds (0: none). The default reads
  // VGPU_WATCHDOG_MS once per process (unset: 60000 ms).
  static constexpr std::uint32_t kWatchdogFromEnvironment = ~std::uint32_t{0};
  std::uint32_t watchdogMs = kWatchdogFromEnvironment;
  // Optional: the kernel's symbol, for fault reports (else the descriptor address is named).
  const char* kernelName = nullptr;
  // Optional out-parameter: wave-instructions executed by the dispatch (benchmarks).
  std::uint64_t* instructionsExecuted = nullptr;
  // Optional out-parameter (tracing): one span per workgroup executed, appended in no order.
  // Null costs nothing; set, each worker adds one timestamp pair per workgroup.
  std::vector<WorkgroupSpan>* workgroupSpans = nullptr;
  // Optional: s_sendmsg(MSG_INTERRUPT) from a wave, with the low 8 bits of M0 (the event id
  // the device libraries put there after writing the event's mailbox, e.g. when a kernel adds
  // to an interrupt signal: hostcall doorbells). Called on the wave's worker thread.
  void (*interrupt)(void* context, std::uint32_t m0) = nullptr;
  void* interruptContext = nullptr;
};

struct DispatchOutcome {
  enum class Kind {
    completed,
    memoryViolation,     // a global/flat access outside every allocation
    illegalInstruction,  // undecodable or not implemented by the interpreter
    trap,                // s_trap (assert, abort, __builtin_trap)
    invalidDispatch,     // bad packet: zero sizes, null kernel object, unreadable descriptor
    timeout,             // the watchdog expired (a kernel that never ends, e.g. an endless loop)
  };
  Kind kind = Kind::completed;
  // For anything but completed: kernel, workgroup, wave, lane, PC, instruction text and
  // address, the way a user needs it to find the bug.
  std::string report;
  std::uint64_t faultAddress = 0;

  bool ok() const { return kind == Kind::completed; }
};

// Workgroups of one dispatch guaranteed to run concurrently (resident together), whatever the
// number of worker threads: each of W workers keeps up to max(kMinResidentPerWorker,
// ceil(G / W)) resident once the ones it runs all wait (s_sleep, s_barrier), where G is the
// larger of kCoResidentWorkgroups and DispatchRequest::coResidentWorkgroups.
// Grid-wide barriers (cooperative launches) need every workgroup of the grid resident; the KFD
// topology's CU count x workgroups per CU must stay at or below this.
inline constexpr unsigned kCoResidentWorkgroups = 1024;
inline constexpr unsigned kMinResidentPerWorker = 64;

// Runs every workgroup of the dispatch to completion (or to the first fault) and returns.
// Thread-safe: several command processors may call it at once.
DispatchOutcome executeDispatch(const DispatchRequest& request);

}  // namespace vgpu
