// VALU integer and bitwise instructions (VOP1/VOP2/VOP3 forms share one handler each; RDNA2 ISA
// chapter 6, RDNA3 ISA chapter 7). Carry-out lanes outside EXEC are written as 0.
#include <algorithm>
#include <bit>
#include <cstdint>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i32 = std::int32_t;
using i64 = std::int64_t;

template <int N, class F>
Handler vint(F) {
  return [](Wave& w, const MicroOp& u) { valu32<N>(w, u, F{}); };
}

// Two-source ops whose VOP3 "clamp" bit saturates instead of wrapping (RDNA2 ISA section 6.2,
// integer clamp): LLVM emits it for saturating adds such as clz64's ffbh(lo) + 32.
template <class Wrap, class Saturate>
Handler vintClamped(Wrap, Saturate) {
  return [](Wave& w, const MicroOp& u) {
    if (u.clamp)
      valu32<2>(w, u, Saturate{});
    else
      valu32<2>(w, u, Wrap{});
  };
}

u32 saturateSigned(i64 v) {
  return u32(i32(std::clamp<i64>(v, INT32_MIN, INT32_MAX)));
}

// d, carry = F(a, b, carry-in); the carry-in mask is the third source when present.
template <class F>
Handler vcarry(F) {
  return [](Wave& w, const MicroOp& u) {
    if (u.plain32) [[likely]] {
      Sources32Plain s;
      fetch32Plain<2>(w, u, s);
      alignas(16) Lanes32 r, cin, cout;
      unpackMask(u.numSrc > 2 ? readScalar(w, u.src[2]) : 0, cin, kWave32);
      for (unsigned l = 0; l < kWave32; ++l) r[l] = F{}(s.p[0][l], s.p[1][l], cin[l], cout[l]);
      store32Plain(w, u.dst[0].index, r);
      writeScalar(w, u.dst[1], static_cast<u32>(packMask(cout, kWave32)) & w.s[kExecLo]);
      return;
    }
    Sources32 s;
    u64 mask = fetch32(w, u, 2, s);
    const unsigned n = w.lanes;
    // Carries in and out as 0/1 lanes, so that the lane loop vectorises.
    Lanes32 r, cin, cout;
    unpackMask(u.numSrc > 2 ? readMask(w, u.src[2]) : 0, cin, n);
    const u32* a = s.p[0];
    const u32* b = s.p[1];
    for (unsigned l = 0; l < n; ++l) r[l] = F{}(a[l], b[l], cin[l], cout[l]);
    storeResult(w, u, r, mask);
    writeMask(w, u.dst[1], packMask(cout, n) & mask);
  };
}

void cndmask(Wave& w, const MicroOp& u) {
  if (u.plain32) [[likely]] {
    Sources32Plain s;
    fetch32Plain<2>(w, u, s);
    const u32 sel = u.src[2].kind == Operand::Kind::none ? w.s[kVccLo] : readScalar(w, u.src[2]);
    alignas(16) Lanes32 r, pick;
    unpackSelect(sel, pick, kWave32);
    for (unsigned l = 0; l < kWave32; ++l) r[l] = (s.p[1][l] & pick[l]) | (s.p[0][l] & ~pick[l]);
    store32Plain(w, u.dst[0].index, r);
    return;
  }
  Sources32 s;
  u64 mask = fetch32(w, u, 2, s);
  // VOPD's v_dual_cndmask_b32 prints no mask operand: it is VCC implicitly.
  u64 sel =
      u.src[2].kind == Operand::Kind::none ? readMask(w, vccOperand()) : readMask(w, u.src[2]);
  Lanes32 r, pick;
  const unsigned n = w.lanes;
  unpackSelect(sel, pick, n);
  for (unsigned l = 0; l < n; ++l) r[l] = (s.p[1][l] & pick[l]) | (s.p[0][l] & ~pick[l]);
  storeResult(w, u, r, mask);
}

