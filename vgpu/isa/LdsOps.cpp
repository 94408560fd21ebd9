// DS instructions: LDS loads, stores, atomics and the ds_(b)permute lane shuffles (RDNA2 ISA
// chapter 11, RDNA3 ISA chapter 11). A workgroup's waves run on one thread, so LDS atomics are
// plain read-modify-writes. Addresses are vaddr + offset in 32-bit arithmetic: compilers fold
// negative bases into the offset and rely on the wrap-around.
#include <cstring>
#include <string>
#include <vector>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"
#include "isa/Memory.h"
#include "isa/Swizzle.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

enum class Ext { none, sign8, sign16, d16lo, d16hi };

// The workgroup's LDS as a pointer and a size, read once per instruction: for the compiler a
// byte store into LDS could change the vector's own fields (and the wave's), which it would
// then reload at every lane.
struct LdsView {
  std::uint8_t* base;
  u64 size;
};
inline LdsView ldsView(const Wave& w) {
  return {w.wg->lds.data(), w.wg->lds.size()};
}

// One lane's LDS access: inside the allocation a copy of a known size (inlined: the common
// case), otherwise accessLane's dropped access and warning.
template <unsigned Bytes, bool Store>
inline bool ldsLane(Wave& w, LdsView lds, unsigned lane, u64 address, void* buf) {
  if (address + Bytes <= lds.size) [[likely]] {
    if (Store)
      std::memcpy(lds.base + address, buf, Bytes);
    else
      std::memcpy(buf, lds.base + address, Bytes);
    return true;
  }
  return accessLane(w, lane, Space::lds, address, buf, Bytes, Store);
}

template <unsigned Bytes, Ext E>
void dsLoad(Wave& w, const MicroOp& u) {
  constexpr unsigned words = (Bytes + 3) / 4;
  const u32* a = w.vreg(u.src[0].index);
  u32* d[words];
  for (unsigned k = 0; k < words; ++k) d[k] = w.vreg(u.dst[0].index + k);
  const u32 offset = static_cast<u32>(u.offset);
  const LdsView lds = ldsView(w);
  const unsigned lanes = w.lanes;
  const u64 exec = w.exec();
  for (unsigned l = 0; l < lanes; ++l) {
    if (!((exec >> l) & 1)) continue;
    u32 buf[4] = {0, 0, 0, 0};
    if (!ldsLane<Bytes, false>(w, lds, l, u64{u32(a[l] + offset)}, buf)) return;
    u32 v = buf[0];
    if (E == Ext::sign8) v = static_cast<u32>(static_cast<std::int8_t>(v));
    if (E == Ext::sign16) v = static_cast<u32>(static_cast<std::int16_t>(v));
    if (E == Ext::d16lo) v = (d[0][l] & 0xffff0000u) | (v & 0xffff);
    if (E == Ext::d16hi) v = (d[0][l] & 0xffffu) | (v << 16);
    d[0][l] = v;
    for (unsigned k = 1; k < words; ++k) d[k][l] = buf[k];
  }
}

template <unsigned Bytes, bool High>
void dsStore(Wave& w, const MicroOp& u) {
  constexpr unsigned words = (Bytes + 3) / 4;
  const u32* a = w.vreg(u.src[0].index);
  const u32* data[words];
  for (unsigned k = 0; k < words; ++k) data[k] = w.vreg(u.src[1].index + k);
  const u32 offset = static_cast<u32>(u.offset);
  const LdsView lds = ldsView(w);
  const unsigned lanes = w.lanes;
  const u64 exec = w.exec();
  for (unsigned l = 0; l < lanes; ++l) {
    if (!((exec >> l) & 1)) continue;
    u32 buf[4];
    for (unsigned k = 0; k < words; ++k) buf[k] = data[k][l];
    if (High) buf[0] >>= 16;
    if (!ldsLane<Bytes, true>(w, lds, l, u64{u32(a[l] + offset)}, buf)) return;
  }
}

