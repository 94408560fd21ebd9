// executeDispatch: validates the packet, fetches the predecoded program, runs the workgroups on
// worker threads and turns the first fault into a report.
#include "isa/Dispatch.h"

#include <time.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <tuple>
#include <vector>

#include "hipcore/loader/KernelDescriptor.h"
#include "isa/Program.h"
#include "isa/Wave.h"
#include "isa/WorkerCrew.h"
#include "isa/Workgroup.h"
#include "options/Options.h"

namespace vgpu {

namespace {

using isa::Program;

// The first code bytes of a kernel (bounds-checked when the source has an address space).
CodeSignature signatureOf(const Program::Source& src) {
  CodeSignature sig;
  sig.size = CodeSignature::kBytes;
  if (src.memory)
    while (sig.size > 0 && !src.memory->accessible(src.entry, sig.size)) sig.size -= 4;
  std::memcpy(sig.bytes.data(), reinterpret_cast<const void*>(src.entry), sig.size);
  return sig;
}

// Programs decoded so far, by entry address and decoding mode. A code object may be unloaded
// and another loaded at the same address, so an entry is used only while all the bytes it was
// decoded from read the same (the first 64, then Program::sameCodeAt), and rebuilt otherwise.
// Process-wide because executeDispatch is the C-like boundary the command processor calls from any
// queue thread.
class ProgramCache {
 public:
  std::shared_ptr<const Program> get(const Program::Source& src, const CodeSignature& sig,
                                     std::string& error) {
    auto key = std::make_tuple(src.entry, static_cast<int>(src.target), src.wave64);
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(key);
    if (it != entries_.end() && it->second.signature == sig &&
        it->second.program->sameCodeAt(src.memory))
      return it->second.program;
    std::shared_ptr<const Program> p = Program::build(src, error);
    if (p) entries_[key] = Entry{sig, p};
    return p;
  }

