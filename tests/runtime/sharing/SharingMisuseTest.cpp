// Misuse of the virtual memory, IPC and external memory calls: each returns HIP's documented
// error and changes nothing (tests/misuse_cases.py counts these).
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

namespace {

hipMemAllocationProp deviceProp(int device) {
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  return prop;
}

constexpr size_t kGrain = size_t{64} << 10;

}  // namespace

TEST(SharingMisuse, GranularityAndCreate) {
  size_t granularity = 0;
  hipMemAllocationProp prop = deviceProp(0);
  EXPECT_EQ(hipMemGetAllocationGranularity(nullptr, &prop, hipMemAllocationGranularityMinimum),
            hipErrorInvalidValue);
  EXPECT_EQ(
      hipMemGetAllocationGranularity(&granularity, nullptr, hipMemAllocationGranularityMinimum),
      hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetAllocationGranularity(&granularity, &prop,
                                           static_cast<hipMemAllocationGranularity_flags>(7)),
            hipErrorInvalidValue);
  hipMemAllocationProp badDevice = deviceProp(99);
  EXPECT_EQ(
      hipMemGetAllocationGranularity(&granularity, &badDevice, hipMemAllocationGranularityMinimum),
      hipErrorInvalidValue);

  hipMemGenericAllocationHandle_t handle{};
  EXPECT_EQ(hipMemCreate(nullptr, kGrain, &prop, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemCreate(&handle, kGrain, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemCreate(&handle, kGrain, &prop, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipMemCreate(&handle, 0, &prop, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemCreate(&handle, kGrain + 100, &prop, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemCreate(&handle, kGrain, &badDevice, 0), hipErrorInvalidValue);
  hipMemAllocationProp badType = prop;
  badType.type = hipMemAllocationTypeInvalid;
  EXPECT_EQ(hipMemCreate(&handle, kGrain, &badType, 0), hipErrorInvalidValue);
  hipMemAllocationProp win32 = prop;
  win32.requestedHandleType = hipMemHandleTypeWin32;
  EXPECT_EQ(hipMemCreate(&handle, kGrain, &win32, 0), hipErrorNotSupported);
}

TEST(SharingMisuse, HandlesReleasedOrForeign) {
  hipMemAllocationProp prop = deviceProp(0);
  hipMemGenericAllocationHandle_t handle{};
  ASSERT_EQ(hipMemCreate(&handle, kGrain, &prop, 0), hipSuccess);
  hipMemAllocationProp read{};
  EXPECT_EQ(hipMemGetAllocationPropertiesFromHandle(nullptr, handle), hipErrorInvalidValue);
  // Not created with a POSIX descriptor as its handle type: nothing to export.
  int fd = -1;
  EXPECT_EQ(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemExportToShareableHandle(nullptr, handle, hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypeWin32, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 1),
            hipErrorInvalidValue);
  ASSERT_EQ(hipMemRelease(handle), hipSuccess);
  EXPECT_EQ(hipMemRelease(handle), hipErrorInvalidValue);  // released twice
  EXPECT_EQ(hipMemGetAllocationPropertiesFromHandle(&read, handle), hipErrorInvalidValue);
  int local = 0;
  auto foreign = reinterpret_cast<hipMemGenericAllocationHandle_t>(&local);
  EXPECT_EQ(hipMemRelease(foreign), hipErrorInvalidValue);
  EXPECT_EQ(hipMemRelease(nullptr), hipErrorInvalidValue);

  hipMemGenericAllocationHandle_t imported{};
  EXPECT_EQ(hipMemImportFromShareableHandle(nullptr, reinterpret_cast<void*>(intptr_t{0}),
                                            hipMemHandleTypePosixFileDescriptor),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemImportFromShareableHandle(&imported, reinterpret_cast<void*>(intptr_t{-1}),
                                            hipMemHandleTypePosixFileDescriptor),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemImportFromShareableHandle(&imported, reinterpret_cast<void*>(intptr_t{3}),
                                            hipMemHandleTypeWin32),
            hipErrorInvalidValue);
  int pipeEnds[2];
  ASSERT_EQ(pipe(pipeEnds), 0);  // a descriptor, but not of memory
  EXPECT_EQ(
      hipMemImportFromShareableHandle(&imported, reinterpret_cast<void*>(intptr_t{pipeEnds[0]}),
                                      hipMemHandleTypePosixFileDescriptor),
      hipErrorInvalidValue);
  EXPECT_EQ(hipMemImportFromShareableHandle(&imported, &pipeEnds[0],  // AMD's form: where it is
                                            hipMemHandleTypePosixFileDescriptor),
            hipErrorInvalidValue);
  close(pipeEnds[0]);
  close(pipeEnds[1]);
}

TEST(SharingMisuse, ReserveMapAccess) {
  void* va = nullptr;
  EXPECT_EQ(hipMemAddressReserve(nullptr, kGrain, 0, nullptr, 0), hipErrorInvalidValue);
  // Sizes and alignments no reservation can have are allocation failures, as in AMD's runtime.
  EXPECT_EQ(hipMemAddressReserve(&va, 0, 0, nullptr, 0), hipErrorMemoryAllocation);
  EXPECT_EQ(hipMemAddressReserve(&va, kGrain + 1, 0, nullptr, 0), hipErrorMemoryAllocation);
  EXPECT_EQ(hipMemAddressReserve(&va, kGrain, 3 * kGrain, nullptr, 0), hipErrorMemoryAllocation);
  EXPECT_EQ(hipMemAddressReserve(&va, kGrain, 0, nullptr, 1), hipErrorInvalidValue);

  hipMemAllocationProp prop = deviceProp(0);
  hipMemGenericAllocationHandle_t handle{};
  ASSERT_EQ(hipMemCreate(&handle, 2 * kGrain, &prop, 0), hipSuccess);
  ASSERT_EQ(hipMemAddressReserve(&va, 2 * kGrain, 0, nullptr, 0), hipSuccess);
  char* base = static_cast<char*>(va);
  EXPECT_EQ(hipMemMap(nullptr, kGrain, 0, handle, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemMap(va, kGrain, 0, handle, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipMemMap(base + 100, kGrain, 0, handle, 0), hipErrorInvalidValue);   // unaligned
  EXPECT_EQ(hipMemMap(va, 3 * kGrain, 0, handle, 0), hipErrorInvalidValue);       // past both ends
  EXPECT_EQ(hipMemMap(va, kGrain, 2 * kGrain, handle, 0), hipErrorInvalidValue);  // offset
  EXPECT_EQ(hipMemMap(va, 0, 0, handle, 0), hipErrorInvalidValue);
  int local = 0;
  EXPECT_EQ(hipMemMap(&local, kGrain, 0, handle, 0), hipErrorInvalidValue);  // not reserved
  EXPECT_EQ(hipMemMap(va, kGrain, 0, nullptr, 0), hipErrorInvalidValue);
  ASSERT_EQ(hipMemMap(va, kGrain, 0, handle, 0), hipSuccess);
  EXPECT_EQ(hipMemMap(va, kGrain, kGrain, handle, 0), hipErrorInvalidValue);  // overlap

  hipMemAccessDesc desc{};
  desc.location.type = hipMemLocationTypeDevice;
  desc.location.id = 0;
  desc.flags = hipMemAccessFlagsProtReadWrite;
  EXPECT_EQ(hipMemSetAccess(nullptr, kGrain, &desc, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipMemSetAccess(va, kGrain, nullptr, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipMemSetAccess(va, kGrain, &desc, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipMemSetAccess(va, 2 * kGrain, &desc, 1), hipErrorInvalidValue);  // half unmapped
  EXPECT_EQ(hipMemSetAccess(base + kGrain, kGrain, &desc, 1), hipErrorInvalidValue);
  hipMemAccessDesc badDevice = desc;
  badDevice.location.id = 99;
  EXPECT_EQ(hipMemSetAccess(va, kGrain, &badDevice, 1), hipErrorInvalidValue);
  hipMemAccessDesc badFlags = desc;
  badFlags.flags = static_cast<hipMemAccessFlags>(2);
  EXPECT_EQ(hipMemSetAccess(va, kGrain, &badFlags, 1), hipErrorInvalidValue);

  unsigned long long flags = 0;
  EXPECT_EQ(hipMemGetAccess(nullptr, &desc.location, va), hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetAccess(&flags, nullptr, va), hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetAccess(&flags, &desc.location, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetAccess(&flags, &desc.location, base + kGrain), hipErrorInvalidValue);
  EXPECT_EQ(hipMemGetAccess(&flags, &badDevice.location, va), hipErrorInvalidValue);
  ASSERT_EQ(hipMemGetAccess(&flags, &desc.location, va), hipSuccess);
  EXPECT_EQ(flags, static_cast<unsigned long long>(hipMemAccessFlagsProtNone));  // none granted

  hipMemGenericAllocationHandle_t retained{};
  EXPECT_EQ(hipMemRetainAllocationHandle(nullptr, va), hipErrorInvalidValue);
  EXPECT_EQ(hipMemRetainAllocationHandle(&retained, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemRetainAllocationHandle(&retained, base + kGrain), hipErrorInvalidValue);

  EXPECT_EQ(hipMemUnmap(nullptr, kGrain), hipErrorInvalidValue);
  EXPECT_EQ(hipMemUnmap(base + kGrain, kGrain), hipErrorInvalidValue);  // nothing mapped there
  EXPECT_EQ(hipMemUnmap(va, 2 * kGrain), hipErrorInvalidValue);         // more than is mapped
  EXPECT_EQ(hipMemUnmap(va, 0), hipErrorInvalidValue);                  // nothing
  EXPECT_EQ(hipMemAddressFree(nullptr, 2 * kGrain), hipErrorInvalidValue);
  EXPECT_EQ(hipMemAddressFree(va, 2 * kGrain), hipErrorInvalidValue);  // still mapped
  ASSERT_EQ(hipMemUnmap(va, kGrain), hipSuccess);
  EXPECT_EQ(hipMemAddressFree(va, kGrain), hipErrorInvalidValue);  // not the reserved size
  EXPECT_EQ(hipMemAddressFree(base + kGrain, kGrain), hipErrorInvalidValue);  // not its start
  ASSERT_EQ(hipMemAddressFree(va, 2 * kGrain), hipSuccess);
  EXPECT_EQ(hipMemAddressFree(va, 2 * kGrain), hipErrorInvalidValue);  // freed twice
  ASSERT_EQ(hipMemRelease(handle), hipSuccess);
  EXPECT_EQ(hipMemMap(va, kGrain, 0, handle, 0), hipErrorInvalidValue);  // released handle

  hipArrayMapInfo info{};
  EXPECT_EQ(hipMemMapArrayAsync(nullptr, 1, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemMapArrayAsync(&info, 0, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemMapArrayAsync(&info, 1, nullptr), hipErrorNotSupported);
}

TEST(SharingMisuse, IpcMemory) {
  hipIpcMemHandle_t handle{};
  static_assert(sizeof(hipIpcMemHandle_t) == 64);
  static_assert(sizeof(hipIpcEventHandle_t) == 64);
  void* pointer = nullptr;
  ASSERT_EQ(hipMalloc(&pointer, 256), hipSuccess);
  EXPECT_EQ(hipIpcGetMemHandle(nullptr, pointer), hipErrorInvalidValue);
  EXPECT_EQ(hipIpcGetMemHandle(&handle, nullptr), hipErrorInvalidValue);
  int local = 0;
  EXPECT_EQ(hipIpcGetMemHandle(&handle, &local), hipErrorInvalidValue);  // host memory
  void* host = nullptr;
  ASSERT_EQ(hipHostMalloc(&host, 256, 0), hipSuccess);
  EXPECT_EQ(hipIpcGetMemHandle(&handle, host), hipErrorInvalidValue);
  ASSERT_EQ(hipHostFree(host), hipSuccess);

  void* opened = nullptr;
  hipIpcMemHandle_t garbage{};
  for (size_t i = 0; i < sizeof garbage.reserved; ++i) garbage.reserved[i] = char(i * 37 + 5);
  EXPECT_EQ(hipIpcOpenMemHandle(&opened, garbage, hipIpcMemLazyEnablePeerAccess),
            hipErrorInvalidValue);
  ASSERT_EQ(hipIpcGetMemHandle(&handle, pointer), hipSuccess);
  EXPECT_EQ(hipIpcOpenMemHandle(nullptr, handle, hipIpcMemLazyEnablePeerAccess),
            hipErrorInvalidValue);
  EXPECT_EQ(hipIpcOpenMemHandle(&opened, handle, 0x10), hipErrorInvalidValue);
  EXPECT_EQ(hipIpcOpenMemHandle(&opened, handle, hipIpcMemLazyEnablePeerAccess),
            hipErrorInvalidContext);  // this process's own handle
  EXPECT_EQ(hipIpcCloseMemHandle(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipIpcCloseMemHandle(pointer), hipErrorInvalidValue);  // not opened
  ASSERT_EQ(hipFree(pointer), hipSuccess);
}

TEST(SharingMisuse, PoolSharing) {
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  hipMemPool_t plain = nullptr, exportable = nullptr;
  ASSERT_EQ(hipMemPoolCreate(&plain, &props), hipSuccess);
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  ASSERT_EQ(hipMemPoolCreate(&exportable, &props), hipSuccess);
  int fd = -1;
  EXPECT_EQ(hipMemPoolExportToShareableHandle(nullptr, exportable,
                                              hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolExportToShareableHandle(&fd, nullptr, hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolExportToShareableHandle(&fd, plain, hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);  // not created for export
  EXPECT_EQ(hipMemPoolExportToShareableHandle(&fd, exportable, hipMemHandleTypeWin32, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(
      hipMemPoolExportToShareableHandle(&fd, exportable, hipMemHandleTypePosixFileDescriptor, 1),
      hipErrorInvalidValue);

  hipMemPool_t imported = nullptr;
  EXPECT_EQ(hipMemPoolImportFromShareableHandle(nullptr, reinterpret_cast<void*>(intptr_t{0}),
                                                hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolImportFromShareableHandle(&imported, reinterpret_cast<void*>(intptr_t{-1}),
                                                hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  int pipeEnds[2];
  ASSERT_EQ(pipe(pipeEnds), 0);
  EXPECT_EQ(
      hipMemPoolImportFromShareableHandle(&imported, reinterpret_cast<void*>(intptr_t{pipeEnds[0]}),
                                          hipMemHandleTypePosixFileDescriptor, 0),
      hipErrorInvalidValue);
  close(pipeEnds[0]);
  close(pipeEnds[1]);

  void* fromPlain = nullptr;
  void* fromExportable = nullptr;
  ASSERT_EQ(hipMallocFromPoolAsync(&fromPlain, 256, plain, nullptr), hipSuccess);
  ASSERT_EQ(hipMallocFromPoolAsync(&fromExportable, 256, exportable, nullptr), hipSuccess);
  hipMemPoolPtrExportData data{};
  EXPECT_EQ(hipMemPoolExportPointer(nullptr, fromExportable), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolExportPointer(&data, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolExportPointer(&data, fromPlain), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolExportPointer(&data, static_cast<char*>(fromExportable) + 4),
            hipErrorInvalidValue);  // not an allocation's start
  ASSERT_EQ(hipMemPoolExportPointer(&data, fromExportable), hipSuccess);

  // An imported pool (here from this process's own descriptor) only imports pointers, and
  // only those of the process it stands for (this one's are refused as this process's own).
  ASSERT_EQ(
      hipMemPoolExportToShareableHandle(&fd, exportable, hipMemHandleTypePosixFileDescriptor, 0),
      hipSuccess);
  ASSERT_EQ(hipMemPoolImportFromShareableHandle(&imported, reinterpret_cast<void*>(intptr_t{fd}),
                                                hipMemHandleTypePosixFileDescriptor, 0),
            hipSuccess);
  close(fd);
  void* pointer = nullptr;
  EXPECT_EQ(hipMallocFromPoolAsync(&pointer, 256, imported, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolImportPointer(nullptr, imported, &data), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolImportPointer(&pointer, imported, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolImportPointer(&pointer, plain, &data), hipErrorInvalidValue);
  EXPECT_EQ(hipMemPoolImportPointer(&pointer, imported, &data), hipErrorInvalidContext);
  ASSERT_EQ(hipMemPoolDestroy(imported), hipSuccess);

  ASSERT_EQ(hipFreeAsync(fromPlain, nullptr), hipSuccess);
  ASSERT_EQ(hipFreeAsync(fromExportable, nullptr), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  ASSERT_EQ(hipMemPoolDestroy(plain), hipSuccess);
  ASSERT_EQ(hipMemPoolDestroy(exportable), hipSuccess);
}
