// vgpu's configuration: every VGPU_* setting, parsed once from the environment into one const
// struct that the thunk (kfd), the command processor (cp) and the interpreter (isa) read.
#pragma once

#include <cstdint>
#include <string>

#include "hipcore/loader/SettingReader.h"
#include "options/GpuTarget.h"

namespace vgpu {

using hipcore::loader::SettingReader;

struct Options {
  // The virtual system. An unusable value of these is fatal (`unusable`): vgpu would otherwise
  // present a different machine than the one asked for.
  GpuTarget target = GpuTarget::gfx1030;   // VGPU_TARGET=gfx1030|gfx1100
  std::uint32_t computeUnits = 8;          // VGPU_CU_COUNT=1..256
  std::uint64_t memoryBytes = 4ull << 30;  // VGPU_MEMORY_MB=64..1048576 (per GPU, "VRAM")
  std::uint64_t hostMemoryBytes = 0;       // VGPU_HOST_MEMORY_MB (system memory; 0: the machine's)
  std::uint32_t gpuCount = 1;              // VGPU_GPUS=1..8

  // Diagnostics and tuning: an unusable value is reported and the default used.
  bool log = false;  // VGPU_LOG=1: one stderr line per packet
  // Trace recording (the hipcore/vgpu trace interface): on when HIPCORE_TRACE or VGPU_TRACE is
  // set; VGPU_TRACE=path also makes vgpu write its own trace file there at exit.
  bool traceEvents = false;
  std::string traceFile;             // VGPU_TRACE
  unsigned interpreterThreads = 0;   // VGPU_THREADS=0..1024 (0: hardware concurrency)
  std::uint32_t watchdogMs = 60000;  // VGPU_WATCHDOG_MS: a dispatch's wall-time bound (0: off)
  bool isaTrace = false;             // VGPU_ISA_TRACE=1: one stderr line per instruction
  // VGPU_ISA_GENERAL_PATHS=1: the interpreter runs every micro-op on its general handler (no
  // wave32 paths, no superinstructions), for checking that both give the same results.
  bool isaGeneralPaths = false;
  // VGPU_STRICT=1: accesses the hardware defines but that are almost surely bugs (a buffer
  // access past its descriptor's range) fault instead of being reported as warnings.
  bool strict = false;

  // The first fatal message (empty: none); hsaKmtOpenKFD then fails.
  std::string unusable;

  // Messages go to `report` (else stderr), one line each.
  static Options parse(const SettingReader::Lookup& lookup,
                       const SettingReader::Report& report = {});
};

// The process's options, parsed from the environment on first use.
const Options& options();

}  // namespace vgpu
