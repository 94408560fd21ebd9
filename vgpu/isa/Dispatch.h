// The interface between vgpu's command processor (cp/) and its ISA interpreter (isa/).
//
// The command processor owns queues, packets and signals; the interpreter owns waves. One AQL
// kernel-dispatch packet crosses this boundary as a DispatchRequest and comes back as a
// DispatchOutcome. The interpreter knows nothing of ROCR, the thunk or queues beyond the
// addresses it is given, so it can also be driven by a test harness with no ROCR at all.
#pragma once

#include <hsa/hsa.h>  // hsa_kernel_dispatch_packet_t: the packet layout is defined by HSA.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "options/GpuTarget.h"

namespace vgpu {

namespace isa {
class Program;
}

// What the interpreter may touch. vgpu's memory is host memory with identity GPU addresses, so
// "accessible" is a question about the allocation map, not a translation.
class AddressSpace {
 public:
  virtual ~AddressSpace() = default;
  // True when [address, address + size) lies inside one live allocation visible to the GPU.
  virtual bool accessible(std::uint64_t address, std::uint64_t size) const = 0;
  // One line naming the allocation nearest to address, for fault reports.
  virtual std::string describeNearest(std::uint64_t address) const = 0;
  // Changes with every change of the ranges: an answer of accessible() holds while it stays the
  // same (DispatchMemo).
  virtual std::uint64_t generation() const = 0;
};

// The first bytes of a kernel's code (up to kBytes; fewer at the end of its allocation). They
// tell a code object loaded where an unloaded one was from the one decoded before.
struct CodeSignature {
  static constexpr std::size_t kBytes = 64;
  std::array<std::uint8_t, kBytes> bytes{};  // [size, kBytes) stay zero
  std::size_t size = 0;
  bool operator==(const CodeSignature&) const = default;
};

// What executeDispatch found out about the last kernel one caller (a queue's packet processor)
// dispatched; filled by executeDispatch, only owned by the caller. The same kernel again skips
// the descriptor's bounds check and the program lookup (a shared lock, a mutex and two map
// searches: a quarter of an empty kernel's launch + sync round trip). Trusted while it is the
// same address space at the same generation and the descriptor, the code signature and the
// rest of the program's code read the same, so it answers exactly as the full path would. One
// caller at a time.
struct DispatchMemo {
  std::uint64_t kernelObject = 0;
  const AddressSpace* memory = nullptr;
  std::uint64_t generation = 0;
  GpuTarget target = GpuTarget::gfx1030;
  std::array<std::uint8_t, 64> descriptor{};
  std::uint64_t entry = 0;
  CodeSignature code;
  std::shared_ptr<const isa::Program> program;  // null: nothing memoised
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
  // Accesses the hardware defines but that are almost surely bugs (a buffer access past its
  // descriptor's range: loads read 0, stores are dropped, as on hardware): reported as a warning
  // in the outcome, or with `fault` as a memoryViolation. The default reads VGPU_STRICT.
  enum class Strictness : std::uint8_t { fromEnvironment, warn, fault };
  Strictness strictness = Strictness::fromEnvironment;
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
  // Optional: the caller's memo of its last kernel (needs `memory`, whose generation it keys on).
  DispatchMemo* memo = nullptr;
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
  // Lanes whose access the hardware defines but vgpu warns about (DispatchRequest::strictness),
  // and the report of the first (lowest workgroup), worded like a fault report.
  std::uint64_t warnings = 0;
  std::string warning;

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
