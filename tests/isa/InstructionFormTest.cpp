// vgpu-isa-coverage's reduction of printed instructions (vgpu/tools/isa-coverage): forms keep
// what selects behaviour and drop registers and addresses; shapes abstract only numbers.
#include <gtest/gtest.h>

#include "InstructionForm.h"

namespace {

using vgpu::coverage::instructionForm;
using vgpu::coverage::instructionShape;

TEST(InstructionForm, KeepsWhatSelectsBehaviour) {
  EXPECT_EQ(instructionForm("ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,32,15)"),
            "ds_swizzle_b32 swizzle(BROADCAST)");
  EXPECT_EQ(instructionForm("v_mov_b32_dpp v1, v2 row_share:3 row_mask:0xf bank_mask:0x3"),
            "v_mov_b32_dpp row_share");
  EXPECT_EQ(instructionForm("v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bound_ctrl:1"),
            "v_mov_b32_dpp quad_perm bound_ctrl:1");
  EXPECT_EQ(instructionForm("v_add_nc_u32_sdwa v1, v2, v3 dst_sel:DWORD src0_sel:WORD_1"),
            "v_add_nc_u32_sdwa dst_sel:DWORD src0_sel:WORD_1");
  EXPECT_EQ(instructionForm("v_pk_add_u16 v1, v2, v3 op_sel:[1,0] clamp"),
            "v_pk_add_u16 op_sel:[1,0] clamp");
  EXPECT_EQ(instructionForm("s_getreg_b32 s4, hwreg(HW_REG_MODE, 0, 2)"),
            "s_getreg_b32 hwreg(HW_REG_MODE)");
  EXPECT_EQ(instructionForm("global_load_dword v1, v[2:3], off offset:-16 glc"),
            "global_load_dword glc");
  EXPECT_EQ(instructionForm("v_add_f32_e32 v0, v1, v2"), "v_add_f32_e32");
  // WMMA: signedness (neg_lo), clamp and the 16-bit result half (op_sel) are distinct forms.
  EXPECT_EQ(instructionForm("v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], v[0:7] "
                            "neg_lo:[1,1,0] clamp"),
            "v_wmma_i32_16x16x16_iu8 neg_lo:[1,1,0] clamp");
  EXPECT_EQ(instructionForm("v_wmma_f16_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23] "
                            "op_sel:[0,0,1]"),
            "v_wmma_f16_16x16x16_f16 op_sel:[0,0,1]");
}

TEST(InstructionForm, VopdPairsAreOneFormOfTwoHalves) {
  EXPECT_EQ(instructionForm("v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v3, 1.0"),
            "v_dual_mul_f32 :: v_dual_mov_b32");
}

TEST(InstructionShape, AbstractsRegisterNumbersAndPlainIntegers) {
  EXPECT_EQ(instructionShape("v_add_co_u32 v12, vcc_lo, s5, v[4:7]"),
            instructionShape("v_add_co_u32 v1, vcc_lo, s0, v[0:3]"));
  EXPECT_NE(instructionShape("v_add_co_u32 v12, vcc_lo, s5, v4"),
            instructionShape("v_add_co_u32 v12, vcc_lo, v5, v4"));  // operand kind kept
  EXPECT_NE(instructionShape("global_load_dword v1, v[2:3], off"),
            instructionShape("global_load_dwordx2 v[1:2], v[2:3], off"));
  EXPECT_EQ(instructionShape("global_load_dword v1, v[2:3], off offset:16"),
            instructionShape("global_load_dword v1, v[2:3], off offset:-2048"));
  EXPECT_EQ(instructionShape("v_mov_b32_e32 v0, 0x12345678"),
            instructionShape("v_mov_b32_e32 v9, 17"));
  // Values the predecoder decides on stay: inline float constants, DPP controls, swizzles.
  EXPECT_NE(instructionShape("v_mov_b32_e32 v0, 1.0"), instructionShape("v_mov_b32_e32 v0, 0.5"));
  EXPECT_NE(instructionShape("v_mov_b32_dpp v1, v2 row_shl:1"),
            instructionShape("v_mov_b32_dpp v1, v2 row_shl:2"));
  EXPECT_NE(instructionShape("ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,1)"),
            instructionShape("ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,2)"));
}

}  // namespace
