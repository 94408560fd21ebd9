// Predecoding: walks the code from the entry, prints each instruction with LLVM MC, parses the
// text into micro-ops, drops hints and resolves branch targets.
#include "isa/Program.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <map>
#include <set>

#include "isa/AsmText.h"
#include "isa/Disassembler.h"
#include "isa/Fusion.h"
#include "isa/HandlerTable.h"
#include "isa/ImageOperands.h"
#include "isa/Swizzle.h"
#include "isa/Wave.h"

namespace vgpu::isa {

void illegalInstruction(Wave& w, const MicroOp& u) {
  w.fail(DispatchOutcome::Kind::illegalInstruction, -1, u.address,
         "instruction not implemented by the vgpu interpreter");
}

namespace {

void fellOffEnd(Wave& w, const MicroOp& u) {
  w.fail(DispatchOutcome::Kind::illegalInstruction, -1, u.address,
         "execution ran past the decoded code (undecodable bytes or a jump into data)");
}

constexpr std::size_t kMaxInstructions = 1 << 20;

// Turns u into an illegal-instruction micro-op whose text says why (the fault report shows it).
void refuse(MicroOp& u, const std::string& why) {
  u.handler = illegalInstruction;
  u.text += "   ; " + why;
}

// The fields of "name(a, b, c)" with blanks trimmed; false when tok is not name(...).
bool splitCall(std::string_view tok, std::string_view name, std::vector<std::string>& fields) {
  if (tok.size() < name.size() + 2 || tok.substr(0, name.size()) != name ||
      tok[name.size()] != '(' || tok.back() != ')')
    return false;
  fields.clear();
  std::string_view body = tok.substr(name.size() + 1, tok.size() - name.size() - 2);
  std::string cur;
  for (char c : std::string(body) + ",") {
    if (c != ',') {
      if (c != ' ') cur += c;
      continue;
    }
    fields.push_back(cur);
    cur.clear();
  }
  return true;
}

// The hardware registers vgpu models, by LLVM's exact names (RDNA2 ISA section 4.4, RDNA3 ISA
// section 3.x "hardware registers"). Any other register is refused: a read would return a
// made-up value and a write would be lost.
struct HwregInfo {
  const char* name;
  std::uint32_t id;
  bool read, write;
};
constexpr HwregInfo kHwregs[] = {
    {"HW_REG_MODE", kHwregMode, true, true},
    {"HW_REG_SH_MEM_BASES", kHwregShMemBases, true, false},
    // Written by gfx10 kernels that use scratch (prologue s_setreg of the wave's scratch base).
    // vgpu resolves scratch_* offsets and private-aperture flat addresses in each wave's own
    // private memory, never through this base, so the write changes nothing and is accepted.
    {"HW_REG_FLAT_SCR_LO", kHwregFlatScrLo, false, true},
    {"HW_REG_FLAT_SCR_HI", kHwregFlatScrHi, false, true},
    {"HW_REG_HW_ID1", kHwregHwId1, true, false},
    {"HW_REG_SHADER_CYCLES", kHwregShaderCycles, true, false},  // clock() on gfx10.3+
};

// hwreg(NAME[, offset, size]) or hwreg(ID[, offset, size]) (ID: a register MC has no name for)
// -> u.offset as SIMM16 lays it out (MicroOp.h HwregId).
bool parseHwreg(const std::string& tok, bool write, MicroOp& u, std::string& why) {
  std::vector<std::string> f;
  if (!splitCall(tok, "hwreg", f)) return false;
  why = "unsupported hardware register '" + f[0] + "'";
  std::int64_t id = -1, offset = 0, size = 32;
  for (const HwregInfo& h : kHwregs)
    if (f[0] == h.name && (write ? h.write : h.read)) id = h.id;
  std::int64_t number = 0;
  if (id < 0 && parseIntegerStrict(f[0], number))
    for (const HwregInfo& h : kHwregs)
      if (number == h.id && (write ? h.write : h.read)) id = h.id;
  if (id < 0) return false;
  if (f.size() == 3) {
    if (!parseIntegerStrict(f[1], offset) || !parseIntegerStrict(f[2], size) || offset < 0 ||
        offset > 31 || size < 1 || size > 32) {
      why = "unsupported hwreg field '" + tok + "'";
      return false;
    }
  } else if (f.size() != 1) {
    why = "unsupported hwreg field '" + tok + "'";
    return false;
  }
  u.offset = static_cast<std::int32_t>(id | offset << 6 | (size - 1) << 11);
  return true;
}

// The messages vgpu implements (RDNA3 ISA section 4.5 "s_sendmsg"), by LLVM's names. Returning
// messages (s_sendmsg_rtn) and plain ones are kept apart: a name of the other kind is refused.
struct MessageInfo {
  const char* name;
  std::uint32_t id;
  bool returns;
};
constexpr MessageInfo kMessages[] = {
    {"MSG_INTERRUPT", kSendMsgInterrupt, false},
    // gfx11 kernels release their VGPRs just before s_endpgm; the interpreter's registers live
    // until the wave ends, so there is nothing to release.
    {"MSG_DEALLOC_VGPRS", kSendMsgDeallocVgprs, false},
    // Trap-handler code asks for the queue's doorbell; vgpu queues have none (reads 0), and
    // s_trap ends the dispatch before such code could use it.
    {"MSG_RTN_GET_DOORBELL", kSendMsgRtnGetDoorbell, true},
    {"MSG_RTN_GET_REALTIME", kSendMsgRtnGetRealtime, true},
};

// sendmsg(NAME) -> u.imm. Operation and stream fields, numeric ids and messages vgpu does not
// implement (MSG_GS, MSG_SAVEWAVE, ...) are refused.
bool parseSendmsg(const std::string& tok, bool returns, MicroOp& u, std::string& why) {
  std::vector<std::string> f;
  if (!splitCall(tok, "sendmsg", f)) return false;
  why = "unsupported message '" + tok.substr(8, tok.size() - 9) + "'";
  if (f.size() != 1) return false;
  for (const MessageInfo& m : kMessages)
    if (f[0] == m.name && m.returns == returns) {
      u.imm = m.id;
      return true;
    }
  return false;
}

// Which special operand an instruction must carry (the handler reads it from offset or imm).
enum class Special { none, hwregRead, hwregWrite, message, returningMessage };
Special specialOf(std::string_view mnemonic) {
  if (mnemonic == "s_getreg_b32") return Special::hwregRead;
  if (mnemonic == "s_setreg_b32" || mnemonic == "s_setreg_imm32_b32") return Special::hwregWrite;
  if (mnemonic == "s_sendmsg" || mnemonic == "s_sendmsghalt") return Special::message;
  if (mnemonic == "s_sendmsg_rtn_b32" || mnemonic == "s_sendmsg_rtn_b64")
    return Special::returningMessage;
  return Special::none;
}

// An operand parseOperand refused: the instruction's special operand, or why it is not one.
bool parseSpecial(Special kind, const std::string& tok, MicroOp& u, std::string& why) {
  std::string special;
  bool ok = false;
  if (kind == Special::hwregRead || kind == Special::hwregWrite)
    ok = parseHwreg(tok, kind == Special::hwregWrite, u, special);
  else if (kind == Special::message || kind == Special::returningMessage)
    ok = parseSendmsg(tok, kind == Special::returningMessage, u, special);
  if (!special.empty()) why = special;
  return ok;
}

// SDWA selects (RDNA2 ISA section 6.2.2), exactly as MC names them.
bool parseSel(const std::string& v, SdwaControl::Sel& sel) {
  static const char* const names[] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                      "WORD_0", "WORD_1", "DWORD"};
  for (int i = 0; i < 7; ++i)
    if (v == names[i]) {
      sel = static_cast<SdwaControl::Sel>(i);
      return true;
    }
  return false;
}

void parseSdwa(const AsmInstruction& a, ModifierReader& m, SdwaControl& d) {
  if (a.encodingSuffix != "sdwa") return;  // SDWA selects elsewhere stay unconsumed: refused
  d.on = true;
  const struct {
    const char* key;
    SdwaControl::Sel& sel;
  } sels[] = {{"src0_sel", d.src[0]}, {"src1_sel", d.src[1]}, {"dst_sel", d.dst}};
  for (const auto& s : sels)
    if (const std::string* v = m.take(s.key); v && !parseSel(*v, s.sel)) m.reject(s.key, *v);
  if (const std::string* v = m.take("dst_unused")) {
    if (*v == "UNUSED_SEXT")
      d.unused = SdwaControl::sext;
    else if (*v == "UNUSED_PRESERVE")
      d.unused = SdwaControl::preserve;
    else if (*v == "UNUSED_PAD")
      d.unused = SdwaControl::pad;
    else
      m.reject("dst_unused", *v);
  }
}

// quad_perm:[a,b,c,d] (each 0..3) or dpp8:[8 lanes, each 0..7], packed Bits per lane.
bool parseLaneList(const std::string& v, unsigned lanes, unsigned bits, std::uint32_t& arg) {
  if (v.size() != 2 * lanes + 1 || v.front() != '[' || v.back() != ']') return false;
  arg = 0;
  for (unsigned i = 0; i < lanes; ++i) {
    char c = v[1 + 2 * i], sep = v[2 + 2 * i];
    if (c < '0' || c > static_cast<char>('0' + (1u << bits) - 1)) return false;
    if (sep != (i + 1 == lanes ? ']' : ',')) return false;
    arg |= static_cast<std::uint32_t>(c - '0') << (bits * i);
  }
  return true;
}

// DPP16 / DPP8 controls (RDNA2 ISA section 6.2.3). Controls MC prints for other generations
// (row_bcast, wave_shl, ...) are never taken, so they are refused as unsupported modifiers.
void parseDpp(const AsmInstruction& a, ModifierReader& m, DppControl& d) {
  using K = DppControl::Kind;
  if (a.encodingSuffix != "dpp" && a.encodingSuffix != "e64_dpp") return;
  if (const std::string* v = m.take("quad_perm")) {
    d.kind = K::quadPerm;
    if (!parseLaneList(*v, 4, 2, d.arg)) m.reject("quad_perm", *v);
  }
  if (const std::string* v = m.take("dpp8")) {
    d.kind = K::dpp8;
    if (!parseLaneList(*v, 8, 3, d.arg)) m.reject("dpp8", *v);
  }
  const struct {
    const char* key;
    K kind;
    std::int64_t lo;
  } shifts[] = {{"row_shl", K::rowShl, 1},
                {"row_shr", K::rowShr, 1},
                {"row_ror", K::rowRor, 1},
                {"row_share", K::rowShare, 0},
                {"row_xmask", K::rowXmask, 0}};
  std::int64_t x = 0;
  for (const auto& s : shifts)
    if (m.integer(s.key, s.lo, 15, x)) {
      d.kind = s.kind;
      d.arg = static_cast<std::uint32_t>(x);
    }
  if (m.flag("row_mirror")) d.kind = K::rowMirror;
  if (m.flag("row_half_mirror")) d.kind = K::rowHalfMirror;
  if (m.integer("row_mask", 0, 15, x)) d.rowMask = static_cast<std::uint8_t>(x);
  if (m.integer("bank_mask", 0, 15, x)) d.bankMask = static_cast<std::uint8_t>(x);
  if (m.integer("bound_ctrl", 0, 1, x)) d.boundCtrl = x != 0;
  if (m.integer("fi", 0, 1, x)) d.fetchInactive = x != 0;
}

// The modifiers every instruction may carry (RDNA2 ISA section 6.2 VOP3 output modifiers,
// 6.5 VOP3P selects, chapters 8-10 memory fields). Anything not read here, by parseDpp or by
// parseSdwa is refused (ModifierReader::problem).
void readModifiers(const AsmInstruction& a, ModifierReader& m, MicroOp& u) {
  std::int64_t x = 0;
  // ds_swizzle_b32's offset is a lane pattern MC prints as swizzle(...) (Swizzle.h).
  if (const std::string* v = a.modifier("offset"); v && v->rfind("swizzle(", 0) == 0) {
    std::uint32_t pattern = 0;
    m.take("offset");
    if (parseSwizzle(*v, pattern))
      u.offset = static_cast<std::int32_t>(pattern);
    else
      m.reject("offset", *v);
  } else if (m.integer("offset", INT32_MIN, UINT32_MAX, x)) {
    u.offset = static_cast<std::int32_t>(x);
  }
  if (m.integer("offset0", 0, 255, x)) u.offset = static_cast<std::int32_t>(x);
  if (m.integer("offset1", 0, 255, x)) u.offset1 = static_cast<std::int32_t>(x);
  // glc (gfx10/11) and sc0 (its gfx940 spelling): atomics return the old value; for loads and
  // stores it is cache policy like the bits below. Both are taken (| does not short-circuit).
  u.glc = m.flag("glc") | m.flag("sc0");
  // Cache policy (system-level coherence, streaming, no-allocate hints): the interpreter has no
  // caches, every access reads and writes memory itself (RDNA2 ISA section 8.1.10).
  for (const char* policy : {"slc", "dlc", "nt", "sc1", "nv"}) m.ignore(policy);
  u.offen = m.flag("offen");
  u.idxen = m.flag("idxen");
  u.clamp = m.flag("clamp");
  if (const std::string* v = m.take("mul")) {
    if (*v == "2" || *v == "4")
      u.omod = *v == "2" ? 1 : 2;
    else
      m.reject("mul", *v);
  }
  if (const std::string* v = m.take("div")) {
    if (*v == "2")
      u.omod = 3;
    else
      m.reject("div", *v);
  }
  std::uint32_t bits = 0;
  if (m.bitList("op_sel", bits)) u.opSel = static_cast<std::uint8_t>(bits);
  if (m.bitList("op_sel_hi", bits)) u.opSelHi = static_cast<std::uint8_t>(bits);
  if (m.bitList("neg_lo", bits)) u.negLo = static_cast<std::uint8_t>(bits);
  if (m.bitList("neg_hi", bits)) u.negHi = static_cast<std::uint8_t>(bits);
}

// The printed operands into u's destinations and sources, and the instruction's special
// operand (hwreg, sendmsg) into offset / imm. Refuses u on the first operand not understood.
void readOperands(const AsmInstruction& a, const HandlerInfo& info, MicroOp& u, unsigned& maxVgpr) {
  const Special special = specialOf(a.mnemonic);
  bool sawSpecial = false;
  for (std::size_t i = 0; i < a.operands.size(); ++i) {
    Operand o;
    std::string why;
    const std::string& tok = a.operands[i];
    DataType type = u.type;
    if (info.mixedSource >= 0 && static_cast<int>(i) - u.numDst == info.mixedSource)
      type = info.mixedType;
    if (!parseOperand(tok, type, o, why)) {
      if (!sawSpecial && parseSpecial(special, tok, u, why)) {
        sawSpecial = true;  // it keeps its source slot empty (setMode reads the value as src[1])
        continue;
      }
      return refuse(u, why);
    }
    if (o.kind == Operand::Kind::vgpr) maxVgpr = std::max<unsigned>(maxVgpr, o.index + o.dwords);
    if (i < u.numDst) {
      u.dst[i] = o;
      continue;
    }
    std::size_t s = i - u.numDst;
    if (s >= 4) return refuse(u, "too many operands");
    u.src[s] = o;
    u.numSrc = static_cast<std::uint8_t>(s + 1);
    if (o.kind == Operand::Kind::constant && o.index != kNullSlot) u.imm = o.lo();
  }
  // A plain number where MC prints a message or register it has no name for.
  if (special != Special::none && !sawSpecial)
    refuse(u, special == Special::hwregRead || special == Special::hwregWrite
                  ? "expected a hwreg(...) operand"
                  : "expected a sendmsg(...) operand");
}

// One parsed instruction into u. Whatever the text holds that vgpu does not implement (an
// unknown mnemonic, operand form, modifier, hardware register or message) leaves u an
// illegal-instruction micro-op naming it, never a different instruction.
void buildOp(const DecodedInstruction& inst, bool hasBranchTarget, const AsmInstruction& a,
             const HandlerInfo* info, MicroOp& u, unsigned& maxVgpr) {
  u.address = inst.address;
  u.size = inst.size;
  u.text = inst.text;
  if (!info || !info->fn) {
    u.handler = illegalInstruction;
    return;
  }
  u.handler = info->fn;
  u.name = info->name.c_str();
  u.type = info->type;
  if (!a.remarks.empty()) return refuse(u, "unsupported operand form '" + a.remarks[0] + "'");
  // MC prints op_sel_hi where it differs from the default: all ones for packed math, zero (every
  // source f32) for v_fma_mix* (RDNA2 ISA section 6.5 "V_FMA_MIX_F32").
  if (a.mnemonic.rfind("v_fma_mix", 0) == 0) u.opSelHi = 0;
  ModifierReader m(a);
  readModifiers(a, m, u);
  parseDpp(a, m, u.dpp);
  parseSdwa(a, m, u.sdwa);
  std::string imageProblem;
  if (info->image) imageProblem = readImageOperands(a, *info, m, u, maxVgpr);
  if (std::string p = m.problem(); !p.empty()) return refuse(u, p);
  if (info->image) {
    if (!imageProblem.empty()) refuse(u, imageProblem);
    return;
  }
  u.numDst = info->numDst + (info->returnsWithGlc && u.glc ? 1 : 0);
  if (hasBranchTarget) u.imm = 0;
  readOperands(a, *info, u, maxVgpr);
}

// The micro-ops one decoded instruction becomes (1, or 2 for VOPD) into out; the shared path
// of Program::build and predecodeInstruction, so a tool asking what vgpu supports gets the
// interpreter's own answer.
int buildMicroOps(const DecodedInstruction& inst, bool hasBranchTarget, const AsmInstruction& a,
                  const HandlerInfo* info, MicroOp (&out)[2], unsigned& maxVgpr) {
  std::size_t dual = inst.text.find(" :: ");
  if (dual == std::string::npos) {
    buildOp(inst, hasBranchTarget, a, info, out[0], maxVgpr);
    return 1;
  }
  // VOPD (gfx11): two VALU ops issued together, both reading their sources before either
  // writes (RDNA3 ISA section 7.6). Run them in an order where that holds, or refuse.
  const HandlerTable& table = HandlerTable::instance();
  AsmInstruction ax = a, ay = parseAsm(std::string_view(inst.text).substr(dual + 4));
  auto strip = [](std::string m) { return m.rfind("v_dual_", 0) == 0 ? "v_" + m.substr(7) : m; };
  ax.mnemonic = strip(ax.mnemonic);
  ay.mnemonic = strip(ay.mnemonic);
  MicroOp x, y;
  buildOp(inst, hasBranchTarget, ax, table.find(ax.mnemonic), x, maxVgpr);
  buildOp(inst, hasBranchTarget, ay, table.find(ay.mnemonic), y, maxVgpr);
  auto reads = [](const MicroOp& r, const MicroOp& w) {
    for (int i = 0; i < r.numSrc; ++i)
      if (r.src[i].kind == Operand::Kind::vgpr && r.src[i].index == w.dst[0].index) return true;
    // v_dual_fmac reads its destination too.
    return r.dst[0].index == w.dst[0].index;
  };
  bool xFirst = !reads(y, x);
  if (!xFirst && reads(x, y)) {
    x.handler = illegalInstruction;
    x.text += "   ; VOPD halves read each other's results";
  }
  y.address = x.address;  // both halves report the same PC
  out[0] = std::move(xFirst ? x : y);
  out[1] = std::move(xFirst ? y : x);
  return 2;
}

struct Decoded {
  DecodedInstruction inst;
  AsmInstruction parsed;
  const HandlerInfo* info = nullptr;  // null: unknown mnemonic
  std::uint64_t branchTarget = 0;
  bool hasBranchTarget = false;
};

}  // namespace

