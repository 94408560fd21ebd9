// Machine code whose printed form carries something vgpu does not implement (a modifier, a DPP
// control, a hardware register, a message) faults as an illegal instruction naming it instead
// of running as a different instruction; the forms vgpu does implement still run (issue 25).
// Encodings are gfx1030, from llvm-mc-19.
#include <cstring>
#include <vector>

#include "IsaTestSupport.h"
#include "isa/Program.h"

namespace isatest {
namespace {

struct Refused {
  const char* assembly;
  std::vector<std::uint32_t> words;
  const char* note;  // what the fault report must say
};

const Refused kRefused[] = {
    {"s_getreg_b32 s4, hwreg(HW_REG_POPS_PACKER)",
     {0xb904f819u},
     "unsupported hardware register 'HW_REG_POPS_PACKER'"},
    {"s_getreg_b32 s4, hwreg(31)", {0xb904f81fu}, "unsupported hardware register '31'"},
    {"s_getreg_b32 s4, hwreg(HW_REG_HW_ID2)",
     {0xb904f818u},
     "unsupported hardware register 'HW_REG_HW_ID2'"},
    // Written by scratch prologues (accepted), but there is no value to read back.
    {"s_getreg_b32 s4, hwreg(HW_REG_FLAT_SCR_LO)",
     {0xb904f814u},
     "unsupported hardware register 'HW_REG_FLAT_SCR_LO'"},
    {"s_setreg_b32 hwreg(HW_REG_TRAPSTS), s4",
     {0xb984f803u},
     "unsupported hardware register 'HW_REG_TRAPSTS'"},
    {"s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)",
     {0xbf900022u},
     "unsupported message 'MSG_GS, GS_OP_EMIT, 0'"},
    {"s_sendmsg sendmsg(0, 0, 0)", {0xbf900000u}, "unsupported message '0, 0, 0'"},
    {"buffer_load_dword v[1:2], off, s[0:3], 0 tfe",
     {0xe0300000u, 0x80800100u},
     "unsupported modifier 'tfe'"},
    {"ds_add_u32 v1, v2 gds", {0xd8020000u, 0x00000201u}, "unsupported modifier 'gds'"},
    // gfx10 dropped row_bcast: MC prints a remark in its place.
    {"v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xf bank_mask:0xf",
     {0x7e0002fau, 0xff014201u},
     "unsupported operand form '/* row_bcast is not supported starting from GFX10 */'"},
};

TEST(StrictDecode, UnsupportedFormsFaultNamingThem) {
  for (const Refused& r : kRefused) {
    SCOPED_TRACE(r.assembly);
    RawKernel k;
    std::vector<std::uint32_t> words = r.words;
    words.push_back(0xbf810000u);  // s_endpgm
    k.code(words);
    vgpu::DispatchOutcome o = k.run();
    EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::illegalInstruction) << o.report;
    EXPECT_NE(o.report.find(r.note), std::string::npos) << o.report;
  }
}

// Modifiers, hardware registers and messages vgpu implements run:
//   s_load_dwordx2 s[2:3], s[0:1], 0x0; s_waitcnt lgkmcnt(0); v_mov_b32 v0, 0
//   global_load_dword v1, v0, s[2:3] offset:4 glc slc dlc   ; in[1] = 3.0
//   s_waitcnt vmcnt(0)
//   v_add_f32_e64 v4, v1, v1 mul:2                          ; 12.0
//   v_add_f32_e64 v5, v1, v1 clamp div:2                    ; 3.0 clamped to 1.0
//   s_getreg_b32 s4, hwreg(HW_REG_SHADER_CYCLES, 0, 20)
//   s_getreg_b32 s5, hwreg(HW_REG_HW_ID1)
//   s_sendmsg sendmsg(MSG_INTERRUPT)                        ; no interrupt handler: nothing
//   global_store_dword v0, v1, s[2:3] glc slc dlc
//   global_store_dword v0, v4, s[2:3] offset:8
//   global_store_dword v0, v5, s[2:3] offset:12
//   s_endpgm
TEST(StrictDecode, SupportedModifiersRun) {
  RawKernel k;
  k.code({0xf4040080u, 0xfa000000u, 0xbf8cc07fu, 0x7e000280u, 0xdc339004u, 0x01020000u,
          0xbf8c3f70u, 0xd5030004u, 0x08020301u, 0xd5038005u, 0x18020301u, 0xb904981du,
          0xb905f817u, 0xbf900001u, 0xdc739000u, 0x00020100u, 0xdc708008u, 0x00020400u,
          0xdc70800cu, 0x00020500u, 0xbf810000u});
  float data[4] = {0.0f, 3.0f, 0.0f, 0.0f};
  k.args[0] = reinterpret_cast<std::uint64_t>(data);
  vgpu::DispatchOutcome o = k.run();
  ASSERT_TRUE(o.ok()) << o.report;
  EXPECT_EQ(data[0], 3.0f) << "load with offset:4 and cache-policy bits";
  EXPECT_EQ(data[2], 12.0f) << "mul:2";
  EXPECT_EQ(data[3], 1.0f) << "clamp div:2";
}

// DPP, SDWA, VOP3P and memory modifiers of every kind MC prints for gfx1030 predecode to
// implemented micro-ops carrying them.
TEST(StrictDecode, SupportedModifiersPredecode) {
  const std::vector<std::uint32_t> words = {
      0x7e0002fau, 0xff0cb101u,  // v_mov_b32_dpp v0, v1 quad_perm:[1,0,3,2] ... bound_ctrl:1 fi:1
      0x7e0002fau, 0xa5010101u,  // v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xa bank_mask:0x5
      0x7e0002fau, 0xff012f01u,  // v_mov_b32_dpp v0, v1 row_ror:15 row_mask:0xf bank_mask:0xf
      0x7e0002e9u, 0x05397701u,  // v_mov_b32_dpp v0, v1 dpp8:[7,6,5,4,3,2,1,0]
      0x7e0002fau, 0xff015301u,  // v_mov_b32_dpp v0, v1 row_share:3 ...
      0x7e0002fau, 0xff016501u,  // v_mov_b32_dpp v0, v1 row_xmask:5 ...
      0x7e0002fau, 0xff014001u,  // v_mov_b32_dpp v0, v1 row_mirror ...
      0x7e0002fau, 0xff014101u,  // v_mov_b32_dpp v0, v1 row_half_mirror ...
      // v_add_f32_sdwa v0, v1, v2 clamp mul:2 dst_sel:WORD_1 dst_unused:UNUSED_SEXT
      //   src0_sel:BYTE_0 src1_sel:WORD_0
      0x060004f9u, 0x04006d01u,
      // v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] neg_hi:[0,1]
      0xcc0f4a00u, 0x30020501u, 0xd8dc0201u,
      0x00000002u,               // ds_read2_b32 v[0:1], v2 offset0:1 offset1:2
      0xe0305010u, 0x80010102u,  // buffer_load_dword v1, v2, s[4:7], 0 offen offset:16 glc
      0xe0302000u, 0x80010102u,  // buffer_load_dword v1, v2, s[4:7], 0 idxen
      0xbf810000u,               // s_endpgm
      0u, 0u, 0u, 0u,            // the decoder may read 20 bytes ahead
  };
  vgpu::isa::Program::Source src{vgpu::GpuTarget::gfx1030, false,
                                 reinterpret_cast<std::uint64_t>(words.data()), nullptr};
  std::string error;
  auto program = vgpu::isa::Program::build(src, error);
  ASSERT_TRUE(program) << error;
  const std::vector<vgpu::isa::MicroOp>& ops = program->ops();
  ASSERT_GE(ops.size(), 14u);
  for (std::size_t i = 0; i < 14; ++i)
    EXPECT_NE(ops[i].handler, vgpu::isa::illegalInstruction) << ops[i].text;
  using K = vgpu::isa::DppControl::Kind;
  EXPECT_EQ(ops[0].dpp.kind, K::quadPerm);
  EXPECT_EQ(ops[0].dpp.arg, 1u | 0u << 2 | 3u << 4 | 2u << 6);
  EXPECT_TRUE(ops[0].dpp.boundCtrl && ops[0].dpp.fetchInactive);
  EXPECT_EQ(ops[1].dpp.kind, K::rowShl);
  EXPECT_EQ(ops[1].dpp.arg, 1u);
  EXPECT_EQ(ops[1].dpp.rowMask, 0xa);
  EXPECT_EQ(ops[1].dpp.bankMask, 0x5);
  EXPECT_EQ(ops[2].dpp.kind, K::rowRor);
  EXPECT_EQ(ops[2].dpp.arg, 15u);
  EXPECT_EQ(ops[3].dpp.kind, K::dpp8);
  EXPECT_EQ(ops[3].dpp.arg, 0x053977u);  // lane i reads 7 - i, 3 bits each
  EXPECT_EQ(ops[4].dpp.kind, K::rowShare);
  EXPECT_EQ(ops[5].dpp.kind, K::rowXmask);
  EXPECT_EQ(ops[6].dpp.kind, K::rowMirror);
  EXPECT_EQ(ops[7].dpp.kind, K::rowHalfMirror);
  const vgpu::isa::MicroOp& sdwa = ops[8];
  EXPECT_TRUE(sdwa.sdwa.on && sdwa.clamp);
  EXPECT_EQ(sdwa.omod, 1);
  EXPECT_EQ(sdwa.sdwa.dst, vgpu::isa::SdwaControl::word1);
  EXPECT_EQ(sdwa.sdwa.unused, vgpu::isa::SdwaControl::sext);
  EXPECT_EQ(sdwa.sdwa.src[0], vgpu::isa::SdwaControl::byte0);
  EXPECT_EQ(sdwa.sdwa.src[1], vgpu::isa::SdwaControl::word0);
  EXPECT_EQ(ops[9].opSel, 1);
  EXPECT_EQ(ops[9].opSelHi, 2);
  EXPECT_EQ(ops[9].negLo, 1);
  EXPECT_EQ(ops[9].negHi, 2);
  EXPECT_EQ(ops[10].offset, 1);
  EXPECT_EQ(ops[10].offset1, 2);
  EXPECT_TRUE(ops[11].offen && ops[11].glc);
  EXPECT_EQ(ops[11].offset, 16);
  EXPECT_TRUE(ops[12].idxen);
}

}  // namespace
}  // namespace isatest