// 64-bit shifts: src0 is the 32-bit shift amount, src1 the 64-bit value.
template <class F>
Handler shift64(F) {
  return [](Wave& w, const MicroOp& u) {
    if (u.plain32 && u.src[1].kind == Operand::Kind::vgpr && u.src[0].kind != Operand::Kind::vgpr)
        [[likely]] {
      // The wave32 path of the common case (an address scaled by a constant): every lane read
      // before any is written (the destination pair may overlap the source pair).
      const u32* lo = w.vreg(u.src[1].index);
      const u32* hi = w.vreg(u.src[1].index + 1);
      const u32 count = readScalar(w, u.src[0]) & 63;
      alignas(16) Lanes32 rlo, rhi;
      for (unsigned l = 0; l < kWave32; ++l) {
        const u64 x = F{}(lo[l] | (u64{hi[l]} << 32), count);
        rlo[l] = static_cast<u32>(x);
        rhi[l] = static_cast<u32>(x >> 32);
      }
      store32Plain(w, u.dst[0].index, rlo);
      store32Plain(w, u.dst[0].index + 1, rhi);
      return;
    }
    Lanes64 v, r;
    src64(w, u, 1, v);
    const unsigned n = w.lanes;
    if (u.src[0].kind != Operand::Kind::vgpr) {
      // One shift count for the wave (an address scaled by a constant, the common case): the
      // loop vectorises.
      const u32 count = readScalar(w, u.src[0]) & 63;
      for (unsigned l = 0; l < n; ++l) r[l] = F{}(v[l], count);
    } else {
      const u32* sh = w.vreg(u.src[0].index);
      for (unsigned l = 0; l < n; ++l) r[l] = F{}(v[l], sh[l] & 63);
    }
    store64(w, u.dst[0].index, r, w.exec());
  };
}

// v_mad_u64_u32 / v_mad_i64_i32: {carry, d} = a * b + c (64-bit c, RDNA2 ISA 6.3 VOP3).
template <bool Signed>
void mad64(Wave& w, const MicroOp& u) {
  Sources32 s;
  u64 mask = fetch32(w, u, 2, s);
  Lanes64 c, r;
  src64(w, u, 2, c);
  u64 cout = 0;
  for (unsigned l = 0; l < w.lanes; ++l) {
    if (Signed) {
      __int128 p =
          static_cast<__int128>(i64(i32(s.p[0][l])) * i64(i32(s.p[1][l]))) + static_cast<i64>(c[l]);
      r[l] = static_cast<u64>(p);
      cout |= u64(p > INT64_MAX || p < INT64_MIN) << l;
    } else {
      unsigned __int128 p = static_cast<unsigned __int128>(u64{s.p[0][l]} * s.p[1][l]) + c[l];
      r[l] = static_cast<u64>(p);
      cout |= u64(p >> 64) << l;
    }
  }
  store64(w, u.dst[0].index, r, mask);
  writeMask(w, u.dst[1], cout & mask);
}

u32 bfe(u32 a, u32 off, u32 width) {
  off &= 31;
  width &= 31;
  if (width == 0) return 0;
  return (a >> off) & ((width == 32) ? ~0u : ((1u << width) - 1));
}

u32 permByte(u64 data, u32 sel) {
  // v_perm_b32 selector (RDNA2 ISA 6.3): 0-7 pick a byte, 8-11 sign-replicate, 12 zero, 13+ 0xff.
  if (sel < 8) return (data >> (sel * 8)) & 0xff;
  if (sel < 12) {
    static const unsigned signBit[] = {15, 31, 47, 63};
    return ((data >> signBit[sel - 8]) & 1) ? 0xff : 0;
  }
  return sel == 12 ? 0 : 0xff;
}

