// Kernel names for traces: the symbol of a kernel descriptor, found in the loaded code object
// around it (the code object's dynamic symbol table is part of its first loaded segment).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "isa/Dispatch.h"

namespace vgpu::cp {

class KernelSymbols {
 public:
  // The demangled kernel name of the descriptor at kernelObject, or "kernel@0x..." when no
  // symbol is found. Every byte read is checked against memory. Cached per descriptor address.
  std::string nameOf(std::uint64_t kernelObject, const AddressSpace& memory);

 private:
  std::mutex mutex_;
  std::map<std::uint64_t, std::string> names_;
};

// The symbol naming kernelObject in the ELF image loaded at base ("" when there is none).
std::string findKernelSymbol(std::uint64_t base, std::uint64_t kernelObject,
                             const AddressSpace& memory);

}  // namespace vgpu::cp
