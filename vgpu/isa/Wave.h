// The architectural state of one wave and the workgroup/dispatch context its handlers reach.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "isa/Dispatch.h"
#include "isa/MicroOp.h"

namespace vgpu::isa {

class Program;

// Fixed aperture bases reported by src_shared_base / src_private_base: flat addresses whose
// high dword equals one of these reach LDS or scratch (RDNA2 ISA section 10.1.1 "Flat").
inline constexpr std::uint32_t kSharedApertureHi = 0x00010000u;
inline constexpr std::uint32_t kPrivateApertureHi = 0x00020000u;

// The first fault of a dispatch; later faults of other waves are ignored.
struct Fault {
  DispatchOutcome::Kind kind = DispatchOutcome::Kind::completed;
  int lane = -1;
  std::uint64_t address = 0;
  std::string detail;
};

// VGPRs each wave gets beyond what its code uses: 64-bit reads of the last VGPR pair never leave
// the wave's storage.
inline constexpr unsigned kSpareVgprs = 4;

// What every wave of a dispatch shares (read-only while waves run).
struct DispatchContext {
  const DispatchRequest* request = nullptr;
  const Program* program = nullptr;
  GpuTarget target = GpuTarget::gfx1030;
  bool wave64 = false;
  unsigned lanes = 32;
  unsigned vgprs = 0;              // VGPRs allocated per wave
  std::uint32_t privateBytes = 0;  // scratch bytes per lane
  std::uint32_t ldsBytes = 0;
  const AddressSpace* memory = nullptr;
  // VGPU_ISA_TRACE=1: print every executed instruction with lane 0 of its destination.
  bool trace = false;
  // The watchdog (request.watchdogMs): waves polling past the deadline stop with a timeout.
  bool watchdog = false;
  // DispatchRequest::strictness resolved: warnings become faults.
  bool strict = false;
  std::uint32_t watchdogMs = 0;
  // Set by the dispatch's first watchdog look (kWatchdogStride instructions or kWatchdogRounds
  // rounds in), not at its start: a clock read is a tenth of an empty kernel's whole dispatch
  // on the CI VM (~40 ns), and those first microseconds are nothing against a bound in seconds.
  // steady_clock ticks, 0 until then.
  mutable std::atomic<std::chrono::steady_clock::rep> deadline{0};
};

// One workgroup's shared state: LDS and the per-wave scratch blocks.
struct WorkgroupContext {
  const DispatchContext* dispatch = nullptr;
  std::vector<std::uint8_t> lds;
  // Where an LDS access beyond `lds` goes (Memory.h's locate): zeroed before each use, as large
  // as the widest DS or flat access (16 bytes).
  alignas(16) std::uint8_t ldsSink[16] = {};
  std::uint32_t id[3] = {0, 0, 0};
  Fault fault;
  bool faulted = false;
  unsigned faultWave = 0;
  std::uint32_t faultPc = 0;  // micro-op index of the faulting instruction
  // Warnings (Wave::warn): how many, and the first with where it happened.
  std::uint64_t warnings = 0;
  Fault warning;
  unsigned warningWave = 0;
  std::uint32_t warningPc = 0;
  std::uint64_t executed = 0;  // wave-instructions run by this workgroup
  unsigned waves = 0;          // waves of this workgroup (WorkgroupRunner::start)
  unsigned round = 0;          // scheduling rounds so far (the watchdog looks every 256)
};

// The MODE register (RDNA2 ISA section 3.8 "Mode register"). FP_ROUND [3:0]: f32 in [1:0],
// f16/f64 in [3:2] (0 nearest even, 1 +inf, 2 -inf, 3 toward zero). FP_DENORM [7:4]: per
// precision one bit allowing denormal inputs and one allowing denormal outputs (clear: flushed
// to signed zero). DX10_CLAMP [8], IEEE [9].
inline constexpr std::uint32_t kModeRoundF32 = 0x3;
inline constexpr std::uint32_t kModeRoundF64 = 0xc;
inline constexpr std::uint32_t kModeDenormF32In = 1u << 4;
inline constexpr std::uint32_t kModeDenormF32Out = 1u << 5;
inline constexpr std::uint32_t kModeDenormF64In = 1u << 6;
inline constexpr std::uint32_t kModeDenormF64Out = 1u << 7;
// f32 arithmetic needs no flushing or rounding change exactly when these bits read 0x30.
inline constexpr std::uint32_t kModeF32Bits = kModeRoundF32 | kModeDenormF32In | kModeDenormF32Out;
inline constexpr std::uint32_t kModeF64Bits = kModeRoundF64 | kModeDenormF64In | kModeDenormF64Out;

enum class WaveStatus : std::uint8_t { running, barrier, yielded, ended, faulted };

struct Wave {
  std::uint32_t s[kScalarSlots] = {};
  std::uint32_t scc = 0;
  std::uint32_t mode = kModeDenormF32In | kModeDenormF32Out | kModeDenormF64In | kModeDenormF64Out;
  unsigned lanes = 32;
  bool wave64 = false;
  WaveStatus status = WaveStatus::running;
  std::uint32_t pc = 0;  // micro-op index of the next instruction
  std::uint32_t lastPc = 0;
  unsigned id = 0;                  // wave number inside the workgroup
  std::uint32_t* v = nullptr;       // VGPRs: v[reg * 64 + lane]
  std::uint8_t* scratch = nullptr;  // lanes * privateBytes, interleaved per dword (swizzled)
  std::uint32_t scratchBytes = 0;
  WorkgroupContext* wg = nullptr;
  std::uint64_t executed = 0;
  // A 4 KiB page already found wholly accessible (bounds checks skip the AddressSpace call
  // for accesses inside it; allocations do not go away while a dispatch uses them).
  std::uint64_t checkedPage = ~std::uint64_t{0};

  std::uint32_t* vreg(unsigned r) { return v + static_cast<std::size_t>(r) * 64; }
  std::uint64_t exec() const {
    return wave64 ? (s[kExecLo] | (std::uint64_t{s[kExecHi]} << 32)) : s[kExecLo];
  }
  void setExec(std::uint64_t e) {
    s[kExecLo] = static_cast<std::uint32_t>(e);
    if (wave64) s[kExecHi] = static_cast<std::uint32_t>(e >> 32);
  }
  std::uint64_t laneMask() const { return wave64 ? ~std::uint64_t{0} : 0xffffffffu; }

  // Stops the wave and records the dispatch's first fault.
  void fail(DispatchOutcome::Kind kind, int lane, std::uint64_t address, std::string detail) {
    status = WaveStatus::faulted;
    if (wg->faulted) return;
    wg->faulted = true;
    wg->faultWave = id;
    wg->faultPc = lastPc;
    wg->fault = Fault{kind, lane, address, std::move(detail)};
  }

  // An access the hardware defines but that is almost surely a bug: counted, the first kept for
  // the report (detail() is called for it only: warnings may be frequent); a memory violation
  // when the dispatch is strict (VGPU_STRICT=1). False when the wave has faulted.
  template <class Detail>
  bool warn(int lane, std::uint64_t address, Detail detail) {
    if (wg->dispatch->strict) {
      fail(DispatchOutcome::Kind::memoryViolation, lane, address, detail());
      return false;
    }
    if (wg->warnings++ == 0) {
      wg->warningWave = id;
      wg->warningPc = lastPc;
      wg->warning = Fault{DispatchOutcome::Kind::memoryViolation, lane, address, detail()};
    }
    return true;
  }
};

}  // namespace vgpu::isa