class ProgramBuilder {
 public:
  ProgramBuilder(const Program::Source& src, Disassembler& dis) : src_(src), dis_(dis) {}

  std::unique_ptr<Program> run(std::string& error);
  // Decodes what is reachable from address and not yet in p (p.mutex_ held), appends it as a
  // new version of p's micro-ops and returns the index of address, or -1.
  std::int64_t extend(const Program& p, std::uint64_t address, std::string& error);

 private:
  bool decodeRun(std::uint64_t start, std::string& error);
  using AddressMap = std::unordered_map<std::uint64_t, std::uint32_t>;
  void emit(std::vector<MicroOp>& ops, AddressMap& byAddress, const Decoded& d,
            std::vector<std::uint64_t>& pendingHints);
  // Index of address in the program being extended (-1: not decoded there).
  std::int64_t knownIndex(std::uint64_t address) const;
  void noteCallTargets(const Decoded& d);
  std::size_t readable(std::uint64_t address) const;

  const Program::Source& src_;
  Disassembler& dis_;
  std::map<std::uint64_t, Decoded> decoded_;
  std::vector<std::uint64_t> work_;
  std::map<unsigned, std::uint64_t> getpc_;        // SGPR -> value s_getpc_b64 left there
  std::map<unsigned, std::uint64_t> callTargets_;  // SGPR -> getpc + rel32 (code or data)
  unsigned maxVgpr_ = 0;
  const Program* extending_ = nullptr;  // extend(): code already decoded there is not redone
};

