// Translation between HIP 6's hipDeviceProp_t and HIP 5's (DevicePropR0000.h), field by name.
#include "DevicePropR0000.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace hipcore::api {
namespace {

// HIP 5's gcnArch: major * 100 + minor * 10 + stepping of the processor in gcnArchName, where
// the last two characters of "gfx<major><minor><stepping>" are hexadecimal digits ("gfx1030" ->
// 1030, "gfx90a" -> 910), as AMD's runtime computes it. Target features (":xnack-") are not
// part of the processor.
int gcnArchNumber(const char* gcnArchName) {
  std::string processor(gcnArchName, strnlen(gcnArchName, 256));
  processor = processor.substr(0, processor.find(':'));
  if (processor.size() < 6 || processor.compare(0, 3, "gfx") != 0) return 0;
  std::string digits = processor.substr(3);
  int major = std::atoi(digits.substr(0, digits.size() - 2).c_str());
  int minor =
      static_cast<int>(std::strtol(digits.substr(digits.size() - 2, 1).c_str(), nullptr, 16));
  int stepping =
      static_cast<int>(std::strtol(digits.substr(digits.size() - 1).c_str(), nullptr, 16));
  return major * 100 + minor * 10 + stepping;
}

// The fields both layouts have, in HIP 5's order, from either layout to the other.
template <class From, class To>
void copyShared(const From& f, To& t) {
  std::memcpy(t.name, f.name, sizeof(t.name));
  t.totalGlobalMem = f.totalGlobalMem;
  t.sharedMemPerBlock = f.sharedMemPerBlock;
  t.regsPerBlock = f.regsPerBlock;
  t.warpSize = f.warpSize;
  t.maxThreadsPerBlock = f.maxThreadsPerBlock;
  std::memcpy(t.maxThreadsDim, f.maxThreadsDim, sizeof(t.maxThreadsDim));
  std::memcpy(t.maxGridSize, f.maxGridSize, sizeof(t.maxGridSize));
  t.clockRate = f.clockRate;
  t.memoryClockRate = f.memoryClockRate;
  t.memoryBusWidth = f.memoryBusWidth;
  t.totalConstMem = f.totalConstMem;
  t.major = f.major;
  t.minor = f.minor;
  t.multiProcessorCount = f.multiProcessorCount;
  t.l2CacheSize = f.l2CacheSize;
  t.maxThreadsPerMultiProcessor = f.maxThreadsPerMultiProcessor;
  t.computeMode = f.computeMode;
  t.clockInstructionRate = f.clockInstructionRate;
  t.arch = f.arch;
  t.concurrentKernels = f.concurrentKernels;
  t.pciDomainID = f.pciDomainID;
  t.pciBusID = f.pciBusID;
  t.pciDeviceID = f.pciDeviceID;
  t.maxSharedMemoryPerMultiProcessor = f.maxSharedMemoryPerMultiProcessor;
  t.isMultiGpuBoard = f.isMultiGpuBoard;
  t.canMapHostMemory = f.canMapHostMemory;
  std::memcpy(t.gcnArchName, f.gcnArchName, sizeof(t.gcnArchName));
  t.integrated = f.integrated;
  t.cooperativeLaunch = f.cooperativeLaunch;
  t.cooperativeMultiDeviceLaunch = f.cooperativeMultiDeviceLaunch;
  t.maxTexture1DLinear = f.maxTexture1DLinear;
  t.maxTexture1D = f.maxTexture1D;
  std::memcpy(t.maxTexture2D, f.maxTexture2D, sizeof(t.maxTexture2D));
  std::memcpy(t.maxTexture3D, f.maxTexture3D, sizeof(t.maxTexture3D));
  t.hdpMemFlushCntl = f.hdpMemFlushCntl;
  t.hdpRegFlushCntl = f.hdpRegFlushCntl;
  t.memPitch = f.memPitch;
  t.textureAlignment = f.textureAlignment;
  t.texturePitchAlignment = f.texturePitchAlignment;
  t.kernelExecTimeoutEnabled = f.kernelExecTimeoutEnabled;
  t.ECCEnabled = f.ECCEnabled;
  t.tccDriver = f.tccDriver;
  t.cooperativeMultiDeviceUnmatchedFunc = f.cooperativeMultiDeviceUnmatchedFunc;
  t.cooperativeMultiDeviceUnmatchedGridDim = f.cooperativeMultiDeviceUnmatchedGridDim;
  t.cooperativeMultiDeviceUnmatchedBlockDim = f.cooperativeMultiDeviceUnmatchedBlockDim;
  t.cooperativeMultiDeviceUnmatchedSharedMem = f.cooperativeMultiDeviceUnmatchedSharedMem;
  t.isLargeBar = f.isLargeBar;
  t.asicRevision = f.asicRevision;
  t.managedMemory = f.managedMemory;
  t.directManagedMemAccessFromHost = f.directManagedMemAccessFromHost;
  t.concurrentManagedAccess = f.concurrentManagedAccess;
  t.pageableMemoryAccess = f.pageableMemoryAccess;
  t.pageableMemoryAccessUsesHostPageTables = f.pageableMemoryAccessUsesHostPageTables;
}

}  // namespace

DevicePropR0000 toR0000(const hipDeviceProp_tR0600& p) {
  DevicePropR0000 old;
  std::memset(&old, 0, sizeof(old));
  copyShared(p, old);
  old.gcnArch = gcnArchNumber(p.gcnArchName);
  return old;
}

hipDeviceProp_tR0600 fromR0000(const DevicePropR0000& p) {
  hipDeviceProp_tR0600 now;
  std::memset(&now, 0, sizeof(now));
  copyShared(p, now);
  return now;
}

}  // namespace hipcore::api
