// Wave creation (initial SGPR/VGPR state per AMDGPUUsage "Initial Kernel Execution State")
// and the round-robin wave scheduler of one workgroup.
#include "isa/Workgroup.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "isa/Program.h"

namespace vgpu::isa {

namespace {

// Micro-ops (and scheduling rounds) between two looks at the watchdog's clock: rare enough to
// cost nothing measurable, frequent enough (well under a millisecond) for a prompt stop.
constexpr std::uint64_t kWatchdogStride = 1u << 16;
constexpr unsigned kWatchdogRounds = 1u << 8;

// Stops the wave with a timeout fault once the dispatch's deadline has passed.
void checkWatchdog(Wave& w) {
  const DispatchContext& d = *w.wg->dispatch;
  if (!d.watchdog) return;
  using clock = std::chrono::steady_clock;
  const clock::rep now = clock::now().time_since_epoch().count();
  clock::rep deadline = d.deadline.load(std::memory_order_relaxed);
  if (deadline == 0) {  // the first look of any wave starts the clock
    const auto bound = std::chrono::milliseconds(d.watchdogMs);
    const clock::rep mine = now + std::chrono::duration_cast<clock::duration>(bound).count();
    d.deadline.compare_exchange_strong(deadline, mine, std::memory_order_relaxed);
    if (deadline == 0) deadline = mine;  // ours went in (else `deadline` holds the other's)
  }
  if (now < deadline) return;
  w.fail(DispatchOutcome::Kind::timeout, -1, 0,
         "the dispatch ran longer than the watchdog allows (VGPU_WATCHDOG_MS); the wave was "
         "here after " +
             std::to_string(w.executed) + " instructions");
}

// The slow path of execute(): one line per instruction, for debugging the interpreter.
void traceExecute(Wave& w, const std::vector<MicroOp>& ops) {
  while (w.status == WaveStatus::running) {
    const MicroOp& u = ops[w.pc];
    w.lastPc = w.pc++;
    (u.single ? u.single : u.handler)(w, u);  // a superinstruction's parts one by one
    ++w.executed;
    std::uint64_t value = 0;
    const Operand& d = u.dst[0];
    if (u.numDst && d.kind == Operand::Kind::vgpr) {
      unsigned lane = 0;
      value = w.vreg(d.index)[lane] |
              (d.dwords > 1 ? std::uint64_t{w.vreg(d.index + 1)[lane]} << 32 : 0);
    } else if (u.numDst) {
      value = w.s[d.index] | (d.dwords > 1 ? std::uint64_t{w.s[d.index + 1]} << 32 : 0);
    }
    std::fprintf(stderr, "wg(%u,%u,%u) w%u %llx: %-60s -> 0x%llx exec=%llx scc=%u\n", w.wg->id[0],
                 w.wg->id[1], w.wg->id[2], w.id, static_cast<unsigned long long>(u.address),
                 u.text.c_str(), static_cast<unsigned long long>(value),
                 static_cast<unsigned long long>(w.exec()), w.scc);
  }
}

}  // namespace

void WorkgroupRunner::execute(Wave& w, const std::vector<MicroOp>& ops) {
  if (w.wg->dispatch->trace) {
    traceExecute(w, ops);
    return;
  }
  const MicroOp* base = ops.data();
  std::uint64_t n = 0;
  while (w.status == WaveStatus::running) {
    const MicroOp& u = base[w.pc];
    w.lastPc = w.pc++;
    u.handler(w, u);
    if ((++n & (kWatchdogStride - 1)) == 0) {
      w.executed += n;
      n = 0;
      checkWatchdog(w);
    }
  }
  w.executed += n;
}

void WorkgroupRunner::initWave(Wave& w, unsigned waveIndex, const std::uint32_t size[3],
                               unsigned threads) {
  const DispatchRequest& req = *dispatch_.request;
  std::memset(w.s, 0, sizeof w.s);
  w.scc = 0;
  w.mode = kd_.initialMode();  // from COMPUTE_PGM_RSRC1
  w.lanes = dispatch_.lanes;
  w.wave64 = dispatch_.wave64;
  w.status = WaveStatus::running;
  w.pc = dispatch_.program->entryIndex();
  w.id = waveIndex;
  w.executed = 0;
  w.checkedPage = ~std::uint64_t{0};
  unsigned first = waveIndex * w.lanes;
  unsigned active = std::min(w.lanes, threads - first);
  w.setExec(active == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << active) - 1);