std::int64_t ProgramBuilder::knownIndex(std::uint64_t address) const {
  if (!extending_) return -1;
  std::int64_t i = extending_->indexOf(address);
  if (i >= 0) return i;
  auto it = extending_->lateByAddress_.find(address);
  return it == extending_->lateByAddress_.end() ? -1 : static_cast<std::int64_t>(it->second);
}

std::size_t ProgramBuilder::readable(std::uint64_t address) const {
  std::size_t n = 20;  // longest RDNA instruction: MIMG NSA or VOP3 + literal
  if (!src_.memory) return n;
  while (n >= 4 && !src_.memory->accessible(address, n)) n -= 4;
  return n >= 4 ? n : 0;
}

void ProgramBuilder::noteCallTargets(const Decoded& d) {
  // Calls are s_getpc_b64 s[a:b]; s_add_u32 sa, sa, rel32@lo; s_addc_u32 ...; s_swappc_b64.
  // The linker resolved rel32 against the address s_getpc_b64 returns, so the callee is
  // getpc + literal. The same pattern also addresses data (globals, printf formats), so only
  // a pair that reaches s_swappc_b64/s_setpc_b64 is followed as code.
  const AsmInstruction& a = d.parsed;
  Operand o;
  std::string why;
  if (a.operands.empty() || !parseOperand(a.operands[0], DataType::b64, o, why) ||
      o.kind != Operand::Kind::sgpr)
    return;
  if (a.mnemonic == "s_getpc_b64") {
    getpc_[o.index] = d.inst.address + d.inst.size;
    return;
  }
  // A small offset (the callee right after the caller) prints in decimal ("32", "-16"): LLVM
  // shows literal values an inline constant could hold as that constant.
  const auto isInteger = [](const std::string& t) {
    std::size_t i = !t.empty() && t[0] == '-' ? 1 : 0;
    return i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]));
  };
  if (a.mnemonic == "s_add_u32" && a.operands.size() == 3 && a.operands[1] == a.operands[0] &&
      isInteger(a.operands[2])) {
    auto it = getpc_.find(o.index);
    if (it == getpc_.end()) return;
    std::int32_t rel = static_cast<std::int32_t>(parseInteger(a.operands[2]));
    callTargets_[o.index] = it->second + static_cast<std::int64_t>(rel);
    getpc_.erase(it);
    return;
  }
  // s_addc_u32 s(a+1), s(a+1), rel32@hi completes the pair; it does not change the callee.
  if (a.mnemonic == "s_addc_u32" && a.operands.size() == 3 && a.operands[1] == a.operands[0] &&
      o.index > 0 && callTargets_.count(o.index - 1u))
    return;
  bool call = a.mnemonic == "s_swappc_b64" || a.mnemonic == "s_setpc_b64";
  if (call) {
    Operand target;
    const std::string& tok =
        a.mnemonic == "s_swappc_b64" && a.operands.size() > 1 ? a.operands[1] : a.operands[0];
    if (parseOperand(tok, DataType::b64, target, why) && target.kind == Operand::Kind::sgpr) {
      auto it = callTargets_.find(target.index);
      if (it != callTargets_.end()) work_.push_back(it->second);
    }
  }
  // Any other write to a tracked pair replaces the address it held: getpc + rel32 often points
  // at a table of function pointers, and the pointer loaded from it (global_load, then
  // v_readfirstlane into the same SGPRs) is what s_swappc_b64 calls. Following the stale
  // getpc + rel32 would decode that table, whose relocated pointers differ from run to run, as
  // code. Operand 0 is not always a destination (stores, s_cmp): forgetting too much only costs
  // the hint, as a jump to code not predecoded decodes on first use.
  const auto forget = [&](std::map<unsigned, std::uint64_t>& pairs) {
    for (auto it = pairs.begin(); it != pairs.end();) {
      bool overlaps = it->first < o.index + o.dwords && o.index < it->first + 2u;
      it = overlaps ? pairs.erase(it) : std::next(it);
    }
  };
  forget(getpc_);
  forget(callTargets_);
}

