// MIMG operand parsing (RDNA2 ISA section 8.1 "image instructions" / RDNA3 ISA 8.1): gfx10's
// NSA encoding and gfx11's MIMG NSA print the address VGPRs as "[v4, v5, v8]", whose elements
// may themselves be ranges ("v[6:7]"); the non-NSA forms print one range.
#include "isa/ImageOperands.h"

#include <algorithm>

namespace vgpu::isa {

namespace {

bool parseDim(std::string_view name, std::uint8_t& dim) {
  static const char* const kNames[] = {"SQ_RSRC_IMG_1D",       "SQ_RSRC_IMG_2D",
                                       "SQ_RSRC_IMG_3D",       "SQ_RSRC_IMG_CUBE",
                                       "SQ_RSRC_IMG_1D_ARRAY", "SQ_RSRC_IMG_2D_ARRAY",
                                       "SQ_RSRC_IMG_2D_MSAA",  "SQ_RSRC_IMG_2D_MSAA_ARRAY"};
  for (std::uint8_t i = 0; i < 8; ++i)
    if (name == kNames[i]) {
      dim = i;
      return true;
    }
  return false;
}

// The address VGPRs of tok ("v3", "v[2:4]" or "[v4, v5, v[6:7]]") appended to c.
bool readAddresses(std::string_view tok, ImageControl& c, unsigned& maxVgpr, std::string& why) {
  std::vector<std::string> parts;
  if (!tok.empty() && tok.front() == '[') {
    std::string cur;
    int depth = 0;  // inside an element's own "v[a:b]"
    for (char ch : tok.substr(1)) {
      if ((ch == ',' || ch == ']') && depth == 0) {
        if (!cur.empty()) parts.push_back(cur);
        cur.clear();
        continue;
      }
      if (ch == '[') ++depth;
      if (ch == ']') --depth;
      if (ch != ' ') cur += ch;
    }
  } else {
    parts.emplace_back(tok);
  }
  for (const std::string& p : parts) {
    Operand o;
    if (!parseOperand(p, DataType::b32, o, why) || o.kind != Operand::Kind::vgpr) {
      why = "image address operand '" + p + "' is not a VGPR";
      return false;
    }
    for (unsigned k = 0; k < o.dwords; ++k) {
      if (c.addrCount == sizeof(c.addr)) {
        why = "too many image address VGPRs";
        return false;
      }
      c.addr[c.addrCount++] = static_cast<std::uint8_t>(o.index + k);
    }
    maxVgpr = std::max<unsigned>(maxVgpr, o.index + o.dwords);
  }
  return true;
}

}  // namespace

std::string readImageOperands(const AsmInstruction& a, const HandlerInfo& info, ModifierReader& m,
                              MicroOp& u, unsigned& maxVgpr) {
  std::int64_t dmask = 0;
  // image_get_resinfo and stores without dmask are legal in LLVM's syntax: dmask defaults to 0
  // there (nothing written), as the hardware field does.
  if (m.integer("dmask", 0, 15, dmask)) u.image.dmask = static_cast<std::uint8_t>(dmask);
  if (const std::string* dim = m.take("dim")) {
    if (!parseDim(*dim, u.image.dim)) m.reject("dim", *dim);
  }
  u.image.unorm = m.flag("unorm");
  const bool sampled = a.mnemonic.find("sample") != std::string::npos ||
                       a.mnemonic.find("gather4") != std::string::npos;
  if (a.operands.size() != (sampled ? 4u : 3u))
    return "expected " + std::to_string(sampled ? 4 : 3) + " image operands";
  std::string why;
  Operand vdata, rsrc, samp;
  if (!parseOperand(a.operands[0], DataType::b32, vdata, why) || vdata.kind != Operand::Kind::vgpr)
    return "image data operand '" + a.operands[0] + "' is not a VGPR";
  maxVgpr = std::max<unsigned>(maxVgpr, vdata.index + vdata.dwords);
  if (!readAddresses(a.operands[1], u.image, maxVgpr, why)) return why;
  if (!parseOperand(a.operands[2], DataType::b32, rsrc, why) || rsrc.kind != Operand::Kind::sgpr ||
      rsrc.dwords != 8)
    return "image resource '" + a.operands[2] + "' is not 8 SGPRs";
  if (sampled && (!parseOperand(a.operands[3], DataType::b32, samp, why) ||
                  samp.kind != Operand::Kind::sgpr || samp.dwords != 4))
    return "image sampler '" + a.operands[3] + "' is not 4 SGPRs";
  u.numDst = info.numDst;
  if (u.numDst)
    u.dst[0] = vdata;
  else
    u.src[0] = vdata;
  u.src[1] = rsrc;
  u.src[2] = samp;
  u.numSrc = 3;
  return {};
}

}  // namespace vgpu::isa
