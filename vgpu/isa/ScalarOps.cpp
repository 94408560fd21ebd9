// SALU instructions: SOP1, SOP2, SOPC and SOPK (RDNA2 ISA chapter 5, RDNA3 ISA chapter 5).
#include <bit>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i32 = std::int32_t;
using i64 = std::int64_t;

// d = F(a, b, scc&): the body sets SCC through the reference when the instruction defines it.
template <class F>
Handler sop2(F) {
  return [](Wave& w, const MicroOp& u) {
    u32 scc = w.scc;
    u32 r = F{}(readScalar(w, u.src[0]), readScalar(w, u.src[1]), scc);
    writeScalar(w, u.dst[0], r);
    w.scc = scc;
  };
}
template <class F>
Handler sop2x64(F) {
  return [](Wave& w, const MicroOp& u) {
    u32 scc = w.scc;
    u64 r = F{}(readScalar64(w, u.src[0]), readScalar64(w, u.src[1]), scc);
    writeScalar64(w, u.dst[0], r);
    w.scc = scc;
  };
}
// 64-bit value shifted/extracted by a 32-bit operand.
template <class F>
Handler sop2x64by32(F) {
  return [](Wave& w, const MicroOp& u) {
    u32 scc = w.scc;
    u64 r = F{}(readScalar64(w, u.src[0]), readScalar(w, u.src[1]), scc);
    writeScalar64(w, u.dst[0], r);
    w.scc = scc;
  };
}
template <class F>
Handler sop1(F) {
  return [](Wave& w, const MicroOp& u) {
    u32 scc = w.scc;
    u32 r = F{}(readScalar(w, u.src[0]), scc);
    writeScalar(w, u.dst[0], r);
    w.scc = scc;
  };
}
template <class F>
Handler sop1x64(F) {
  return [](Wave& w, const MicroOp& u) {
    u32 scc = w.scc;
    u64 r = F{}(readScalar64(w, u.src[0]), scc);
    writeScalar64(w, u.dst[0], r);
    w.scc = scc;
  };
}
// A 32-bit result from a 64-bit source (s_bcnt1_i32_b64, s_ff1_i32_b64).
template <class F>
Handler sop1from64(F) {
  return [](Wave& w, const MicroOp& u) {
    u32 scc = w.scc;
    u32 r = F{}(readScalar64(w, u.src[0]), scc);
    writeScalar(w, u.dst[0], r);
    w.scc = scc;
  };
}
template <class F>
Handler sopc(F) {
  return [](Wave& w, const MicroOp& u) {
    w.scc = F{}(readScalar(w, u.src[0]), readScalar(w, u.src[1])) ? 1 : 0;
  };
}
template <class F>
Handler sopc64(F) {
  return [](Wave& w, const MicroOp& u) {
    w.scc = F{}(readScalar64(w, u.src[0]), readScalar64(w, u.src[1])) ? 1 : 0;
  };
}

// s_*_saveexec: sdst = EXEC; EXEC = F(src, EXEC); SCC = EXEC != 0 (RDNA2 ISA 5.3 SOP1).
template <class F>
Handler saveexec(F) {
  return [](Wave& w, const MicroOp& u) {
    u64 old = w.exec();
    u64 src = readMask(w, u.src[0]);
    u64 e = F{}(src, old) & w.laneMask();
    writeMask(w, u.dst[0], old);
    w.setExec(e);
    w.scc = e != 0;
  };
}