bool ProgramBuilder::decodeRun(std::uint64_t pc, std::string& error) {
  const HandlerTable& table = HandlerTable::instance();
  while (!decoded_.count(pc) && knownIndex(pc) < 0) {
    if (decoded_.size() >= kMaxInstructions) {
      error = "kernel code larger than the predecoder's limit";
      return false;
    }
    std::size_t avail = readable(pc);
    std::optional<DecodedInstruction> inst;
    if (avail) inst = dis_.decode(reinterpret_cast<const std::uint8_t*>(pc), avail, pc);
    if (!inst) return true;  // leave undecoded: reaching it runs into fellOffEnd
    Decoded d;
    d.inst = std::move(*inst);
    std::string_view text = d.inst.text;
    d.parsed = parseAsm(text.substr(0, text.find(" :: ")));
    d.info = table.find(d.parsed.mnemonic);
    if (d.info && d.info->branch && !d.parsed.operands.empty()) {
      std::int64_t rel = static_cast<std::int16_t>(parseInteger(d.parsed.operands[0]));
      d.branchTarget = pc + 4 + rel * 4;
      d.hasBranchTarget = true;
      work_.push_back(d.branchTarget);
    }
    noteCallTargets(d);
    bool stop = d.info && d.info->terminator;
    std::uint64_t next = pc + d.inst.size;
    decoded_.emplace(pc, std::move(d));
    if (stop) return true;
    pc = next;
  }
  return true;
}

