// Translating ROCR agent information into HIP's hipDeviceProp_t.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "Device.h"
#include "ImageDescriptors.h"
#include "Occupancy.h"

namespace hipcore::core {
namespace {

// "gfx1030" -> major 10, minor 3; "gfx90a" -> 9, 0 (HIP reports gfx9 minors as the digit).
void archVersion(const std::string& name, int& major, int& minor) {
  major = 0;
  minor = 0;
  if (name.size() < 5 || name.compare(0, 3, "gfx") != 0) return;
  std::string digits = name.substr(3);
  size_t majorDigits = digits.size() - 2;
  major = std::atoi(digits.substr(0, majorDigits).c_str());
  minor = static_cast<int>(std::strtol(digits.substr(majorDigits, 1).c_str(), nullptr, 16));
}

}  // namespace

hipDeviceProp_t makeProperties(const hsa::AgentProperties& a) {
  hipDeviceProp_t p;
  std::memset(&p, 0, sizeof(p));
  std::snprintf(p.name, sizeof(p.name), "%s",
                a.productName.empty() ? a.name.c_str() : a.productName.c_str());
  std::memcpy(p.uuid.bytes, a.uuid, sizeof(p.uuid.bytes));
  std::string arch =
      a.isaName.substr(a.isaName.rfind("--") == std::string::npos ? 0 : a.isaName.rfind("--") + 2);
  std::snprintf(p.gcnArchName, sizeof(p.gcnArchName), "%s", arch.c_str());
  archVersion(a.name, p.major, p.minor);
  p.totalGlobalMem = a.globalMemoryBytes;
  p.sharedMemPerBlock = a.groupSegmentBytes;
  p.maxSharedMemoryPerMultiProcessor = static_cast<int>(a.groupSegmentBytes);
  p.sharedMemPerMultiprocessor = a.groupSegmentBytes;
  p.regsPerBlock = 65536;  // 512 VGPRs x 32 lanes x 4 SIMDs on RDNA; ROCR does not report it
  p.regsPerMultiprocessor = 65536;
  p.warpSize = static_cast<int>(a.wavefrontSize);
  p.maxThreadsPerBlock = static_cast<int>(a.maxWorkgroupSize);
  for (int d = 0; d < 3; ++d) {
    p.maxThreadsDim[d] = a.maxWorkgroupDims[d];
    p.maxGridSize[d] = static_cast<int>(std::min<uint32_t>(a.maxGridDims[d], INT32_MAX));
  }
  p.clockRate = static_cast<int>(a.maxClockMhz * 1000);  // kHz
  // The rate of the counter clock64() reads (s_memtime): AMD's runtime reports a fixed 1 GHz
  // (1,000,000 kHz), which is also what vgpu's s_memtime counts (nanoseconds).
  p.clockInstructionRate = 1000000;
  p.memoryClockRate = static_cast<int>(a.memoryClockMhz * 1000);
  p.memoryBusWidth = static_cast<int>(a.memoryBusWidth);
  p.totalConstMem = a.globalMemoryBytes < INT32_MAX ? a.globalMemoryBytes : INT32_MAX;
  // HIP's multiprocessor is a WGP on RDNA (Occupancy.h), as AMD's runtime counts it; the
  // per-multiprocessor limits are then the two CUs' together.
  const uint32_t cus = cusPerMultiprocessor(a.name);
  p.multiProcessorCount = static_cast<int>(std::max(a.computeUnits / cus, 1u));
  p.l2CacheSize = static_cast<int>(a.l2CacheBytes);
  p.maxThreadsPerMultiProcessor = static_cast<int>(a.maxWavesPerCu * a.wavefrontSize * cus);
  p.pciDomainID = static_cast<int>(a.domain);
  p.pciBusID = static_cast<int>((a.bdfId >> 8) & 0xff);
  p.pciDeviceID = static_cast<int>((a.bdfId >> 3) & 0x1f);
  p.asicRevision = static_cast<int>(a.chipRevision);
  p.memPitch = INT32_MAX;
  p.textureAlignment = 256;
  p.canMapHostMemory = 1;
  p.isLargeBar = a.hostAccessesDeviceMemory ? 1 : 0;
  p.concurrentKernels = 1;
  p.managedMemory = 1;  // hipMallocManaged works (host-coherent memory; see compat tests)
  p.hostNativeAtomicSupported = 1;
  p.cooperativeLaunch = 1;             // hipLaunchCooperativeKernel with grid sync
  p.cooperativeMultiDeviceLaunch = 0;  // one device per cooperative launch
  p.sharedMemPerBlockOptin = a.groupSegmentBytes;
  p.deviceOverlap = 1;  // copies (the DMA engine) overlap kernels
  p.asyncEngineCount = 1;
  p.unifiedAddressing = 1;  // one address space (HSA)
  p.streamPrioritiesSupported = 1;
  p.globalL1CacheSupported = 1;
  p.localL1CacheSupported = 1;
  p.canUseHostPointerForRegisteredMem = 1;
  p.hostRegisterSupported = 1;
  p.memoryPoolsSupported = 1;  // hipMallocAsync, hipMemPoolCreate
  p.memoryPoolSupportedHandleTypes = 0;
  p.maxBlocksPerMultiProcessor =
      static_cast<int>(a.maxWavesPerCu * cus);  // one-wave blocks fill the wave slots
  p.singleToDoublePrecisionPerfRatio = 16;      // RDNA: double at 1/16 of single rate
  // Texture and surface limits: the T#'s 14-bit width and height fields and 13-bit depth / last
  // slice field (ImageDescriptors.h); linear textures are buffers (32-bit NUM_RECORDS), cube
  // arrays six slices per cube. Pitches are multiples of 256 bytes, as images' rows.
  const int extent = static_cast<int>(kMaxImageExtent), depth = static_cast<int>(kMaxImageDepth);
  p.maxTexture1D = p.maxTexture1DMipmap = extent;
  p.maxTexture1DLinear = static_cast<int>(kMaxLinearElements);
  p.maxTexture2D[0] = p.maxTexture2D[1] = extent;
  p.maxTexture2DMipmap[0] = p.maxTexture2DMipmap[1] = extent;
  p.maxTexture2DLinear[0] = p.maxTexture2DLinear[1] = extent;
  p.maxTexture2DLinear[2] = extent * 16;  // the pitch in bytes: 16384 texels of 16 bytes
  p.maxTexture2DGather[0] = p.maxTexture2DGather[1] = extent;
  p.maxTexture3D[0] = p.maxTexture3D[1] = extent;
  p.maxTexture3D[2] = depth;
  p.maxTexture3DAlt[0] = p.maxTexture3DAlt[1] = p.maxTexture3DAlt[2] = depth;
  p.maxTextureCubemap = extent;
  p.maxTexture1DLayered[0] = extent;
  p.maxTexture1DLayered[1] = depth;
  p.maxTexture2DLayered[0] = p.maxTexture2DLayered[1] = extent;
  p.maxTexture2DLayered[2] = depth;
  p.maxTextureCubemapLayered[0] = extent;
  p.maxTextureCubemapLayered[1] = depth / 6;
  p.maxSurface1D = extent;
  p.maxSurface2D[0] = p.maxSurface2D[1] = extent;
  p.maxSurface3D[0] = p.maxSurface3D[1] = extent;
  p.maxSurface3D[2] = depth;
  p.maxSurface1DLayered[0] = extent;
  p.maxSurface1DLayered[1] = depth;
  p.maxSurface2DLayered[0] = p.maxSurface2DLayered[1] = extent;
  p.maxSurface2DLayered[2] = depth;
  p.maxSurfaceCubemap = extent;
  p.maxSurfaceCubemapLayered[0] = extent;
  p.maxSurfaceCubemapLayered[1] = depth / 6;
  p.texturePitchAlignment = p.surfaceAlignment = kImageRowAlignment;
  // What the instruction set offers (hipDeviceProp_t.arch): everything but dynamic parallelism.
  hipDeviceArch_t& isa = p.arch;
  isa.hasGlobalInt32Atomics = isa.hasGlobalFloatAtomicExch = isa.hasSharedInt32Atomics = 1;
  isa.hasSharedFloatAtomicExch = isa.hasFloatAtomicAdd = isa.hasGlobalInt64Atomics = 1;
  isa.hasSharedInt64Atomics = isa.hasDoubles = isa.hasWarpVote = isa.hasWarpBallot = 1;
  isa.hasWarpShuffle = isa.hasFunnelShift = isa.hasThreadFenceSystem = 1;
  isa.hasSyncThreadsExt = isa.has3dGrid = isa.hasSurfaceFuncs = 1;
  return p;
}

}  // namespace hipcore::core
