// Directed tests on hand-assembled gfx1030 code (encodings from llvm-mc-19) for encodings clang
// rarely emits on purpose, and for dispatch-level edge cases.
#include <chrono>
#include <cstring>

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

// MODE through s_setreg/s_getreg (hwreg fields), s_round_mode and s_denorm_mode (gfx10.3), and
// its effect on f32 arithmetic. The raw descriptor's RSRC1 float fields are 0: MODE starts 0.
//   s_getreg_b32 s4, hwreg(HW_REG_MODE)                   ; 0
//   s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf       ; denormals kept
//   s_getreg_b32 s5, hwreg(HW_REG_MODE)                   ; 0xf0
//   s_setreg_b32 hwreg(HW_REG_MODE, 0, 2), s6 (= 3)       ; f32 rounds toward zero
//   s_getreg_b32 s7, hwreg(HW_REG_MODE, 0, 2)             ; 3
//   v3 = 1.0 + 0x33c00000 (0.75 ulp)                      ; truncated: 1.0
//   s_round_mode 0;  v4 = the same sum                    ; nearest even: 1.0 + 1 ulp
//   s_denorm_mode 0; v6 = 0x00000001 (denormal) * 1.0     ; input flushed: +0
//   s_denorm_mode 0xf; v7 = the same product              ; kept: 0x00000001
//   s_getreg_b32 s8, hwreg(HW_REG_MODE, 4, 4)             ; 0xf
// then stores v3, v4, v6, v7, s4, s5, s7, s8.
TEST(RawCode, ModeRegisterRoundTripAndArithmetic) {
  RawKernel k;
  k.code({0xf4040080u, 0xfa000000u, 0xb904f801u, 0xba801901u, 0x0000000fu, 0xb905f801u, 0xbe860383u,
          0xb9860801u, 0xb9070801u, 0x7e0202f2u, 0x7e0402ffu, 0x33c00000u, 0x06060501u, 0xbfa40000u,
          0x06080501u, 0xbfa50000u, 0x7e0a0281u, 0x100c0305u, 0xbfa5000fu, 0x100e0305u, 0xb9081901u,
          0x7e100204u, 0x7e120205u, 0x7e140207u, 0x7e160208u, 0x7e000280u, 0xbf8cc07fu, 0xdc708000u,
          0x00020300u, 0xdc708004u, 0x00020400u, 0xdc708008u, 0x00020600u, 0xdc70800cu, 0x00020700u,
          0xdc708010u, 0x00020800u, 0xdc708014u, 0x00020900u, 0xdc708018u, 0x00020a00u, 0xdc70801cu,
          0x00020b00u, 0xbf810000u});
  std::uint32_t out[8] = {};
  std::memset(out, 0xaa, sizeof out);
  k.args[0] = reinterpret_cast<std::uint64_t>(out);
  vgpu::DispatchOutcome o = k.run();
  ASSERT_TRUE(o.ok()) << o.report;
  EXPECT_EQ(out[0], 0x3f800000u) << "round toward zero";
  EXPECT_EQ(out[1], 0x3f800001u) << "round to nearest even";
  EXPECT_EQ(out[2], 0x00000000u) << "denormal input flushed";
  EXPECT_EQ(out[3], 0x00000001u) << "denormal input kept";
  EXPECT_EQ(out[4], 0x0u);
  EXPECT_EQ(out[5], 0xf0u);
  EXPECT_EQ(out[6], 0x3u);
  EXPECT_EQ(out[7], 0xfu);
}

