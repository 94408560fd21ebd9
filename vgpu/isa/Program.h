// A kernel's code predecoded into micro-ops: decoded once per entry point, then shared
// read-only by every wave of every dispatch that runs it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "isa/Dispatch.h"
#include "isa/MicroOp.h"

namespace vgpu::isa {

class Program {
 public:
  struct Source {
    GpuTarget target = GpuTarget::gfx1030;
    bool wave64 = false;
    std::uint64_t entry = 0;               // address of the first instruction
    const AddressSpace* memory = nullptr;  // when set, code reads are bounds-checked
  };

  // Decodes everything reachable from the entry (branches and static call targets).
  // Returns null and sets error when the entry itself cannot be read or decoded.
  static std::unique_ptr<Program> build(const Source& source, std::string& error);

  const std::vector<MicroOp>& ops() const { return ops_; }
  std::uint32_t entryIndex() const { return entryIndex_; }
  unsigned vgprsUsed() const { return vgprsUsed_; }
  // Micro-op index of a machine address (indirect jumps), or -1.
  std::int64_t indexOf(std::uint64_t address) const;
  std::size_t instructionCount() const { return ops_.size(); }

 private:
  std::vector<MicroOp> ops_;
  std::unordered_map<std::uint64_t, std::uint32_t> byAddress_;
  std::uint32_t entryIndex_ = 0;
  unsigned vgprsUsed_ = 0;
  friend class ProgramBuilder;
};

// Handler of every micro-op whose instruction the interpreter does not implement.
void illegalInstruction(struct Wave& w, const MicroOp& u);

}  // namespace vgpu::isa