// 16-bit integer ops: sources from the halves op_sel picks; the result goes to the low half
// (high half zeroed) or, with op_sel[3], to the high half keeping the low (RDNA2 ISA 6.2.1).
template <int N, class F>
Handler vint16(F) {
  return [](Wave& w, const MicroOp& u) {
    Sources32 s;
    u64 mask = fetch32(w, u, N, s);
    Lanes32 r;
    const u32* d = w.vreg(u.dst[0].index);
    for (unsigned l = 0; l < w.lanes; ++l) {
      std::uint16_t in[3] = {0, 0, 0};
      for (int i = 0; i < N; ++i)
        in[i] = static_cast<std::uint16_t>(s.p[i][l] >> (((u.opSel >> i) & 1) ? 16 : 0));
      u32 v = static_cast<std::uint16_t>(F{}(in[0], in[1], in[2]));
      r[l] = (u.opSel & 8) ? ((d[l] & 0xffffu) | (v << 16)) : v;
    }
    storeResult(w, u, r, mask);
  };
}

}  // namespace

namespace {

void registerVectorIntOpsPart1(HandlerTable& t) {
  using u16 = std::uint16_t;
  using i16 = std::int16_t;
  t.add("v_add_nc_u16", vint16<2>([](u16 a, u16 b, u16) { return u16(a + b); }), 1);
  t.add("v_sub_nc_u16", vint16<2>([](u16 a, u16 b, u16) { return u16(a - b); }), 1);
  t.add("v_add_nc_i16", vint16<2>([](u16 a, u16 b, u16) { return u16(a + b); }), 1);
  t.add("v_sub_nc_i16", vint16<2>([](u16 a, u16 b, u16) { return u16(a - b); }), 1);
  t.add("v_mul_lo_u16", vint16<2>([](u16 a, u16 b, u16) { return u16(a * b); }), 1);
  t.add("v_mad_u16", vint16<3>([](u16 a, u16 b, u16 c) { return u16(a * b + c); }), 1);
  t.add("v_lshlrev_b16", vint16<2>([](u16 a, u16 b, u16) { return u16(b << (a & 15)); }), 1);
  t.add("v_lshrrev_b16", vint16<2>([](u16 a, u16 b, u16) { return u16(b >> (a & 15)); }), 1);
  t.add("v_ashrrev_i16", vint16<2>([](u16 a, u16 b, u16) { return u16(i16(b) >> (a & 15)); }), 1);
  t.add("v_max_u16", vint16<2>([](u16 a, u16 b, u16) { return a < b ? b : a; }), 1);
  t.add("v_min_u16", vint16<2>([](u16 a, u16 b, u16) { return a < b ? a : b; }), 1);
  t.add("v_max_i16", vint16<2>([](u16 a, u16 b, u16) { return i16(a) < i16(b) ? b : a; }), 1);
  t.add("v_min_i16", vint16<2>([](u16 a, u16 b, u16) { return i16(a) < i16(b) ? a : b; }), 1);
  // Three-operand forms (VOP3): the least, greatest and middle of three halves.
  t.add("v_min3_u16", vint16<3>([](u16 a, u16 b, u16 c) { return std::min({a, b, c}); }), 1);
  t.add("v_max3_u16", vint16<3>([](u16 a, u16 b, u16 c) { return std::max({a, b, c}); }), 1);
  t.add("v_med3_u16", vint16<3>([](u16 a, u16 b, u16 c) {
          return std::max(std::min(a, b), std::min(std::max(a, b), c));
        }),
        1);
  t.add("v_min3_i16",
        vint16<3>([](u16 a, u16 b, u16 c) { return u16(std::min({i16(a), i16(b), i16(c)})); }), 1);
  t.add("v_max3_i16",
        vint16<3>([](u16 a, u16 b, u16 c) { return u16(std::max({i16(a), i16(b), i16(c)})); }), 1);
  t.add("v_med3_i16", vint16<3>([](u16 a, u16 b, u16 c) {
          const i16 x = i16(a), y = i16(b), z = i16(c);
          return u16(std::max(std::min(x, y), std::min(std::max(x, y), z)));
        }),
        1);
  t.add("v_mov_b32", vint<1>([](u32 a) { return a; }), 1);
  t.add("v_not_b32", vint<1>([](u32 a) { return ~a; }), 1);
  t.add("v_bfrev_b32", vint<1>([](u32 a) {
          u32 r = 0;
          for (int i = 0; i < 32; ++i) r |= ((a >> i) & 1) << (31 - i);
          return r;
        }),
        1);
  auto ffbh = vint<1>([](u32 a) { return a ? u32(std::countl_zero(a)) : ~0u; });
  t.add("v_ffbh_u32", ffbh, 1);
  t.add("v_clz_i32_u32", ffbh, 1);
  auto ffbl = vint<1>([](u32 a) { return a ? u32(std::countr_zero(a)) : ~0u; });
  t.add("v_ffbl_b32", ffbl, 1);
  t.add("v_ctz_i32_b32", ffbl, 1);
  auto ffbhi = vint<1>([](u32 a) {
    u32 x = i32(a) < 0 ? ~a : a;
    return (a == 0 || a == ~0u) ? ~0u : u32(std::countl_zero(x));
  });
  t.add("v_ffbh_i32", ffbhi, 1);
  t.add("v_cls_i32", ffbhi, 1);

  t.add("v_add_nc_u32",
        vintClamped([](u32 a, u32 b) { return a + b; },
                    [](u32 a, u32 b) { return a + b < a ? ~0u : a + b; }),
        1);
  t.add("v_sub_nc_u32",
        vintClamped([](u32 a, u32 b) { return a - b; },
                    [](u32 a, u32 b) { return a < b ? 0u : a - b; }),
        1);
  t.add("v_subrev_nc_u32",
        vintClamped([](u32 a, u32 b) { return b - a; },
                    [](u32 a, u32 b) { return b < a ? 0u : b - a; }),
        1);
  t.add("v_add_nc_i32",
        vintClamped([](u32 a, u32 b) { return a + b; },
                    [](u32 a, u32 b) { return saturateSigned(i64(i32(a)) + i32(b)); }),
        1);
  t.add("v_sub_nc_i32",
        vintClamped([](u32 a, u32 b) { return a - b; },
                    [](u32 a, u32 b) { return saturateSigned(i64(i32(a)) - i32(b)); }),
        1);
  // 32-bit only arithmetic so that the lane loops vectorise; carry/borrow from comparisons.
  t.add("v_add_co_u32", vcarry([](u32 a, u32 b, u32, u32& c) {
          u32 r = a + b;
          c = r < a;
          return r;
        }),
        2);
  t.add("v_sub_co_u32", vcarry([](u32 a, u32 b, u32, u32& c) {
          c = a < b;
          return a - b;
        }),
        2);
  t.add("v_subrev_co_u32", vcarry([](u32 a, u32 b, u32, u32& c) {
          c = b < a;
          return b - a;
        }),
        2);
  t.add("v_add_co_ci_u32", vcarry([](u32 a, u32 b, u32 ci, u32& c) {
          u32 r = a + b + ci;
          c = (r < a) | ((r == a) & ci);
          return r;
        }),
        2);
  t.add("v_sub_co_ci_u32", vcarry([](u32 a, u32 b, u32 ci, u32& c) {
          c = (a < b) | ((a == b) & ci);
          return a - b - ci;
        }),
        2);
  t.add("v_subrev_co_ci_u32", vcarry([](u32 a, u32 b, u32 ci, u32& c) {
          c = (b < a) | ((a == b) & ci);
          return b - a - ci;
        }),
        2);
}

void registerVectorIntOpsPart2(HandlerTable& t) {
  t.add("v_cndmask_b32", cndmask, 1);

  t.add("v_and_b32", vint<2>([](u32 a, u32 b) { return a & b; }), 1);
  t.add("v_or_b32", vint<2>([](u32 a, u32 b) { return a | b; }), 1);
  t.add("v_xor_b32", vint<2>([](u32 a, u32 b) { return a ^ b; }), 1);
  t.add("v_xnor_b32", vint<2>([](u32 a, u32 b) { return ~(a ^ b); }), 1);
  t.add("v_lshlrev_b32", vint<2>([](u32 a, u32 b) { return b << (a & 31); }), 1);
  t.add("v_lshrrev_b32", vint<2>([](u32 a, u32 b) { return b >> (a & 31); }), 1);
  t.add("v_ashrrev_i32", vint<2>([](u32 a, u32 b) { return u32(i32(b) >> (a & 31)); }), 1);
  t.add("v_lshlrev_b64", shift64([](u64 v, u32 s) { return v << s; }), 1);
  t.add("v_lshrrev_b64", shift64([](u64 v, u32 s) { return v >> s; }), 1);
  t.add("v_ashrrev_i64", shift64([](u64 v, u32 s) { return u64(i64(v) >> s); }), 1);
  t.add("v_max_i32", vint<2>([](u32 a, u32 b) { return (i32(a) > i32(b)) ? a : b; }), 1);
  t.add("v_min_i32", vint<2>([](u32 a, u32 b) { return i32(a) < i32(b) ? a : b; }), 1);
  t.add("v_max_u32", vint<2>([](u32 a, u32 b) { return (a > b) ? a : b; }), 1);
  t.add("v_min_u32", vint<2>([](u32 a, u32 b) { return a < b ? a : b; }), 1);
  t.add("v_mul_lo_u32", vint<2>([](u32 a, u32 b) { return a * b; }), 1);
  t.add("v_mul_hi_u32", vint<2>([](u32 a, u32 b) { return u32((u64{a} * b) >> 32); }), 1);
  t.add("v_mul_hi_i32", vint<2>([](u32 a, u32 b) { return u32(u64(i64(i32(a)) * i32(b)) >> 32); }),
        1);
  t.add("v_mul_u32_u24", vint<2>([](u32 a, u32 b) { return (a & 0xffffff) * (b & 0xffffff); }), 1);
  t.add("v_mul_hi_u32_u24",
        vint<2>([](u32 a, u32 b) { return u32((u64{a & 0xffffff} * (b & 0xffffff)) >> 32); }), 1);
  t.add("v_mul_i32_i24",
        vint<2>([](u32 a, u32 b) { return u32(i32(a << 8) >> 8) * u32(i32(b << 8) >> 8); }), 1);
  t.add("v_mul_hi_i32_i24", vint<2>([](u32 a, u32 b) {
          return u32(u64(i64(i32(a << 8) >> 8) * (i32(b << 8) >> 8)) >> 32);
        }),
        1);
  t.add("v_mad_u32_u24",
        vint<3>([](u32 a, u32 b, u32 c) { return (a & 0xffffff) * (b & 0xffffff) + c; }), 1);
  t.add("v_mad_i32_i24", vint<3>([](u32 a, u32 b, u32 c) {
          return u32(i32(a << 8) >> 8) * u32(i32(b << 8) >> 8) + c;
        }),
        1);
  t.add("v_mad_u64_u32", mad64<false>, 2);
  t.add("v_mad_i64_i32", mad64<true>, 2);
  t.add("v_add3_u32", vint<3>([](u32 a, u32 b, u32 c) { return a + b + c; }), 1);
  t.add("v_add_lshl_u32", vint<3>([](u32 a, u32 b, u32 c) { return (a + b) << (c & 31); }), 1);
  t.add("v_lshl_add_u32", vint<3>([](u32 a, u32 b, u32 c) { return (a << (b & 31)) + c; }), 1);
  t.add("v_lshl_or_b32", vint<3>([](u32 a, u32 b, u32 c) { return (a << (b & 31)) | c; }), 1);
  t.add("v_and_or_b32", vint<3>([](u32 a, u32 b, u32 c) { return (a & b) | c; }), 1);
  t.add("v_or3_b32", vint<3>([](u32 a, u32 b, u32 c) { return a | b | c; }), 1);
  t.add("v_xor3_b32", vint<3>([](u32 a, u32 b, u32 c) { return a ^ b ^ c; }), 1);
  t.add("v_xad_u32", vint<3>([](u32 a, u32 b, u32 c) { return (a ^ b) + c; }), 1);
  t.add("v_alignbit_b32",
        vint<3>([](u32 a, u32 b, u32 c) { return u32(((u64{a} << 32) | b) >> (c & 31)); }), 1);
  t.add("v_alignbyte_b32",
        vint<3>([](u32 a, u32 b, u32 c) { return u32(((u64{a} << 32) | b) >> (8 * (c & 3))); }), 1);
  t.add("v_bfe_u32", vint<3>([](u32 a, u32 b, u32 c) { return bfe(a, b, c); }), 1);
  t.add("v_bfe_i32", vint<3>([](u32 a, u32 b, u32 c) {
          u32 width = c & 31, r = bfe(a, b, c);
          if (width > 0 && ((r >> (width - 1)) & 1)) r |= ~((1u << width) - 1);
          return r;
        }),
        1);
  t.add("v_bfi_b32", vint<3>([](u32 a, u32 b, u32 c) { return (a & b) | (~a & c); }), 1);
  t.add("v_bfm_b32", vint<2>([](u32 a, u32 b) { return ((1u << (a & 31)) - 1) << (b & 31); }), 1);
  t.add("v_bcnt_u32_b32", vint<2>([](u32 a, u32 b) { return u32(std::popcount(a)) + b; }), 1);
  t.add("v_perm_b32", vint<3>([](u32 a, u32 b, u32 c) {
          u64 data = (u64{a} << 32) | b;
          u32 r = 0;
          for (int i = 0; i < 4; ++i) r |= permByte(data, (c >> (8 * i)) & 0xff) << (8 * i);
          return r;
        }),
        1);
  t.add("v_min3_i32",
        vint<3>([](u32 a, u32 b, u32 c) { return u32(std::min({i32(a), i32(b), i32(c)})); }), 1);
}

void registerVectorIntOpsPart3(HandlerTable& t) {
  t.add("v_max3_i32",
        vint<3>([](u32 a, u32 b, u32 c) { return u32(std::max({i32(a), i32(b), i32(c)})); }), 1);
  t.add("v_min3_u32", vint<3>([](u32 a, u32 b, u32 c) { return std::min({a, b, c}); }), 1);
  t.add("v_max3_u32", vint<3>([](u32 a, u32 b, u32 c) { return std::max({a, b, c}); }), 1);
  t.add(
      "v_med3_i32", vint<3>([](u32 a, u32 b, u32 c) {
        return u32(std::max(std::min(i32(a), i32(b)), std::min(std::max(i32(a), i32(b)), i32(c))));
      }),
      1);
  t.add("v_med3_u32", vint<3>([](u32 a, u32 b, u32 c) {
          return std::max(std::min(a, b), std::min(std::max(a, b), c));
        }),
        1);
  t.add("v_sad_u32", vint<3>([](u32 a, u32 b, u32 c) { return ((a > b) ? a - b : b - a) + c; }), 1);
  t.add("v_cvt_u32_u16", vint<1>([](u32 a) { return a & 0xffff; }), 1);
  t.add("v_cvt_i32_i16", vint<1>([](u32 a) { return u32(i32(std::int16_t(a))); }), 1);
}

}  // namespace

void registerVectorIntOps(HandlerTable& t) {
  registerVectorIntOpsPart1(t);
  registerVectorIntOpsPart2(t);
  registerVectorIntOpsPart3(t);
}

}  // namespace vgpu::isa
