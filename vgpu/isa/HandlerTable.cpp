// The registry of instruction handlers, filled once by every family's register function.
#include "isa/HandlerTable.h"

#include <cstdio>
#include <cstdlib>

namespace vgpu::isa {

DataType typeFromMnemonic(std::string_view m) {
  // Scan suffix tokens from the right: "_f64", "_u32", "_b64", "_f16", ...
  std::size_t pos = m.size();
  while (pos != std::string_view::npos && pos > 0) {
    std::size_t us = m.rfind('_', pos - 1);
    if (us == std::string_view::npos) break;
    std::string_view tok = m.substr(us + 1, pos - us - 1);
    if (tok.size() >= 3 && (tok[0] == 'f' || tok[0] == 'i' || tok[0] == 'u' || tok[0] == 'b')) {
      std::string_view bits = tok.substr(1);
      bool isFloat = tok[0] == 'f';
      if (bits == "64") return isFloat ? DataType::f64 : DataType::b64;
      if (bits == "32") return isFloat ? DataType::f32 : DataType::b32;
      if (bits == "16") return isFloat ? DataType::f16 : DataType::b32;
    }
    pos = us;
  }
  return DataType::b32;
}

HandlerInfo& HandlerTable::add(std::string_view mnemonic, Handler fn, std::uint8_t numDst) {
  std::string key(mnemonic);
  auto [it, inserted] = map_.try_emplace(key);
  if (!inserted) {
    // A duplicate registration is a programming error in a family file: refuse loudly.
    std::fprintf(stderr, "vgpu isa: handler for %s registered twice\n", key.c_str());
    std::abort();
  }
  HandlerInfo& info = it->second;
  info.fn = fn;
  info.numDst = numDst;
  info.type = typeFromMnemonic(mnemonic);
  info.name = key;
  return info;
}

void HandlerTable::hint(std::string_view mnemonic) {
  add(mnemonic, nullptr, 0).hint = true;
}

const HandlerInfo* HandlerTable::find(std::string_view mnemonic) const {
  auto it = map_.find(std::string(mnemonic));
  return it == map_.end() ? nullptr : &it->second;
}

// Never destroyed: vgpu's queue and workgroup threads decode kernels until the process ends, so
// a table destroyed by exit() could still be read by one of them (ThreadSanitizer saw the
// destructor race with decoding threads that are never joined).
const HandlerTable& HandlerTable::instance() {
  static const HandlerTable& table = *new HandlerTable([] {
    HandlerTable t;
    registerScalarOps(t);
    registerScalarMemoryOps(t);
    registerControlOps(t);
    registerVectorIntOps(t);
    registerVectorFloatOps(t);
    registerVectorCompareOps(t);
    registerLaneOps(t);
    registerPackedOps(t);
    registerDotOps(t);
    registerCubeOps(t);
    registerWmmaOps(t);
    registerLdsOps(t);
    registerMemoryOps(t);
    registerImageOps(t);
    return t;
  }());
  return table;
}

}  // namespace vgpu::isa