// ds_read2/ds_write2: two elements at offset0 and offset1, scaled by the element size (times
// 64 for the st64 forms).
template <unsigned Bytes, unsigned Scale, bool Store>
void ds2(Wave& w, const MicroOp& u) {
  constexpr unsigned words = Bytes / 4;
  const u32* a = w.vreg(u.src[0].index);
  // Store: data0's and data1's registers; load: the destination's 2 x words registers.
  u32* reg[2][words];
  for (unsigned e = 0; e < 2; ++e)
    for (unsigned k = 0; k < words; ++k)
      reg[e][k] = Store ? w.vreg(u.src[1 + e].index + k) : w.vreg(u.dst[0].index + e * words + k);
  const u32 offsets[2] = {u32(u.offset) * Bytes * Scale, u32(u.offset1) * Bytes * Scale};
  const LdsView lds = ldsView(w);
  const unsigned lanes = w.lanes;
  const u64 exec = w.exec();
  for (unsigned l = 0; l < lanes; ++l) {
    if (!((exec >> l) & 1)) continue;
    // Both addresses before the first element lands (the destination may be the address VGPR).
    const u64 addr[2] = {u64{u32(a[l] + offsets[0])}, u64{u32(a[l] + offsets[1])}};
    for (unsigned e = 0; e < 2; ++e) {
      u32 buf[2];
      if (Store) {
        for (unsigned k = 0; k < words; ++k) buf[k] = reg[e][k][l];
        if (!ldsLane<Bytes, true>(w, lds, l, addr[e], buf)) return;
      } else {
        if (!ldsLane<Bytes, false>(w, lds, l, addr[e], buf)) return;
        for (unsigned k = 0; k < words; ++k) reg[e][k][l] = buf[k];
      }
    }
  }
}

// LDS atomics: new = Op(old, data, data2); the _rtn forms return the old value. SwapData
// covers gfx11's ds_cmpstore (data = new value, data2 = compare) vs gfx10's ds_cmpst
// (data = compare, data2 = new value).
template <class T, bool Returns, bool SwapData = false, class Op>
Handler dsAtomic(Op) {
  return [](Wave& w, const MicroOp& u) {
    const u32* a = w.vreg(u.src[0].index);
    u64 exec = w.exec();
    constexpr unsigned words = sizeof(T) / 4;
    for (unsigned l = 0; l < w.lanes; ++l) {
      if (!((exec >> l) & 1)) continue;
      std::uint8_t* p =
          locate(w, l, Space::lds, u64{u32(a[l] + static_cast<u32>(u.offset))}, sizeof(T));
      if (!p) return;
      T d0 = 0, d1 = 0;
      for (unsigned k = 0; k < words; ++k) {
        if (u.numSrc > 1) d0 |= static_cast<T>(w.vreg(u.src[1].index + k)[l]) << (32 * k);
        if (u.numSrc > 2) d1 |= static_cast<T>(w.vreg(u.src[2].index + k)[l]) << (32 * k);
      }
      if (SwapData) std::swap(d0, d1);
      T old;
      std::memcpy(&old, p, sizeof(T));
      T next = Op{}(old, d0, d1);
      std::memcpy(p, &next, sizeof(T));
      if (Returns)
        for (unsigned k = 0; k < words; ++k)
          w.vreg(u.dst[0].index + k)[l] = static_cast<u32>(old >> (32 * k));
    }
  };
}

// ds_bpermute: lane l reads data from lane (addr[l] + offset) / 4; ds_permute: lane l writes
// its data to that lane (RDNA2 ISA 11.2). Both wrap around the wave.
template <bool Backward>
void permute(Wave& w, const MicroOp& u) {
  const u32* a = w.vreg(u.src[0].index);
  const u32* data = w.vreg(u.src[1].index);
  u64 exec = w.exec();
  Lanes32 r;
  u32* d = w.vreg(u.dst[0].index);
  for (unsigned l = 0; l < w.lanes; ++l) r[l] = Backward ? d[l] : 0;
  for (unsigned l = 0; l < w.lanes; ++l) {
    if (!((exec >> l) & 1)) continue;
    unsigned other = ((a[l] + static_cast<u32>(u.offset)) / 4) & (w.lanes - 1);
    if (Backward)
      r[l] = data[other];
    else
      r[other] = data[l];
  }
  store32(w, u.dst[0].index, r, exec);
}

// ds_swizzle_b32 (RDNA2 ISA section 11.2): lane l receives the data of the lane the pattern in
// offset names (Swizzle.h), or 0 when that lane is disabled in EXEC ("thread_valid"). No LDS
// access: the data goes through the crossbar only.
void swizzle(Wave& w, const MicroOp& u) {
  const u32* data = w.vreg(u.src[0].index);
  const u64 exec = w.exec();
  const u32 pattern = static_cast<u32>(u.offset) & 0xffff;
  Lanes32 r;
  for (unsigned l = 0; l < w.lanes; ++l) {
    const unsigned src = swizzleSource(pattern, l);
    r[l] = (exec >> src) & 1 ? data[src] : 0;
  }
  store32(w, u.dst[0].index, r, exec);
}

