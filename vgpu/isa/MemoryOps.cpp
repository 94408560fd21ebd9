// Vector memory: GLOBAL, FLAT, SCRATCH and MUBUF loads, stores and atomics (RDNA2 ISA chapters
// 8 and 10, RDNA3 ISA chapter 9). Global atomics are host atomics on the identity-mapped memory.
#include <array>
#include <bit>
#include <string>

#include "isa/HandlerTable.h"
#include "isa/Lanes.h"
#include "isa/Memory.h"
#include "isa/TexelFormat.h"

namespace vgpu::isa {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

enum class Form { global, flat, scratch, buffer };
enum class Ext { none, zero8, sign8, zero16, sign16, d16lo, d16hi, d16hi8, d16hiStore };

// Where the address operands sit among the sources: loads have the destination removed, so the
// address comes first; stores and atomics have vaddr, data, then saddr (MUBUF: vdata first).
struct Layout {
  int vaddr, saddr, data;
};
constexpr Layout kLoad{0, 1, -1};
constexpr Layout kStore{0, 2, 1};
constexpr Layout kBufLoad{0, 1, -1};  // vaddr, srsrc, soffset
constexpr Layout kBufStore{1, 2, 0};  // vdata, vaddr, srsrc, soffset

struct BufferResource {
  u64 base = 0;
  u32 stride = 0, records = 0;
  bool scratch = false;
};

BufferResource readResource(const Wave& w, const Operand& o) {
  BufferResource r;
  u32 w0 = w.s[o.index], w1 = w.s[(o.index + 1)];
  r.base = w0 | (u64{w1 & 0xffff} << 32);
  r.stride = (w1 >> 16) & 0x3fff;
  r.records = w.s[(o.index + 2)];
  r.scratch = (w1 >> 31) & 1;  // SWIZZLE_ENABLE: the private segment resource vgpu built
  return r;
}

// Per-lane address of a memory instruction; false when the lane must be skipped (buffer
// accesses out of range) or after a fault.
template <Form F, Layout L>
inline __attribute__((always_inline)) bool laneAddress(Wave& w, const MicroOp& u, unsigned lane,
                                                       unsigned bytes, Space& space, u64& addr,
                                                       bool& skip) {
  skip = false;
  const Operand& va = u.src[L.vaddr];
  if constexpr (F == Form::global) {
    space = Space::global;
    if (u.src[L.saddr].kind == Operand::Kind::sgpr)
      addr = readScalar64(w, u.src[L.saddr]) + w.vreg(va.index)[lane];
    else
      addr = w.vreg(va.index)[lane] | (u64{w.vreg(va.index + 1)[lane]} << 32);
    addr += static_cast<std::int64_t>(u.offset);
  } else if constexpr (F == Form::flat) {
    addr = (w.vreg(va.index)[lane] | (u64{w.vreg(va.index + 1)[lane]} << 32)) +
           static_cast<std::int64_t>(u.offset);
    space = flatSpace(addr);
  } else if constexpr (F == Form::scratch) {
    space = Space::scratch;
    u32 x = static_cast<u32>(u.offset);
    if (va.kind == Operand::Kind::vgpr) x += w.vreg(va.index)[lane];
    if (u.src[L.saddr].kind == Operand::Kind::sgpr) x += readScalar(w, u.src[L.saddr]);
    addr = x;
  } else {
    BufferResource r = readResource(w, u.src[L.vaddr + 1]);
    u32 soffset = readScalar(w, u.src[L.vaddr + 2]);
    u32 index = 0, offset = static_cast<u32>(u.offset);
    unsigned v = va.index;
    if (u.idxen && va.kind == Operand::Kind::vgpr) index = w.vreg(v++)[lane];
    if (u.offen && va.kind == Operand::Kind::vgpr) offset += w.vreg(v)[lane];
    if (r.scratch) {
      // Private segment: soffset is wave-scaled (per-lane bytes times the wave size).
      space = Space::scratch;
      addr = soffset / w.lanes + offset;
      return true;
    }
    space = Space::global;
    u64 rel = u64{index} * r.stride + offset;
    addr = r.base + soffset + rel;
    if ((r.stride == 0 ? rel + bytes > r.records : index >= r.records)) {
      // Out of range (RDNA2 ISA chapter 8, buffer "range checking"): loads read 0, stores are
      // dropped. Legal, so a warning unless the dispatch is strict.
      skip = true;
      return w.warn(static_cast<int>(lane), addr, [&] {
        return "buffer access past its descriptor's range (index " + std::to_string(index) +
               ", offset " + std::to_string(offset) + ", stride " + std::to_string(r.stride) +
               ", num_records " + std::to_string(r.records) + ")";
      });
    }
  }
  return true;
}

// Per-lane addresses of a GLOBAL instruction, computed for all lanes at once (vectorisable).
template <Layout L>
inline void globalAddresses(Wave& w, const MicroOp& u, std::uint64_t* addr) {
  const Operand& va = u.src[L.vaddr];
  const u32* lo = w.vreg(va.index);
  std::int64_t off = u.offset;
  if (u.src[L.saddr].kind == Operand::Kind::sgpr) {
    u64 base = readScalar64(w, u.src[L.saddr]) + off;
    for (unsigned l = 0; l < w.lanes; ++l) addr[l] = base + lo[l];
  } else {
    const u32* hi = w.vreg(va.index + 1);
    for (unsigned l = 0; l < w.lanes; ++l) addr[l] = (lo[l] | (u64{hi[l]} << 32)) + off;
  }
}

// The register value a load of E leaves: sign extension for signed sub-dword loads, and the D16
// forms, which replace one half of the destination and keep the other.
template <Ext E>
inline u32 loadedValue(u32 loaded, u32 old) {
  if constexpr (E == Ext::sign8)
    return static_cast<u32>(static_cast<std::int32_t>(static_cast<std::int8_t>(loaded)));
  if constexpr (E == Ext::sign16)
    return static_cast<u32>(static_cast<std::int32_t>(static_cast<std::int16_t>(loaded)));
  if constexpr (E == Ext::d16lo) return (old & 0xffff0000u) | (loaded & 0xffff);
  if constexpr (E == Ext::d16hi) return (old & 0xffffu) | (loaded << 16);
  return loaded;
}

// The hot path of GLOBAL loads and stores: addresses first, then one copy per active lane.
template <unsigned Bytes, Ext E, bool Store>
inline void globalAccess(Wave& w, const MicroOp& u) {
  constexpr Layout L = Store ? kStore : kLoad;
  u64 addr[64];
  globalAddresses<L>(w, u, addr);
  const AddressSpace* m = w.wg->dispatch->memory;
  constexpr unsigned dwords = Bytes > 4 ? Bytes / 4 : 1;
  unsigned reg = Store ? u.src[L.data].index : u.dst[0].index;
  if constexpr (Bytes == 4 && E == Ext::none) {
    // Every lane on, dword lanes at consecutive addresses (lane l at base + 4l): the whole
    // wave's access is one range, checked once and copied at once.
    const u64 exec = w.exec();
    const unsigned n = w.lanes;
    if (exec == w.laneMask()) {
      const u64 base = addr[0];
      u64 strided = 0;
      for (unsigned l = 0; l < n; ++l) strided |= addr[l] ^ (base + 4 * l);
      if (strided == 0 && base != 0 && (!m || accessibleCached(w, m, base, 4 * n))) {
        if constexpr (Store)
          storeBytes(base, w.vreg(reg), 4 * n);
        else
          loadBytes(w.vreg(reg), base, 4 * n);
        return;
      }
    }
  }
  for (u64 e = w.exec(); e; e &= e - 1) {
    unsigned l = static_cast<unsigned>(std::countr_zero(e));
    if (addr[l] == 0 || (m && !accessibleCached(w, m, addr[l], Bytes))) {
      u32 buf[4] = {0, 0, 0, 0};
      accessLane(w, l, Space::global, addr[l], buf, Bytes, Store);  // records the fault
      return;
    }
    if constexpr (Store) {
      u32 buf[4];
      for (unsigned k = 0; k < dwords; ++k) buf[k] = w.vreg(reg + k)[l];
      if (E == Ext::d16hiStore) buf[0] >>= 16;
      storeBytes(addr[l], buf, Bytes);
    } else {
      u32 buf[4] = {0, 0, 0, 0};
      loadBytes(buf, addr[l], Bytes);
      u32* d = w.vreg(reg);
      d[l] = loadedValue<E>(buf[0], d[l]);
      for (unsigned k = 1; k < dwords; ++k) w.vreg(reg + k)[l] = buf[k];
    }
  }
}

template <Form F, unsigned Bytes, Ext E>
void load(Wave& w, const MicroOp& u) {
  if constexpr (F == Form::global) {
    globalAccess<Bytes, E, false>(w, u);
    return;
  }
  constexpr Layout L = F == Form::buffer ? kBufLoad : kLoad;
  u64 exec = w.exec();
  unsigned dwords = Bytes > 4 ? Bytes / 4 : 1;
  for (unsigned l = 0; l < w.lanes; ++l) {
    if (!((exec >> l) & 1)) continue;
    Space space;
    u64 addr;
    bool skip;
    if (!laneAddress<F, L>(w, u, l, Bytes, space, addr, skip)) return;
    u32 buf[4] = {0, 0, 0, 0};
    if (!skip && !accessLaneFixed<Bytes, false>(w, l, space, addr, buf)) return;
    u32* d = w.vreg(u.dst[0].index);
    d[l] = loadedValue<E>(buf[0], d[l]);
    for (unsigned k = 1; k < dwords; ++k) w.vreg(u.dst[0].index + k)[l] = buf[k];
  }
}

template <Form F, unsigned Bytes, Ext E>
void store(Wave& w, const MicroOp& u) {
  if constexpr (F == Form::global) {
    globalAccess<Bytes, E, true>(w, u);
    return;
  }
  constexpr Layout L = F == Form::buffer ? kBufStore : kStore;
  u64 exec = w.exec();
  unsigned dwords = Bytes > 4 ? Bytes / 4 : 1;
  const Operand& data = u.src[L.data];
  for (unsigned l = 0; l < w.lanes; ++l) {
    if (!((exec >> l) & 1)) continue;
    Space space;
    u64 addr;
    bool skip;
    if (!laneAddress<F, L>(w, u, l, Bytes, space, addr, skip)) return;
    if (skip) continue;
    u32 buf[4];
    for (unsigned k = 0; k < dwords; ++k) buf[k] = w.vreg(data.index + k)[l];
    if (E == Ext::d16hiStore) buf[0] >>= 16;
    if (!accessLaneFixed<Bytes, true>(w, l, space, addr, buf)) return;
  }
}

// Atomics: new = Op(old, data, compare); with glc the old value returns to the destination.
template <Form F, class T, bool HasCompare, class Op>
Handler atomic(Op) {
  return [](Wave& w, const MicroOp& u) {
    constexpr Layout L = F == Form::buffer ? kBufStore : kStore;
    const bool returns = F == Form::buffer ? u.glc : u.numDst > 0;
    unsigned ret = F == Form::buffer ? u.src[0].index : u.dst[0].index;
    constexpr unsigned words = sizeof(T) / 4;
    const Operand& data = u.src[L.data];
    u64 exec = w.exec();
    for (unsigned l = 0; l < w.lanes; ++l) {
      if (!((exec >> l) & 1)) continue;
      Space space;
      u64 addr;
      bool skip;
      if (!laneAddress<F, L>(w, u, l, sizeof(T), space, addr, skip)) return;
      if (skip) continue;
      T value = 0, cmp = 0;
      for (unsigned k = 0; k < words; ++k) {
        value |= static_cast<T>(w.vreg(data.index + k)[l]) << (32 * k);
        if (HasCompare) cmp |= static_cast<T>(w.vreg(data.index + words + k)[l]) << (32 * k);
      }
      std::uint8_t* p = locate(w, l, space, addr, sizeof(T));
      if (!p) return;
      if (addr % sizeof(T)) {
        w.fail(DispatchOutcome::Kind::memoryViolation, static_cast<int>(l), addr,
               "misaligned atomic");
        return;
      }
      T old;
      if (space == Space::global) {
        std::atomic_ref<T> ref(*reinterpret_cast<T*>(p));
        old = ref.load(std::memory_order_relaxed);
        while (!ref.compare_exchange_weak(old, Op{}(old, value, cmp), std::memory_order_acq_rel)) {
        }
      } else {
        std::memcpy(&old, p, sizeof(T));
        T next = Op{}(old, value, cmp);
        std::memcpy(p, &next, sizeof(T));
      }
      if (returns)
        for (unsigned k = 0; k < words; ++k) w.vreg(ret + k)[l] = static_cast<u32>(old >> (32 * k));
    }
  };
}

template <class T>
T smin(T a, T b, T) {
  using S = std::make_signed_t<T>;
  return S(a) < S(b) ? a : b;
}
template <class T>
T smax(T a, T b, T) {
  using S = std::make_signed_t<T>;
  return S(a) > S(b) ? a : b;
}

// Registers one atomic under its gfx10 and gfx11 names for global, flat and buffer forms.
template <class T, bool Cmp = false, class Op>
void atomicFamily(Op op, HandlerTable& t, const std::string& gfx10, const std::string& gfx11) {
  for (const std::string& name : {gfx10, gfx11}) {
    if (name.empty()) continue;
    t.add("global_atomic_" + name, atomic<Form::global, T, Cmp>(op), 0).returnsWithGlc = true;
    t.add("flat_atomic_" + name, atomic<Form::flat, T, Cmp>(op), 0).returnsWithGlc = true;
    t.add("buffer_atomic_" + name, atomic<Form::buffer, T, Cmp>(op), 0);
  }
}

// Typed buffer loads and stores (buffer_load/store_format_x..xyzw, what texture fetches from
// linear memory compile to): the V#'s FORMAT (word 3, gfx10.3 bits 18:12, gfx11 bits 17:12,
// the unified formats images use) lays out and converts one element, and DST_SEL (word 3 bits
// 11:0, loads only) picks each returned channel: 0 zero, 1 one, 4-7 the element's X-W. An
// element outside the descriptor's range reads 0 and is not stored.
bool bufferFormat(Wave& w, const Operand& rsrc, TexelFormat& f, std::uint8_t (&sel)[4]) {
  const u32 word3 = w.s[rsrc.index + 3];
  const GpuTarget target = w.wg->dispatch->target;
  const unsigned code = (word3 >> 12) & (target == GpuTarget::gfx1100 ? 0x3fu : 0x7fu);
  for (unsigned c = 0; c < 4; ++c) sel[c] = static_cast<std::uint8_t>((word3 >> (3 * c)) & 7);
  if (lookupTexelFormat(target, code, f)) return true;
  w.fail(DispatchOutcome::Kind::memoryViolation, -1, readResource(w, rsrc).base,
         "buffer descriptor FORMAT " + std::to_string(code) + " is not implemented");
  return false;
}

template <unsigned N>
void loadFormat(Wave& w, const MicroOp& u) {
  TexelFormat f;
  std::uint8_t sel[4];
  if (!bufferFormat(w, u.src[kBufLoad.vaddr + 1], f, sel)) return;
  const u32 one = f.integer() ? 1u : 0x3f800000u;
  for (std::uint64_t e = w.exec(); e; e &= e - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(e));
    Space space;
    u64 addr;
    bool skip;
    if (!laneAddress<Form::buffer, kBufLoad>(w, u, l, f.bytes(), space, addr, skip)) return;
    std::array<u32, 4> element{0, 0, 0, 0}, out{0, 0, 0, 0};
    if (!skip) {
      std::uint8_t raw[16];
      if (!accessLane(w, l, space, addr, raw, f.bytes(), false)) return;
      element = unpackTexel(f, raw);
      for (unsigned c = 0; c < 4; ++c)
        out[c] = sel[c] == 1 ? one : sel[c] >= 4 ? element[sel[c] - 4] : 0;
    }
    for (unsigned k = 0; k < N; ++k) w.vreg(u.dst[0].index + k)[l] = out[k];
  }
}

