// Program control: SOPP branches, s_endpgm, s_barrier, s_trap, calls through s_setpc/s_swappc,
// hardware registers, and the scheduling hints dropped at predecode (RDNA2 ISA sections 4, 5.5).
#include <chrono>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"
#include "isa/Program.h"

namespace vgpu::isa {

namespace {

void jumpTo(Wave& w, const MicroOp& u, std::uint64_t address) {
  const DispatchContext& d = *w.wg->dispatch;
  std::int64_t index = d.program->indexOf(address);
  if (index < 0) [[unlikely]] {
    // A target loaded from memory (a call through a function pointer): decoded on first use.
    bool appended = false;
    std::string error;
    index = d.program->resolveJump(address, d.memory, d.vgprs - kSpareVgprs, appended, error);
    if (index < 0) {
      w.fail(DispatchOutcome::Kind::illegalInstruction, -1, address,
             "jump to an address that cannot be decoded: " + error);
      return;
    }
    // execute() runs on the micro-op array it started with; the new code may lie past its end.
    // Return to the scheduler, which hands the wave the current array at its next turn.
    if (appended) w.status = WaveStatus::yielded;
  }
  (void)u;
  w.pc = static_cast<std::uint32_t>(index);
}

template <class Taken>
Handler cbranch(Taken) {
  return [](Wave& w, const MicroOp& u) {
    if (Taken{}(w)) w.pc = u.target;
  };
}

bool vccz(const Wave& w) {
  return (w.wave64 ? (w.s[kVccLo] | w.s[kVccHi]) : w.s[kVccLo]) == 0;
}

// The bit field hwreg(ID, offset, size) selects (RDNA2 ISA 4.4 "s_getreg_b32", "s_setreg_b32");
// predecode puts the SIMM16 into MicroOp::offset: id [5:0], offset [10:6], size - 1 [15:11].
struct HwregField {
  unsigned offset = 0;
  std::uint32_t mask = ~0u;  // of the field's width, not yet shifted
  std::uint32_t get(std::uint32_t reg) const { return (reg >> offset) & mask; }
  std::uint32_t set(std::uint32_t reg, std::uint32_t value) const {
    return (reg & ~(mask << offset)) | ((value & mask) << offset);
  }
};
unsigned hwregId(const MicroOp& u) {
  return static_cast<unsigned>(u.offset) & 63;
}
HwregField hwregField(const MicroOp& u) {
  unsigned offset = (static_cast<unsigned>(u.offset) >> 6) & 31;
  unsigned size = ((static_cast<unsigned>(u.offset) >> 11) & 31) + 1;
  if (size > 32 - offset) size = 32 - offset;
  return HwregField{offset, size == 32 ? ~0u : (1u << size) - 1};
}

// s_getreg_b32: predecode admits only the registers read here (Program.cpp kHwregs).
std::uint32_t readHwreg(const Wave& w, unsigned id) {
  switch (id) {
    case kHwregMode:
      return w.mode;
    case kHwregShMemBases:
      return (kPrivateApertureHi >> 16) | (kSharedApertureHi & 0xffff0000u);
    case kHwregHwId1:
      return w.id;
    case kHwregShaderCycles:  // a free-running counter; the field read is its low 20 bits
      return static_cast<std::uint32_t>(
          std::chrono::steady_clock::now().time_since_epoch().count());
    default:
      return 0;
  }
}

// s_setreg_b32 / s_setreg_imm32_b32: only MODE is kept. Predecode admits the FLAT_SCR halves too,
// whose writes do not change what the interpreter computes (Program.cpp kHwregs).
void setMode(Wave& w, const MicroOp& u) {
  if (hwregId(u) != kHwregMode) return;
  // The hwreg operand comes first and takes source slot 0 (Program.cpp): the value is src[1].
  w.mode = hwregField(u).set(w.mode, readScalar(w, u.src[1]));
}

// s_sendmsg / s_sendmsghalt (RDNA2 ISA 4.5): MSG_INTERRUPT raises a host interrupt carrying
// M0's low 8 bits; MSG_DEALLOC_VGPRS has nothing to release. Predecode refuses other messages.
void sendMessage(Wave& w, const MicroOp& u) {
  const DispatchRequest& r = *w.wg->dispatch->request;
  if (u.imm == kSendMsgInterrupt && r.interrupt != nullptr)
    r.interrupt(r.interruptContext, w.s[kM0] & 0xff);
}

// s_sendmsg_rtn (RDNA3 ISA 4.5): the doorbell of a queue vgpu does not have reads 0; realtime
// is the 100 MHz clock s_memrealtime reads.
std::uint64_t messageResult(const MicroOp& u) {
  if (u.imm != kSendMsgRtnGetRealtime) return 0;
  return std::chrono::steady_clock::now().time_since_epoch().count() / 10;
}

}  // namespace

namespace {

void registerControlOpsPart1(HandlerTable& t) {
  t.add(
       "s_endpgm", [](Wave& w, const MicroOp&) { w.status = WaveStatus::ended; }, 0)
      .terminator = true;
  t.add(
       "s_code_end", [](Wave& w, const MicroOp& u) { illegalInstruction(w, u); }, 0)
      .terminator = true;
  HandlerInfo& br = t.add("s_branch", [](Wave& w, const MicroOp& u) { w.pc = u.target; }, 0);
  br.branch = br.terminator = true;
  t.add("s_cbranch_scc0", cbranch([](const Wave& w) { return w.scc == 0; }), 0).branch = true;
  t.add("s_cbranch_scc1", cbranch([](const Wave& w) { return w.scc != 0; }), 0).branch = true;
  t.add("s_cbranch_vccz", cbranch([](const Wave& w) { return vccz(w); }), 0).branch = true;
  t.add("s_cbranch_vccnz", cbranch([](const Wave& w) { return !vccz(w); }), 0).branch = true;
  t.add("s_cbranch_execz", cbranch([](const Wave& w) { return w.exec() == 0; }), 0).branch = true;
  t.add("s_cbranch_execnz", cbranch([](const Wave& w) { return w.exec() != 0; }), 0).branch = true;

  t.add("s_barrier", [](Wave& w, const MicroOp&) { w.status = WaveStatus::barrier; }, 0);
  // s_sleep lets the other waves of the workgroup run (spin-wait loops rely on that).
  t.add("s_sleep", [](Wave& w, const MicroOp&) { w.status = WaveStatus::yielded; }, 0);
  t.add(
      "s_trap",
      [](Wave& w, const MicroOp& u) {
        w.fail(DispatchOutcome::Kind::trap, -1, 0, "s_trap " + std::to_string(u.imm & 0xff));
      },
      0);
  t.add("s_sethalt", [](Wave& w, const MicroOp&) { w.status = WaveStatus::ended; }, 0);

  // Calls: s_getpc_b64 gives the address of the next instruction (RDNA2 ISA 5.3).
  t.add(
      "s_getpc_b64",
      [](Wave& w, const MicroOp& u) { writeScalar64(w, u.dst[0], u.address + u.size); }, 1);
  HandlerInfo& setpc = t.add(
      "s_setpc_b64", [](Wave& w, const MicroOp& u) { jumpTo(w, u, readScalar64(w, u.src[0])); }, 0);
  setpc.terminator = true;
  t.add(
      "s_swappc_b64",
      [](Wave& w, const MicroOp& u) {
        std::uint64_t target = readScalar64(w, u.src[0]);
        writeScalar64(w, u.dst[0], u.address + u.size);
        jumpTo(w, u, target);
      },
      1);

  // Hardware registers: only what compiled code reads back matters.
  t.add(
      "s_getreg_b32",
      [](Wave& w, const MicroOp& u) {
        writeScalar(w, u.dst[0], hwregField(u).get(readHwreg(w, hwregId(u))));
      },
      1);
  // Of the writable registers only MODE changes what the interpreter computes.
  t.add("s_setreg_b32", setMode, 0);
  t.add("s_setreg_imm32_b32", setMode, 0);
  // gfx10.3+ (RDNA2 ISA 4.x "s_round_mode", "s_denorm_mode"): simm16[3:0] replaces
  // MODE.FP_ROUND [3:0] / MODE.FP_DENORM [7:4].
  t.add(
      "s_round_mode", [](Wave& w, const MicroOp& u) { w.mode = (w.mode & ~0xfu) | (u.imm & 0xf); },
      0);
  t.add(
      "s_denorm_mode",
      [](Wave& w, const MicroOp& u) { w.mode = (w.mode & ~0xf0u) | ((u.imm & 0xf) << 4); }, 0);
  t.add("s_sendmsg", sendMessage, 0);
  t.add(
      "s_sendmsghalt",
      [](Wave& w, const MicroOp& u) {
        sendMessage(w, u);
        w.status = WaveStatus::ended;
      },
      0);
  t.add(
      "s_sendmsg_rtn_b32",
      [](Wave& w, const MicroOp& u) {
        writeScalar(w, u.dst[0], static_cast<std::uint32_t>(messageResult(u)));
      },
      1);
  t.add(
      "s_sendmsg_rtn_b64",
      [](Wave& w, const MicroOp& u) { writeScalar64(w, u.dst[0], messageResult(u)); }, 1);
}

void registerControlOpsPart2(HandlerTable& t) {
  t.add(
      "s_memtime",
      [](Wave& w, const MicroOp& u) {
        writeScalar64(w, u.dst[0], std::chrono::steady_clock::now().time_since_epoch().count());
      },
      1);
  t.add(
      "s_memrealtime",
      [](Wave& w, const MicroOp& u) {
        writeScalar64(w, u.dst[0],
                      std::chrono::steady_clock::now().time_since_epoch().count() / 10);
      },
      1);

  // Scheduling and cache hints have no architectural effect in an in-order interpreter.
  for (const char* h : {"s_waitcnt",
                        "s_waitcnt_vscnt",
                        "s_waitcnt_vmcnt",
                        "s_waitcnt_lgkmcnt",
                        "s_waitcnt_expcnt",
                        "s_waitcnt_depctr",
                        "s_delay_alu",
                        "s_nop",
                        "s_clause",
                        "s_inst_prefetch",
                        "s_setprio",
                        "s_icache_inv",
                        "s_dcache_inv",
                        "s_gl1_inv",
                        "buffer_gl0_inv",
                        "buffer_gl1_inv",
                        "s_ttracedata",
                        "s_version",
                        "s_set_inst_prefetch_distance",
                        "s_wakeup",
                        "s_incperflevel",
                        "s_decperflevel"})
    t.hint(h);
}

}  // namespace

void registerControlOps(HandlerTable& t) {
  registerControlOpsPart1(t);
  registerControlOpsPart2(t);
}

}  // namespace vgpu::isa