// MicroOp::plain32: nothing the general helpers apply per operand or per result.
static bool isPlain(const MicroOp& u) {
  if (u.sdwa.on || u.dpp.kind != DppControl::Kind::none || u.clamp || u.omod || u.opSel ||
      u.negLo || u.negHi)
    return false;
  for (const Operand& o : u.src)
    if (o.neg || o.abs || o.sext) return false;
  return true;
}

void ProgramBuilder::emit(std::vector<MicroOp>& ops, AddressMap& byAddress, const Decoded& d,
                          std::vector<std::uint64_t>& pendingHints) {
  MicroOp built[2];
  const int n = buildMicroOps(d.inst, d.hasBranchTarget, d.parsed, d.info, built, maxVgpr_);
  if (!src_.wave64 && !src_.generalPaths)
    for (int i = 0; i < n; ++i) built[i].plain32 = isPlain(built[i]);
  // Hints dropped just before resolve to this instruction (a branch to an s_waitcnt lands here).
  const std::uint32_t index = static_cast<std::uint32_t>(ops.size());
  for (std::uint64_t h : pendingHints) byAddress[h] = index;
  pendingHints.clear();
  byAddress.emplace(built[0].address, index);
  for (int i = 0; i < n; ++i) ops.push_back(std::move(built[i]));
}

