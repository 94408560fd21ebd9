// HIP 5's hipDeviceProp_t (792 bytes), what ROCm 5 binaries pass to the unversioned
// hipGetDeviceProperties and hipChooseDevice, and its translation from HIP 6's layout.
//
// The layout is ABI: field order, types and offsets are those of HIP 5.2.3's
// hip_runtime_api.h (Debian's libamdhip64-dev 5.2.3), measured with offsetof on that header and
// pinned here by static_asserts. HIP 6 renamed the old struct hipDeviceProp_tR0000 when it
// introduced hipDeviceProp_tR0600 (hipcore's public hipDeviceProp_t); the name is kept.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>

namespace hipcore::api {

struct DevicePropR0000 {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  int memoryClockRate;
  int memoryBusWidth;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int clockInstructionRate;
  hipDeviceArch_t arch;
  int concurrentKernels;
  int pciDomainID;
  int pciBusID;
  int pciDeviceID;
  size_t maxSharedMemoryPerMultiProcessor;
  int isMultiGpuBoard;
  int canMapHostMemory;
  int gcnArch;  // major * 100 + minor * 10 + stepping (1030 for gfx1030); gone in HIP 6
  char gcnArchName[256];
  int integrated;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  int maxTexture1DLinear;
  int maxTexture1D;
  int maxTexture2D[2];
  int maxTexture3D[3];
  unsigned int* hdpMemFlushCntl;
  unsigned int* hdpRegFlushCntl;
  size_t memPitch;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int kernelExecTimeoutEnabled;
  int ECCEnabled;
  int tccDriver;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
  int managedMemory;
  int directManagedMemAccessFromHost;
  int concurrentManagedAccess;
  int pageableMemoryAccess;
  int pageableMemoryAccessUsesHostPageTables;
};

// Offsets measured on HIP 5.2.3's header (g++ -I/usr/include, x86-64).
static_assert(sizeof(DevicePropR0000) == 792 && alignof(DevicePropR0000) == 8);
static_assert(sizeof(hipDeviceArch_t) == 4);
static_assert(offsetof(DevicePropR0000, totalGlobalMem) == 256);
static_assert(offsetof(DevicePropR0000, regsPerBlock) == 272);
static_assert(offsetof(DevicePropR0000, maxThreadsDim) == 284);
static_assert(offsetof(DevicePropR0000, maxGridSize) == 296);
static_assert(offsetof(DevicePropR0000, clockRate) == 308);
static_assert(offsetof(DevicePropR0000, totalConstMem) == 320);
static_assert(offsetof(DevicePropR0000, multiProcessorCount) == 336);
static_assert(offsetof(DevicePropR0000, maxThreadsPerMultiProcessor) == 344);
static_assert(offsetof(DevicePropR0000, clockInstructionRate) == 352);
static_assert(offsetof(DevicePropR0000, arch) == 356);
static_assert(offsetof(DevicePropR0000, pciDeviceID) == 372);
static_assert(offsetof(DevicePropR0000, maxSharedMemoryPerMultiProcessor) == 376);
static_assert(offsetof(DevicePropR0000, gcnArch) == 392);
static_assert(offsetof(DevicePropR0000, gcnArchName) == 396);
static_assert(offsetof(DevicePropR0000, integrated) == 652);
static_assert(offsetof(DevicePropR0000, maxTexture1DLinear) == 664);
static_assert(offsetof(DevicePropR0000, maxTexture3D) == 680);
static_assert(offsetof(DevicePropR0000, hdpMemFlushCntl) == 696);
static_assert(offsetof(DevicePropR0000, memPitch) == 712);
static_assert(offsetof(DevicePropR0000, texturePitchAlignment) == 728);
static_assert(offsetof(DevicePropR0000, kernelExecTimeoutEnabled) == 736);
static_assert(offsetof(DevicePropR0000, cooperativeMultiDeviceUnmatchedFunc) == 748);
static_assert(offsetof(DevicePropR0000, isLargeBar) == 764);
static_assert(offsetof(DevicePropR0000, managedMemory) == 772);
static_assert(offsetof(DevicePropR0000, pageableMemoryAccessUsesHostPageTables) == 788);

// HIP 5's view of a device described in HIP 6's layout: every field HIP 5 has, copied by name.
DevicePropR0000 toR0000(const hipDeviceProp_tR0600& p);
// The reverse, for hipChooseDevice's request: HIP 6's fields HIP 5 lacks stay zero ("any").
hipDeviceProp_tR0600 fromR0000(const DevicePropR0000& p);

}  // namespace hipcore::api