  // User SGPRs in the fixed order of kernel_code_properties.
  unsigned sgpr = 0;
  auto put64 = [&](std::uint64_t v) {
    w.s[sgpr++] = static_cast<std::uint32_t>(v);
    w.s[sgpr++] = static_cast<std::uint32_t>(v >> 32);
  };
  std::uint64_t scratch = reinterpret_cast<std::uint64_t>(w.scratch);
  if (kd_.privateSegmentBuffer()) {
    // A buffer resource for MUBUF scratch: SWIZZLE_ENABLE (word1 bit 31) marks it as this
    // wave's private memory, which the buffer handlers address per lane.
    w.s[sgpr++] = static_cast<std::uint32_t>(scratch);
    w.s[sgpr++] = static_cast<std::uint32_t>((scratch >> 32) & 0xffff) | (1u << 31);
    w.s[sgpr++] = 0xffffffffu;
    w.s[sgpr++] = 1u << 23;  // ADD_TID_ENABLE
  }
  if (kd_.dispatchPtr()) put64(reinterpret_cast<std::uint64_t>(&req.packet));
  if (kd_.queuePtr()) put64(req.queueAddress);
  if (kd_.kernargSegmentPtr()) put64(reinterpret_cast<std::uint64_t>(req.packet.kernarg_address));
  if (kd_.dispatchId()) put64(req.dispatchId);
  if (kd_.flatScratchInit()) put64(scratch);
  if (kd_.privateSegmentSizeSgpr()) w.s[sgpr++] = dispatch_.privateBytes;
  // System SGPRs start at USER_SGPR_COUNT (padded by LLVM on gfx11).
  sgpr = std::max(sgpr, kd_.userSgprCount());
  for (int d = 0; d < 3; ++d)
    if (kd_.workgroupId(d)) w.s[sgpr++] = w.wg->id[d];
  if (kd_.workgroupInfo()) w.s[sgpr++] = 0;
  if (kd_.privateSegmentWaveOffset()) w.s[sgpr++] = 0;  // each wave has its own scratch block

  // Work-item ids: packed in v0 on gfx11, v0/v1/v2 on gfx10.
  std::uint32_t* v0 = w.vreg(0);
  // A one-dimensional workgroup (most are) numbers its lanes on from the first, 4 instructions
  // a lane against the 3-D walk's 8 to 9; the y and z ids are 0, which v1 and v2 hold already
  // (start() clears every VGPR). Lanes past the last work-item repeat its id, as below.
  if (size[1] == 1 && size[2] == 1) {
    const std::uint32_t last = threads - 1;
    const unsigned lanes = w.lanes;  // a local: stores through v0 could alias the member
    for (unsigned l = 0; l < lanes; ++l) v0[l] = std::min(first + l, last);
    return;
  }
  std::uint32_t* v1 = w.vreg(1);
  std::uint32_t* v2 = w.vreg(2);
  bool packed = dispatch_.target == GpuTarget::gfx1100;
  unsigned dims = kd_.workitemIdDims();
  // The first lane's ids by division, the others counted on from it (four divisions per lane
  // were most of a one-wave dispatch's set-up). Lanes past the last work-item repeat its ids.
  std::uint32_t x = first % size[0], y = (first / size[0]) % size[1],
                z = first / (size[0] * size[1]);
  for (unsigned l = 0; l < w.lanes; ++l) {
    if (packed) {
      v0[l] = x | (y << 10) | (z << 20);
    } else {
      v0[l] = x;
      if (dims >= 2 && dispatch_.vgprs > 1) v1[l] = y;
      if (dims >= 3 && dispatch_.vgprs > 2) v2[l] = z;
    }
    if (first + l + 1 < threads && ++x == size[0]) {
      x = 0;
      if (++y == size[1]) {
        y = 0;
        ++z;
      }
    }
  }
}