// SOPK: the 16-bit constant is the second source (s_cmpk_*, s_addk_i32) or the only one.
void movk(Wave& w, const MicroOp& u) {
  writeScalar(w, u.dst[0],
              static_cast<u32>(static_cast<i32>(static_cast<std::int16_t>(u.src[0].lo()))));
}
void addk(Wave& w, const MicroOp& u) {
  i32 a = static_cast<i32>(w.s[u.dst[0].index]);
  i32 k = static_cast<std::int16_t>(u.src[0].lo());
  i32 r = static_cast<i32>(static_cast<u32>(a) + static_cast<u32>(k));
  w.scc = ((a >= 0) == (k >= 0)) && ((r >= 0) != (a >= 0));
  w.s[u.dst[0].index] = static_cast<u32>(r);
}
void mulk(Wave& w, const MicroOp& u) {
  w.s[u.dst[0].index] =
      w.s[u.dst[0].index] *
      static_cast<u32>(static_cast<i32>(static_cast<std::int16_t>(u.src[0].lo())));
}
template <bool Signed, class F>
Handler cmpk(F) {
  return [](Wave& w, const MicroOp& u) {
    u32 a = readScalar(w, u.src[0]);
    u32 k = u.src[1].lo() & 0xffff;
    if (Signed) k = static_cast<u32>(static_cast<i32>(static_cast<std::int16_t>(k)));
    w.scc = F{}(a, k) ? 1 : 0;
  };
}

u32 bfe32(u32 a, u32 b) {
  u32 off = b & 31, width = (b >> 16) & 0x7f;
  if (width == 0) return 0;
  u32 r = a >> off;
  return width >= 32 ? r : r & ((1u << width) - 1);
}

}  // namespace

namespace {

void registerScalarOpsPart1(HandlerTable& t) {
  // ---- SOP2 ----
  t.add("s_add_u32", sop2([](u32 a, u32 b, u32& scc) {
          u64 r = u64{a} + b;
          scc = r >> 32;
          return u32(r);
        }),
        1);
  t.add("s_sub_u32", sop2([](u32 a, u32 b, u32& scc) {
          scc = b > a;
          return a - b;
        }),
        1);
  t.add("s_addc_u32", sop2([](u32 a, u32 b, u32& scc) {
          u64 r = u64{a} + b + scc;
          scc = r >> 32;
          return u32(r);
        }),
        1);
  t.add("s_subb_u32", sop2([](u32 a, u32 b, u32& scc) {
          u64 r = u64{a} - b - scc;
          scc = (r >> 32) != 0;
          return u32(r);
        }),
        1);
  t.add("s_add_i32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = a + b;
          scc = ((~(a ^ b)) & (a ^ r)) >> 31;
          return r;
        }),
        1);
  t.add("s_sub_i32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = a - b;
          scc = ((a ^ b) & (a ^ r)) >> 31;
          return r;
        }),
        1);
  t.add("s_min_i32", sop2([](u32 a, u32 b, u32& scc) {
          scc = i32(a) < i32(b);
          return scc ? a : b;
        }),
        1);
  t.add("s_min_u32", sop2([](u32 a, u32 b, u32& scc) {
          scc = a < b;
          return scc ? a : b;
        }),
        1);
  t.add("s_max_i32", sop2([](u32 a, u32 b, u32& scc) {
          scc = i32(a) > i32(b);
          return scc ? a : b;
        }),
        1);
  t.add("s_max_u32", sop2([](u32 a, u32 b, u32& scc) {
          scc = a > b;
          return scc ? a : b;
        }),
        1);
  t.add("s_cselect_b32", sop2([](u32 a, u32 b, u32& scc) { return scc ? a : b; }), 1);
  t.add("s_cselect_b64", sop2x64([](u64 a, u64 b, u32& scc) { return scc ? a : b; }), 1);
  t.add("s_and_b32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = a & b;
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_or_b32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = a | b;
          scc = r != 0;
          return r;
        }),
        1);
}