 private:
  struct Entry {
    CodeSignature signature;
    std::shared_ptr<const Program> program;
  };
  std::mutex mutex_;
  std::map<std::tuple<std::uint64_t, int, bool>, Entry> entries_;
};

// Never destroyed, like the handler table: the command processor's threads outlive exit().
ProgramCache& programCache() {
  static ProgramCache& cache = *new ProgramCache;
  return cache;
}

std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

DispatchOutcome invalid(std::string why) {
  DispatchOutcome o;
  o.kind = DispatchOutcome::Kind::invalidDispatch;
  o.report = "vgpu: invalid dispatch: " + why;
  return o;
}

const char* kindName(DispatchOutcome::Kind k) {
  switch (k) {
    case DispatchOutcome::Kind::memoryViolation:
      return "memory violation";
    case DispatchOutcome::Kind::illegalInstruction:
      return "illegal instruction";
    case DispatchOutcome::Kind::trap:
      return "trap";
    case DispatchOutcome::Kind::invalidDispatch:
      return "invalid dispatch";
    case DispatchOutcome::Kind::timeout:
      return "watchdog timeout";
    default:
      return "completed";
  }
}

// The caller's memo answers for this packet's kernel (see DispatchMemo).
bool memoHolds(const DispatchMemo& memo, const DispatchRequest& req, std::uint64_t generation) {
  return memo.program && memo.kernelObject == req.packet.kernel_object &&
         memo.target == req.target && memo.memory == req.memory && memo.generation == generation &&
         std::memcmp(memo.descriptor.data(), reinterpret_cast<const void*>(memo.kernelObject),
                     memo.descriptor.size()) == 0 &&
         std::memcmp(memo.code.bytes.data(), reinterpret_cast<const void*>(memo.entry),
                     memo.code.size) == 0 &&
         memo.program->sameCodeAt(nullptr);  // mapped: the generation did not change
}

// VGPU_WATCHDOG_MS (options/Options.h): a dispatch's wall-time bound (0 disables).
std::uint32_t watchdogFromEnvironment() {
  return options().watchdogMs;
}

// VGPU_ISA_TRACE=1: print every executed instruction.
bool isaTraceFromEnvironment() {
  return options().isaTrace;
}

struct FaultRecord {
  isa::Fault fault;
  std::uint64_t workgroupLinear = 0;
  std::uint32_t wg[3] = {0, 0, 0};
  unsigned wave = 0;
  std::uint32_t pc = 0;
};

// `label` names what happened ("memory violation", "warning"), the kind's name by default.
std::string buildReport(const DispatchRequest& req, const Program& prog, const FaultRecord& f,
                        const char* label = nullptr) {
  const isa::MicroOp& u = prog.ops()[f.pc];
  std::string kernel = req.kernelName ? std::string(req.kernelName)
                                      : "at descriptor " + hex(req.packet.kernel_object);
  std::string r = std::string("vgpu: ") + (label ? label : kindName(f.fault.kind)) + " in kernel " +
                  kernel + ", workgroup (" + std::to_string(f.wg[0]) + "," +
                  std::to_string(f.wg[1]) + "," + std::to_string(f.wg[2]) + "), wave " +
                  std::to_string(f.wave);
  if (f.fault.lane >= 0) r += ", lane " + std::to_string(f.fault.lane);
  r += ", PC " + hex(u.address) + ": " + u.text + ": " + f.fault.detail;
  if (f.fault.kind == DispatchOutcome::Kind::memoryViolation) {
    r += "; address " + hex(f.fault.address);
    if (req.memory) r += " (" + req.memory->describeNearest(f.fault.address) + ")";
  }
  return r;
}

}  // namespace

namespace {

using isa::ResidentWorkgroup;

// CLOCK_MONOTONIC in microseconds (the trace interface's time base).
double monotonicUs() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

// Trace rows of workers ("CU <n>"): the lowest number no running worker holds, so concurrent
// dispatches from several queues never share a row. Only taken when tracing.
class WorkerSlots {
 public:
  unsigned acquire() {
    std::lock_guard lock(mutex_);
    unsigned n = 0;
    while (busy_.count(n)) ++n;
    busy_.insert(n);
    return n;
  }
  void release(unsigned n) {
    std::lock_guard lock(mutex_);
    busy_.erase(n);
  }

 private:
  std::mutex mutex_;
  std::set<unsigned> busy_;
};
WorkerSlots& workerSlots() {
  static WorkerSlots* slots = new WorkerSlots;  // leaked: workers may run during exit
  return *slots;
}

struct WorkgroupResults {
  std::vector<FaultRecord> faults;
  std::uint64_t executed = 0;
  std::uint64_t warnings = 0;
  std::optional<FaultRecord> firstWarning;  // of the lowest workgroup that warned
};

// What the workers of one dispatch share: the workgroup counter, the stop flag, the results.
struct SharedWork {
  SharedWork(const DispatchRequest& r, const isa::DispatchContext& c,
             const isa::KernelDescriptor& k, isa::WorkerCrew& w)
      : req(r), ctx(c), kd(k), crew(w) {}

  const DispatchRequest& req;
  const isa::DispatchContext& ctx;
  const isa::KernelDescriptor& kd;
  isa::WorkerCrew& crew;
  std::uint32_t groups[3] = {0, 0, 0};
  std::uint64_t total = 0;
  std::size_t cap = 0;  // workgroups one worker keeps resident
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> executed{0};
  std::mutex faultMutex;
  WorkgroupResults results;

  void record(FaultRecord f) {
    stop.store(true);
    std::lock_guard<std::mutex> lock(faultMutex);
    results.faults.push_back(std::move(f));
  }

