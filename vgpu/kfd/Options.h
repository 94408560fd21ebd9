// vgpu's configuration, parsed once from the environment into a const struct.
#pragma once

#include <cstdint>
#include <string>

#include "isa/Dispatch.h"

namespace vgpu::kfd {

struct Options {
  GpuTarget target = GpuTarget::gfx1030;   // VGPU_TARGET=gfx1030|gfx1100
  std::uint32_t computeUnits = 8;          // VGPU_CU_COUNT
  std::uint64_t memoryBytes = 4ull << 30;  // VGPU_MEMORY_MB (per GPU, "VRAM")
  std::uint64_t hostMemoryBytes = 0;       // VGPU_HOST_MEMORY_MB (system memory; 0: the machine's)
  std::uint32_t gpuCount = 1;              // VGPU_GPUS
  bool log = false;                        // VGPU_LOG=1: one stderr line per packet
  // Trace recording (the hipcore/vgpu trace interface): on when HIPCORE_TRACE or VGPU_TRACE is
  // set; VGPU_TRACE=path also makes vgpu write its own trace file there at exit.
  bool traceEvents = false;
  std::string traceFile;            // VGPU_TRACE
  unsigned interpreterThreads = 0;  // VGPU_THREADS (0: hardware concurrency)

  // Unknown or malformed values fall back to the default with a warning on stderr.
  static Options fromEnvironment();
};

}  // namespace vgpu::kfd
