// Predecoding: walks the code from the entry, prints each instruction with LLVM MC, parses the
// text into micro-ops, drops hints and resolves branch targets.
#include "isa/Program.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>

#include "isa/AsmText.h"
#include "isa/Disassembler.h"
#include "isa/HandlerTable.h"
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

// hwreg(HW_REG_...) ids the handlers care about (RDNA2 ISA section 4.4 "s_getreg").
std::uint32_t encodeSpecialOperand(const std::string& tok) {
  if (tok.find("HW_REG_SH_MEM_BASES") != std::string::npos) return 1;
  if (tok.find("HW_REG_HW_ID") != std::string::npos) return 2;
  if (tok.find("HW_REG_MODE") != std::string::npos) return 3;
  if (tok.find("HW_REG_FLAT_SCR") != std::string::npos) return 4;
  if (tok.find("MSG_INTERRUPT") != std::string::npos) return kSendMsgInterrupt;
  return 0;
}

// hwreg(ID[, offset, size]) as MC prints it: offset | size << 8 | id << 16 (no offset given:
// 0 and 32; id as encodeSpecialOperand). s_setreg_imm32_b32's literal overwrites MicroOp::imm.
std::int32_t encodeHwregField(const std::string& tok) {
  std::int32_t id = static_cast<std::int32_t>(encodeSpecialOperand(tok) << 16);
  std::size_t comma = tok.find(',');
  if (comma == std::string::npos) return id;
  unsigned offset = 0, size = 0;
  if (std::sscanf(tok.c_str() + comma + 1, " %u , %u", &offset, &size) != 2) return id;
  return id | static_cast<std::int32_t>((offset & 31) | ((size & 63) << 8));
}

SdwaControl::Sel parseSel(const std::string& v) {
  static const char* const names[] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                      "WORD_0", "WORD_1", "DWORD"};
  for (int i = 0; i < 7; ++i)
    if (v == names[i]) return static_cast<SdwaControl::Sel>(i);
  return SdwaControl::dword;
}

void parseSdwa(const AsmInstruction& a, SdwaControl& d) {
  if (a.encodingSuffix != "sdwa") return;
  d.on = true;
  if (const std::string* v = a.modifier("src0_sel")) d.src[0] = parseSel(*v);
  if (const std::string* v = a.modifier("src1_sel")) d.src[1] = parseSel(*v);
  if (const std::string* v = a.modifier("dst_sel")) d.dst = parseSel(*v);
  if (const std::string* v = a.modifier("dst_unused"))
    d.unused = *v == "UNUSED_SEXT"       ? SdwaControl::sext
               : *v == "UNUSED_PRESERVE" ? SdwaControl::preserve
                                         : SdwaControl::pad;
}