std::unique_ptr<Program> ProgramBuilder::run(std::string& error) {
  work_.push_back(src_.entry);
  while (!work_.empty()) {
    std::uint64_t a = work_.back();
    work_.pop_back();
    if (!decodeRun(a, error)) return nullptr;
  }
  if (!decoded_.count(src_.entry)) {
    error = dis_.error().empty() ? "the kernel entry is not a decodable instruction" : dis_.error();
    return nullptr;
  }
  auto p = std::make_unique<Program>();
  std::vector<std::uint64_t> pendingHints;
  std::uint64_t expect = 0;
  for (const auto& [address, d] : decoded_) {
    if (expect && address != expect && !p->ops_.empty()) {
      // A gap: whatever fell through to it is undecodable.
      MicroOp end;
      end.handler = fellOffEnd;
      end.address = expect;
      end.text = "<undecoded>";
      p->ops_.push_back(std::move(end));
    }
    expect = address + d.inst.size;
    if (d.info && d.info->hint) {
      pendingHints.push_back(address);
      continue;
    }
    emit(p->ops_, p->byAddress_, d, pendingHints);
  }
  p->codeBegin_ = decoded_.begin()->first;
  const auto* code = reinterpret_cast<const std::uint8_t*>(p->codeBegin_);
  p->code_.assign(code, code + (expect - p->codeBegin_));
  MicroOp end;
  end.handler = fellOffEnd;
  end.address = expect;
  end.text = "<end of decoded code>";
  for (std::uint64_t h : pendingHints)
    p->byAddress_[h] = static_cast<std::uint32_t>(p->ops_.size());
  p->ops_.push_back(std::move(end));
  // Branch targets: micro-op indices (a hint target resolves to the next real instruction).
  for (MicroOp& u : p->ops_) {
    auto it = decoded_.find(u.address);
    if (it == decoded_.end() || !it->second.hasBranchTarget) continue;
    auto t = p->byAddress_.find(it->second.branchTarget);
    if (t == p->byAddress_.end()) {
      u.handler = illegalInstruction;
      u.text += "   ; branch target was not decoded";
      continue;
    }
    u.target = t->second;
  }
  fuseMicroOps(p->ops_, 0);
  p->entryIndex_ = p->byAddress_.at(src_.entry);
  p->vgprsUsed_ = maxVgpr_;
  p->source_ = src_;
  p->source_.memory = nullptr;  // the dispatch's own is passed to resolveJump
  return p;
}

