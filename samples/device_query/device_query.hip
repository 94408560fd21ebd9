// device_query: prints every hipDeviceProp_t field of every device, then checks that the
// attribute queries agree with the properties. Exit codes: 0 passed, 1 failed, 2 no GPU found.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdio>
#include <cstring>

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitNoGpu = 2;

void printProperties(const hipDeviceProp_t& p) {
  std::printf("  name                          %s\n", p.name);
  std::printf("  gcnArchName                   %s\n", p.gcnArchName);
  std::printf("  totalGlobalMem                %zu\n", p.totalGlobalMem);
  std::printf("  sharedMemPerBlock             %zu\n", p.sharedMemPerBlock);
  std::printf("  regsPerBlock                  %d\n", p.regsPerBlock);
  std::printf("  warpSize                      %d\n", p.warpSize);
  std::printf("  memPitch                      %zu\n", p.memPitch);
  std::printf("  maxThreadsPerBlock            %d\n", p.maxThreadsPerBlock);
  std::printf("  maxThreadsDim                 %d %d %d\n", p.maxThreadsDim[0], p.maxThreadsDim[1],
              p.maxThreadsDim[2]);
  std::printf("  maxGridSize                   %d %d %d\n", p.maxGridSize[0], p.maxGridSize[1],
              p.maxGridSize[2]);
  std::printf("  clockRate (kHz)               %d\n", p.clockRate);
  std::printf("  totalConstMem                 %zu\n", p.totalConstMem);
  std::printf("  major.minor                   %d.%d\n", p.major, p.minor);
  std::printf("  textureAlignment              %zu\n", p.textureAlignment);
  std::printf("  multiProcessorCount           %d\n", p.multiProcessorCount);
  std::printf("  kernelExecTimeoutEnabled      %d\n", p.kernelExecTimeoutEnabled);
  std::printf("  integrated                    %d\n", p.integrated);
  std::printf("  canMapHostMemory              %d\n", p.canMapHostMemory);
  std::printf("  computeMode                   %d\n", p.computeMode);
  std::printf("  concurrentKernels             %d\n", p.concurrentKernels);
  std::printf("  pci domain:bus:device         %04x:%02x:%02x\n", p.pciDomainID, p.pciBusID,
              p.pciDeviceID);
  std::printf("  memoryClockRate (kHz)         %d\n", p.memoryClockRate);
  std::printf("  memoryBusWidth                %d\n", p.memoryBusWidth);
  std::printf("  l2CacheSize                   %d\n", p.l2CacheSize);
  std::printf("  maxThreadsPerMultiProcessor   %d\n", p.maxThreadsPerMultiProcessor);
  std::printf("  sharedMemPerMultiprocessor    %zu\n", p.sharedMemPerMultiprocessor);
  std::printf("  regsPerMultiprocessor         %d\n", p.regsPerMultiprocessor);
  std::printf("  managedMemory                 %d\n", p.managedMemory);
  std::printf("  isMultiGpuBoard               %d\n", p.isMultiGpuBoard);
  std::printf("  cooperativeLaunch             %d\n", p.cooperativeLaunch);
  std::printf("  cooperativeMultiDeviceLaunch  %d\n", p.cooperativeMultiDeviceLaunch);
  std::printf("  pageableMemoryAccess          %d\n", p.pageableMemoryAccess);
  std::printf("  concurrentManagedAccess       %d\n", p.concurrentManagedAccess);
  std::printf("  hostNativeAtomicSupported     %d\n", p.hostNativeAtomicSupported);
  std::printf("  maxSharedMemoryPerMultiProc.  %zu\n", p.maxSharedMemoryPerMultiProcessor);
  std::printf("  clockInstructionRate (kHz)    %d\n", p.clockInstructionRate);
  std::printf("  isLargeBar                    %d\n", p.isLargeBar);
  std::printf("  asicRevision                  %d\n", p.asicRevision);
}

// The attribute API and the property struct describe the same device.
int checkAttributes(int device, const hipDeviceProp_t& p) {
  struct {
    hipDeviceAttribute_t attribute;
    int expected;
    const char* name;
  } cases[] = {
      {hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock, "MaxThreadsPerBlock"},
      {hipDeviceAttributeWarpSize, p.warpSize, "WarpSize"},
      {hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount, "MultiprocessorCount"},
      {hipDeviceAttributeComputeCapabilityMajor, p.major, "ComputeCapabilityMajor"},
      {hipDeviceAttributeComputeCapabilityMinor, p.minor, "ComputeCapabilityMinor"},
      {hipDeviceAttributeMaxSharedMemoryPerBlock, static_cast<int>(p.sharedMemPerBlock),
       "MaxSharedMemoryPerBlock"},
  };
  int errors = 0;
  for (const auto& c : cases) {
    int value = -1;
    if (hipDeviceGetAttribute(&value, c.attribute, device) != hipSuccess || value != c.expected) {
      std::printf("  attribute %s = %d, property says %d\n", c.name, value, c.expected);
      ++errors;
    }
  }
  char name[256] = {};
  size_t total = 0;
  if (hipDeviceGetName(name, sizeof(name), device) != hipSuccess || std::strcmp(name, p.name) != 0)
    ++errors;
  if (hipDeviceTotalMem(&total, device) != hipSuccess || total != p.totalGlobalMem) ++errors;
  if (p.name[0] == '\0' || p.warpSize <= 0 || p.multiProcessorCount <= 0) ++errors;
  return errors;
}

}  // namespace

int main() {
  int devices = 0;
  if (hipGetDeviceCount(&devices) == hipErrorNoDevice || devices == 0) {
    std::printf("no GPU found: %s\n", hipcoreGetErrorDetail());
    return kExitNoGpu;
  }
  int runtime = 0, driver = 0;
  (void)hipRuntimeGetVersion(&runtime);
  (void)hipDriverGetVersion(&driver);
  std::printf("%d device(s), runtime %d, driver %d\n", devices, runtime, driver);
  int errors = 0;
  for (int d = 0; d < devices; ++d) {
    hipDeviceProp_t p;
    if (hipGetDeviceProperties(&p, d) != hipSuccess) {
      std::printf("hipGetDeviceProperties(%d): %s\n", d, hipcoreGetErrorDetail());
      return kExitFailed;
    }
    char bus[32] = {};
    (void)hipDeviceGetPCIBusId(bus, sizeof(bus), d);
    std::printf("device %d (%s)\n", d, bus);
    printProperties(p);
    errors += checkAttributes(d, p);
  }
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : kExitFailed;
}
