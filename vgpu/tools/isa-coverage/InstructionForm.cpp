// Reduces printed instructions to forms and shapes, through the interpreter's own text parser.
#include "InstructionForm.h"

#include <cctype>
#include <cstdint>
#include <cstdlib>

#include "isa/AsmText.h"

namespace vgpu::coverage {

namespace {

using vgpu::isa::AsmInstruction;

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Modifiers whose value selects behaviour (RDNA2 ISA sections 6.2.2 SDWA, 6.5 VOP3P, 8 MTBUF).
bool keepsValue(std::string_view key) {
  for (const char* k : {"src0_sel", "src1_sel", "dst_sel", "dst_unused", "op_sel", "op_sel_hi",
                        "neg_lo", "neg_hi", "bound_ctrl", "fi", "format", "dmask", "dim"})
    if (key == k) return true;
  return false;
}

// Modifiers that only carry numbers no handler decides on (addresses, DPP lane masks).
bool dropped(std::string_view key) {
  for (const char* k : {"offset", "offset0", "offset1", "row_mask", "bank_mask"})
    if (key == k) return true;
  return false;
}

// "hwreg(HW_REG_MODE, 0, 2)" -> "hwreg(HW_REG_MODE)"; "swizzle(BROADCAST,32,15)" ->
// "swizzle(BROADCAST)"; other tokens -> "".
std::string namedCall(std::string_view tok) {
  for (std::string_view call : {"hwreg(", "sendmsg(", "swizzle("}) {
    if (tok.rfind(call, 0) != 0) continue;
    std::size_t end = tok.find_first_of(",)", call.size());
    return std::string(tok.substr(0, end)) + ")";
  }
  return "";
}

std::string formOfOne(std::string_view text) {
  AsmInstruction a = vgpu::isa::parseAsm(text);
  std::string form = a.mnemonic;
  if (!a.encodingSuffix.empty()) form += "_" + a.encodingSuffix;
  for (const std::string& op : a.operands)
    if (std::string call = namedCall(op); !call.empty()) form += " " + call;
  for (const auto& [key, value] : a.modifiers) {
    if (key == "offset" && value.rfind("swizzle(", 0) == 0) {
      form += " " + namedCall(value);
      continue;
    }
    if (dropped(key)) continue;
    form += " " + key;
    if (keepsValue(key) && !value.empty()) form += ":" + value;
  }
  for (const std::string& remark : a.remarks) form += " " + remark;
  return form;
}

// "v[12:15]" -> "v[#+3]", "s7" -> "s#", "ttmp3" -> "ttmp#" inside one operand token.
std::string abstractRegisters(std::string_view tok) {
  std::string out;
  for (std::size_t i = 0; i < tok.size();) {
    const bool start = i == 0 || !isWordChar(tok[i - 1]);
    std::size_t prefix = 0;
    for (std::string_view p : {"ttmp", "v", "s", "a"})
      if (start && tok.substr(i, p.size()) == p) {
        prefix = p.size();
        break;
      }
    std::size_t j = i + prefix;
    if (prefix && j < tok.size() && std::isdigit(static_cast<unsigned char>(tok[j]))) {
      while (j < tok.size() && std::isdigit(static_cast<unsigned char>(tok[j]))) ++j;
      if (j == tok.size() || !isWordChar(tok[j])) {
        out += std::string(tok.substr(i, prefix)) + "#";
        i = j;
        continue;
      }
    }
    std::size_t colon = tok.find(':', j), close = tok.find(']', j);
    if (prefix && j < tok.size() && tok[j] == '[' && colon != std::string_view::npos &&
        close != std::string_view::npos && colon < close) {
      long lo = std::strtol(std::string(tok.substr(j + 1, colon - j - 1)).c_str(), nullptr, 10);
      long hi =
          std::strtol(std::string(tok.substr(colon + 1, close - colon - 1)).c_str(), nullptr, 10);
      out += std::string(tok.substr(i, prefix)) + "[#+" + std::to_string(hi - lo) + "]";
      i = close + 1;
      continue;
    }
    out += tok[i++];
  }
  return out;
}

std::string shapeOfOne(std::string_view text) {
  AsmInstruction a = vgpu::isa::parseAsm(text);
  std::string shape = a.mnemonic + "_" + a.encodingSuffix;
  std::int64_t number = 0;
  for (const std::string& op : a.operands)
    shape += vgpu::isa::parseIntegerStrict(op, number) ? " N" : " " + abstractRegisters(op);
  for (const auto& [key, value] : a.modifiers) {
    bool plainNumber = vgpu::isa::parseIntegerStrict(value, number);
    shape += " " + key + (value.empty() ? "" : ":" + (plainNumber && dropped(key) ? "N" : value));
  }
  for (const std::string& remark : a.remarks) shape += " " + remark;
  return shape;
}

// Applies f to each half of a VOPD pair ("x :: y") or to the single instruction.
template <class F>
std::string perHalf(std::string_view text, F f) {
  std::size_t dual = text.find(" :: ");
  if (dual == std::string_view::npos) return f(text);
  return f(text.substr(0, dual)) + " :: " + f(text.substr(dual + 4));
}

}  // namespace

std::string instructionForm(std::string_view text) {
  return perHalf(text, formOfOne);
}

std::string instructionShape(std::string_view text) {
  return perHalf(text, shapeOfOne);
}

}  // namespace vgpu::coverage
