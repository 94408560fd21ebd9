// Decodes AMDGPU machine code into printed instructions with LLVM 19's MC layer.
//
// LLVM stays behind this pimpl: no LLVM type crosses this header, because vgpu shares its
// process with comgr, which links another LLVM (docs/PLATFORM.md section 7).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "isa/Dispatch.h"

namespace vgpu::isa {

struct DecodedInstruction {
  std::uint64_t address = 0;
  std::uint32_t size = 0;
  std::string text;  // as llvm-objdump prints it, without the leading tab
};

class Disassembler {
 public:
  Disassembler(GpuTarget target, bool wave64);
  ~Disassembler();
  Disassembler(const Disassembler&) = delete;
  Disassembler& operator=(const Disassembler&) = delete;

  // Empty result when the setup failed (see error()) or the bytes are not an instruction.
  std::optional<DecodedInstruction> decode(const std::uint8_t* bytes, std::size_t available,
                                           std::uint64_t address);
  const std::string& error() const { return error_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string error_;
};

const char* targetName(GpuTarget target);

}  // namespace vgpu::isa
