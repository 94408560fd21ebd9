// Prints device 0's hipDeviceProp_t fields and hipDeviceGetAttribute answers as "key value" lines,
// for the compat tests that compare callers and runtimes. Built twice: with g++ against AMD's
// HIP 5.2.3 headers (hipGetDeviceProperties in HIP 5's 792-byte layout) and against hipcore's
// (HIP 6's layout through hipGetDevicePropertiesR0600). Only HIP 5's fields and attributes are
// printed, so both builds print the same keys (HIP 5's gcnArch and its five attributes HIP 6
// dropped only in the HIP 5 build).
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <limits.h>
#include <stdlib.h>

#include <cstdio>
#include <cstring>

namespace {

#if HIP_VERSION_MAJOR < 6
constexpr bool kHip5 = true;
#else
constexpr bool kHip5 = false;
#endif

void number(const char* key, long long value) {
  std::printf("prop.%s %lld\n", key, value);
}

template <class T, size_t N>
void numbers(const char* key, const T (&values)[N]) {
  for (size_t i = 0; i < N; ++i) std::printf("prop.%s[%zu] %lld\n", key, i, (long long)values[i]);
}

void properties(const hipDeviceProp_t& p) {
  std::printf("prop.name %s\n", p.name);
  std::printf("prop.gcnArchName %s\n", p.gcnArchName);
  unsigned arch = 0;
  static_assert(sizeof(arch) == sizeof(p.arch));
  std::memcpy(&arch, &p.arch, sizeof(arch));
  std::printf("prop.arch 0x%x\n", arch);
  std::printf("prop.hdpMemFlushCntl %s\n", p.hdpMemFlushCntl != nullptr ? "set" : "null");
  std::printf("prop.hdpRegFlushCntl %s\n", p.hdpRegFlushCntl != nullptr ? "set" : "null");
#define HIPCORE_NUMBER(field) number(#field, (long long)p.field)
#define HIPCORE_NUMBERS(field) numbers(#field, p.field)
  HIPCORE_NUMBER(totalGlobalMem);
  HIPCORE_NUMBER(sharedMemPerBlock);
  HIPCORE_NUMBER(regsPerBlock);
  HIPCORE_NUMBER(warpSize);
  HIPCORE_NUMBER(maxThreadsPerBlock);
  HIPCORE_NUMBERS(maxThreadsDim);
  HIPCORE_NUMBERS(maxGridSize);
  HIPCORE_NUMBER(clockRate);
  HIPCORE_NUMBER(memoryClockRate);
  HIPCORE_NUMBER(memoryBusWidth);
  HIPCORE_NUMBER(totalConstMem);
  HIPCORE_NUMBER(major);
  HIPCORE_NUMBER(minor);
  HIPCORE_NUMBER(multiProcessorCount);
  HIPCORE_NUMBER(l2CacheSize);
  HIPCORE_NUMBER(maxThreadsPerMultiProcessor);
  HIPCORE_NUMBER(computeMode);
  HIPCORE_NUMBER(clockInstructionRate);
  HIPCORE_NUMBER(concurrentKernels);
  HIPCORE_NUMBER(pciDomainID);
  HIPCORE_NUMBER(pciBusID);
  HIPCORE_NUMBER(pciDeviceID);
  HIPCORE_NUMBER(maxSharedMemoryPerMultiProcessor);
  HIPCORE_NUMBER(isMultiGpuBoard);
  HIPCORE_NUMBER(canMapHostMemory);
#if HIP_VERSION_MAJOR < 6
  HIPCORE_NUMBER(gcnArch);
#endif
  HIPCORE_NUMBER(integrated);
  HIPCORE_NUMBER(cooperativeLaunch);
  HIPCORE_NUMBER(cooperativeMultiDeviceLaunch);
  HIPCORE_NUMBER(maxTexture1DLinear);
  HIPCORE_NUMBER(maxTexture1D);
  HIPCORE_NUMBERS(maxTexture2D);
  HIPCORE_NUMBERS(maxTexture3D);
  HIPCORE_NUMBER(memPitch);
  HIPCORE_NUMBER(textureAlignment);
  HIPCORE_NUMBER(texturePitchAlignment);
  HIPCORE_NUMBER(kernelExecTimeoutEnabled);
  HIPCORE_NUMBER(ECCEnabled);
  HIPCORE_NUMBER(tccDriver);
  HIPCORE_NUMBER(cooperativeMultiDeviceUnmatchedFunc);
  HIPCORE_NUMBER(cooperativeMultiDeviceUnmatchedGridDim);
  HIPCORE_NUMBER(cooperativeMultiDeviceUnmatchedBlockDim);
  HIPCORE_NUMBER(cooperativeMultiDeviceUnmatchedSharedMem);
  HIPCORE_NUMBER(isLargeBar);
  HIPCORE_NUMBER(asicRevision);
  HIPCORE_NUMBER(managedMemory);
  HIPCORE_NUMBER(directManagedMemAccessFromHost);
  HIPCORE_NUMBER(concurrentManagedAccess);
  HIPCORE_NUMBER(pageableMemoryAccess);
  HIPCORE_NUMBER(pageableMemoryAccessUsesHostPageTables);
#undef HIPCORE_NUMBER
#undef HIPCORE_NUMBERS
}

void attribute(const char* name, int attribute) {
  int value = 0;
  hipError_t status = hipDeviceGetAttribute(&value, hipDeviceAttribute_t(attribute), 0);
  if (status == hipSuccess)
    std::printf("attr.%s %d\n", name, value);
  else
    std::printf("attr.%s error %s\n", name, hipGetErrorName(status));
}

// HIP 5.2.3's attributes (both headers give them the same numbers); the five HIP 6 dropped are
// asked by number in the HIP 6 build, under the names HIP 5 gave them.
void attributes() {
#define HIPCORE_ATTRIBUTE(name) attribute(#name, hipDeviceAttribute##name)
  HIPCORE_ATTRIBUTE(AccessPolicyMaxWindowSize);
  HIPCORE_ATTRIBUTE(AsicRevision);
  HIPCORE_ATTRIBUTE(AsyncEngineCount);
  HIPCORE_ATTRIBUTE(CanMapHostMemory);
  HIPCORE_ATTRIBUTE(CanUseHostPointerForRegisteredMem);
  HIPCORE_ATTRIBUTE(CanUseStreamWaitValue);
  HIPCORE_ATTRIBUTE(ClockInstructionRate);
  HIPCORE_ATTRIBUTE(ClockRate);
  HIPCORE_ATTRIBUTE(ComputeCapabilityMajor);
  HIPCORE_ATTRIBUTE(ComputeCapabilityMinor);
  HIPCORE_ATTRIBUTE(ComputeMode);
  HIPCORE_ATTRIBUTE(ComputePreemptionSupported);
  HIPCORE_ATTRIBUTE(ConcurrentKernels);
  HIPCORE_ATTRIBUTE(ConcurrentManagedAccess);
  HIPCORE_ATTRIBUTE(CooperativeLaunch);
  HIPCORE_ATTRIBUTE(CooperativeMultiDeviceLaunch);
  HIPCORE_ATTRIBUTE(CooperativeMultiDeviceUnmatchedBlockDim);
  HIPCORE_ATTRIBUTE(CooperativeMultiDeviceUnmatchedFunc);
  HIPCORE_ATTRIBUTE(CooperativeMultiDeviceUnmatchedGridDim);
  HIPCORE_ATTRIBUTE(CooperativeMultiDeviceUnmatchedSharedMem);
  HIPCORE_ATTRIBUTE(DeviceOverlap);
  HIPCORE_ATTRIBUTE(DirectManagedMemAccessFromHost);
  HIPCORE_ATTRIBUTE(EccEnabled);
  HIPCORE_ATTRIBUTE(FineGrainSupport);
  HIPCORE_ATTRIBUTE(GlobalL1CacheSupported);
  HIPCORE_ATTRIBUTE(HdpMemFlushCntl);
  HIPCORE_ATTRIBUTE(HdpRegFlushCntl);
  HIPCORE_ATTRIBUTE(HostNativeAtomicSupported);
  HIPCORE_ATTRIBUTE(ImageSupport);
  HIPCORE_ATTRIBUTE(Integrated);
  HIPCORE_ATTRIBUTE(IsLargeBar);
  HIPCORE_ATTRIBUTE(IsMultiGpuBoard);
  HIPCORE_ATTRIBUTE(KernelExecTimeout);
  HIPCORE_ATTRIBUTE(L2CacheSize);
  HIPCORE_ATTRIBUTE(LocalL1CacheSupported);
  HIPCORE_ATTRIBUTE(Luid);
  HIPCORE_ATTRIBUTE(LuidDeviceNodeMask);
  HIPCORE_ATTRIBUTE(ManagedMemory);
  HIPCORE_ATTRIBUTE(MaxBlockDimX);
  HIPCORE_ATTRIBUTE(MaxBlockDimY);
  HIPCORE_ATTRIBUTE(MaxBlockDimZ);
  HIPCORE_ATTRIBUTE(MaxBlocksPerMultiProcessor);
  HIPCORE_ATTRIBUTE(MaxGridDimX);
  HIPCORE_ATTRIBUTE(MaxGridDimY);
  HIPCORE_ATTRIBUTE(MaxGridDimZ);
  HIPCORE_ATTRIBUTE(MaxPitch);
  HIPCORE_ATTRIBUTE(MaxRegistersPerBlock);
  HIPCORE_ATTRIBUTE(MaxRegistersPerMultiprocessor);
  HIPCORE_ATTRIBUTE(MaxSharedMemoryPerBlock);
  HIPCORE_ATTRIBUTE(MaxSharedMemoryPerMultiprocessor);
  HIPCORE_ATTRIBUTE(MaxSurface1D);
  HIPCORE_ATTRIBUTE(MaxSurface1DLayered);
  HIPCORE_ATTRIBUTE(MaxSurface2D);
  HIPCORE_ATTRIBUTE(MaxSurface2DLayered);
  HIPCORE_ATTRIBUTE(MaxSurface3D);
  HIPCORE_ATTRIBUTE(MaxSurfaceCubemap);
  HIPCORE_ATTRIBUTE(MaxSurfaceCubemapLayered);
  HIPCORE_ATTRIBUTE(MaxTexture1DLayered);
  HIPCORE_ATTRIBUTE(MaxTexture1DLinear);
  HIPCORE_ATTRIBUTE(MaxTexture1DMipmap);
  HIPCORE_ATTRIBUTE(MaxTexture1DWidth);
  HIPCORE_ATTRIBUTE(MaxTexture2DGather);
  HIPCORE_ATTRIBUTE(MaxTexture2DHeight);
  HIPCORE_ATTRIBUTE(MaxTexture2DLayered);
  HIPCORE_ATTRIBUTE(MaxTexture2DLinear);
  HIPCORE_ATTRIBUTE(MaxTexture2DMipmap);
  HIPCORE_ATTRIBUTE(MaxTexture2DWidth);
  HIPCORE_ATTRIBUTE(MaxTexture3DAlt);
  HIPCORE_ATTRIBUTE(MaxTexture3DDepth);
  HIPCORE_ATTRIBUTE(MaxTexture3DHeight);
  HIPCORE_ATTRIBUTE(MaxTexture3DWidth);
  HIPCORE_ATTRIBUTE(MaxTextureCubemap);
  HIPCORE_ATTRIBUTE(MaxTextureCubemapLayered);
  HIPCORE_ATTRIBUTE(MaxThreadsDim);
  HIPCORE_ATTRIBUTE(MaxThreadsPerBlock);
  HIPCORE_ATTRIBUTE(MaxThreadsPerMultiProcessor);
  HIPCORE_ATTRIBUTE(MemoryBusWidth);
  HIPCORE_ATTRIBUTE(MemoryClockRate);
  HIPCORE_ATTRIBUTE(MemoryPoolsSupported);
  HIPCORE_ATTRIBUTE(MultiGpuBoardGroupID);
  HIPCORE_ATTRIBUTE(MultiprocessorCount);
  HIPCORE_ATTRIBUTE(PageableMemoryAccess);
  HIPCORE_ATTRIBUTE(PageableMemoryAccessUsesHostPageTables);
  HIPCORE_ATTRIBUTE(PciBusId);
  HIPCORE_ATTRIBUTE(PciDeviceId);
  HIPCORE_ATTRIBUTE(PciDomainID);
  HIPCORE_ATTRIBUTE(PersistingL2CacheMaxSize);
  HIPCORE_ATTRIBUTE(PhysicalMultiProcessorCount);
  HIPCORE_ATTRIBUTE(ReservedSharedMemPerBlock);
  HIPCORE_ATTRIBUTE(SharedMemPerBlockOptin);
  HIPCORE_ATTRIBUTE(SharedMemPerMultiprocessor);
  HIPCORE_ATTRIBUTE(SingleToDoublePrecisionPerfRatio);
  HIPCORE_ATTRIBUTE(StreamPrioritiesSupported);
  HIPCORE_ATTRIBUTE(SurfaceAlignment);
  HIPCORE_ATTRIBUTE(TccDriver);
  HIPCORE_ATTRIBUTE(TextureAlignment);
  HIPCORE_ATTRIBUTE(TexturePitchAlignment);
  HIPCORE_ATTRIBUTE(TotalConstantMemory);
  HIPCORE_ATTRIBUTE(TotalGlobalMem);
  HIPCORE_ATTRIBUTE(UnifiedAddressing);
  HIPCORE_ATTRIBUTE(WarpSize);
#undef HIPCORE_ATTRIBUTE
  // HIP 5.2.3's numbers for the attributes HIP 6 turned into unused slots.
  attribute("Name", 64);
  attribute("Uuid", 86);
  attribute("Arch", 10001);
  attribute("GcnArch", 10003);
  attribute("GcnArchName", 10004);
}

}  // namespace

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count < 1) {
    std::fprintf(stderr, "FAIL no device (hipGetDeviceCount: %d devices)\n", count);
    return 1;
  }
  hipDeviceProp_t p;
  std::memset(&p, 0xa5, sizeof(p));  // a field the runtime leaves unwritten shows as garbage
  hipError_t status = hipGetDeviceProperties(&p, 0);
  if (status != hipSuccess) {
    std::fprintf(stderr, "FAIL hipGetDeviceProperties: %s\n", hipGetErrorName(status));
    return 1;
  }
  // Which library answered (the file, symbolic links resolved): the tests check they ran the
  // runtime they meant to.
  Dl_info info{};
  char path[PATH_MAX] = "?";
  if (dladdr(reinterpret_cast<void*>(&hipGetDeviceCount), &info) != 0 && info.dli_fname != nullptr)
    if (realpath(info.dli_fname, path) == nullptr) std::snprintf(path, sizeof(path), "?");
  std::printf("runtime %s\n", path);
  std::fprintf(stderr, "headers HIP %d (hipDeviceProp_t is %zu bytes)\n", kHip5 ? 5 : 6, sizeof(p));
  properties(p);
  attributes();
  // hipChooseDevice in the caller's layout: its own properties, then more than any device has.
  int chosen = -1;
  std::printf("choose.own %d\n", hipChooseDevice(&chosen, &p) == hipSuccess ? chosen : -1);
  p.major = 99;
  p.multiProcessorCount = 1 << 30;
  std::printf("choose.closest %d\n", hipChooseDevice(&chosen, &p) == hipSuccess ? chosen : -1);
  int version = 0;
  std::printf("version.runtime %d\n", hipRuntimeGetVersion(&version) == hipSuccess ? version : -1);
  std::printf("version.driver %d\n", hipDriverGetVersion(&version) == hipSuccess ? version : -1);
  return 0;
}
