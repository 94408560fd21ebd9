// SMEM: scalar loads through a 64-bit address or a buffer resource (RDNA2 ISA chapter 7).
#include "isa/HandlerTable.h"
#include "isa/Lanes.h"
#include "isa/Memory.h"

namespace vgpu::isa {

namespace {

// The byte offset added to the base: an SGPR offset is an unsigned dword, but the immediate
// (MC prints it as the third operand, e.g. `s_load_b256 s[4:11], s[14:15], -0x20`) is signed
// (21 bits on RDNA2 and RDNA3, ISA 7.1) and must reach below the base, not 4 GiB above it.
std::uint64_t smemOffset(const Wave& w, const MicroOp& u) {
  std::uint64_t off = 0;
  if (u.numSrc > 1) {
    const Operand& o = u.src[1];
    off = o.kind == Operand::Kind::constant
              ? static_cast<std::uint64_t>(std::int64_t{static_cast<std::int32_t>(o.lo())})
              : readScalar(w, o);
  }
  return off + static_cast<std::uint64_t>(std::int64_t{u.offset});
}

template <unsigned Dwords>
void sload(Wave& w, const MicroOp& u) {
  std::uint64_t address = (readScalar64(w, u.src[0]) + smemOffset(w, u)) & ~std::uint64_t{3};
  if (!checkGlobal(w, address, Dwords * 4, -1)) return;
  loadBytes(&w.s[u.dst[0].index], address, Dwords * 4);
}

// s_buffer_load: base address from the resource's first 48 bits; reads past num_records
// return 0 (RDNA2 ISA 7.1 "buffer loads").
template <unsigned Dwords>
void sbufferLoad(Wave& w, const MicroOp& u) {
  std::uint64_t desc = readScalar64(w, u.src[0]);
  std::uint32_t records = w.s[(u.src[0].index + 2)];
  std::uint64_t off = smemOffset(w, u) & ~std::uint64_t{3};
  std::uint64_t base = desc & 0xffffffffffffull;
  for (unsigned i = 0; i < Dwords; ++i) {
    std::uint64_t o = off + i * 4;
    std::uint32_t v = 0;
    if (o + 4 <= records) {
      if (!checkGlobal(w, base + o, 4, -1)) return;
      loadBytes(&v, base + o, 4);
    }
    w.s[(u.dst[0].index + i)] = v;
  }
}

}  // namespace

void registerScalarMemoryOps(HandlerTable& t) {
  t.add("s_load_dword", sload<1>, 1);
  t.add("s_load_dwordx2", sload<2>, 1);
  t.add("s_load_dwordx4", sload<4>, 1);
  t.add("s_load_dwordx8", sload<8>, 1);
  t.add("s_load_dwordx16", sload<16>, 1);
  t.add("s_load_b32", sload<1>, 1);
  t.add("s_load_b64", sload<2>, 1);
  t.add("s_load_b128", sload<4>, 1);
  t.add("s_load_b256", sload<8>, 1);
  t.add("s_load_b512", sload<16>, 1);
  t.add("s_buffer_load_dword", sbufferLoad<1>, 1);
  t.add("s_buffer_load_dwordx2", sbufferLoad<2>, 1);
  t.add("s_buffer_load_dwordx4", sbufferLoad<4>, 1);
  t.add("s_buffer_load_dwordx8", sbufferLoad<8>, 1);
  t.add("s_buffer_load_b32", sbufferLoad<1>, 1);
  t.add("s_buffer_load_b64", sbufferLoad<2>, 1);
  t.add("s_buffer_load_b128", sbufferLoad<4>, 1);
  t.add("s_buffer_load_b256", sbufferLoad<8>, 1);
}

}  // namespace vgpu::isa
