// The occupancy arithmetic (runtime/src/core/Occupancy.h) on known register and LDS use, with
// every expected number worked out by hand in the comment next to it.
#include <gtest/gtest.h>

#include "core/Occupancy.h"

namespace {

using hipcore::core::KernelResources;
using hipcore::core::maxActiveBlocksPerCu;
using hipcore::core::maxPotentialBlockSize;
using hipcore::core::occupancyLimits;
using hipcore::core::OccupancyLimits;

// gfx1030 as ROCR reports it: 8 CUs (vgpu's default), 32 waves per CU, 64 KiB LDS.
OccupancyLimits gfx1030() {
  return occupancyLimits("gfx1030", 8, 32, 65536, 1024);
}

KernelResources kernel(uint32_t vgprs, uint32_t wave = 32, uint32_t lds = 0,
                       uint32_t bound = 1024) {
  KernelResources k;
  k.vgprs = vgprs;
  k.wavefrontSize = wave;
  k.staticLds = lds;
  k.maxWorkgroupSize = bound;
  return k;
}

TEST(OccupancyLimits, FromArchitecture) {
  OccupancyLimits d = gfx1030();
  EXPECT_EQ(d.simdsPerCu, 2u);
  EXPECT_EQ(d.maxWavesPerSimd, 16u);
  EXPECT_EQ(d.vgprFileBytes, 128u * 1024);
  EXPECT_EQ(d.vgprGranuleWave32, 16u);
  EXPECT_EQ(d.vgprGranuleWave64, 8u);
  OccupancyLimits big = occupancyLimits("gfx1100", 48, 32, 65536, 1024);
  EXPECT_EQ(big.vgprFileBytes, 192u * 1024);
  EXPECT_EQ(big.vgprGranuleWave32, 24u);
  EXPECT_EQ(occupancyLimits("gfx1102", 16, 32, 65536, 1024).vgprFileBytes, 128u * 1024);
  EXPECT_EQ(occupancyLimits("gfx1010", 40, 40, 65536, 1024).vgprGranuleWave32, 8u);
  OccupancyLimits cdna = occupancyLimits("gfx90a", 104, 32, 65536, 1024);
  EXPECT_EQ(cdna.simdsPerCu, 4u);
  EXPECT_EQ(cdna.maxWavesPerSimd, 8u);
  EXPECT_EQ(cdna.vgprGranuleWave64, 8u);
}

TEST(Occupancy, WaveSlotsBoundFewRegisters) {
  // 32 VGPRs: 1024 / 32 = 32 waves by registers, 16 wave slots per SIMD -> 32 waves per CU;
  // 256 threads = 8 waves -> 4 blocks.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32), 256, 0), 4u);
  // 1024 threads = 32 waves -> 1 block; 32 threads = 1 wave -> 32 blocks.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32), 1024, 0), 1u);
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32), 32, 0), 32u);
  // A partial wave occupies a whole one: 100 threads = 4 waves -> 8 blocks.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32), 100, 0), 8u);
}

TEST(Occupancy, RegistersRoundUpToTheGranule) {
  // 128 VGPRs: 1024 / 128 = 8 waves per SIMD, 16 per CU; 256 threads (8 waves) -> 2 blocks.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(128), 256, 0), 2u);
  // 100 VGPRs allocate 112 (granule 16): 1024 / 112 = 9 waves per SIMD, 18 per CU;
  // 64 threads (2 waves) -> 9 blocks.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(100), 64, 0), 9u);
  // gfx1010 allocates 104 (granule 8): 1024 / 104 = 9 as well; 97 allocates 104 there, 112 on
  // gfx1030; 65 allocates 72 (14 waves) there and 80 (12 waves) on gfx1030.
  OccupancyLimits rdna1 = occupancyLimits("gfx1010", 8, 40, 65536, 1024);  // 20 slots per SIMD
  EXPECT_EQ(maxActiveBlocksPerCu(rdna1, kernel(65), 32, 0), 28u);
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(65), 32, 0), 24u);
  // No VGPR use reported: counted as one register, the slots bound it.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(0), 32, 0), 32u);
}