void parseDpp(const AsmInstruction& a, DppControl& d) {
  using K = DppControl::Kind;
  if (const std::string* v = a.modifier("quad_perm")) {
    d.kind = K::quadPerm;
    unsigned i = 0;
    for (char c : *v)
      if (c >= '0' && c <= '3') d.arg |= static_cast<std::uint32_t>(c - '0') << (2 * i++);
  }
  if (const std::string* v = a.modifier("dpp8")) {
    d.kind = K::dpp8;
    unsigned i = 0;
    for (char c : *v)
      if (c >= '0' && c <= '7') d.arg |= static_cast<std::uint32_t>(c - '0') << (3 * i++);
  }
  struct Named {
    const char* key;
    K kind;
  };
  static const Named shifts[] = {{"row_shl", K::rowShl},
                                 {"row_shr", K::rowShr},
                                 {"row_ror", K::rowRor},
                                 {"row_share", K::rowShare},
                                 {"row_xmask", K::rowXmask}};
  for (const Named& n : shifts)
    if (const std::string* v = a.modifier(n.key)) {
      d.kind = n.kind;
      d.arg = static_cast<std::uint32_t>(parseInteger(*v));
    }
  if (a.modifier("row_mirror")) d.kind = K::rowMirror;
  if (a.modifier("row_half_mirror")) d.kind = K::rowHalfMirror;
  if (const std::string* v = a.modifier("row_mask"))
    d.rowMask = static_cast<std::uint8_t>(parseInteger(*v));
  if (const std::string* v = a.modifier("bank_mask"))
    d.bankMask = static_cast<std::uint8_t>(parseInteger(*v));
  if (const std::string* v = a.modifier("bound_ctrl")) d.boundCtrl = *v != "0";
  if (const std::string* v = a.modifier("fi")) d.fetchInactive = *v != "0";
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
  bool buildOp(const Decoded& d, const AsmInstruction& a, const HandlerInfo* info, MicroOp& u);
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

bool ProgramBuilder::buildOp(const Decoded& d, const AsmInstruction& a, const HandlerInfo* info,
                             MicroOp& u) {
  u.address = d.inst.address;
  u.size = d.inst.size;
  u.text = d.inst.text;
  if (!info || !info->fn) {
    u.handler = illegalInstruction;
    return true;
  }
  u.handler = info->fn;
  u.name = info->name.c_str();
  u.type = info->type;
  if (const std::string* v = a.modifier("offset"))
    u.offset = static_cast<std::int32_t>(parseInteger(*v));
  if (const std::string* v = a.modifier("offset0"))
    u.offset = static_cast<std::int32_t>(parseInteger(*v));
  if (const std::string* v = a.modifier("offset1"))
    u.offset1 = static_cast<std::int32_t>(parseInteger(*v));
  u.glc = a.modifier("glc") || a.modifier("sc0");
  u.offen = a.modifier("offen") != nullptr;
  u.idxen = a.modifier("idxen") != nullptr;
  u.clamp = a.modifier("clamp") != nullptr;
  if (const std::string* v = a.modifier("mul")) u.omod = *v == "2" ? 1 : 2;
  if (a.modifier("div")) u.omod = 3;
  if (const std::string* v = a.modifier("op_sel"))
    u.opSel = static_cast<std::uint8_t>(parseBitList(*v));
  if (const std::string* v = a.modifier("op_sel_hi"))
    u.opSelHi = static_cast<std::uint8_t>(parseBitList(*v));
  if (const std::string* v = a.modifier("neg_lo"))
    u.negLo = static_cast<std::uint8_t>(parseBitList(*v));
  if (const std::string* v = a.modifier("neg_hi"))
    u.negHi = static_cast<std::uint8_t>(parseBitList(*v));
  parseDpp(a, u.dpp);
  parseSdwa(a, u.sdwa);
  u.numDst = info->numDst + (info->returnsWithGlc && u.glc ? 1 : 0);
  if (d.hasBranchTarget) u.imm = 0;
  std::size_t n = a.operands.size();
  for (std::size_t i = 0; i < n; ++i) {
    Operand o;
    std::string why;
    const std::string& tok = a.operands[i];
    DataType type = u.type;
    if (info->mixedSource >= 0 && static_cast<int>(i) - u.numDst == info->mixedSource)
      type = info->mixedType;
    if (!parseOperand(tok, type, o, why)) {
      // hwreg(...), sendmsg(...), waitcnt fields: the handler reads what it needs from imm.
      if (i == 0 || tok.find('(') != std::string::npos) {
        u.imm = encodeSpecialOperand(tok);
        if (tok.rfind("hwreg(", 0) == 0) u.offset = encodeHwregField(tok);
        continue;
      }
      u.handler = illegalInstruction;
      u.text += "   ; " + why;
      return true;
    }
    if (o.kind == Operand::Kind::vgpr) maxVgpr_ = std::max<unsigned>(maxVgpr_, o.index + o.dwords);
    if (i < u.numDst) {
      u.dst[i] = o;
    } else {
      std::size_t s = i - u.numDst;
      if (s >= 4) {
        u.handler = illegalInstruction;
        u.text += "   ; too many operands";
        return true;
      }
      u.src[s] = o;
      u.numSrc = static_cast<std::uint8_t>(s + 1);
      if (o.kind == Operand::Kind::constant && o.index != kNullSlot) u.imm = o.lo();
    }
  }
  return true;
}

void ProgramBuilder::emit(std::vector<MicroOp>& ops, AddressMap& byAddress, const Decoded& d,
                          std::vector<std::uint64_t>& pendingHints) {
  auto place = [&](MicroOp&& u) {
    std::uint32_t index = static_cast<std::uint32_t>(ops.size());
    for (std::uint64_t h : pendingHints) byAddress[h] = index;
    pendingHints.clear();
    byAddress.emplace(u.address, index);
    ops.push_back(std::move(u));
  };
  std::size_t dual = d.inst.text.find(" :: ");
  if (dual == std::string::npos) {
    MicroOp u;
    buildOp(d, d.parsed, d.info, u);
    place(std::move(u));
    return;
  }
  // VOPD (gfx11): two VALU ops issued together, both reading their sources before either
  // writes (RDNA3 ISA section 7.6). Run them in an order where that holds, or refuse.
  const HandlerTable& table = HandlerTable::instance();
  AsmInstruction ax = d.parsed, ay = parseAsm(std::string_view(d.inst.text).substr(dual + 4));
  auto strip = [](std::string m) { return m.rfind("v_dual_", 0) == 0 ? "v_" + m.substr(7) : m; };
  ax.mnemonic = strip(ax.mnemonic);
  ay.mnemonic = strip(ay.mnemonic);
  MicroOp x, y;
  buildOp(d, ax, table.find(ax.mnemonic), x);
  buildOp(d, ay, table.find(ay.mnemonic), y);
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
  place(std::move(xFirst ? x : y));
  ops.push_back(std::move(xFirst ? y : x));
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

std::int64_t Program::indexOf(std::uint64_t address) const {
  auto it = byAddress_.find(address);
  return it == byAddress_.end() ? -1 : static_cast<std::int64_t>(it->second);
}

}  // namespace vgpu::isa