template <class T, class Op>
void atomicPair(Op op, HandlerTable& t, const std::string& name) {
  t.add("ds_" + name, dsAtomic<T, false>(op), 0);
  t.add("ds_" + name.substr(0, name.rfind('_')) + "_rtn" + name.substr(name.rfind('_')),
        dsAtomic<T, true>(op), 1);
}

// The 64-bit LDS atomics (RDNA2 ISA section 11.2 "DS opcodes" DS_*_U64/I64/B64, RDNA3 ISA
// chapter 11): the same operations as the 32-bit ones on 64-bit data (two VGPRs per operand),
// with and without returning the old value.
void registerLdsAtomics64(HandlerTable& t) {
  using i64 = std::int64_t;
  atomicPair<u64>([](u64 o, u64 v, u64) { return o + v; }, t, "add_u64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return o - v; }, t, "sub_u64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return v - o; }, t, "rsub_u64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return o < v ? o : v; }, t, "min_u64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return (o > v) ? o : v; }, t, "max_u64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return i64(o) < i64(v) ? o : v; }, t, "min_i64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return i64(o) > i64(v) ? o : v; }, t, "max_i64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return o & v; }, t, "and_b64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return o | v; }, t, "or_b64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return o ^ v; }, t, "xor_b64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return (o >= v) ? 0u : o + 1; }, t, "inc_u64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return (o == 0 || o > v) ? v : o - 1; }, t, "dec_u64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return bitsF64(std::fmin(asF64(o), asF64(v))); }, t,
                  "min_f64");
  atomicPair<u64>([](u64 o, u64 v, u64) { return bitsF64(std::fmax(asF64(o), asF64(v))); }, t,
                  "max_f64");
  t.add("ds_wrxchg_rtn_b64", dsAtomic<u64, true>([](u64, u64 v, u64) { return v; }), 1);
  t.add("ds_storexchg_rtn_b64", dsAtomic<u64, true>([](u64, u64 v, u64) { return v; }), 1);
  // Operand order as for the 32-bit compare-exchanges below.
  auto cmpst = [](u64 o, u64 cmp, u64 v) { return o == cmp ? v : o; };
  t.add("ds_cmpst_b64", dsAtomic<u64, false>(cmpst), 0);
  t.add("ds_cmpst_rtn_b64", dsAtomic<u64, true>(cmpst), 1);
  t.add("ds_cmpstore_b64", dsAtomic<u64, false, true>(cmpst), 0);
  t.add("ds_cmpstore_rtn_b64", dsAtomic<u64, true, true>(cmpst), 1);
  // The float forms compare as floats (-0 equals +0, NaN equals nothing).
  auto fcmpst = [](u64 o, u64 cmp, u64 v) { return asF64(o) == asF64(cmp) ? v : o; };
  t.add("ds_cmpst_f64", dsAtomic<u64, false>(fcmpst), 0);
  t.add("ds_cmpst_rtn_f64", dsAtomic<u64, true>(fcmpst), 1);
  t.add("ds_cmpstore_f64", dsAtomic<u64, false, true>(fcmpst), 0);
  t.add("ds_cmpstore_rtn_f64", dsAtomic<u64, true, true>(fcmpst), 1);
}

}  // namespace

