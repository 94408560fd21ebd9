// SMEM immediate offsets are signed (RDNA3 ISA 7.1 / RDNA2 ISA 7.1: a 21-bit signed byte offset
// for s_load): a negative one reaches below the base, never 4 GiB above it. AMD's clr 5.7 with
// rocRAND's init_engines_kernel (gfx1100) loads its state with `s_load_b256 ..., -0x20`.
#include <cstdint>
#include <vector>

#include "IsaTestSupport.h"

namespace isatest {
namespace {

// Both targets run (machine words from llvm-mc-19, one list per encoding):
//   s_load_b128 s[4:7], s[0:1], 0x0        ; s[4:5] = args[0] (p), s[6:7] = args[1] (out)
//   s_waitcnt lgkmcnt(0)
//   s_load_b256 s[8:15], s[4:5], -0x20     ; p[-8..-1]
//   s_load_b32 s16, s[4:5], -0x4           ; p[-1]
//   s_waitcnt lgkmcnt(0)
//   v0 = 0; v1 = s8; v2 = s15; v3 = s16; out[0..2] = v1, v2, v3
//   s_endpgm
struct Encoding {
  vgpu::GpuTarget target;
  const char* name;
  std::vector<std::uint32_t> words;
};

const Encoding kEncodings[] = {
    {vgpu::GpuTarget::gfx1100,
     "gfx1100",
     {0xf4080100u, 0xf8000000u, 0xbf89fc07u, 0xf40c0202u, 0xf81fffe0u, 0xf4000402u, 0xf81ffffcu,
      0xbf89fc07u, 0x7e000280u, 0x7e020208u, 0x7e04020fu, 0x7e060210u, 0xdc6a0000u, 0x00060100u,
      0xdc6a0004u, 0x00060200u, 0xdc6a0008u, 0x00060300u, 0xbfb00000u}},
    {vgpu::GpuTarget::gfx1030,
     "gfx1030",
     {0xf4080100u, 0xfa000000u, 0xbf8cc07fu, 0xf40c0202u, 0xfa1fffe0u, 0xf4000402u, 0xfa1ffffcu,
      0xbf8cc07fu, 0x7e000280u, 0x7e020208u, 0x7e04020fu, 0x7e060210u, 0xdc708000u, 0x00060100u,
      0xdc708004u, 0x00060200u, 0xdc708008u, 0x00060300u, 0xbf810000u}},
};

TEST(SmemOffset, NegativeImmediateReadsBelowTheBase) {
  for (const Encoding& e : kEncodings) {
    SCOPED_TRACE(e.name);
    // data[i] = 0x1000 + i; the base points at data[8], so -0x20 is data[0].
    std::vector<std::uint32_t> data(16);
    for (std::uint32_t i = 0; i < data.size(); ++i) data[i] = 0x1000u + i;
    std::uint32_t out[3] = {0, 0, 0};
    vgpu::isa::HostRanges memory;
    memory.add(data.data(), data.size() * 4, "data");
    memory.add(out, sizeof out, "out");
    RawKernel k;
    k.target = e.target;
    k.memory = &memory;
    k.code(e.words);
    k.args[0] = reinterpret_cast<std::uint64_t>(data.data() + 8);
    k.args[1] = reinterpret_cast<std::uint64_t>(out);
    vgpu::DispatchOutcome o = k.run();
    ASSERT_TRUE(o.ok()) << o.report;
    EXPECT_EQ(out[0], 0x1000u) << "s_load_b256 at -0x20: first dword";
    EXPECT_EQ(out[1], 0x1007u) << "s_load_b256 at -0x20: last dword";
    EXPECT_EQ(out[2], 0x1007u) << "s_load_b32 at -0x4";
  }
}

}  // namespace
}  // namespace isatest