void registerScalarOpsPart2(HandlerTable& t) {
  t.add("s_xor_b32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = a ^ b;
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_nand_b32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = ~(a & b);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_nor_b32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = ~(a | b);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_xnor_b32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = ~(a ^ b);
          scc = r != 0;
          return r;
        }),
        1);
  auto andn2 = sop2([](u32 a, u32 b, u32& scc) {
    u32 r = a & ~b;
    scc = r != 0;
    return r;
  });
  auto orn2 = sop2([](u32 a, u32 b, u32& scc) {
    u32 r = a | ~b;
    scc = r != 0;
    return r;
  });
  t.add("s_andn2_b32", andn2, 1);
  t.add("s_and_not1_b32", andn2, 1);
  t.add("s_orn2_b32", orn2, 1);
  t.add("s_or_not1_b32", orn2, 1);
  t.add("s_and_b64", sop2x64([](u64 a, u64 b, u32& scc) {
          u64 r = a & b;
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_or_b64", sop2x64([](u64 a, u64 b, u32& scc) {
          u64 r = a | b;
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_xor_b64", sop2x64([](u64 a, u64 b, u32& scc) {
          u64 r = a ^ b;
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_nand_b64", sop2x64([](u64 a, u64 b, u32& scc) {
          u64 r = ~(a & b);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_nor_b64", sop2x64([](u64 a, u64 b, u32& scc) {
          u64 r = ~(a | b);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_xnor_b64", sop2x64([](u64 a, u64 b, u32& scc) {
          u64 r = ~(a ^ b);
          scc = r != 0;
          return r;
        }),
        1);
}

void registerScalarOpsPart3(HandlerTable& t) {
  auto andn2x64 = sop2x64([](u64 a, u64 b, u32& scc) {
    u64 r = a & ~b;
    scc = r != 0;
    return r;
  });
  auto orn2x64 = sop2x64([](u64 a, u64 b, u32& scc) {
    u64 r = a | ~b;
    scc = r != 0;
    return r;
  });
  t.add("s_andn2_b64", andn2x64, 1);
  t.add("s_and_not1_b64", andn2x64, 1);
  t.add("s_orn2_b64", orn2x64, 1);
  t.add("s_or_not1_b64", orn2x64, 1);
  t.add("s_lshl_b32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = a << (b & 31);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_lshr_b32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = a >> (b & 31);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_ashr_i32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = u32(i32(a) >> (b & 31));
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_lshl_b64", sop2x64by32([](u64 a, u32 b, u32& scc) {
          u64 r = a << (b & 63);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_lshr_b64", sop2x64by32([](u64 a, u32 b, u32& scc) {
          u64 r = a >> (b & 63);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_ashr_i64", sop2x64by32([](u64 a, u32 b, u32& scc) {
          u64 r = u64(i64(a) >> (b & 63));
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_bfm_b32", sop2([](u32 a, u32 b, u32&) {
          return (a & 31) == 0 ? 0u : (((1u << (a & 31)) - 1) << (b & 31));
        }),
        1);
  t.add("s_mul_i32", sop2([](u32 a, u32 b, u32&) { return a * b; }), 1);
  t.add("s_mul_hi_u32", sop2([](u32 a, u32 b, u32&) { return u32((u64{a} * b) >> 32); }), 1);
  t.add("s_mul_hi_i32",
        sop2([](u32 a, u32 b, u32&) { return u32(u64(i64(i32(a)) * i32(b)) >> 32); }), 1);
  t.add("s_bfe_u32", sop2([](u32 a, u32 b, u32& scc) {
          u32 r = bfe32(a, b);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_bfe_i32", sop2([](u32 a, u32 b, u32& scc) {
          u32 width = (b >> 16) & 0x7f, r = bfe32(a, b);
          if (width > 0 && width < 32 && (r >> (width - 1)) & 1) r |= ~((1u << width) - 1);
          scc = r != 0;
          return r;
        }),
        1);
}