  // A finished workgroup's warnings (Wave::warn), if any.
  void recordWarnings(const ResidentWorkgroup& r) {
    if (r.wg.warnings == 0) return;
    std::lock_guard<std::mutex> lock(faultMutex);
    results.warnings += r.wg.warnings;
    if (results.firstWarning && results.firstWarning->workgroupLinear < r.linear) return;
    results.firstWarning = FaultRecord{
        r.wg.warning, r.linear, {r.id[0], r.id[1], r.id[2]}, r.wg.warningWave, r.wg.warningPc};
  }
};

// One worker: runs one workgroup at a time until all its resident workgroups wait (s_sleep or
// an incomplete s_barrier in every wave: a grid-wide barrier spinning on a global counter);
// then it takes the next pending workgroup alongside them, round-robin, up to its cap. It
// returns only once every workgroup has been taken (or a fault stopped the dispatch), which
// is what lets WorkerCrew::run skip helpers that had not started by then.
void runWorker(SharedWork& work, unsigned workerIndex) {
  const isa::DispatchContext& ctx = work.ctx;
  std::vector<WorkgroupSpan>* spansOut = work.req.workgroupSpans;
  std::uint64_t count = 0, i = 0;
  const unsigned slot = spansOut ? workerSlots().acquire() : 0;
  std::vector<WorkgroupSpan> spans;
  auto traced = [&](const ResidentWorkgroup& r) {
    if (spansOut) [[unlikely]]
      spans.push_back({r.startUs, monotonicUs(), {r.id[0], r.id[1], r.id[2]}, slot});
  };
  isa::WorkerCache& cache = work.crew.cache(workerIndex);
  try {
    cache.beginDispatch();
    isa::WorkgroupRunner runner(ctx, work.kd);
    auto& slots = cache.slots;  // [0, active) hold running workgroups
    std::size_t active = 0;
    bool allWaiting = false;
    for (;;) {
      // A new workgroup when none runs, or when every resident one waits on the others.
      if ((active == 0 || (allWaiting && active < work.cap)) &&
          !work.stop.load(std::memory_order_relaxed)) {
        i = work.next.fetch_add(1, std::memory_order_relaxed);
        if (i < work.total) {
          if (slots.size() == active) slots.push_back(std::make_unique<ResidentWorkgroup>());
          ResidentWorkgroup& r = *slots[active++];
          r.linear = i;
          r.id[0] = static_cast<std::uint32_t>(i % work.groups[0]);
          r.id[1] = static_cast<std::uint32_t>((i / work.groups[0]) % work.groups[1]);
          r.id[2] =
              static_cast<std::uint32_t>(i / (std::uint64_t{work.groups[0]} * work.groups[1]));
          if (spansOut) [[unlikely]]
            r.startUs = monotonicUs();
          runner.start(r.id[0], r.id[1], r.id[2], r.storage, r.wg);
        }
      }
      if (active == 0 || work.stop.load(std::memory_order_relaxed)) break;
      allWaiting = true;
      for (std::size_t k = 0; k < active;) {
        ResidentWorkgroup& r = *slots[k];
        isa::WorkgroupRunner::Step st = runner.step(r.storage, r.wg);
        if (st == isa::WorkgroupRunner::Step::faulted) {
          count += r.wg.executed;
          traced(r);
          work.recordWarnings(r);
          work.record(FaultRecord{
              r.wg.fault, r.linear, {r.id[0], r.id[1], r.id[2]}, r.wg.faultWave, r.wg.faultPc});
          active = 0;
          break;
        }
        if (st == isa::WorkgroupRunner::Step::ended) {
          count += r.wg.executed;
          traced(r);
          work.recordWarnings(r);
          std::swap(slots[k], slots[--active]);  // keeps [0, active) dense; order is free
          continue;
        }
        if (st == isa::WorkgroupRunner::Step::progressing) allWaiting = false;
        ++k;
      }
    }
    cache.trim();
  } catch (const std::exception& e) {
    // Exceptions must not leave a worker (on a helper thread that would end the process).
    isa::Fault f{DispatchOutcome::Kind::invalidDispatch, -1, 0,
                 std::string("out of host resources: ") + e.what()};
    work.record(FaultRecord{f, i, {0, 0, 0}, 0, ctx.program->entryIndex()});
    cache.slots.clear();
  }
  work.executed.fetch_add(count);
  if (spansOut) {
    workerSlots().release(slot);
    std::lock_guard<std::mutex> lock(work.faultMutex);
    spansOut->insert(spansOut->end(), spans.begin(), spans.end());
  }
}

// Runs every workgroup on the calling thread plus helpers of a borrowed crew pulling workgroup
// indices from one counter; the first fault stops the others from starting new workgroups. On
// hardware a cooperative grid is co-resident; here up to kCoResidentWorkgroups workgroups of
// one dispatch are: each worker keeps up to cap of them resident.
WorkgroupResults runWorkgroups(const DispatchRequest& req, const isa::DispatchContext& ctx,
                               const isa::KernelDescriptor& kd) {
  const hsa_kernel_dispatch_packet_t& p = req.packet;
  isa::WorkerCrew& crew = isa::WorkerCrew::acquire();
  SharedWork work(req, ctx, kd, crew);
  work.groups[0] = (p.grid_size_x + p.workgroup_size_x - 1) / p.workgroup_size_x;
  work.groups[1] = (p.grid_size_y + p.workgroup_size_y - 1) / p.workgroup_size_y;
  work.groups[2] = (p.grid_size_z + p.workgroup_size_z - 1) / p.workgroup_size_z;
  work.total = std::uint64_t{work.groups[0]} * work.groups[1] * work.groups[2];
  static const unsigned hardwareThreads = std::max(1u, std::thread::hardware_concurrency());
  unsigned threads = req.threads ? req.threads : hardwareThreads;
  threads = static_cast<unsigned>(std::min<std::uint64_t>(threads, work.total));
  threads = crew.reserve(threads);
  // Workgroups one worker keeps resident: enough that the workers hold kCoResidentWorkgroups.
  const std::size_t coResident = std::max(kCoResidentWorkgroups, req.coResidentWorkgroups);
  work.cap = std::max<std::size_t>(kMinResidentPerWorker, (coResident + threads - 1) / threads);
  crew.run(
      threads, [](void* w, unsigned worker) { runWorker(*static_cast<SharedWork*>(w), worker); },
      &work);
  crew.release();
  work.results.executed = work.executed.load();
  return std::move(work.results);
}

DispatchOutcome execute(const DispatchRequest& req) {
  const hsa_kernel_dispatch_packet_t& p = req.packet;
  if (!p.kernel_object) return invalid("null kernel object");
  if (!p.workgroup_size_x || !p.workgroup_size_y || !p.workgroup_size_z || !p.grid_size_x ||
      !p.grid_size_y || !p.grid_size_z)
    return invalid("zero grid or workgroup size");
  std::uint64_t wgThreads =
      std::uint64_t{p.workgroup_size_x} * p.workgroup_size_y * p.workgroup_size_z;
  if (wgThreads > 1024)
    return invalid("workgroup of " + std::to_string(wgThreads) + " work-items (max 1024)");
  DispatchMemo* memo = req.memory ? req.memo : nullptr;
  // Read before the checks: a change of the address space while they run invalidates the memo.
  const std::uint64_t generation = memo ? req.memory->generation() : 0;
  const bool memoised = memo && memoHolds(*memo, req, generation);
  if (!memoised && req.memory && !req.memory->accessible(p.kernel_object, 64))
    return invalid("kernel descriptor " + hex(p.kernel_object) + " is not in GPU-visible memory");
  isa::KernelDescriptor kd =
      isa::KernelDescriptor::decode(reinterpret_cast<const void*>(p.kernel_object));

  isa::DispatchContext ctx;
  ctx.request = &req;
  ctx.target = req.target;
  ctx.wave64 = !kd.wave32();
  ctx.lanes = ctx.wave64 ? 64 : 32;
  ctx.memory = req.memory;
  ctx.trace = isaTraceFromEnvironment();
  Program::Source src{req.target, ctx.wave64, p.kernel_object + kd.kernelCodeEntryOffset,
                      req.memory, options().isaGeneralPaths};
  std::shared_ptr<const Program> found;  // null when the memo holds the program
  if (!memoised) {
    const CodeSignature sig = signatureOf(src);
    std::string error;
    found = programCache().get(src, sig, error);
    if (!found) {
      if (memo) *memo = DispatchMemo{};
      DispatchOutcome o;
      o.kind = DispatchOutcome::Kind::illegalInstruction;
      o.report =
          "vgpu: cannot decode kernel " +
          std::string(req.kernelName ? req.kernelName : "at descriptor " + hex(p.kernel_object)) +
          " at " + hex(src.entry) + ": " + error;
      return o;
    }
    if (memo) {
      memo->kernelObject = p.kernel_object;
      memo->memory = req.memory;
      memo->generation = generation;
      memo->target = req.target;
      std::memcpy(memo->descriptor.data(), reinterpret_cast<const void*>(p.kernel_object),
                  memo->descriptor.size());
      memo->entry = src.entry;
      memo->code = sig;
      memo->program = found;
    }
  }
  const Program* prog = memoised ? memo->program.get() : found.get();
  ctx.program = prog;
  // Four spare registers: 64-bit reads of the last VGPR pair never leave the wave's storage.
  ctx.vgprs =
      std::clamp(std::max(kd.vgprs(ctx.wave64), prog->vgprsUsed()), 3u, 256u) + isa::kSpareVgprs;
  ctx.ldsBytes = std::max(p.group_segment_size, kd.groupSegmentFixedSize);
  std::uint32_t priv = std::max(p.private_segment_size, kd.privateSegmentFixedSize);
  if (priv > (1u << 20))
    return invalid("private segment of " + std::to_string(priv) + " bytes per work-item");
  if (kd.usesDynamicStack()) priv = std::max(priv, 16384u);  // dynamic stack: no size known
  ctx.privateBytes = (priv + 15) & ~15u;
  if (ctx.ldsBytes > (1u << 20)) return invalid("LDS size " + std::to_string(ctx.ldsBytes));

  // The watchdog bounds execution; predecode (once per kernel) is not counted.
  std::uint32_t watchdogMs = req.watchdogMs == DispatchRequest::kWatchdogFromEnvironment
                                 ? watchdogFromEnvironment()
                                 : req.watchdogMs;
  ctx.watchdog = watchdogMs != 0;
  ctx.watchdogMs = watchdogMs;
  ctx.strict = req.strictness == DispatchRequest::Strictness::fromEnvironment
                   ? options().strict
                   : req.strictness == DispatchRequest::Strictness::fault;
  WorkgroupResults results = runWorkgroups(req, ctx, kd);
  if (req.instructionsExecuted) *req.instructionsExecuted = results.executed;
  std::vector<FaultRecord>& faults = results.faults;
  DispatchOutcome outcome;
  outcome.warnings = results.warnings;
  if (results.firstWarning)
    outcome.warning = buildReport(req, *prog, *results.firstWarning, "warning");
  if (faults.empty()) return outcome;
  // Report the fault of the lowest workgroup, so the report does not depend on thread timing.
  const FaultRecord& f = *std::min_element(
      faults.begin(), faults.end(),
      [](const auto& a, const auto& b) { return a.workgroupLinear < b.workgroupLinear; });
  outcome.kind = f.fault.kind;
  outcome.faultAddress = f.fault.address;
  outcome.report = buildReport(req, *prog, f);
  return outcome;
}

}  // namespace

DispatchOutcome executeDispatch(const DispatchRequest& req) {
  // Nothing may escape to the command processor: allocation failures (a bogus private segment
  // size, say) become a refused dispatch.
  try {
    return execute(req);
  } catch (const std::exception& e) {
    return invalid(std::string("cannot allocate the dispatch's resources: ") + e.what());
  }
}

}  // namespace vgpu
