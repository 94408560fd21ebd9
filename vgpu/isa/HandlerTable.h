// Mnemonic -> handler registry. Each instruction family registers its handlers from its own
// file (ScalarOps.cpp, VectorIntOps.cpp, ...); adding an instruction is one add() line there.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "isa/MicroOp.h"

namespace vgpu::isa {

struct HandlerInfo {
  Handler fn = nullptr;
  std::uint8_t numDst = 0;  // leading printed operands that are destinations
  DataType type = DataType::b32;
  // Sources whose type differs from the instruction's (v_ldexp_f64's i32 exponent): index, type.
  int mixedSource = -1;
  DataType mixedType = DataType::b32;
  bool hint = false;            // dropped at predecode (s_waitcnt, s_nop, ...)
  bool branch = false;          // imm is a relative branch offset; target resolved at predecode
  bool terminator = false;      // never falls through (s_endpgm, s_branch, s_setpc_b64)
  bool returnsWithGlc = false;  // atomics: with glc the first operand is a destination
  bool image = false;           // MIMG: operands and modifiers read by readImageOperands
  std::string name;
};

class HandlerTable {
 public:
  // Registers one mnemonic (without _e32/_e64/_dpp suffixes). The data type defaults to the last
  // type suffix of the mnemonic (v_cvt_f32_f64 -> f64: sources decide how constants read).
  HandlerInfo& add(std::string_view mnemonic, Handler fn, std::uint8_t numDst);
  void hint(std::string_view mnemonic);
  const HandlerInfo* find(std::string_view mnemonic) const;

  // The table with every family registered (built once, immutable afterwards).
  static const HandlerTable& instance();

 private:
  std::unordered_map<std::string, HandlerInfo> map_;
};

DataType typeFromMnemonic(std::string_view mnemonic);

// One registration function per instruction family (one file each).
void registerScalarOps(HandlerTable&);
void registerScalarMemoryOps(HandlerTable&);
void registerControlOps(HandlerTable&);
void registerVectorIntOps(HandlerTable&);
void registerVectorFloatOps(HandlerTable&);
void registerVectorCompareOps(HandlerTable&);
void registerLaneOps(HandlerTable&);
void registerPackedOps(HandlerTable&);
void registerDotOps(HandlerTable&);
void registerCubeOps(HandlerTable&);
void registerWmmaOps(HandlerTable&);
void registerLdsOps(HandlerTable&);
void registerMemoryOps(HandlerTable&);
void registerImageOps(HandlerTable&);

}  // namespace vgpu::isa