template <unsigned N>
void storeFormat(Wave& w, const MicroOp& u) {
  TexelFormat f;
  std::uint8_t sel[4];
  if (!bufferFormat(w, u.src[kBufStore.vaddr + 1], f, sel)) return;
  for (std::uint64_t e = w.exec(); e; e &= e - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(e));
    Space space;
    u64 addr;
    bool skip;
    if (!laneAddress<Form::buffer, kBufStore>(w, u, l, f.bytes(), space, addr, skip)) return;
    if (skip) continue;
    std::array<u32, 4> values{0, 0, 0, 0};
    for (unsigned k = 0; k < N; ++k) values[k] = w.vreg(u.src[kBufStore.data].index + k)[l];
    std::uint8_t raw[16];
    packTexel(f, values, raw);
    if (!accessLane(w, l, space, addr, raw, f.bytes(), true)) return;
  }
}

template <Form F>
void registerLoadsStores(HandlerTable& t, const std::string& p) {
  t.add(p + "_load_ubyte", load<F, 1, Ext::zero8>, 1);
  t.add(p + "_load_sbyte", load<F, 1, Ext::sign8>, 1);
  t.add(p + "_load_ushort", load<F, 2, Ext::zero16>, 1);
  t.add(p + "_load_sshort", load<F, 2, Ext::sign16>, 1);
  t.add(p + "_load_dword", load<F, 4, Ext::none>, 1);
  t.add(p + "_load_dwordx2", load<F, 8, Ext::none>, 1);
  t.add(p + "_load_dwordx3", load<F, 12, Ext::none>, 1);
  t.add(p + "_load_dwordx4", load<F, 16, Ext::none>, 1);
  t.add(p + "_load_short_d16", load<F, 2, Ext::d16lo>, 1);
  t.add(p + "_load_short_d16_hi", load<F, 2, Ext::d16hi>, 1);
  // A zero-extended byte into one half (clang-19 copies strings this way: ockl printf).
  t.add(p + "_load_ubyte_d16", load<F, 1, Ext::d16lo>, 1);
  t.add(p + "_load_ubyte_d16_hi", load<F, 1, Ext::d16hi>, 1);
  t.add(p + "_store_byte", store<F, 1, Ext::none>, 0);
  t.add(p + "_store_short", store<F, 2, Ext::none>, 0);
  t.add(p + "_store_byte_d16_hi", store<F, 1, Ext::d16hiStore>, 0);
  t.add(p + "_store_short_d16_hi", store<F, 2, Ext::d16hiStore>, 0);
  t.add(p + "_store_dword", store<F, 4, Ext::none>, 0);
  t.add(p + "_store_dwordx2", store<F, 8, Ext::none>, 0);
  t.add(p + "_store_dwordx3", store<F, 12, Ext::none>, 0);
  t.add(p + "_store_dwordx4", store<F, 16, Ext::none>, 0);
  // gfx11's names (RDNA3 ISA chapter 9); its MUBUF forms reach buffers the same way (AMD's
  // libraries' raw buffer loads; clang's own gfx11 scratch uses scratch_* instead).
  t.add(p + "_load_u8", load<F, 1, Ext::zero8>, 1);
  t.add(p + "_load_i8", load<F, 1, Ext::sign8>, 1);
  t.add(p + "_load_u16", load<F, 2, Ext::zero16>, 1);
  t.add(p + "_load_i16", load<F, 2, Ext::sign16>, 1);
  t.add(p + "_load_b32", load<F, 4, Ext::none>, 1);
  t.add(p + "_load_b64", load<F, 8, Ext::none>, 1);
  t.add(p + "_load_b96", load<F, 12, Ext::none>, 1);
  t.add(p + "_load_b128", load<F, 16, Ext::none>, 1);
  t.add(p + "_load_d16_b16", load<F, 2, Ext::d16lo>, 1);
  t.add(p + "_load_d16_hi_b16", load<F, 2, Ext::d16hi>, 1);
  t.add(p + "_load_d16_u8", load<F, 1, Ext::d16lo>, 1);
  t.add(p + "_load_d16_hi_u8", load<F, 1, Ext::d16hi>, 1);
  t.add(p + "_store_b8", store<F, 1, Ext::none>, 0);
  t.add(p + "_store_b16", store<F, 2, Ext::none>, 0);
  t.add(p + "_store_d16_hi_b8", store<F, 1, Ext::d16hiStore>, 0);
  t.add(p + "_store_d16_hi_b16", store<F, 2, Ext::d16hiStore>, 0);
  t.add(p + "_store_b32", store<F, 4, Ext::none>, 0);
  t.add(p + "_store_b64", store<F, 8, Ext::none>, 0);
  t.add(p + "_store_b96", store<F, 12, Ext::none>, 0);
  t.add(p + "_store_b128", store<F, 16, Ext::none>, 0);
}

}  // namespace