// MODE's f16/f64 half (FP_ROUND [3:2], FP_DENORM [7:6]) on f16, packed f16, f64, conversions
// and compares. MODE starts 0 (everything flushed, nearest even). Assembly (llvm-mc-19):
//   v1 = 0x0001 (smallest f16 denormal), v2 = 1.0h
//   v3 = v_mul_f16 v1, v2                     ; denormal input flushed: 0
//   s_denorm_mode 0xf; v4 = the same product  ; kept: 0x0001
//   s_round_mode 0x4 (f16/f64 toward +inf)
//   v5 = v_add_f16 1.0h, 0x0c00 (2^-12)       ; 0x3c01
//   v7 = v_pk_add_f16 (1.0h,1.0h), (2^-12,2^-12) ; 0x3c013c01
//   v[10:11] = v_add_f64 1.0, 2^-60           ; 0x3ff00000_00000001
//   s_round_mode 0xc (f16/f64 toward zero)
//   v16 = v_cvt_f16_f32 0x3f801800 (1 + 0.75 ulp of f16) ; 0x3c00
//   v27 = v_mul_f16 0x7bff (max), 2.0h        ; no overflow toward zero: 0x7bff
//   s_round_mode 0; v18 = v_cvt_f16_f32 the same ; 0x3c01
//   s_denorm_mode 0x3 (f32 kept, f16/f64 flushed)
//   v[20:21] = v_mul_f64 (smallest f64 denormal), 1.0 ; 0
//   v24 = v_cmp_eq_f64 0, denormal            ; 1: flushed input compares equal to 0
//   v25 = v_cmp_eq_f16 0, v1                  ; 1
//   s_denorm_mode 0xf; v26 = v_cmp_eq_f64 0, denormal ; 0
//   s_denorm_mode 0x7 (f16/f64 inputs kept, results flushed)
//   v30 = v_mul_f16 2^-14, 0.5                ; denormal result flushed: 0
//   s_denorm_mode 0xb (f16/f64 inputs flushed, results kept); v33 = the same ; 0x0200
// then stores v3, v4, v5, v7, v10, v11, v16, v18, v20, v21, v24, v25, v26, v27, v30, v33.
TEST(RawCode, ModeRegisterF16AndF64) {
  RawKernel k;
  k.code({
      0xf4040000u, 0xfa000000u, 0xbf8cc07fu, 0x7e020281u, 0x7e0402ffu, 0x00003c00u, 0x6a060501u,
      0xbfa5000fu, 0x6a080501u, 0x7e0c02ffu, 0x00000c00u, 0xbfa40004u, 0x640a0d02u, 0x7e1002ffu,
      0x3c003c00u, 0x7e1202ffu, 0x0c000c00u, 0xcc0f4007u, 0x18021308u, 0x7e180280u, 0x7e1a02ffu,
      0x3ff00000u, 0x7e1c0280u, 0x7e1e02ffu, 0x3c300000u, 0xd564000au, 0x00021d0cu, 0x7e2202ffu,
      0x3f801800u, 0xbfa4000cu, 0x7e201511u, 0x7e3802ffu, 0x00007bffu, 0x7e3a02ffu, 0x00004000u,
      0x6a363b1cu, 0xbfa40000u, 0x7e241511u, 0xbfa50003u, 0x7e2c0281u, 0x7e2e0280u, 0xd5650014u,
      0x00021916u, 0x7c442c80u, 0xd5010018u, 0x01a90280u, 0x7d940280u, 0xd5010019u, 0x01a90280u,
      0xbfa5000fu, 0x7c442c80u, 0xd501001au, 0x01a90280u, 0xbfa50007u, 0x7e3e02ffu, 0x00000400u,
      0x7e4002ffu, 0x00003800u, 0x6a3c411fu, 0xbfa5000bu, 0x6a42411fu, 0x7e000280u, 0xdc708000u,
      0x00000300u, 0xdc708004u, 0x00000400u, 0xdc708008u, 0x00000500u, 0xdc70800cu, 0x00000700u,
      0xdc708010u, 0x00000a00u, 0xdc708014u, 0x00000b00u, 0xdc708018u, 0x00001000u, 0xdc70801cu,
      0x00001200u, 0xdc708020u, 0x00001400u, 0xdc708024u, 0x00001500u, 0xdc708028u, 0x00001800u,
      0xdc70802cu, 0x00001900u, 0xdc708030u, 0x00001a00u, 0xdc708034u, 0x00001b00u, 0xdc708038u,
      0x00001e00u, 0xdc70803cu, 0x00002100u, 0xbf810000u,
  });
  std::uint32_t out[16];
  std::memset(out, 0xaa, sizeof out);
  k.args[0] = reinterpret_cast<std::uint64_t>(out);
  vgpu::DispatchOutcome o = k.run();
  ASSERT_TRUE(o.ok()) << o.report;
  EXPECT_EQ(out[0], 0x0000u) << "f16 denormal input flushed";
  EXPECT_EQ(out[1], 0x0001u) << "f16 denormal input kept";
  EXPECT_EQ(out[2], 0x3c01u) << "f16 add rounded toward +inf";
  EXPECT_EQ(out[3], 0x3c013c01u) << "packed f16 add rounded toward +inf";
  EXPECT_EQ(out[4], 0x00000001u) << "f64 add rounded toward +inf (low)";
  EXPECT_EQ(out[5], 0x3ff00000u) << "f64 add rounded toward +inf (high)";
  EXPECT_EQ(out[6], 0x3c00u) << "f32 -> f16 toward zero";
  EXPECT_EQ(out[7], 0x3c01u) << "f32 -> f16 nearest even";
  EXPECT_EQ(out[8], 0u) << "f64 denormal input flushed (low)";
  EXPECT_EQ(out[9], 0u) << "f64 denormal input flushed (high)";
  EXPECT_EQ(out[10], 1u) << "flushed f64 denormal compares equal to 0";
  EXPECT_EQ(out[11], 1u) << "flushed f16 denormal compares equal to 0";
  EXPECT_EQ(out[12], 0u) << "kept f64 denormal differs from 0";
  EXPECT_EQ(out[13], 0x7bffu) << "f16 overflow toward zero stays finite";
  EXPECT_EQ(out[14], 0x0000u) << "f16 denormal result flushed";
  EXPECT_EQ(out[15], 0x0200u) << "f16 denormal result kept";
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

// The watchdog turns a kernel that never ends into a timeout naming where the wave was.
TEST(RawDispatch, EndlessLoopTimesOut) {
  RawKernel k;
  k.code({0xbf82ffffu, 0xbf810000u});  // s_branch -1 (itself); s_endpgm
  k.watchdogMs = 200;
  auto start = std::chrono::steady_clock::now();
  vgpu::DispatchOutcome o = k.run();
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                  start);
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::timeout) << o.report;
  EXPECT_GE(ms.count(), 200);
  EXPECT_LT(ms.count(), 5000);
  EXPECT_NE(o.report.find("watchdog"), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("wave 0"), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("s_branch"), std::string::npos) << o.report;
}

// A wave that sleeps in its loop leaves execute() every iteration; the scheduler still checks.
TEST(RawDispatch, SleepingLoopTimesOut) {
  RawKernel k;
  k.code({0xbf8e0001u, 0xbf82fffeu, 0xbf810000u});  // s_sleep 1; s_branch -2; s_endpgm
  k.watchdogMs = 200;
  vgpu::DispatchOutcome o = k.run();
  EXPECT_EQ(o.kind, vgpu::DispatchOutcome::Kind::timeout) << o.report;
}

// Zero disables the watchdog: a finite kernel completes.
TEST(RawDispatch, ZeroWatchdogIsOff) {
  RawKernel k;
  k.code({0xbf810000u});
  k.watchdogMs = 0;
  EXPECT_TRUE(k.run().ok());
}

}  // namespace
}  // namespace isatest
