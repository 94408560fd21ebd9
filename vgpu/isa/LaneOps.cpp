// Cross-lane VALU instructions: DPP lane permutation, v_readlane/v_writelane/v_readfirstlane,
// v_mbcnt, v_permlane16/x16 (RDNA2 ISA sections 6.2.3 and 6.3).
#include <bit>
#include <cstring>
#include <string>
#include <utility>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

std::uint64_t applyDpp(const Wave& w, const MicroOp& u, const std::uint32_t* in,
                       std::uint32_t* out) {
  using K = DppControl::Kind;
  const DppControl& d = u.dpp;
  std::uint64_t exec = w.exec();
  std::uint64_t writable = 0;
  for (unsigned l = 0; l < w.lanes; ++l) {
    unsigned row = l / 16, r = l % 16;
    int src = -1;
    switch (d.kind) {
      case K::quadPerm:
        src = static_cast<int>((l & ~3u) | ((d.arg >> (2 * (l & 3))) & 3));
        break;
      case K::rowShl:
        src = r + d.arg < 16 ? static_cast<int>(l + d.arg) : -1;
        break;
      case K::rowShr:
        src = r >= d.arg ? static_cast<int>(l - d.arg) : -1;
        break;
      case K::rowRor:
        src = static_cast<int>(row * 16 + ((r + 16 - (d.arg & 15)) & 15));
        break;
      case K::rowMirror:
        src = static_cast<int>(row * 16 + 15 - r);
        break;
      case K::rowHalfMirror:
        src = static_cast<int>(row * 16 + (r & 8) + 7 - (r & 7));
        break;
      case K::rowShare:
        src = static_cast<int>(row * 16 + (d.arg & 15));
        break;
      case K::rowXmask:
        src = static_cast<int>(row * 16 + ((r ^ d.arg) & 15));
        break;
      case K::dpp8:
        src = static_cast<int>((l & ~7u) | ((d.arg >> (3 * (l & 7))) & 7));
        break;
      case K::none:
        src = static_cast<int>(l);
        break;
    }
    bool rowOn =
        d.kind == K::dpp8 || (((d.rowMask >> (row & 3)) & 1) && ((d.bankMask >> (r / 4)) & 1));
    if (!rowOn) continue;
    bool valid = src >= 0 && (d.fetchInactive || d.kind == K::dpp8 || ((exec >> src) & 1));
    if (valid) {
      out[l] = in[src];
      writable |= std::uint64_t{1} << l;
    } else if (d.boundCtrl) {
      out[l] = 0;
      writable |= std::uint64_t{1} << l;
    }
  }
  return writable;
}

