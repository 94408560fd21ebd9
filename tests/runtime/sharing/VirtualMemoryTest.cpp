// Virtual memory management: one physical allocation mapped at two addresses, at an offset, on
// two GPUs, through a shareable file descriptor; kernels write and read through the mappings.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <unistd.h>

#include <cstdint>
#include <vector>

#include "SharingKernels.h"

namespace {

hipMemAllocationProp deviceProp(int device,
                                hipMemAllocationHandleType type = hipMemHandleTypeNone) {
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.requestedHandleType = type;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  return prop;
}

size_t granularity() {
  size_t bytes = 0;
  hipMemAllocationProp prop = deviceProp(0);
  EXPECT_EQ(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum),
            hipSuccess);
  return bytes;
}

hipMemAccessDesc readWrite(int device) {
  hipMemAccessDesc desc{};
  desc.location.type = hipMemLocationTypeDevice;
  desc.location.id = device;
  desc.flags = hipMemAccessFlagsProtReadWrite;
  return desc;
}

// Reserves `bytes` and maps `physical` (from `offset`) over all of it, readable and writable
// by `device`.
void* mapFor(hipMemGenericAllocationHandle_t physical, size_t bytes, size_t offset, int device) {
  void* va = nullptr;
  EXPECT_EQ(hipMemAddressReserve(&va, bytes, 0, nullptr, 0), hipSuccess);
  EXPECT_EQ(hipMemMap(va, bytes, offset, physical, 0), hipSuccess);
  hipMemAccessDesc desc = readWrite(device);
  EXPECT_EQ(hipMemSetAccess(va, bytes, &desc, 1), hipSuccess);
  return va;
}

void unmapAndFree(void* va, size_t bytes) {
  EXPECT_EQ(hipMemUnmap(va, bytes), hipSuccess);
  EXPECT_EQ(hipMemAddressFree(va, bytes), hipSuccess);
}

// What a kernel reads at `words` (copied out through hipMalloc memory by another kernel).
std::vector<uint32_t> readByKernel(const uint32_t* words, size_t count) {
  uint32_t* out = nullptr;
  EXPECT_EQ(hipMalloc(&out, count * 4), hipSuccess);
  EXPECT_EQ(launchAddWords(out, words, count, 0, nullptr), hipSuccess);
  std::vector<uint32_t> host(count);
  EXPECT_EQ(hipMemcpy(host.data(), out, count * 4, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(hipFree(out), hipSuccess);
  return host;
}

std::vector<uint32_t> pattern(uint32_t tag, size_t count, size_t first = 0) {
  std::vector<uint32_t> words(count);
  for (size_t i = 0; i < count; ++i) words[i] = patternWord(tag, first + i);
  return words;
}

}  // namespace

// Programs (and AMD's hip-tests) ask the device attribute before they use the hipMem* calls.
TEST(VirtualMemory, TheDeviceSaysItIsSupported) {
  int count = 0;
  ASSERT_EQ(hipGetDeviceCount(&count), hipSuccess);
  for (int device = 0; device < count; ++device) {
    int supported = -1;
    ASSERT_EQ(hipDeviceGetAttribute(&supported, hipDeviceAttributeVirtualMemoryManagementSupported,
                                    device),
              hipSuccess);
    EXPECT_EQ(supported, 1) << "device " << device;
  }
}

TEST(VirtualMemory, GranularityIsAPowerOfTwoAndRecommendedIsNotSmaller) {
  size_t minimum = 0, recommended = 0;
  hipMemAllocationProp prop = deviceProp(0);
  ASSERT_EQ(hipMemGetAllocationGranularity(&minimum, &prop, hipMemAllocationGranularityMinimum),
            hipSuccess);
  ASSERT_EQ(
      hipMemGetAllocationGranularity(&recommended, &prop, hipMemAllocationGranularityRecommended),
      hipSuccess);
  EXPECT_EQ(minimum, size_t{4} << 10);  // the host page, as ROCR's allocation granule
  EXPECT_EQ(recommended, size_t{2} << 20);
  EXPECT_EQ(minimum & (minimum - 1), 0u);
  EXPECT_EQ(recommended % minimum, 0u);
}

TEST(VirtualMemory, OnePhysicalAllocationAtTwoAddressesIsTheSameMemory) {
  const size_t bytes = 2 * granularity();
  const size_t count = bytes / 4;
  hipMemGenericAllocationHandle_t physical{};
  hipMemAllocationProp prop = deviceProp(0);
  ASSERT_EQ(hipMemCreate(&physical, bytes, &prop, 0), hipSuccess);
  void* first = mapFor(physical, bytes, 0, 0);
  void* second = mapFor(physical, bytes, 0, 0);
  ASSERT_NE(first, second);

  // A kernel writes through the first address; a kernel reads through the second, and so does
  // a copy; then the other way round.
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(first), count, 11, nullptr), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(second), count), pattern(11, count));
  std::vector<uint32_t> copied(count);
  ASSERT_EQ(hipMemcpy(copied.data(), second, bytes, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(copied, pattern(11, count));
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(second), count, 12, nullptr), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(first), count), pattern(12, count));

  // Mapped memory is device memory of the allocation's device.
  hipPointerAttribute_t attributes{};
  ASSERT_EQ(hipPointerGetAttributes(&attributes, second), hipSuccess);
  EXPECT_EQ(attributes.type, hipMemoryTypeDevice);
  EXPECT_EQ(attributes.device, 0);
  EXPECT_EQ(hipFree(first), hipErrorInvalidValue);  // not hipMalloc's: hipMemUnmap it

  // Released while mapped: the memory stays until the last mapping goes.
  ASSERT_EQ(hipMemRelease(physical), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(second), count), pattern(12, count));
  unmapAndFree(first, bytes);
  unmapAndFree(second, bytes);
}