void WorkgroupRunner::start(std::uint32_t x, std::uint32_t y, std::uint32_t z, WaveStorage& st,
                            WorkgroupContext& wg) {
  const hsa_kernel_dispatch_packet_t& p = dispatch_.request->packet;
  wg.dispatch = &dispatch_;
  wg.id[0] = x;
  wg.id[1] = y;
  wg.id[2] = z;
  wg.faulted = false;
  wg.warnings = 0;
  wg.executed = 0;
  wg.round = 0;
  // A partial workgroup at the grid's edge has fewer work-items (HSA "grid and workgroup").
  std::uint32_t size[3] = {
      std::min<std::uint32_t>(p.workgroup_size_x, p.grid_size_x - x * p.workgroup_size_x),
      std::min<std::uint32_t>(p.workgroup_size_y, p.grid_size_y - y * p.workgroup_size_y),
      std::min<std::uint32_t>(p.workgroup_size_z, p.grid_size_z - z * p.workgroup_size_z)};
  unsigned threads = size[0] * size[1] * size[2];
  unsigned lanes = dispatch_.lanes;
  unsigned waves = (threads + lanes - 1) / lanes;
  wg.waves = waves;
  std::size_t vgprWords = static_cast<std::size_t>(dispatch_.vgprs) * 64;
  std::size_t scratchPerWave = static_cast<std::size_t>(dispatch_.privateBytes) * lanes;
  if (st.waves.size() < waves) st.waves.resize(waves);
  if (st.vgprs.size() < vgprWords * waves) st.vgprs.resize(vgprWords * waves);
  if (st.scratch.size() < scratchPerWave * waves) st.scratch.resize(scratchPerWave * waves);
  if (wg.lds.size() != dispatch_.ldsBytes) wg.lds.assign(dispatch_.ldsBytes, 0);
  for (unsigned i = 0; i < waves; ++i) {
    Wave& w = st.waves[i];
    w.v = st.vgprs.data() + vgprWords * i;
    std::fill_n(w.v, vgprWords, 0u);
    w.scratch = st.scratch.data() + scratchPerWave * i;
    w.scratchBytes = static_cast<std::uint32_t>(scratchPerWave);
    w.wg = &wg;
    initWave(w, i, size, threads);
  }
}

WorkgroupRunner::Step WorkgroupRunner::step(WaveStorage& st, WorkgroupContext& wg) {
  const std::vector<MicroOp>& ops = dispatch_.program->ops();
  // Waves that keep yielding (s_sleep spin loops) never reach the stride inside execute().
  if (++wg.round % kWatchdogRounds == 0) {
    checkWatchdog(st.waves[0]);
    if (wg.faulted) return Step::faulted;
  }
  unsigned atBarrier = 0, sleeping = 0, alive = 0;
  for (unsigned i = 0; i < wg.waves; ++i) {
    Wave& w = st.waves[i];
    if (w.status == WaveStatus::yielded) w.status = WaveStatus::running;
    if (w.status == WaveStatus::running) {
      std::uint64_t before = w.executed;
      execute(w, ops);
      wg.executed += w.executed - before;
    }
    if (w.status == WaveStatus::faulted) return Step::faulted;
    if (w.status == WaveStatus::ended) continue;
    ++alive;
    if (w.status == WaveStatus::barrier) ++atBarrier;
    if (w.status == WaveStatus::yielded) ++sleeping;
  }
  if (alive == 0) return Step::ended;
  // s_barrier: once every wave still running has arrived, all continue (RDNA2 ISA 4.5).
  if (atBarrier == alive) {
    for (unsigned i = 0; i < wg.waves; ++i)
      if (st.waves[i].status == WaveStatus::barrier) st.waves[i].status = WaveStatus::running;
    return Step::progressing;
  }
  return atBarrier + sleeping == alive ? Step::waiting : Step::progressing;
}

std::size_t ResidentWorkgroup::bytes() const {
  return storage.waves.capacity() * sizeof(Wave) +
         storage.vgprs.capacity() * sizeof(std::uint32_t) + storage.scratch.capacity() +
         wg.lds.capacity();
}

void WorkerCache::beginDispatch() {
  // clear() keeps the capacity; start() refills them with zeros to the dispatch's sizes.
  for (auto& r : slots) {
    r->storage.scratch.clear();
    r->wg.lds.clear();
  }
}

void WorkerCache::trim() {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    kept += slots[i]->bytes();
    if (i >= kMaxKeptWorkgroups || kept > kMaxKeptBytes) {
      slots.resize(i);
      return;
    }
  }
}

bool WorkgroupRunner::run(std::uint32_t x, std::uint32_t y, std::uint32_t z, WaveStorage& st,
                          WorkgroupContext& wg) {
  start(x, y, z, st, wg);
  for (;;) {
    Step s = step(st, wg);
    if (s == Step::ended) return true;
    if (s == Step::faulted) return false;
  }
}

}  // namespace vgpu::isa
