// Occupancy: how many blocks of a kernel one compute unit holds at once, from the kernel's
// register and LDS use and the device's limits. Pure arithmetic (unit-tested with exact numbers);
// the HIP occupancy functions and the cooperative-launch co-residency check both use it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <hip/hip_runtime_api.h>

namespace hipcore::core {

struct DeviceKernel;

// What bounds residency on one compute unit (HIP's "multiprocessor" is a CU as ROCR counts them).
struct OccupancyLimits {
  uint32_t computeUnits = 0;
  uint32_t simdsPerCu = 0;         // 2 SIMD32 per CU on RDNA (a WGP is 2 CUs), 4 SIMD16 on GCN/CDNA
  uint32_t maxWavesPerSimd = 0;    // wave slots per SIMD (ROCR: MAX_WAVES_PER_CU / SIMDs per CU)
  uint32_t vgprFileBytes = 0;      // the VGPR file of one SIMD
  uint32_t vgprGranuleWave32 = 0;  // VGPRs are allocated per wave in blocks of this many
  uint32_t vgprGranuleWave64 = 0;
  uint32_t ldsBytesPerCu = 0;
  uint32_t maxWorkgroupSize = 0;
};

// What a kernel uses: from its code object metadata and kernel descriptor.
struct KernelResources {
  uint32_t vgprs = 0;                // .vgpr_count (per lane)
  uint32_t wavefrontSize = 32;       // .wavefront_size
  uint32_t staticLds = 0;            // group segment size
  uint32_t maxWorkgroupSize = 1024;  // .max_flat_workgroup_size (__launch_bounds__)
};

// The limits of a device of architecture `arch` ("gfx1030"), given what ROCR reports.
OccupancyLimits occupancyLimits(std::string_view arch, uint32_t computeUnits,
                                uint32_t maxWavesPerCu, uint32_t ldsBytesPerCu,
                                uint32_t maxWorkgroupSize);

// CUs per HIP "multiprocessor" on `arch`: 2 on RDNA (gfx10 and later), whose work-group
// processor (WGP, two CUs sharing LDS and caches, the unit a workgroup runs on in WGP mode: RDNA
// ISA guides, "Overview") AMD's runtime reports as the multiprocessor; 1 on GCN and CDNA.
uint32_t cusPerMultiprocessor(std::string_view arch);

// The same from HIP's device properties (gcnArchName, multiprocessor count, waves and LDS per
// multiprocessor). On RDNA the result describes a WGP: `computeUnits` counts WGPs and
// `simdsPerCu` is the WGP's four SIMDs, so per-"CU" answers are per multiprocessor as HIP's
// occupancy functions report them.
OccupancyLimits occupancyLimits(const hipDeviceProp_t& properties);
KernelResources kernelResources(const DeviceKernel& code);

// Blocks of `blockSize` threads with `dynamicLds` bytes of dynamic shared memory that one CU
// runs at once: the least of the wave-slot, VGPR and LDS bounds; 0 when one block cannot run.
uint32_t maxActiveBlocksPerCu(const OccupancyLimits& device, const KernelResources& kernel,
                              uint32_t blockSize, size_t dynamicLds);

// hipOccupancyMaxPotentialBlockSize: the block size (a multiple of the wave, at most
// `blockSizeLimit` when non-zero) with the most resident threads per CU, the largest on ties;
// `minGridSize` is the grid that fills every CU with it.
void maxPotentialBlockSize(const OccupancyLimits& device, const KernelResources& kernel,
                           size_t dynamicLds, uint32_t blockSizeLimit, uint32_t& blockSize,
                           uint32_t& minGridSize);

}  // namespace hipcore::core