TEST(Occupancy, Wave64HalvesTheRegisterFile) {
  // wave64 on gfx1030: 512 registers per SIMD, granule 8. 32 VGPRs -> 16 waves, slots 16 ->
  // 32 waves per CU; 256 threads = 4 waves -> 8 blocks.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32, 64), 256, 0), 8u);
  // 100 VGPRs allocate 104: 512 / 104 = 4 waves per SIMD, 8 per CU; 128 threads -> 4 blocks.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(100, 64), 128, 0), 4u);
}

TEST(Occupancy, LargeRegisterFileOfGfx1100) {
  // 100 VGPRs allocate 120 (granule 24): 1536 / 120 = 12 waves per SIMD, 24 per CU;
  // 128 threads (4 waves) -> 6 blocks.
  OccupancyLimits d = occupancyLimits("gfx1100", 48, 32, 65536, 1024);
  EXPECT_EQ(maxActiveBlocksPerCu(d, kernel(100), 128, 0), 6u);
}

TEST(Occupancy, Cdna) {
  // gfx90a: 4 SIMDs, 8 slots each; 512 registers, granule 8: 100 -> 104 -> 4 waves per SIMD,
  // 16 per CU; 256 threads (4 waves) -> 4 blocks.
  OccupancyLimits d = occupancyLimits("gfx90a", 104, 32, 65536, 1024);
  EXPECT_EQ(maxActiveBlocksPerCu(d, kernel(100, 64), 256, 0), 4u);
}

TEST(Occupancy, LdsBoundsStaticPlusDynamic) {
  // 16 KiB static + 8 KiB dynamic = 24 KiB: 65536 / 24576 = 2 blocks (waves would allow 16).
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32, 32, 16384), 64, 8192), 2u);
  // Exactly a CU's LDS: 1 block; one byte more: none.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32, 32, 0), 64, 65536), 1u);
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32, 32, 1), 64, 65536), 0u);
}

TEST(Occupancy, BlocksThatCannotRun) {
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32), 0, 0), 0u);
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32), 1025, 0), 0u);
  // Beyond the kernel's __launch_bounds__.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(32, 32, 0, 256), 512, 0), 0u);
  // 256 VGPRs, 1024 threads = 32 waves: 1024 / 256 = 4 waves per SIMD, 8 per CU -> none.
  EXPECT_EQ(maxActiveBlocksPerCu(gfx1030(), kernel(256), 1024, 0), 0u);
}

TEST(PotentialBlockSize, LargestBlockWithTheMostResidentThreads) {
  uint32_t block = 0, grid = 0;
  // 128 VGPRs: 16 waves (512 threads) per CU at best; 512 is the largest block reaching it.
  maxPotentialBlockSize(gfx1030(), kernel(128), 0, 0, block, grid);
  EXPECT_EQ(block, 512u);
  EXPECT_EQ(grid, 8u);  // 1 block per CU x 8 CUs
  // Limited to 200: 192 -> 2 x 192 = 384, 160 -> 3 x 160 = 480, 128 -> 4 x 128 = 512, and
  // 64 and 32 tie at 512 but are smaller.
  maxPotentialBlockSize(gfx1030(), kernel(128), 0, 200, block, grid);
  EXPECT_EQ(block, 128u);
  EXPECT_EQ(grid, 32u);
  // 40 KiB of LDS: one block per CU whatever its size, so the largest (1024) wins.
  maxPotentialBlockSize(gfx1030(), kernel(32, 32, 40960), 0, 0, block, grid);
  EXPECT_EQ(block, 1024u);
  EXPECT_EQ(grid, 8u);
  // A limit below one wave is used as is.
  maxPotentialBlockSize(gfx1030(), kernel(32), 0, 20, block, grid);
  EXPECT_EQ(block, 20u);
  EXPECT_EQ(grid, 32u * 8);
  // Nothing fits: block 0.
  maxPotentialBlockSize(gfx1030(), kernel(32), 70000, 0, block, grid);
  EXPECT_EQ(block, 0u);
  EXPECT_EQ(grid, 0u);
}

}  // namespace