TEST(VirtualMemory, MappingAtAnOffsetSeesThatPartOfTheAllocation) {
  const size_t grain = granularity();
  const size_t count = 3 * grain / 4;
  hipMemGenericAllocationHandle_t physical{};
  hipMemAllocationProp prop = deviceProp(0);
  ASSERT_EQ(hipMemCreate(&physical, 3 * grain, &prop, 0), hipSuccess);
  void* whole = mapFor(physical, 3 * grain, 0, 0);
  void* tail = mapFor(physical, grain, 2 * grain, 0);
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(whole), count, 21, nullptr), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(tail), grain / 4),
            pattern(21, grain / 4, 2 * grain / 4));
  unmapAndFree(tail, grain);
  unmapAndFree(whole, 3 * grain);
  ASSERT_EQ(hipMemRelease(physical), hipSuccess);
}

TEST(VirtualMemory, CopiesAndFillsReachMappedMemory) {
  const size_t bytes = 16 * granularity();
  const size_t count = bytes / 4;
  hipMemGenericAllocationHandle_t physical{};
  hipMemAllocationProp prop = deviceProp(0);
  ASSERT_EQ(hipMemCreate(&physical, bytes, &prop, 0), hipSuccess);
  void* va = mapFor(physical, bytes, 0, 0);
  std::vector<uint32_t> host = pattern(15, count);
  ASSERT_EQ(hipMemcpy(va, host.data(), bytes, hipMemcpyHostToDevice), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(va), count), pattern(15, count));
  ASSERT_EQ(hipMemset(static_cast<char*>(va) + 4096, 0x5a, 8192), hipSuccess);
  for (size_t i = 1024; i < 3072; ++i) host[i] = 0x5a5a5a5au;
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(va), count), host);
  uint32_t* device = nullptr;
  ASSERT_EQ(hipMalloc(&device, bytes), hipSuccess);
  ASSERT_EQ(hipMemcpy(device, va, bytes, hipMemcpyDeviceToDevice), hipSuccess);
  EXPECT_EQ(readByKernel(device, count), host);
  ASSERT_EQ(hipFree(device), hipSuccess);
  unmapAndFree(va, bytes);
  ASSERT_EQ(hipMemRelease(physical), hipSuccess);
}

