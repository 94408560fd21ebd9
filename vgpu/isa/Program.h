// A kernel's code predecoded into micro-ops: decoded once per entry point, then shared
// read-only by every wave of every dispatch that runs it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
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
    // No wave32 paths (MicroOp::plain32) and no superinstructions (Fusion.h): every micro-op
    // runs its general handler, as the isa tests' second run checks (VGPU_ISA_GENERAL_PATHS=1).
    bool generalPaths = false;
  };

  // Decodes everything reachable from the entry (branches and static call targets).
  // Returns null and sets error when the entry itself cannot be read or decoded.
  static std::unique_ptr<Program> build(const Source& source, std::string& error);

  // Every micro-op decoded so far. Later versions only append (code reached through indirect
  // jumps), so an index valid in one version means the same micro-op in every later one.
  const std::vector<MicroOp>& ops() const { return *current_.load(std::memory_order_acquire); }
  std::uint32_t entryIndex() const { return entryIndex_; }
  unsigned vgprsUsed() const { return vgprsUsed_; }
  // Micro-op index of a machine address decoded when the program was built, or -1.
  std::int64_t indexOf(std::uint64_t address) const;
  std::size_t instructionCount() const { return ops().size(); }
  // Whether the code bytes the program was built from (from its lowest to its highest decoded
  // instruction) still read the same at their address: a code object unloaded and another
  // loaded in its place, whose first bytes may well be the same (rocFFT's runtime-compiled
  // kernels share long prologues), must not run as the old program. `memory`, when given,
  // bounds-checks the range first (it may have been freed); without it the caller knows the
  // range is still mapped.
  bool sameCodeAt(const AddressSpace* memory) const;

  // A jump target that may not have been predecoded (s_setpc/s_swappc to an address loaded
  // from memory: calls through function pointers). Decodes the code reachable from it the
  // first time, appends it to ops() and caches it. Returns the index, or -1 with `error` set;
  // `appended` is set when the index may lie beyond an ops() the caller read earlier.
  // `vgprs` is the caller's VGPR allocation: code needing more is refused.
  std::int64_t resolveJump(std::uint64_t address, const AddressSpace* memory, unsigned vgprs,
                           bool& appended, std::string& error) const;

 private:
  Source source_;
  std::vector<MicroOp> ops_;  // the predecoded version
  std::unordered_map<std::uint64_t, std::uint32_t> byAddress_;
  std::uint32_t entryIndex_ = 0;
  unsigned vgprsUsed_ = 0;
  std::uint64_t codeBegin_ = 0;
  std::vector<std::uint8_t> code_;  // the bytes decoded, for sameCodeAt
  mutable std::atomic<const std::vector<MicroOp>*> current_{&ops_};

  // Code decoded after the build, guarded by mutex_.
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::uint64_t, std::uint32_t> lateByAddress_;
  mutable std::vector<std::unique_ptr<std::vector<MicroOp>>> versions_;  // all kept alive
  mutable unsigned lateVgprsUsed_ = 0;
  friend class ProgramBuilder;
};

// Handler of every micro-op whose instruction the interpreter does not implement.
void illegalInstruction(struct Wave& w, const MicroOp& u);

// The micro-op one printed instruction (LLVM's syntax) predecodes to, as Program::build makes
// it, at address 0 with branch targets unresolved: how tests check which texts are refused.
MicroOp predecodeText(const std::string& text);

// Every micro-op one printed instruction predecodes to, as Program::build makes them: none for a
// hint (dropped), two for a VOPD pair. An unsupported instruction (or half) has the handler
// illegalInstruction and names why in its text. Coverage tools ask this, never a list of their own.
std::vector<MicroOp> predecodeInstruction(const std::string& text);

}  // namespace vgpu::isa