void registerLdsOps(HandlerTable& t) {
  for (const char* p : {"ds_read", "ds_load"}) {
    std::string s(p);
    bool gfx11 = s == "ds_load";
    t.add(s + "_b32", dsLoad<4, Ext::none>, 1);
    t.add(s + "_b64", dsLoad<8, Ext::none>, 1);
    t.add(s + "_b96", dsLoad<12, Ext::none>, 1);
    t.add(s + "_b128", dsLoad<16, Ext::none>, 1);
    t.add(s + "_u8", dsLoad<1, Ext::none>, 1);
    t.add(s + "_i8", dsLoad<1, Ext::sign8>, 1);
    t.add(s + "_u16", dsLoad<2, Ext::none>, 1);
    t.add(s + "_i16", dsLoad<2, Ext::sign16>, 1);
    t.add(s + (gfx11 ? "_2addr_b32" : "2_b32"), ds2<4, 1, false>, 1);
    t.add(s + (gfx11 ? "_2addr_b64" : "2_b64"), ds2<8, 1, false>, 1);
    t.add(s + (gfx11 ? "_2addr_stride64_b32" : "2st64_b32"), ds2<4, 64, false>, 1);
    t.add(s + (gfx11 ? "_2addr_stride64_b64" : "2st64_b64"), ds2<8, 64, false>, 1);
  }
  t.add("ds_read_u16_d16", dsLoad<2, Ext::d16lo>, 1);
  t.add("ds_read_u16_d16_hi", dsLoad<2, Ext::d16hi>, 1);
  t.add("ds_load_u16_d16", dsLoad<2, Ext::d16lo>, 1);
  t.add("ds_load_u16_d16_hi", dsLoad<2, Ext::d16hi>, 1);
  for (const char* p : {"ds_write", "ds_store"}) {
    std::string s(p);
    bool gfx11 = s == "ds_store";
    t.add(s + "_b8", dsStore<1, false>, 0);
    t.add(s + "_b16", dsStore<2, false>, 0);
    t.add(s + "_b32", dsStore<4, false>, 0);
    t.add(s + "_b64", dsStore<8, false>, 0);
    t.add(s + "_b96", dsStore<12, false>, 0);
    t.add(s + "_b128", dsStore<16, false>, 0);
    t.add(s + (gfx11 ? "_b8_d16_hi" : "_b8_d16_hi"), dsStore<1, true>, 0);
    t.add(s + (gfx11 ? "_b16_d16_hi" : "_b16_d16_hi"), dsStore<2, true>, 0);
    t.add(s + (gfx11 ? "_2addr_b32" : "2_b32"), ds2<4, 1, true>, 0);
    t.add(s + (gfx11 ? "_2addr_b64" : "2_b64"), ds2<8, 1, true>, 0);
    t.add(s + (gfx11 ? "_2addr_stride64_b32" : "2st64_b32"), ds2<4, 64, true>, 0);
    t.add(s + (gfx11 ? "_2addr_stride64_b64" : "2st64_b64"), ds2<8, 64, true>, 0);
  }
  atomicPair<u32>([](u32 o, u32 v, u32) { return o + v; }, t, "add_u32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return o - v; }, t, "sub_u32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return std::int32_t(o) < std::int32_t(v) ? o : v; }, t,
                  "min_i32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return (std::int32_t(o) > std::int32_t(v)) ? o : v; }, t,
                  "max_i32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return o < v ? o : v; }, t, "min_u32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return (o > v) ? o : v; }, t, "max_u32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return o & v; }, t, "and_b32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return o | v; }, t, "or_b32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return o ^ v; }, t, "xor_b32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return (o >= v) ? 0u : o + 1; }, t, "inc_u32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return ((o == 0 || o > v)) ? v : o - 1; }, t, "dec_u32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return bitsF32(asF32(o) + asF32(v)); }, t, "add_f32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return bitsF32(std::fmin(asF32(o), asF32(v))); }, t,
                  "min_f32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return bitsF32(std::fmax(asF32(o), asF32(v))); }, t,
                  "max_f32");
  atomicPair<u32>([](u32 o, u32 v, u32) { return v - o; }, t, "rsub_u32");
  registerLdsAtomics64(t);
  t.add("ds_wrxchg_rtn_b32", dsAtomic<u32, true>([](u32, u32 v, u32) { return v; }), 1);
  t.add("ds_storexchg_rtn_b32", dsAtomic<u32, true>([](u32, u32 v, u32) { return v; }), 1);
  // gfx10 ds_cmpst: data0 = compare, data1 = new; gfx11 ds_cmpstore: data0 = new, data1 = compare.
  auto cmpst = [](u32 o, u32 cmp, u32 v) { return o == cmp ? v : o; };
  t.add("ds_cmpst_b32", dsAtomic<u32, false>(cmpst), 0);
  t.add("ds_cmpst_rtn_b32", dsAtomic<u32, true>(cmpst), 1);
  t.add("ds_cmpstore_b32", dsAtomic<u32, false, true>(cmpst), 0);
  t.add("ds_cmpstore_rtn_b32", dsAtomic<u32, true, true>(cmpst), 1);
  auto fcmpst = [](u32 o, u32 cmp, u32 v) { return asF32(o) == asF32(cmp) ? v : o; };
  t.add("ds_cmpst_f32", dsAtomic<u32, false>(fcmpst), 0);
  t.add("ds_cmpst_rtn_f32", dsAtomic<u32, true>(fcmpst), 1);
  t.add("ds_cmpstore_f32", dsAtomic<u32, false, true>(fcmpst), 0);
  t.add("ds_cmpstore_rtn_f32", dsAtomic<u32, true, true>(fcmpst), 1);
  t.add("ds_bpermute_b32", permute<true>, 1);
  t.add("ds_permute_b32", permute<false>, 1);
  t.add("ds_swizzle_b32", swizzle, 1);
  t.add("ds_nop", [](Wave&, const MicroOp&) {}, 0);
}

}  // namespace vgpu::isa