namespace {

unsigned laneSelect(const Wave& w, const Operand& o) {
  return readScalar(w, o) & (w.lanes - 1);
}

void readlane(Wave& w, const MicroOp& u) {
  writeScalar(w, u.dst[0], w.vreg(u.src[0].index)[laneSelect(w, u.src[1])]);
}
void readfirstlane(Wave& w, const MicroOp& u) {
  std::uint64_t e = w.exec();
  unsigned lane = e ? static_cast<unsigned>(std::countr_zero(e)) : 0;
  std::uint32_t v =
      u.src[0].kind == Operand::Kind::vgpr ? w.vreg(u.src[0].index)[lane] : readScalar(w, u.src[0]);
  writeScalar(w, u.dst[0], v);
}
void writelane(Wave& w, const MicroOp& u) {
  w.vreg(u.dst[0].index)[laneSelect(w, u.src[1])] = readScalar(w, u.src[0]);
}
// v_mbcnt_lo/hi: count of mask bits below this lane (in the low / high 32 lanes) plus src1.
template <bool Hi>
void mbcnt(Wave& w, const MicroOp& u) {
  Sources32 s;
  std::uint64_t mask = fetch32(w, u, 2, s);
  Lanes32 r;
  for (unsigned l = 0; l < w.lanes; ++l) {
    std::uint64_t below = l == 0 ? 0 : (~std::uint64_t{0} >> (64 - l));
    std::uint32_t part =
        Hi ? static_cast<std::uint32_t>(below >> 32) : static_cast<std::uint32_t>(below);
    r[l] = static_cast<std::uint32_t>(std::popcount(s.p[0][l] & part)) + s.p[1][l];
  }
  store32(w, u.dst[0].index, r, mask);
}
// v_permlane16_b32 / v_permlanex16_b32: each lane picks a lane of its own (or the other) row
// of 16 by a 4-bit selector from {src2:src1} (RDNA2 ISA 6.3).
template <bool Cross>
void permlane(Wave& w, const MicroOp& u) {
  const std::uint32_t* in = w.vreg(u.src[0].index);
  std::uint64_t sel = readScalar(w, u.src[1]) | (std::uint64_t{readScalar(w, u.src[2])} << 32);
  Lanes32 r;
  const std::uint32_t* old = w.vreg(u.dst[0].index);
  bool fi = u.opSel & 1, bc = u.opSel & 2;
  std::uint64_t exec = w.exec();
  for (unsigned l = 0; l < w.lanes; ++l) {
    unsigned row = l / 16;
    unsigned srcRow = Cross ? (row ^ 1) : row;
    unsigned src = srcRow * 16 + static_cast<unsigned>((sel >> (4 * (l % 16))) & 15);
    if (src < w.lanes && (fi || ((exec >> src) & 1)))
      r[l] = in[src];
    else
      r[l] = bc ? 0 : old[l];
  }
  store32(w, u.dst[0].index, r, exec);
}

// VGPR indexing through M0 (RDNA2 ISA 6.3 "V_MOVRELS/V_MOVRELD"): clang uses it for small
// private arrays kept in registers. Out-of-range indices fault instead of touching other waves.
template <bool IndexDst, bool IndexSrc>
void movrel(Wave& w, const MicroOp& u) {
  unsigned m0 = w.s[kM0];
  unsigned dst = u.dst[0].index + (IndexDst ? m0 : 0), src = u.src[0].index + (IndexSrc ? m0 : 0);
  unsigned limit = w.wg->dispatch->vgprs;
  if (dst >= limit || src >= limit) {
    w.fail(DispatchOutcome::Kind::illegalInstruction, -1, 0,
           "M0-relative VGPR index " + std::to_string(m0) + " beyond the wave's " +
               std::to_string(limit) + " VGPRs");
    return;
  }
  Lanes32 r;
  std::memcpy(r, w.vreg(src), w.lanes * 4);
  store32(w, dst, r, w.exec());
}

template <bool IndexDst, bool Wide>
void smovrel(Wave& w, const MicroOp& u) {
  unsigned m0 = w.s[kM0];
  unsigned dst = u.dst[0].index + (IndexDst ? m0 : 0);
  unsigned src = u.src[0].index + (IndexDst ? 0 : m0);
  if (dst + Wide >= kSgprCount || src + Wide >= kSgprCount) {
    w.fail(DispatchOutcome::Kind::illegalInstruction, -1, 0, "M0-relative SGPR index out of range");
    return;
  }
  w.s[dst] = w.s[src];
  if (Wide) w.s[dst + 1] = w.s[src + 1];
}

void swap(Wave& w, const MicroOp& u) {
  std::uint32_t* a = w.vreg(u.dst[0].index);
  std::uint32_t* b = w.vreg(u.src[0].index);
  for (std::uint64_t e = w.exec(); e; e &= e - 1) {
    unsigned l = static_cast<unsigned>(std::countr_zero(e));
    std::swap(a[l], b[l]);
  }
}

}  // namespace

void registerLaneOps(HandlerTable& t) {
  t.add("v_movrels_b32", movrel<false, true>, 1);
  t.add("v_movreld_b32", movrel<true, false>, 1);
  t.add("v_movrelsd_b32", movrel<true, true>, 1);
  t.add("s_movrels_b32", smovrel<false, false>, 1);
  t.add("s_movrels_b64", smovrel<false, true>, 1);
  t.add("s_movreld_b32", smovrel<true, false>, 1);
  t.add("s_movreld_b64", smovrel<true, true>, 1);
  t.add("v_swap_b32", swap, 1);
  t.add("v_readlane_b32", readlane, 1);
  t.add("v_readfirstlane_b32", readfirstlane, 1);
  t.add("v_writelane_b32", writelane, 1);
  t.add("v_mbcnt_lo_u32_b32", mbcnt<false>, 1);
  t.add("v_mbcnt_hi_u32_b32", mbcnt<true>, 1);
  t.add("v_permlane16_b32", permlane<false>, 1);
  t.add("v_permlanex16_b32", permlane<true>, 1);
  // v_permlane64_b32 (gfx11, wave64): each lane reads the same lane of the other half.
  t.add(
      "v_permlane64_b32",
      [](Wave& w, const MicroOp& u) {
        const std::uint32_t* in = w.vreg(u.src[0].index);
        Lanes32 r;
        for (unsigned l = 0; l < w.lanes; ++l) r[l] = in[l ^ (w.lanes / 2)];
        store32(w, u.dst[0].index, r, w.exec());
      },
      1);
}

}  // namespace vgpu::isa