TEST(VirtualMemory, TwoAllocationsMappedSideBySideInOneReservation) {
  const size_t grain = granularity();
  hipMemGenericAllocationHandle_t a{}, b{};
  hipMemAllocationProp prop = deviceProp(0);
  ASSERT_EQ(hipMemCreate(&a, grain, &prop, 0), hipSuccess);
  ASSERT_EQ(hipMemCreate(&b, grain, &prop, 0), hipSuccess);
  void* va = nullptr;
  ASSERT_EQ(hipMemAddressReserve(&va, 2 * grain, 2 * grain, nullptr, 0), hipSuccess);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(va) % (2 * grain), 0u);
  char* base = static_cast<char*>(va);
  ASSERT_EQ(hipMemMap(base, grain, 0, a, 0), hipSuccess);
  ASSERT_EQ(hipMemMap(base + grain, grain, 0, b, 0), hipSuccess);
  // One access call covers both mappings; one kernel writes across the seam.
  hipMemAccessDesc desc = readWrite(0);
  ASSERT_EQ(hipMemSetAccess(va, 2 * grain, &desc, 1), hipSuccess);
  const size_t count = 2 * grain / 4;
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(va), count, 31, nullptr), hipSuccess);
  // b alone, mapped elsewhere, holds the second half.
  void* other = mapFor(b, grain, 0, 0);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(other), grain / 4),
            pattern(31, grain / 4, grain / 4));
  unmapAndFree(other, grain);
  // Copies see the reservation as one range too, across the seam in both directions.
  std::vector<uint32_t> both(count);
  ASSERT_EQ(hipMemcpy(both.data(), va, 2 * grain, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(both, pattern(31, count));
  std::vector<uint32_t> again = pattern(37, count);
  ASSERT_EQ(hipMemcpyHtoD(va, again.data(), 2 * grain), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(va), count), again);
  // but not past its end.
  EXPECT_EQ(hipMemcpy(both.data(), base + grain, 2 * grain, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);

  unsigned long long flags = 0;
  ASSERT_EQ(hipMemGetAccess(&flags, &desc.location, base + grain + 64), hipSuccess);
  EXPECT_EQ(flags, static_cast<unsigned long long>(hipMemAccessFlagsProtReadWrite));
  hipMemGenericAllocationHandle_t retained{};
  ASSERT_EQ(hipMemRetainAllocationHandle(&retained, base + grain + 64), hipSuccess);
  EXPECT_EQ(retained, b);
  ASSERT_EQ(hipMemRelease(retained), hipSuccess);
  hipMemAllocationProp read{};
  ASSERT_EQ(hipMemGetAllocationPropertiesFromHandle(&read, a), hipSuccess);
  EXPECT_EQ(read.type, hipMemAllocationTypePinned);
  EXPECT_EQ(read.location.type, hipMemLocationTypeDevice);
  EXPECT_EQ(read.location.id, 0);

  // Unmapping one of two adjacent mappings at once, or half of one, is refused.
  EXPECT_EQ(hipMemUnmap(base, grain + grain / 2), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAddressFree(va, 2 * grain), hipErrorInvalidValue);  // still mapped
  ASSERT_EQ(hipMemUnmap(base, 2 * grain), hipSuccess);
  ASSERT_EQ(hipMemAddressFree(va, 2 * grain), hipSuccess);
  ASSERT_EQ(hipMemRelease(a), hipSuccess);
  ASSERT_EQ(hipMemRelease(b), hipSuccess);
}

TEST(VirtualMemory, ExportedDescriptorImportsTheSameMemory) {
  const size_t bytes = granularity();
  const size_t count = bytes / 4;
  hipMemGenericAllocationHandle_t physical{};
  hipMemAllocationProp prop = deviceProp(0, hipMemHandleTypePosixFileDescriptor);
  ASSERT_EQ(hipMemCreate(&physical, bytes, &prop, 0), hipSuccess);
  int fd = -1;
  ASSERT_EQ(hipMemExportToShareableHandle(&fd, physical, hipMemHandleTypePosixFileDescriptor, 0),
            hipSuccess);
  ASSERT_GE(fd, 0);
  hipMemGenericAllocationHandle_t imported{};
  ASSERT_EQ(hipMemImportFromShareableHandle(&imported, reinterpret_cast<void*>(intptr_t{fd}),
                                            hipMemHandleTypePosixFileDescriptor),
            hipSuccess);
  // AMD's form as well: the descriptor read where the argument points.
  hipMemGenericAllocationHandle_t importedByAddress{};
  ASSERT_EQ(
      hipMemImportFromShareableHandle(&importedByAddress, &fd, hipMemHandleTypePosixFileDescriptor),
      hipSuccess);
  close(fd);  // the imports keep their own
  void* third = mapFor(importedByAddress, bytes, 0, 0);
  void* original = mapFor(physical, bytes, 0, 0);
  void* copy = mapFor(imported, bytes, 0, 0);
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(original), count, 41, nullptr), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(copy), count), pattern(41, count));
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(third), count), pattern(41, count));
  unmapAndFree(third, bytes);
  ASSERT_EQ(hipMemRelease(importedByAddress), hipSuccess);
  unmapAndFree(copy, bytes);
  unmapAndFree(original, bytes);
  ASSERT_EQ(hipMemRelease(imported), hipSuccess);
  ASSERT_EQ(hipMemRelease(physical), hipSuccess);
}