std::int64_t ProgramBuilder::extend(const Program& p, std::uint64_t address, std::string& error) {
  extending_ = &p;
  work_.push_back(address);
  while (!work_.empty()) {
    std::uint64_t a = work_.back();
    work_.pop_back();
    if (!decodeRun(a, error)) return -1;
  }
  if (std::int64_t known = knownIndex(address); known >= 0) return known;
  if (!decoded_.count(address)) {
    error = "no decodable instruction there";
    return -1;
  }
  auto ops = std::make_unique<std::vector<MicroOp>>(p.ops());
  const std::size_t first = ops->size();
  AddressMap added;
  std::vector<std::uint64_t> pendingHints;
  const HandlerTable& table = HandlerTable::instance();
  // The end of a contiguous run of new code: it falls through into code decoded before (a
  // jump there) or into bytes that are not code.
  auto closeRun = [&](std::uint64_t next) {
    MicroOp end;
    end.address = next;
    if (std::int64_t old = knownIndex(next); old >= 0) {
      end.handler = table.find("s_branch")->fn;
      end.target = static_cast<std::uint32_t>(old);
      end.text = "<falls through to code decoded earlier>";
    } else {
      end.handler = fellOffEnd;
      end.text = "<undecoded>";
    }
    for (std::uint64_t h : pendingHints) added[h] = static_cast<std::uint32_t>(ops->size());
    pendingHints.clear();
    ops->push_back(std::move(end));
  };
  std::uint64_t expect = 0;
  for (const auto& [at, d] : decoded_) {
    if (expect && at != expect) closeRun(expect);
    expect = at + d.inst.size;
    if (d.info && d.info->hint) {
      pendingHints.push_back(at);
      continue;
    }
    emit(*ops, added, d, pendingHints);
  }
  closeRun(expect);
  for (std::size_t i = first; i < ops->size(); ++i) {
    MicroOp& u = (*ops)[i];
    auto it = decoded_.find(u.address);
    if (it == decoded_.end() || !it->second.hasBranchTarget) continue;
    const std::uint64_t target = it->second.branchTarget;
    auto t = added.find(target);
    std::int64_t index =
        t != added.end() ? static_cast<std::int64_t>(t->second) : knownIndex(target);
    if (index < 0) {
      u.handler = illegalInstruction;
      u.text += "   ; branch target was not decoded";
      continue;
    }
    u.target = static_cast<std::uint32_t>(index);
  }
  fuseMicroOps(*ops, first);
  p.lateByAddress_.insert(added.begin(), added.end());
  p.lateVgprsUsed_ = std::max(p.lateVgprsUsed_, maxVgpr_);
  p.versions_.push_back(std::move(ops));
  p.current_.store(p.versions_.back().get(), std::memory_order_release);
  return added.at(address);
}