void registerScalarOpsPart4(HandlerTable& t) {
  t.add("s_bfe_u64", sop2x64by32([](u64 a, u32 b, u32& scc) {
          u32 off = b & 63, width = (b >> 16) & 0x7f;
          u64 r = width == 0 ? 0 : (a >> off) & (width >= 64 ? ~u64{0} : (u64{1} << width) - 1);
          scc = r != 0;
          return r;
        }),
        1);
  // The signed form sign-extends the extracted field from its top bit (RDNA2 ISA, S_BFE_I64).
  t.add("s_bfe_i64", sop2x64by32([](u64 a, u32 b, u32& scc) {
          u32 off = b & 63, width = (b >> 16) & 0x7f;
          u64 r = width == 0 ? 0 : (a >> off) & (width >= 64 ? ~u64{0} : (u64{1} << width) - 1);
          if (width > 0 && width < 64 && (r >> (width - 1)) & 1) r |= ~((u64{1} << width) - 1);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_absdiff_i32", sop2([](u32 a, u32 b, u32& scc) {
          i64 d = i64(i32(a)) - i32(b);
          u32 r = u32(d < 0 ? -d : d);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_lshl1_add_u32", sop2([](u32 a, u32 b, u32& scc) {
          u64 r = (u64{a} << 1) + b;
          scc = r >> 32;
          return u32(r);
        }),
        1);
  t.add("s_lshl2_add_u32", sop2([](u32 a, u32 b, u32& scc) {
          u64 r = (u64{a} << 2) + b;
          scc = r >> 32;
          return u32(r);
        }),
        1);
  t.add("s_lshl3_add_u32", sop2([](u32 a, u32 b, u32& scc) {
          u64 r = (u64{a} << 3) + b;
          scc = r >> 32;
          return u32(r);
        }),
        1);
  t.add("s_lshl4_add_u32", sop2([](u32 a, u32 b, u32& scc) {
          u64 r = (u64{a} << 4) + b;
          scc = r >> 32;
          return u32(r);
        }),
        1);
  t.add("s_pack_ll_b32_b16", sop2([](u32 a, u32 b, u32&) { return (a & 0xffff) | (b << 16); }), 1);
  t.add("s_pack_lh_b32_b16",
        sop2([](u32 a, u32 b, u32&) { return (a & 0xffff) | (b & 0xffff0000u); }), 1);
  t.add("s_pack_hh_b32_b16", sop2([](u32 a, u32 b, u32&) { return (a >> 16) | (b & 0xffff0000u); }),
        1);

  // ---- SOP1 ----
  t.add("s_mov_b32", sop1([](u32 a, u32&) { return a; }), 1);
  t.add("s_mov_b64", sop1x64([](u64 a, u32&) { return a; }), 1);
  t.add(
      "s_cmov_b32",
      [](Wave& w, const MicroOp& u) {
        if (w.scc) writeScalar(w, u.dst[0], readScalar(w, u.src[0]));
      },
      1);
  t.add(
      "s_cmov_b64",
      [](Wave& w, const MicroOp& u) {
        if (w.scc) writeScalar64(w, u.dst[0], readScalar64(w, u.src[0]));
      },
      1);
  t.add("s_not_b32", sop1([](u32 a, u32& scc) {
          u32 r = ~a;
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_not_b64", sop1x64([](u64 a, u32& scc) {
          u64 r = ~a;
          scc = r != 0;
          return r;
        }),
        1);
}

