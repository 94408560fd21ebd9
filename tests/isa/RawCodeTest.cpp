// Directed tests on hand-assembled gfx1030 code (encodings from llvm-mc-19) for encodings clang
// rarely emits on purpose, and for dispatch-level edge cases.
#include "IsaTestSupport.h"

namespace isatest {
namespace {

// v1 = 0x8234f678; then
//   v_mov_b32_sdwa v5, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 (v5 was
//   0xaaaaaaaa) v_mov_b32_sdwa v2, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_1
//   v_add_nc_u32_sdwa v3, sext(v1), v1 dst_sel:DWORD src0_sel:WORD_1 src1_sel:BYTE_0
//   v_mov_b32_sdwa v4, v1 dst_sel:BYTE_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_3
// and store v2, v3, v4, v5 to the pointer in the first kernel argument.
TEST(RawCode, SdwaSelectsAndDestinationModes) {
  RawKernel k;
  k.code({0xf4040080u, 0xfa000000u, 0x7e0202ffu, 0x8234f678u, 0x7e0a02ffu, 0xaaaaaaaau, 0x7e0a02f9u,
          0x00011501u, 0x7e0402f9u, 0x00010501u, 0x4a0602f9u, 0x000d0601u, 0x7e0802f9u, 0x00030801u,
          0x7e000280u, 0xbf8cc07fu, 0xdc708000u, 0x00020200u, 0xdc708004u, 0x00020300u, 0xdc708008u,
          0x00020400u, 0xdc70800cu, 0x00020500u, 0xbf810000u});
  std::uint32_t out[4] = {0, 0, 0, 0};
  k.args[0] = reinterpret_cast<std::uint64_t>(out);
  vgpu::DispatchOutcome o = k.run();
  ASSERT_TRUE(o.ok()) << o.report;
  EXPECT_EQ(out[0], 0x00f60000u);          // byte 1 into word 1, rest zero
  EXPECT_EQ(out[1], 0xffff8234u + 0x78u);  // sign-extended word 1 + byte 0
  EXPECT_EQ(out[2], 0xffffff82u);          // byte 3 into byte 0, sign-extended above
  EXPECT_EQ(out[3], 0x00f6aaaau);          // byte 1 into word 1, low word preserved
}

TEST(RawDispatch, EndProgramCompletes) {
  RawKernel k;
  k.code({0xbf810000u});  // s_endpgm
  EXPECT_TRUE(k.run().ok());
}

TEST(RawDispatch, UndecodableWordIsIllegalInstruction) {
  RawKernel k;
  k.code({0xbe800380u, 0xffffffffu, 0xffffffffu, 0xbf810000u});  // s_mov_b32 s0, 0; garbage
  vgpu::DispatchOutcome o = k.run();
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::illegalInstruction) << o.report;
  EXPECT_NE(o.report.find("descriptor 0x"), std::string::npos) << o.report;
}

TEST(RawDispatch, ZeroSizedGridIsInvalid) {
  vgpu::DispatchRequest req;
  req.packet.kernel_object = 0x1000;
  EXPECT_EQ(vgpu::executeDispatch(req).kind, vgpu::DispatchOutcome::Kind::invalidDispatch);
}

}  // namespace
}  // namespace isatest