std::unique_ptr<Program> Program::build(const Source& source, std::string& error) {
  Disassembler dis(source.target, source.wave64);
  if (!dis.error().empty()) {
    error = dis.error();
    return nullptr;
  }
  ProgramBuilder builder(source, dis);
  return builder.run(error);
}

std::int64_t Program::resolveJump(std::uint64_t address, const AddressSpace* memory, unsigned vgprs,
                                  bool& appended, std::string& error) const {
  std::lock_guard lock(mutex_);
  appended = true;
  std::int64_t index;
  if (auto it = lateByAddress_.find(address); it != lateByAddress_.end()) {
    index = it->second;
  } else {
    Source src = source_;
    src.memory = memory;
    Disassembler dis(src.target, src.wave64);
    if (!dis.error().empty()) {
      error = dis.error();
      return -1;
    }
    ProgramBuilder builder(src, dis);
    index = builder.extend(*this, address, error);
    if (index < 0) return -1;
  }
  if (lateVgprsUsed_ > vgprs) {
    error = "code reached through it uses " + std::to_string(lateVgprsUsed_) +
            " VGPRs, more than the dispatch allocated (" + std::to_string(vgprs) + ")";
    return -1;
  }
  return index;
}

std::vector<MicroOp> predecodeInstruction(const std::string& text) {
  DecodedInstruction inst{0, 4, text};
  AsmInstruction a = parseAsm(std::string_view(text).substr(0, text.find(" :: ")));
  const HandlerInfo* info = HandlerTable::instance().find(a.mnemonic);
  if (info && info->hint) return {};
  MicroOp ops[2];
  unsigned vgprs = 0;
  const int n = buildMicroOps(inst, info && info->branch, a, info, ops, vgprs);
  return std::vector<MicroOp>(std::make_move_iterator(ops), std::make_move_iterator(ops + n));
}

MicroOp predecodeText(const std::string& text) {
  DecodedInstruction inst{0, 4, text};
  AsmInstruction a = parseAsm(text);
  const HandlerInfo* info = HandlerTable::instance().find(a.mnemonic);
  MicroOp u;
  unsigned vgprs = 0;
  buildOp(inst, info && info->branch, a, info, u, vgprs);
  return u;
}

bool Program::sameCodeAt(const AddressSpace* memory) const {
  if (memory != nullptr && !memory->accessible(codeBegin_, code_.size())) return false;
  return std::memcmp(code_.data(), reinterpret_cast<const void*>(codeBegin_), code_.size()) == 0;
}

std::int64_t Program::indexOf(std::uint64_t address) const {
  auto it = byAddress_.find(address);
  return it == byAddress_.end() ? -1 : static_cast<std::int64_t>(it->second);
}

}  // namespace vgpu::isa