void registerScalarOpsPart5(HandlerTable& t) {
  t.add("s_brev_b32", sop1([](u32 a, u32&) {
          u32 r = 0;
          for (int i = 0; i < 32; ++i) r |= ((a >> i) & 1) << (31 - i);
          return r;
        }),
        1);
  // RDNA2 ISA section 5 "SOP1": bit i of the result is bit 63 - i of the source; SCC unchanged.
  t.add("s_brev_b64", sop1x64([](u64 a, u32&) {
          u64 r = 0;
          for (int i = 0; i < 64; ++i) r |= ((a >> i) & 1) << (63 - i);
          return r;
        }),
        1);
  t.add("s_bcnt0_i32_b32", sop1([](u32 a, u32& scc) {
          u32 r = 32 - std::popcount(a);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_bcnt1_i32_b32", sop1([](u32 a, u32& scc) {
          u32 r = std::popcount(a);
          scc = r != 0;
          return r;
        }),
        1);
  t.add("s_bcnt1_i32_b64", sop1from64([](u64 a, u32& scc) {
          u32 r = std::popcount(a);
          scc = r != 0;
          return r;
        }),
        1);
  auto ff1 = sop1([](u32 a, u32&) { return a ? u32(std::countr_zero(a)) : ~0u; });
  t.add("s_ff1_i32_b32", ff1, 1);
  t.add("s_ctz_i32_b32", ff1, 1);
  auto ff1x64 = sop1from64([](u64 a, u32&) { return a ? u32(std::countr_zero(a)) : ~0u; });
  t.add("s_ff1_i32_b64", ff1x64, 1);
  t.add("s_ctz_i32_b64", ff1x64, 1);
  auto flbit = sop1([](u32 a, u32&) { return a ? u32(std::countl_zero(a)) : ~0u; });
  t.add("s_flbit_i32_b32", flbit, 1);
  auto flbit64 = sop1from64([](u64 a, u32&) { return a ? u32(std::countl_zero(a)) : ~0u; });
  t.add("s_flbit_i32_b64", flbit64, 1);
  t.add("s_clz_i32_u64", flbit64, 1);
  t.add("s_clz_i32_u32", flbit, 1);
  t.add("s_sext_i32_i8", sop1([](u32 a, u32&) { return u32(i32(std::int8_t(a))); }), 1);
  t.add("s_sext_i32_i16", sop1([](u32 a, u32&) { return u32(i32(std::int16_t(a))); }), 1);
  t.add("s_abs_i32", sop1([](u32 a, u32& scc) {
          u32 r = i32(a) < 0 ? 0u - a : a;
          scc = r != 0;
          return r;
        }),
        1);
  t.add(
      "s_bitset0_b32",
      [](Wave& w, const MicroOp& u) {
        w.s[u.dst[0].index] &= ~(1u << (readScalar(w, u.src[0]) & 31));
      },
      1);
  t.add(
      "s_bitset1_b32",
      [](Wave& w, const MicroOp& u) {
        w.s[u.dst[0].index] |= 1u << (readScalar(w, u.src[0]) & 31);
      },
      1);
  for (const char* width : {"_b32", "_b64"}) {
    std::string w(width);
    t.add("s_and_saveexec" + w, saveexec([](u64 s, u64 e) { return s & e; }), 1);
    t.add("s_or_saveexec" + w, saveexec([](u64 s, u64 e) { return s | e; }), 1);
    t.add("s_xor_saveexec" + w, saveexec([](u64 s, u64 e) { return s ^ e; }), 1);
    t.add("s_andn2_saveexec" + w, saveexec([](u64 s, u64 e) { return s & ~e; }), 1);
    t.add("s_and_not1_saveexec" + w, saveexec([](u64 s, u64 e) { return s & ~e; }), 1);
    t.add("s_orn2_saveexec" + w, saveexec([](u64 s, u64 e) { return s | ~e; }), 1);
    t.add("s_or_not1_saveexec" + w, saveexec([](u64 s, u64 e) { return s | ~e; }), 1);
    t.add("s_andn1_saveexec" + w, saveexec([](u64 s, u64 e) { return ~s & e; }), 1);
    t.add("s_and_not0_saveexec" + w, saveexec([](u64 s, u64 e) { return ~s & e; }), 1);
    t.add("s_nand_saveexec" + w, saveexec([](u64 s, u64 e) { return ~(s & e); }), 1);
  }
}

