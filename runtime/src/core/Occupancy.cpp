// Occupancy arithmetic: per-CU residency of a kernel's blocks.
#include "Occupancy.h"

#include <algorithm>
#include <string>

#include "Registry.h"

namespace hipcore::core {
namespace {

uint32_t roundUp(uint32_t value, uint32_t granule) {
  return (value + granule - 1) / granule * granule;
}

// The major version: "gfx1030" -> 10, "gfx1100" -> 11, "gfx90a" -> 9.
unsigned family(std::string_view arch) {
  if (arch.size() < 5 || arch.substr(0, 3) != "gfx") return 0;
  std::string_view digits = arch.substr(3);
  return static_cast<unsigned>(std::stoul(std::string(digits.substr(0, digits.size() - 2))));
}

}  // namespace

OccupancyLimits occupancyLimits(std::string_view arch, uint32_t computeUnits,
                                uint32_t maxWavesPerCu, uint32_t ldsBytesPerCu,
                                uint32_t maxWorkgroupSize) {
  OccupancyLimits d;
  d.computeUnits = computeUnits;
  d.ldsBytesPerCu = ldsBytesPerCu;
  d.maxWorkgroupSize = maxWorkgroupSize;
  const unsigned major = family(arch);
  if (major >= 10) {
    // RDNA (RDNA/RDNA2/RDNA3 ISA guides, "Overview"): a CU has 2 SIMD32; the VGPR file of a
    // SIMD is 128 KiB (1024 wave32 registers), 192 KiB on gfx1100/gfx1101/gfx1151 (1536).
    // Allocation granularity (LLVM AMDGPUUsage / the ISA guides' VGPR_COUNT field): wave32
    // blocks of 8 on gfx10.1, 16 on gfx10.3 and the smaller gfx11 parts, 24 on the 1536 file;
    // wave64 half of that.
    d.simdsPerCu = 2;
    const bool largeFile = arch == "gfx1100" || arch == "gfx1101" || arch == "gfx1151";
    d.vgprFileBytes = largeFile ? 192 * 1024 : 128 * 1024;
    const bool gfx101 = major == 10 && arch.size() >= 6 && arch[5] == '1';
    d.vgprGranuleWave32 = largeFile ? 24 : gfx101 ? 8 : 16;
  } else {
    // GCN and CDNA: 4 SIMD16 per CU, 256 wave64 VGPRs per SIMD (64 KiB) allocated in blocks of 4;
    // gfx90a and later CDNA: a unified 512-register file (VGPRs + AGPRs, 128 KiB) in blocks of 8.
    d.simdsPerCu = 4;
    const bool unified =
        arch == "gfx90a" || arch.substr(0, 5) == "gfx94" || arch.substr(0, 5) == "gfx95";
    d.vgprFileBytes = unified ? 128 * 1024 : 64 * 1024;
    d.vgprGranuleWave32 = unified ? 16 : 8;  // no wave32 on these; keeps wave64 = half
  }
  d.vgprGranuleWave64 = d.vgprGranuleWave32 / 2;
  // ROCR's HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU is the KFD node's MaxWavesPerSIMD x SIMDs per CU.
  d.maxWavesPerSimd = std::max<uint32_t>(1, maxWavesPerCu / d.simdsPerCu);
  return d;
}

uint32_t cusPerMultiprocessor(std::string_view arch) {
  return family(arch) >= 10 ? 2 : 1;
}

OccupancyLimits occupancyLimits(const hipDeviceProp_t& p) {
  std::string_view arch(p.gcnArchName);
  arch = arch.substr(0, arch.find(':'));  // "gfx90a:sramecc+:xnack-" -> "gfx90a"
  const uint32_t wave = p.warpSize > 0 ? static_cast<uint32_t>(p.warpSize) : 64;
  const uint32_t cus = cusPerMultiprocessor(arch);
  OccupancyLimits d =
      occupancyLimits(arch, static_cast<uint32_t>(p.multiProcessorCount),
                      static_cast<uint32_t>(p.maxThreadsPerMultiProcessor) / wave / cus,
                      static_cast<uint32_t>(p.sharedMemPerMultiprocessor),
                      static_cast<uint32_t>(p.maxThreadsPerBlock));
  // A multiprocessor of `cus` CUs: their SIMDs together. LDS stays what the properties say per
  // multiprocessor (64 KiB, what a workgroup may use, as AMD's runtime reports it).
  d.simdsPerCu *= cus;
  return d;
}

KernelResources kernelResources(const DeviceKernel& code) {
  KernelResources k;
  k.vgprs = code.vgprCount;
  k.wavefrontSize = code.wavefrontSize ? code.wavefrontSize : 64;
  k.staticLds = code.groupSegmentSize;
  k.maxWorkgroupSize = code.maxWorkgroupSize;
  return k;
}

uint32_t maxActiveBlocksPerCu(const OccupancyLimits& device, const KernelResources& kernel,
                              uint32_t blockSize, size_t dynamicLds) {
  if (blockSize == 0 || blockSize > kernel.maxWorkgroupSize || blockSize > device.maxWorkgroupSize)
    return 0;
  const uint32_t wave = kernel.wavefrontSize == 64 ? 64 : 32;
  const uint32_t wavesPerBlock = (blockSize + wave - 1) / wave;

  // Registers: a wave holds roundUp(vgprs, granule) of the SIMD's wave-sized registers.
  const uint32_t granule = wave == 64 ? device.vgprGranuleWave64 : device.vgprGranuleWave32;
  const uint32_t fileRegisters = device.vgprFileBytes / (4 * wave);
  const uint32_t vgprs = roundUp(std::max<uint32_t>(kernel.vgprs, 1), granule);
  const uint32_t wavesPerSimd = std::min(device.maxWavesPerSimd, fileRegisters / vgprs);
  // SGPRs are no bound on RDNA (every wave gets its 106) and rarely one on GCN: not modelled.
  uint32_t blocks = wavesPerSimd * device.simdsPerCu / wavesPerBlock;

  const uint64_t lds = uint64_t{kernel.staticLds} + dynamicLds;
  if (lds > device.ldsBytesPerCu) return 0;
  if (lds != 0) blocks = std::min<uint64_t>(blocks, device.ldsBytesPerCu / lds);
  return blocks;
}

void maxPotentialBlockSize(const OccupancyLimits& device, const KernelResources& kernel,
                           size_t dynamicLds, uint32_t blockSizeLimit, uint32_t& blockSize,
                           uint32_t& minGridSize) {
  const uint32_t wave = kernel.wavefrontSize == 64 ? 64 : 32;
  uint32_t limit = std::min(device.maxWorkgroupSize, kernel.maxWorkgroupSize);
  if (blockSizeLimit != 0) limit = std::min(limit, blockSizeLimit);
  blockSize = 0;
  minGridSize = 0;
  uint64_t bestThreads = 0;
  // Whole waves only (a partial wave wastes lanes), from the largest down, so the largest
  // block wins a tie; a limit below one wave is tried as is.
  uint32_t candidate = limit >= wave ? limit / wave * wave : limit;
  for (; candidate > 0; candidate = candidate > wave ? candidate - wave : 0) {
    const uint32_t blocks = maxActiveBlocksPerCu(device, kernel, candidate, dynamicLds);
    const uint64_t threads = uint64_t{blocks} * candidate;
    if (threads > bestThreads) {
      bestThreads = threads;
      blockSize = candidate;
      minGridSize = blocks * device.computeUnits;
    }
    if (candidate < wave) break;
  }
}

}  // namespace hipcore::core