// Run with VGPU_GPUS=2 (tests/runtime/CMakeLists.txt): memory of device 0 mapped at one
// address that both GPUs reach; each GPU's kernel reads what the other's wrote.
TEST(VirtualMemoryTwoGpus, BothGpusReachOneMapping) {
  int devices = 0;
  ASSERT_EQ(hipGetDeviceCount(&devices), hipSuccess);
  ASSERT_GE(devices, 2) << "run with VGPU_GPUS=2";
  const size_t bytes = 2 * granularity();
  const size_t count = bytes / 4;
  hipMemGenericAllocationHandle_t physical{};
  hipMemAllocationProp prop = deviceProp(0);
  ASSERT_EQ(hipSetDevice(0), hipSuccess);
  ASSERT_EQ(hipMemCreate(&physical, bytes, &prop, 0), hipSuccess);
  void* va = nullptr;
  ASSERT_EQ(hipMemAddressReserve(&va, bytes, 0, nullptr, 0), hipSuccess);
  ASSERT_EQ(hipMemMap(va, bytes, 0, physical, 0), hipSuccess);
  hipMemAccessDesc both[2] = {readWrite(0), readWrite(1)};
  ASSERT_EQ(hipMemSetAccess(va, bytes, both, 2), hipSuccess);
  unsigned long long flags = 0;
  ASSERT_EQ(hipMemGetAccess(&flags, &both[1].location, va), hipSuccess);
  EXPECT_EQ(flags, static_cast<unsigned long long>(hipMemAccessFlagsProtReadWrite));

  ASSERT_EQ(hipSetDevice(1), hipSuccess);
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(va), count, 51, nullptr), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  ASSERT_EQ(hipSetDevice(0), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(va), count), pattern(51, count));
  ASSERT_EQ(launchWritePattern(static_cast<uint32_t*>(va), count, 52, nullptr), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  ASSERT_EQ(hipSetDevice(1), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(va), count), pattern(52, count));

  // Access withdrawn from device 1 leaves device 0's.
  hipMemAccessDesc none = readWrite(1);
  none.flags = hipMemAccessFlagsProtNone;
  ASSERT_EQ(hipMemSetAccess(va, bytes, &none, 1), hipSuccess);
  ASSERT_EQ(hipMemGetAccess(&flags, &both[1].location, va), hipSuccess);
  EXPECT_EQ(flags, static_cast<unsigned long long>(hipMemAccessFlagsProtNone));
  ASSERT_EQ(hipSetDevice(0), hipSuccess);
  EXPECT_EQ(readByKernel(static_cast<uint32_t*>(va), count), pattern(52, count));

  unmapAndFree(va, bytes);
  ASSERT_EQ(hipMemRelease(physical), hipSuccess);
}
