// Superinstructions (Fusion.h), two of them:
// - the 64-bit address add clang emits for every pointer + offset on gfx10/11, two VOP3B
//   instructions chained through a lane mask (RDNA2 ISA section 6.3, VOP3B):
//     v_add_co_u32    vLo, sC, a0, b0          carry out of the low halves into sC
//     v_add_co_ci_u32 vHi, sD, a1, b1, sC      high halves plus that carry, carry out into sD
//   In saxpy's loop these are 4 of 15 instructions.
// - the entry of every divergent `if`: s_and_saveexec_b32 then s_cbranch_execz past the body
//   when no lane takes it (RDNA2 ISA 5.3 SOP1, 4.5 SOPP); a third of the LDS reduction's
//   instructions.
#include "isa/Fusion.h"

#include <cstring>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;

// Both instructions of the pair; pc already points at the second, whose turn this takes.
// Lane by lane the same arithmetic as the two handlers (VectorIntOps.cpp), and the same
// writes in the same order: vLo and sC (EXEC's lanes), then vHi and sD. The second's carry-in
// is the first's carry-out lane (its lanes outside EXEC are never used), its sources do not
// read vLo or sC (checked by fuseMicroOps), so reading them before any write is exact.
void addCo64(Wave& w, const MicroOp& lo) {
  const MicroOp& hi = (&lo)[1];
  alignas(16) Lanes32 ta0, tb0, ta1, tb1, rlo, rhi, c, c2;
  const u32* a0 = src32Plain(w, lo.src[0], ta0);
  const u32* b0 = src32Plain(w, lo.src[1], tb0);
  const u32* a1 = src32Plain(w, hi.src[0], ta1);
  const u32* b1 = src32Plain(w, hi.src[1], tb1);
  for (unsigned l = 0; l < kWave32; ++l) {
    const u32 r = a0[l] + b0[l];
    rlo[l] = r;
    c[l] = r < a0[l];
    const u32 r2 = a1[l] + b1[l] + c[l];
    rhi[l] = r2;
    c2[l] = (r2 < a1[l]) | ((r2 == a1[l]) & c[l]);
  }
  const u32 exec = w.s[kExecLo];
  store32Plain(w, lo.dst[0].index, rlo);
  writeScalar(w, lo.dst[1], static_cast<u32>(packMask(c, kWave32)) & exec);
  store32Plain(w, hi.dst[0].index, rhi);
  writeScalar(w, hi.dst[1], static_cast<u32>(packMask(c2, kWave32)) & exec);
  ++w.pc;
  ++w.executed;  // two wave-instructions ran
}

// s_and_saveexec_b32 sdst, src then s_cbranch_execz: sdst = EXEC; EXEC = src & EXEC;
// SCC = EXEC != 0; then the branch when EXEC is 0 (wave32, as ScalarOps.cpp's saveexec with
// a lane mask of one SGPR). pc already points at the branch.
void andSaveexecExecz(Wave& w, const MicroOp& u) {
  const MicroOp& branch = (&u)[1];
  const u32 old = w.s[kExecLo];
  const u32 exec = readScalar(w, u.src[0]) & old;
  writeScalar(w, u.dst[0], old);
  w.s[kExecLo] = exec;
  w.scc = exec != 0;
  w.pc = exec == 0 ? branch.target : w.pc + 1;
  ++w.executed;  // two wave-instructions ran
}

bool readsSgpr(const Operand& o, unsigned slot) {
  return o.kind == Operand::Kind::sgpr && o.index == slot;
}

// The pair as addCo64 requires it: both on the wave32 path, consecutive in program order, the
// carry chained through one SGPR (or VCC) that is not EXEC, and the second reading neither
// the first's result VGPR nor its carry other than as carry-in.
bool fusableAddCo64(const MicroOp& lo, const MicroOp& hi, Handler addCo, Handler addCoCi) {
  if (lo.handler != addCo || hi.handler != addCoCi || !lo.plain32 || !hi.plain32) return false;
  if (lo.single || lo.address + lo.size != hi.address) return false;
  if (lo.numSrc != 2 || hi.numSrc != 3) return false;
  const Operand& carry = lo.dst[1];
  if (carry.kind != Operand::Kind::sgpr || hi.dst[1].kind != Operand::Kind::sgpr) return false;
  for (const Operand* o : {&carry, &hi.dst[1]})
    if (o->index == kExecLo || o->index == kExecHi) return false;
  if (!readsSgpr(hi.src[2], carry.index)) return false;
  for (int i = 0; i < 2; ++i) {
    const Operand& s = hi.src[i];
    if (s.kind == Operand::Kind::vgpr && s.index == lo.dst[0].index) return false;
    if (readsSgpr(s, carry.index)) return false;
  }
  return lo.dst[0].kind == Operand::Kind::vgpr && hi.dst[0].kind == Operand::Kind::vgpr;
}

// The pair as andSaveexecExecz requires it: a wave32 program (plain32 marks only those),
// consecutive in program order.
bool fusableSaveexecExecz(const MicroOp& first, const MicroOp& branch, Handler andSaveexec,
                          Handler execz) {
  return first.handler == andSaveexec && branch.handler == execz && first.plain32 &&
         !first.single && first.address + first.size == branch.address &&
         first.dst[0].kind == Operand::Kind::sgpr;
}

}  // namespace

void fuseMicroOps(std::vector<MicroOp>& ops, std::size_t first) {
  const HandlerTable& table = HandlerTable::instance();
  const Handler addCo = table.find("v_add_co_u32")->fn;
  const Handler addCoCi = table.find("v_add_co_ci_u32")->fn;
  const Handler andSaveexec = table.find("s_and_saveexec_b32")->fn;
  const Handler execz = table.find("s_cbranch_execz")->fn;
  for (std::size_t i = first; i + 1 < ops.size(); ++i) {
    MicroOp& u = ops[i];
    Handler fused = nullptr;
    if (fusableAddCo64(u, ops[i + 1], addCo, addCoCi))
      fused = addCo64;
    else if (fusableSaveexecExecz(u, ops[i + 1], andSaveexec, execz))
      fused = andSaveexecExecz;
    if (!fused) continue;
    u.single = u.handler;
    u.handler = fused;
  }
}

}  // namespace vgpu::isa
