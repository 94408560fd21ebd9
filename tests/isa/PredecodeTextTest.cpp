// Which printed instructions the predecoder refuses, text by text: every modifier, special
// operand and number must be understood exactly, or the micro-op is an illegal instruction
// whose text names the offending part (issue 25). Covers forms MC does not print today
// (malformed values, near-miss names) that machine code cannot reach.
#include <gtest/gtest.h>

#include <string>

#include "isa/Program.h"

namespace {

using vgpu::isa::illegalInstruction;
using vgpu::isa::MicroOp;
using vgpu::isa::predecodeText;

struct Refusal {
  const char* text;
  const char* note;
};

const Refusal kRefusals[] = {
    {"v_add_f32_e64 v0, v1, v2 foo:bar", "unsupported modifier 'foo:bar'"},
    {"v_add_f32_e64 v0, v1, v2 lds", "unsupported modifier 'lds'"},
    {"v_add_f32_e64 v0, v1, v2 mul:3", "unsupported modifier 'mul:3'"},
    {"v_add_f32_e64 v0, v1, v2 div:4", "unsupported modifier 'div:4'"},
    {"v_pk_add_f16 v0, v1, v2 op_sel:[2,0]", "unsupported modifier 'op_sel:[2,0]'"},
    {"v_pk_add_f16 v0, v1, v2 neg_lo:1,0", "unsupported modifier 'neg_lo:1'"},
    {"v_mov_b32_dpp v0, v1 row_shl:x row_mask:0xf bank_mask:0xf", "'row_shl:x'"},
    {"v_mov_b32_dpp v0, v1 row_shl:0 row_mask:0xf bank_mask:0xf", "'row_shl:0'"},
    {"v_mov_b32_dpp v0, v1 row_ror:16 row_mask:0xf bank_mask:0xf", "'row_ror:16'"},
    {"v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xf bank_mask:0xf", "'row_bcast:15'"},
    {"v_mov_b32_dpp v0, v1 wave_shl:1 row_mask:0xf bank_mask:0xf", "'wave_shl:1'"},
    {"v_mov_b32_dpp v0, v1 row_newbcast:1 row_mask:0xf bank_mask:0xf", "'row_newbcast:1'"},
    {"v_mov_b32_dpp v0, v1 quad_perm:[1,0,3] row_mask:0xf", "'quad_perm:[1,0,3]'"},
    {"v_mov_b32_dpp v0, v1 quad_perm:[1,0,3,4] row_mask:0xf", "'quad_perm:[1,0,3,4]'"},
    {"v_mov_b32_dpp v0, v1 dpp8:[7,6,5,4,3,2,1,8]", "'dpp8:[7,6,5,4,3,2,1,8]'"},
    {"v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0x1f bank_mask:0xf", "'row_mask:0x1f'"},
    {"v_mov_b32_dpp v0, v1 row_shl:1 bound_ctrl:2", "'bound_ctrl:2'"},
    {"v_mov_b32_sdwa v0, v1 dst_sel:WORD_2 src0_sel:DWORD", "'dst_sel:WORD_2'"},
    {"v_mov_b32_sdwa v0, v1 dst_sel:DWORD src0_sel:byte_0", "'src0_sel:byte_0'"},
    {"v_mov_b32_sdwa v0, v1 dst_unused:UNUSED_ZERO", "'dst_unused:UNUSED_ZERO'"},
    {"v_mov_b32_e32 v0, v1 src0_sel:BYTE_0", "'src0_sel:BYTE_0'"},          // SDWA select, no SDWA
    {"v_mov_b32_e32 v0, v1 quad_perm:[0,1,2,3]", "'quad_perm:[0,1,2,3]'"},  // DPP, no DPP
    {"global_load_dword v1, v[2:3], off offset:abc", "'offset:abc'"},
    {"global_load_dword v1, v[2:3], off offset:16 tfe", "unsupported modifier 'tfe'"},
    {"ds_read2_b32 v[0:1], v2 offset0:256 offset1:2", "'offset0:256'"},
    {"ds_add_u32 v1, v2 gds", "unsupported modifier 'gds'"},
    {"s_getreg_b32 s4, hwreg(HW_REG_MODE_X)", "unsupported hardware register 'HW_REG_MODE_X'"},
    {"s_getreg_b32 s4, hwreg(HW_REG_MOD)", "unsupported hardware register 'HW_REG_MOD'"},
    {"s_getreg_b32 s4, hwreg(HW_REG_FLAT_SCR)", "unsupported hardware register 'HW_REG_FLAT_SCR'"},
    {"s_getreg_b32 s4, hwreg(HW_REG_STATUS)", "unsupported hardware register 'HW_REG_STATUS'"},
    {"s_getreg_b32 s4, hwreg(2)", "unsupported hardware register '2'"},
    {"s_setreg_b32 hwreg(HW_REG_SH_MEM_BASES), s4", "'HW_REG_SH_MEM_BASES'"},  // read-only
    {"s_getreg_b32 s4, hwreg(HW_REG_MODE, 0, 33)", "unsupported hwreg field"},
    {"s_getreg_b32 s4, hwreg(HW_REG_MODE, 4)", "unsupported hwreg field"},
    {"s_getreg_b32 s4, 0x1801", "expected a hwreg(...) operand"},
    {"s_sendmsg sendmsg(MSG_INTERRUPTX)", "unsupported message 'MSG_INTERRUPTX'"},
    {"s_sendmsg sendmsg(MSG_INTERRUPT, 0, 0)", "unsupported message 'MSG_INTERRUPT, 0, 0'"},
    {"s_sendmsg sendmsg(MSG_RTN_GET_REALTIME)", "unsupported message 'MSG_RTN_GET_REALTIME'"},
    {"s_sendmsg_rtn_b32 s0, sendmsg(MSG_INTERRUPT)", "unsupported message 'MSG_INTERRUPT'"},
    {"s_sendmsg_rtn_b32 s0, sendmsg(MSG_RTN_GET_TMA)", "unsupported message 'MSG_RTN_GET_TMA'"},
    {"s_sendmsg 0x1", "expected a sendmsg(...) operand"},
    {"v_add_nc_u32_e32 v0, hwreg(HW_REG_MODE), v1", "cannot parse operand 'hwreg(HW_REG_MODE)'"},
    {"v_mov_b32_e32 v0, 1.5e", "cannot parse operand '1.5e'"},
    {"v_mov_b32_e32 v0, 0x12g", "cannot parse operand '0x12g'"},
    {"v_mov_b32_e32 v0, v[1:x]", "cannot parse operand 'v[1:x]'"},
    {"v_mov_b32_e32 v0, v1 /* a remark */", "unsupported operand form '/* a remark */'"},
    // ds_swizzle_b32 patterns outside what the assembler syntax defines.
    {"ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,3)", "'offset:swizzle(SWAP,3)'"},
    {"ds_swizzle_b32 v1, v2 offset:swizzle(REVERSE,64)", "'offset:swizzle(REVERSE,64)'"},
    {"ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,8,8)", "'offset:swizzle(BROADCAST,8,8)'"},
    {"ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,4)", "QUAD_PERM,0,1,2,4"},
    {"ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,\"01pix\")", "BITMASK_PERM"},
    {"ds_swizzle_b32 v1, v2 offset:swizzle(ROTATE,0,1)", "'offset:swizzle(ROTATE,0,1)'"},
    // Image instructions: packed 16-bit data or addresses, texel-fail results, unknown dims,
    // malformed masks and descriptors.
    {"image_load v[0:1], v[0:1], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm d16", "'d16'"},
    {"image_load v[0:3], v0, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm a16", "'a16'"},
    {"image_load v[0:4], v[0:1], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm tfe", "'tfe'"},
    {"image_load v[0:3], v[0:1], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_4D unorm",
     "'dim:SQ_RSRC_IMG_4D'"},
    {"image_load v[0:3], v[0:1], s[0:7] dmask:0x1f dim:SQ_RSRC_IMG_2D unorm", "'dmask:0x1f'"},
    {"image_load v[0:3], v[0:1], s[0:3] dmask:0xf dim:SQ_RSRC_IMG_2D unorm",
     "image resource 's[0:3]' is not 8 SGPRs"},
    {"image_sample v[0:3], v[0:1], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D",
     "expected 4 image operands"},
    {"image_sample v[0:3], [v0, s1], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D",
     "image address operand 's1' is not a VGPR"},
};

TEST(PredecodeText, RefusesWhatItDoesNotUnderstand) {
  for (const Refusal& r : kRefusals) {
    MicroOp u = predecodeText(r.text);
    EXPECT_EQ(u.handler, illegalInstruction) << r.text;
    EXPECT_NE(u.text.find(r.note), std::string::npos) << r.text << " -> " << u.text;
  }
}

MicroOp accepted(const std::string& text) {
  MicroOp u = predecodeText(text);
  EXPECT_NE(u.handler, illegalInstruction) << u.text;
  return u;
}

TEST(PredecodeText, HardwareRegistersByExactName) {
  // SIMM16 layout: id [5:0], offset [10:6], size - 1 [15:11].
  EXPECT_EQ(accepted("s_getreg_b32 s4, hwreg(HW_REG_MODE)").offset, 1 | 31 << 11);
  EXPECT_EQ(accepted("s_getreg_b32 s4, hwreg(HW_REG_MODE, 4, 4)").offset, 1 | 4 << 6 | 3 << 11);
  EXPECT_EQ(accepted("s_getreg_b32 s4, hwreg(1, 0, 2)").offset, 1 | 1 << 11);  // numeric MODE
  EXPECT_EQ(accepted("s_getreg_b32 s4, hwreg(HW_REG_SH_MEM_BASES, 0, 16)").offset, 15 | 15 << 11);
  EXPECT_EQ(accepted("s_getreg_b32 s0, hwreg(HW_REG_SHADER_CYCLES, 0, 20)").offset, 29 | 19 << 11);
  EXPECT_EQ(accepted("s_getreg_b32 s5, hwreg(HW_REG_HW_ID1)").offset & 63, 23);
  EXPECT_EQ(accepted("s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s6").offset & 63, 20);
  EXPECT_EQ(accepted("s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s7").offset & 63, 21);
  MicroOp imm = accepted("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf");
  EXPECT_EQ(imm.offset, 1 | 4 << 6 | 3 << 11);
  EXPECT_EQ(imm.src[1].value, 0xfu);
}

// ds_swizzle_b32's swizzle(...) macros become the offset field's pattern (RDNA2 ISA section
// 11.2: bit 15 selects quad mode; else and_mask [4:0], or_mask [9:5], xor_mask [14:10]).
TEST(PredecodeText, SwizzlePatterns) {
  const auto pattern = [](const char* macro) {
    return accepted(std::string("ds_swizzle_b32 v1, v2 offset:") + macro).offset;
  };
  EXPECT_EQ(pattern("swizzle(QUAD_PERM,3,2,1,0)"), 0x801b);
  EXPECT_EQ(pattern("swizzle(BROADCAST,32,15)"), 15 << 5);
  EXPECT_EQ(pattern("swizzle(BROADCAST,2,1)"), 0x1e | 1 << 5);
  EXPECT_EQ(pattern("swizzle(SWAP,16)"), 0x1f | 16 << 10);
  EXPECT_EQ(pattern("swizzle(REVERSE,2)"), 0x1f | 1 << 10);
  EXPECT_EQ(pattern("swizzle(BITMASK_PERM,\"10ip0\")"), (0x06 | 0x10 << 5 | 0x04 << 10));
  EXPECT_EQ(pattern("0x3c1f"), 0x3c1f);  // a pattern MC prints as a number
}

TEST(PredecodeText, MessagesByExactName) {
  EXPECT_EQ(accepted("s_sendmsg sendmsg(MSG_INTERRUPT)").imm, vgpu::isa::kSendMsgInterrupt);
  EXPECT_EQ(accepted("s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)").imm, vgpu::isa::kSendMsgDeallocVgprs);
  EXPECT_EQ(accepted("s_sendmsg_rtn_b32 s0, sendmsg(MSG_RTN_GET_DOORBELL)").imm,
            vgpu::isa::kSendMsgRtnGetDoorbell);
  EXPECT_EQ(accepted("s_sendmsg_rtn_b64 s[0:1], sendmsg(MSG_RTN_GET_REALTIME)").imm,
            vgpu::isa::kSendMsgRtnGetRealtime);
}

// MIMG operands: NSA address lists (gfx11's last element may be a range) become one VGPR list.
TEST(PredecodeText, ImageAddressListsAndDescriptors) {
  MicroOp d = accepted(
      "image_sample_d  v[4:7], [v4, v5, v6, v7, v[9:10]], s[12:19], s[20:23] dmask:0xf "
      "dim:SQ_RSRC_IMG_2D");
  ASSERT_EQ(d.image.addrCount, 6);
  const int want[] = {4, 5, 6, 7, 9, 10};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(d.image.addr[i], want[i]) << i;
  EXPECT_EQ(d.dst[0].index, 4);
  EXPECT_EQ(d.src[1].index, 12);
  EXPECT_EQ(d.src[2].index, 20);
  EXPECT_EQ(d.image.dmask, 0xf);
  EXPECT_EQ(d.image.dim, 1);  // SQ_RSRC_IMG_2D
  MicroOp store = accepted("image_store v[2:5], v[0:2], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_3D unorm");
  EXPECT_EQ(store.numDst, 0);
  EXPECT_EQ(store.src[0].index, 2);
  EXPECT_EQ(store.image.addrCount, 3);
  EXPECT_TRUE(store.image.unorm);
  EXPECT_EQ(store.image.dim, 2);
}

TEST(PredecodeText, AcceptsModifiersItImplements) {
  MicroOp load = accepted("global_load_dword v1, v[2:3], off offset:-16 glc slc dlc nv");
  EXPECT_EQ(load.offset, -16);
  EXPECT_TRUE(load.glc);
  EXPECT_TRUE(accepted("global_atomic_add_u32 v1, v2, v3, s[0:1] offset:8 sc0 sc1 nt").glc);
  MicroOp vop3 = accepted("v_add_f32_e64 v0, v1, v2 clamp div:2");
  EXPECT_TRUE(vop3.clamp);
  EXPECT_EQ(vop3.omod, 3);
  EXPECT_EQ(accepted("v_add_f32_e64 v0, v1, v2 mul:4").omod, 2);
  EXPECT_EQ(accepted("v_mov_b32_e32 v0, 1.5").imm, 0x3fc00000u);
  EXPECT_EQ(accepted("v_mov_b32_e32 v0, -16").imm, 0xfffffff0u);
  EXPECT_EQ(accepted("v_mov_b32_e32 v0, 0x12345678").imm, 0x12345678u);
  MicroOp dpp = accepted("v_add_f32_e64_dpp v0, v1, v2 row_xmask:15 row_mask:0xf bank_mask:0xf");
  EXPECT_EQ(dpp.dpp.kind, vgpu::isa::DppControl::Kind::rowXmask);
  EXPECT_EQ(dpp.dpp.arg, 15u);
  // op_sel_hi defaults: all ones for packed math, zero (f32 sources) for v_fma_mix.
  EXPECT_EQ(accepted("v_pk_add_f16 v0, v1, v2").opSelHi, 7);
  EXPECT_EQ(accepted("v_fma_mix_f32 v3, v1, v2, v1").opSelHi, 0);
  EXPECT_EQ(accepted("v_fma_mix_f32 v2, v4, v2, v3 op_sel_hi:[1,1,0]").opSelHi, 3);
  MicroOp sdwa =
      accepted("v_mov_b32_sdwa v0, v1 dst_sel:BYTE_3 dst_unused:UNUSED_PAD src0_sel:WORD_1");
  EXPECT_EQ(sdwa.sdwa.dst, vgpu::isa::SdwaControl::byte3);
  EXPECT_EQ(sdwa.sdwa.src[0], vgpu::isa::SdwaControl::word1);
}

}  // namespace