void registerScalarOpsPart6(HandlerTable& t) {
  // ---- SOPC ----
  t.add("s_cmp_eq_u32", sopc([](u32 a, u32 b) { return a == b; }), 0);
  t.add("s_cmp_eq_i32", sopc([](u32 a, u32 b) { return a == b; }), 0);
  t.add("s_cmp_lg_u32", sopc([](u32 a, u32 b) { return a != b; }), 0);
  t.add("s_cmp_lg_i32", sopc([](u32 a, u32 b) { return a != b; }), 0);
  t.add("s_cmp_gt_u32", sopc([](u32 a, u32 b) { return (a > b); }), 0);
  t.add("s_cmp_ge_u32", sopc([](u32 a, u32 b) { return (a >= b); }), 0);
  t.add("s_cmp_lt_u32", sopc([](u32 a, u32 b) { return a < b; }), 0);
  t.add("s_cmp_le_u32", sopc([](u32 a, u32 b) { return a <= b; }), 0);
  t.add("s_cmp_gt_i32", sopc([](u32 a, u32 b) { return i32(a) > i32(b); }), 0);
  t.add("s_cmp_ge_i32", sopc([](u32 a, u32 b) { return i32(a) >= i32(b); }), 0);
  t.add("s_cmp_lt_i32", sopc([](u32 a, u32 b) { return i32(a) < i32(b); }), 0);
  t.add("s_cmp_le_i32", sopc([](u32 a, u32 b) { return i32(a) <= i32(b); }), 0);
  t.add("s_cmp_eq_u64", sopc64([](u64 a, u64 b) { return a == b; }), 0);
  t.add("s_cmp_lg_u64", sopc64([](u64 a, u64 b) { return a != b; }), 0);
  t.add("s_bitcmp0_b32", sopc([](u32 a, u32 b) { return ((a >> (b & 31)) & 1) == 0; }), 0);
  t.add("s_bitcmp1_b32", sopc([](u32 a, u32 b) { return ((a >> (b & 31)) & 1) == 1; }), 0);

  // ---- SOPK ----
  t.add("s_movk_i32", movk, 1);
  t.add("s_addk_i32", addk, 1);
  t.add("s_mulk_i32", mulk, 1);
  t.add("s_cmpk_eq_u32", cmpk<false>([](u32 a, u32 b) { return a == b; }), 0);
  t.add("s_cmpk_lg_u32", cmpk<false>([](u32 a, u32 b) { return a != b; }), 0);
  t.add("s_cmpk_gt_u32", cmpk<false>([](u32 a, u32 b) { return (a > b); }), 0);
  t.add("s_cmpk_ge_u32", cmpk<false>([](u32 a, u32 b) { return (a >= b); }), 0);
  t.add("s_cmpk_lt_u32", cmpk<false>([](u32 a, u32 b) { return a < b; }), 0);
  t.add("s_cmpk_le_u32", cmpk<false>([](u32 a, u32 b) { return a <= b; }), 0);
  t.add("s_cmpk_eq_i32", cmpk<true>([](u32 a, u32 b) { return a == b; }), 0);
  t.add("s_cmpk_lg_i32", cmpk<true>([](u32 a, u32 b) { return a != b; }), 0);
  t.add("s_cmpk_gt_i32", cmpk<true>([](u32 a, u32 b) { return i32(a) > i32(b); }), 0);
  t.add("s_cmpk_ge_i32", cmpk<true>([](u32 a, u32 b) { return i32(a) >= i32(b); }), 0);
  t.add("s_cmpk_lt_i32", cmpk<true>([](u32 a, u32 b) { return i32(a) < i32(b); }), 0);
  t.add("s_cmpk_le_i32", cmpk<true>([](u32 a, u32 b) { return i32(a) <= i32(b); }), 0);
}

}  // namespace

void registerScalarOps(HandlerTable& t) {
  registerScalarOpsPart1(t);
  registerScalarOpsPart2(t);
  registerScalarOpsPart3(t);
  registerScalarOpsPart4(t);
  registerScalarOpsPart5(t);
  registerScalarOpsPart6(t);
}

}  // namespace vgpu::isa
