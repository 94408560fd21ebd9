// Predecoded instructions ("micro-ops"): what the interpreter executes instead of machine code.
//
// A MicroOp carries a handler and operands resolved once at decode time (register indices,
// materialised constants, modifiers, branch targets), so executing it never looks at encodings.
#pragma once

#include <cstdint>
#include <string>

namespace vgpu::isa {

struct Wave;
struct MicroOp;
using Handler = void (*)(Wave&, const MicroOp&);

// Slots of the scalar register file as the interpreter lays it out. Specials live in the same
// array so that EXEC, VCC and M0 are read and written like any SGPR (RDNA2 ISA section 3.1).
enum ScalarSlot : std::uint16_t {
  kSgprCount = 106,  // s0..s105
  kVccLo = 106,
  kVccHi = 107,
  kTtmp0 = 108,     // trap temporaries ttmp0..ttmp15
  kNullSlot = 124,  // writes land here and are never read back (reads of null are constant 0)
  kM0 = 125,
  kExecLo = 126,
  kExecHi = 127,
  kFlatScratchLo = 128,
  kFlatScratchHi = 129,
  kScalarSlots = 136,
};

// The imm predecode gives s_sendmsg* for the messages vgpu implements: the hardware message
// ids (RDNA3 ISA section 4.5 "s_sendmsg" message table; MSG_INTERRUPT is 1 on gfx10 too).
constexpr std::uint32_t kSendMsgInterrupt = 1;
constexpr std::uint32_t kSendMsgDeallocVgprs = 3;  // gfx11
constexpr std::uint32_t kSendMsgRtnGetDoorbell = 128;
constexpr std::uint32_t kSendMsgRtnGetRealtime = 131;

// Hardware register ids s_getreg/s_setreg reach (RDNA2 ISA section 4.4 "hardware registers",
// RDNA3 ISA section 3.x): predecode puts hwreg(ID, offset, size) into MicroOp::offset as the
// instruction's SIMM16 lays it out, id [5:0] | offset [10:6] | (size - 1) [15:11].
enum HwregId : std::uint32_t {
  kHwregMode = 1,
  kHwregShMemBases = 15,
  kHwregFlatScrLo = 20,
  kHwregFlatScrHi = 21,
  kHwregHwId1 = 23,
  kHwregShaderCycles = 29,
};

// The data type an instruction gives its source operands: decides how inline constants and
// literals are materialised and which bit is the sign for neg/abs.
enum class DataType : std::uint8_t { b32, f32, f16, f64, b64 };

struct Operand {
  enum class Kind : std::uint8_t { none, sgpr, vgpr, constant, scc };
  Kind kind = Kind::none;
  std::uint8_t dwords = 1;  // register count (v[2:3] is 2)
  bool neg = false;         // float input modifiers (VOP3 / DPP), applied at fetch
  bool abs = false;
  bool sext = false;        // SDWA: sign-extend the selected part
  std::uint16_t index = 0;  // SGPR slot or VGPR number
  std::uint64_t value = 0;  // constant, already in the instruction's data type
  // Bits of the operand as a 32-bit value (low dword of 64-bit constants when dwords==2).
  std::uint32_t lo() const { return static_cast<std::uint32_t>(value); }
};

// DPP16 controls (RDNA2 ISA section 6.2.3), resolved to a lane-permutation kind.
struct DppControl {
  enum class Kind : std::uint8_t {
    none,
    quadPerm,
    rowShl,
    rowShr,
    rowRor,
    rowMirror,
    rowHalfMirror,
    rowShare,
    rowXmask,
    dpp8
  };
  Kind kind = Kind::none;
  std::uint8_t rowMask = 0xf;
  std::uint8_t bankMask = 0xf;
  bool boundCtrl = false;  // invalid source lanes read 0 instead of disabling the lane
  bool fetchInactive = false;
  std::uint32_t arg = 0;  // shift amount, quad_perm packed 2 bits per lane, dpp8 3 bits per lane
};

// SDWA selects (gfx10 only; RDNA2 ISA section 6.2.2): which byte/word of each source is used
// and where the result lands in the destination.
struct SdwaControl {
  enum Sel : std::uint8_t { byte0, byte1, byte2, byte3, word0, word1, dword };
  enum Unused : std::uint8_t { pad, sext, preserve };
  bool on = false;
  Sel src[2] = {dword, dword};
  Sel dst = dword;
  Unused unused = pad;
};

// MIMG fields (RDNA2 ISA chapter 8 "image instructions", RDNA3 ISA chapter 8): the address
// VGPRs in order (NSA forms list them one by one), the channel mask and the dimension.
struct ImageControl {
  std::uint8_t dmask = 0;
  std::uint8_t dim = 0;  // SQ_RSRC_IMG_* - 8 (ImageDim)
  bool unorm = false;    // unnormalized coordinates regardless of the sampler
  std::uint8_t addrCount = 0;
  std::uint8_t addr[16] = {};
};

struct MicroOp {
  Handler handler = nullptr;
  // A superinstruction (Fusion.h) stands at this index: `handler` executes this micro-op and
  // the next one, `single` only this one (traces run one instruction at a time).
  Handler single = nullptr;
  // Set at predecode for a wave32 program's micro-op with no SDWA, DPP, op_sel and no input or
  // output modifiers: the hot helpers (Lanes.h) then take their wave32 path, 32 lanes known at
  // compile time and sources read in place. Results are the general path's
  // (VGPU_ISA_GENERAL_PATHS=1 turns it off; the isa tests run both). Next to the handler and
  // the operands, so that a plain micro-op's execution reads two cache lines of it.
  bool plain32 = false;
  Operand dst[2];
  Operand src[4];
  std::uint8_t numDst = 0;
  std::uint8_t numSrc = 0;
  DataType type = DataType::b32;
  // VOP3 output modifiers and VOP3P selects.
  bool clamp = false;
  std::uint8_t omod = 0;   // 0 none, 1 mul:2, 2 mul:4, 3 div:2
  std::uint8_t opSel = 0;  // bit i: operand i (bit 3: destination) uses the high half
  std::uint8_t opSelHi = 0x7;
  std::uint8_t negLo = 0, negHi = 0;
  DppControl dpp;
  SdwaControl sdwa;
  ImageControl image;
  // Memory instruction fields.
  std::int32_t offset = 0;   // immediate offset (offset:, offset0: for DS)
  std::int32_t offset1 = 0;  // DS offset1:
  bool glc = false, offen = false, idxen = false;
  std::uint8_t wideDwords = 0;  // bits per handler use (e.g. dwords moved by a load)
  // Control flow.
  std::uint32_t target = 0;   // micro-op index of a branch target
  std::uint64_t address = 0;  // machine address of the instruction
  std::uint32_t size = 0;     // bytes
  std::uint32_t imm = 0;      // SOPP/SOPK simm16, s_waitcnt etc.
  const char* name = "";      // mnemonic (owned by the handler table)
  std::string text;           // the disassembly, for reports and traces
};

}  // namespace vgpu::isa