void registerMemoryOps(HandlerTable& t) {
  registerLoadsStores<Form::global>(t, "global");
  registerLoadsStores<Form::flat>(t, "flat");
  registerLoadsStores<Form::scratch>(t, "scratch");
  registerLoadsStores<Form::buffer>(t, "buffer");
  t.add("buffer_load_format_x", loadFormat<1>, 1);
  t.add("buffer_load_format_xy", loadFormat<2>, 1);
  t.add("buffer_load_format_xyz", loadFormat<3>, 1);
  t.add("buffer_load_format_xyzw", loadFormat<4>, 1);
  t.add("buffer_store_format_x", storeFormat<1>, 0);
  t.add("buffer_store_format_xy", storeFormat<2>, 0);
  t.add("buffer_store_format_xyz", storeFormat<3>, 0);
  t.add("buffer_store_format_xyzw", storeFormat<4>, 0);

  atomicFamily<u32>([](u32 o, u32 v, u32) { return o + v; }, t, "add", "add_u32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return o - v; }, t, "sub", "sub_u32");
  atomicFamily<u32>([](u32 a, u32 b, u32 c) { return smin<u32>(a, b, c); }, t, "smin", "min_i32");
  atomicFamily<u32>([](u32 a, u32 b, u32 c) { return smax<u32>(a, b, c); }, t, "smax", "max_i32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return o < v ? o : v; }, t, "umin", "min_u32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return (o > v) ? o : v; }, t, "umax", "max_u32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return o & v; }, t, "and", "and_b32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return o | v; }, t, "or", "or_b32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return o ^ v; }, t, "xor", "xor_b32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return (o >= v) ? 0u : o + 1; }, t, "inc", "inc_u32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return ((o == 0 || o > v)) ? v : o - 1; }, t, "dec",
                    "dec_u32");
  atomicFamily<u32>([](u32, u32 v, u32) { return v; }, t, "swap", "swap_b32");
  atomicFamily<u32, true>([](u32 o, u32 v, u32 c) { return o == c ? v : o; }, t, "cmpswap",
                          "cmpswap_b32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return bitsF32(asF32(o) + asF32(v)); }, t, "add_f32",
                    "");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return bitsF32(std::fmin(asF32(o), asF32(v))); }, t,
                    "fmin", "min_f32");
  atomicFamily<u32>([](u32 o, u32 v, u32) { return bitsF32(std::fmax(asF32(o), asF32(v))); }, t,
                    "fmax", "max_f32");
  // Float compare-exchanges compare as floats (-0 equals +0, NaN equals nothing; RDNA2 ISA
  // 10.x "FCMPSWAP"): data holds the new value, then the compare value, as for cmpswap.
  atomicFamily<u32, true>([](u32 o, u32 v, u32 c) { return asF32(o) == asF32(c) ? v : o; }, t,
                          "fcmpswap", "cmpswap_f32");
  // The f64 forms exist on gfx10.3 only (gfx11 dropped them).
  atomicFamily<u64>([](u64 o, u64 v, u64) { return bitsF64(std::fmin(asF64(o), asF64(v))); }, t,
                    "fmin_x2", "");
  atomicFamily<u64>([](u64 o, u64 v, u64) { return bitsF64(std::fmax(asF64(o), asF64(v))); }, t,
                    "fmax_x2", "");
  atomicFamily<u64, true>([](u64 o, u64 v, u64 c) { return asF64(o) == asF64(c) ? v : o; }, t,
                          "fcmpswap_x2", "");
  atomicFamily<u64>([](u64 o, u64 v, u64) { return o + v; }, t, "add_x2", "add_u64");
  atomicFamily<u64>([](u64 o, u64 v, u64) { return o - v; }, t, "sub_x2", "sub_u64");
  atomicFamily<u64>([](u64 a, u64 b, u64 c) { return smin<u64>(a, b, c); }, t, "smin_x2",
                    "min_i64");
  atomicFamily<u64>([](u64 a, u64 b, u64 c) { return smax<u64>(a, b, c); }, t, "smax_x2",
                    "max_i64");
  atomicFamily<u64>([](u64 o, u64 v, u64) { return o < v ? o : v; }, t, "umin_x2", "min_u64");
  atomicFamily<u64>([](u64 o, u64 v, u64) { return (o > v) ? o : v; }, t, "umax_x2", "max_u64");
  atomicFamily<u64>([](u64 o, u64 v, u64) { return o & v; }, t, "and_x2", "and_b64");
  atomicFamily<u64>([](u64 o, u64 v, u64) { return o | v; }, t, "or_x2", "or_b64");
  atomicFamily<u64>([](u64 o, u64 v, u64) { return o ^ v; }, t, "xor_x2", "xor_b64");
  atomicFamily<u64>([](u64, u64 v, u64) { return v; }, t, "swap_x2", "swap_b64");
  atomicFamily<u64, true>([](u64 o, u64 v, u64 c) { return o == c ? v : o; }, t, "cmpswap_x2",
                          "cmpswap_b64");
}

}  // namespace vgpu::isa
