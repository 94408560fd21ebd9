// Driver-style queries (runtime/src/api/PointerAttributeApi.cpp, FunctionApi.cpp, ErrorApi.cpp):
// pointer attributes against what the allocation calls were given, kernels reached through
// hipGetFuncBySymbol launched by hipModuleLaunchKernel, error names, each misuse with HIP's code.
#include <gtest/gtest.h>
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

TEST(PointerAttribute, DeviceMemoryAnswersWhatHipMallocMade) {
  char* block = nullptr;
  ASSERT_HIP(hipMalloc(&block, 1000));
  char* inside = block + 100;
  unsigned type = 0, mapped = 0, managed = 7, sync = 0, access = 0;
  int ordinal = -5;
  void* start = nullptr;
  void* devicePointer = nullptr;
  unsigned size = 0;  // 32 bits, as AMD's runtime writes it (CUDA: 64)
  ASSERT_HIP(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, inside));
  ASSERT_HIP(hipPointerGetAttribute(&devicePointer, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, inside));
  ASSERT_HIP(hipPointerGetAttribute(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, inside));
  ASSERT_HIP(hipPointerGetAttribute(&start, HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, inside));
  ASSERT_HIP(hipPointerGetAttribute(&size, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, inside));
  ASSERT_HIP(hipPointerGetAttribute(&mapped, HIP_POINTER_ATTRIBUTE_MAPPED, inside));
  ASSERT_HIP(hipPointerGetAttribute(&managed, HIP_POINTER_ATTRIBUTE_IS_MANAGED, inside));
  ASSERT_HIP(hipPointerGetAttribute(&sync, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, inside));
  ASSERT_HIP(hipPointerGetAttribute(&access, HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS, inside));
  EXPECT_EQ(type, unsigned{hipMemoryTypeDevice});
  EXPECT_EQ(devicePointer, inside);
  EXPECT_EQ(ordinal, 0);
  EXPECT_EQ(start, block);
  EXPECT_EQ(size, 1000u);
  EXPECT_EQ(mapped, 1u);
  EXPECT_EQ(managed, 0u);
  EXPECT_EQ(sync, 1u);
  EXPECT_EQ(access, unsigned{hipMemAccessFlagsProtReadWrite});
  void* host = nullptr;
  EXPECT_EQ(hipPointerGetAttribute(&host, HIP_POINTER_ATTRIBUTE_HOST_POINTER, inside),
            hipErrorInvalidValue);

  // The several-at-once form writes the same values.
  hipPointer_attribute asked[] = {HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                  HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
                                  HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
  unsigned type2 = 0;
  unsigned size2 = 0;
  int ordinal2 = -5;
  void* values[] = {&type2, &size2, &ordinal2};
  ASSERT_HIP(hipDrvPointerGetAttributes(3, asked, values, inside));
  EXPECT_EQ(type2, type);
  EXPECT_EQ(size2, size);
  EXPECT_EQ(ordinal2, ordinal);
  // Device memory's host pointer is null there (not an error, unlike the one-at-a-time form).
  hipPointer_attribute hostAsked[] = {HIP_POINTER_ATTRIBUTE_HOST_POINTER,
                                      HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
  void* hostPointer = inside;
  int hostOrdinal = -5;
  void* hostValues[] = {&hostPointer, &hostOrdinal};
  ASSERT_HIP(hipDrvPointerGetAttributes(2, hostAsked, hostValues, inside));
  EXPECT_EQ(hostPointer, nullptr);
  EXPECT_EQ(hostOrdinal, 0);
  int value = 1;
  ASSERT_HIP(hipPointerSetAttribute(&value, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, block));

  ASSERT_HIP(hipFree(block));
  EXPECT_EQ(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, block),
            hipErrorInvalidValue);  // freed
  EXPECT_EQ(hipPointerSetAttribute(&value, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, block),
            hipErrorInvalidDevicePointer);
  // Unknown to the several-at-once form: zeros and ordinal -1, no error (CUDA's rule).
  type2 = 9, size2 = 9, ordinal2 = 9;
  ASSERT_HIP(hipDrvPointerGetAttributes(3, asked, values, block));
  EXPECT_EQ(type2, 0u);
  EXPECT_EQ(size2, 0u);
  EXPECT_EQ(ordinal2, -1);
  (void)hipGetLastError();
}

TEST(PointerAttribute, EveryAllocationHasItsOwnBufferId) {
  // Ids are 32-bit (AMD's runtime writes 4 bytes): the word after the id stays untouched.
  uint32_t first[2] = {0, 0xdeadbeef}, second[2] = {0, 0xdeadbeef}, pinnedId[2] = {0, 0};
  char* block = nullptr;
  ASSERT_HIP(hipMalloc(&block, 256));
  ASSERT_HIP(hipPointerGetAttribute(first, HIP_POINTER_ATTRIBUTE_BUFFER_ID, block + 17));
  EXPECT_NE(first[0], 0u);
  EXPECT_EQ(first[1], 0xdeadbeefu);
  ASSERT_HIP(hipFree(block));
  // The same address allocated again is another buffer.
  char* again = nullptr;
  ASSERT_HIP(hipMalloc(&again, 256));
  ASSERT_EQ(again, block);
  ASSERT_HIP(hipPointerGetAttribute(second, HIP_POINTER_ATTRIBUTE_BUFFER_ID, again));
  EXPECT_NE(second[0], 0u);
  EXPECT_NE(second[0], first[0]);
  EXPECT_EQ(second[1], 0xdeadbeefu);
  void* pinned = nullptr;
  ASSERT_HIP(hipHostMalloc(&pinned, 1 << 20));  // a whole allocation, not a pool block
  ASSERT_HIP(hipPointerGetAttribute(pinnedId, HIP_POINTER_ATTRIBUTE_BUFFER_ID, pinned));
  EXPECT_NE(pinnedId[0], 0u);
  EXPECT_NE(pinnedId[0], second[0]);
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipFree(again));
  EXPECT_EQ(hipPointerGetAttribute(second, HIP_POINTER_ATTRIBUTE_BUFFER_ID, again),
            hipErrorInvalidValue);
}

TEST(PointerAttribute, HostAndManagedMemory) {
  int* pinned = nullptr;
  int* managed = nullptr;
  ASSERT_HIP(hipHostMalloc(&pinned, 64 * sizeof(int)));
  ASSERT_HIP(hipMallocManaged(&managed, 64 * sizeof(int)));
  unsigned type = 0, isManaged = 0;
  void* host = nullptr;
  ASSERT_HIP(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, pinned + 3));
  EXPECT_EQ(type, unsigned{hipMemoryTypeHost});
  ASSERT_HIP(hipPointerGetAttribute(&host, HIP_POINTER_ATTRIBUTE_HOST_POINTER, pinned + 3));
  EXPECT_EQ(host, pinned + 3);
  ASSERT_HIP(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, managed));
  EXPECT_EQ(type, unsigned{hipMemoryTypeManaged});
  ASSERT_HIP(hipPointerGetAttribute(&isManaged, HIP_POINTER_ATTRIBUTE_IS_MANAGED, managed));
  EXPECT_EQ(isManaged, 1u);
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipFree(managed));
}

TEST(PointerAttribute, MisuseGetsHipErrors) {
  int* block = nullptr;
  ASSERT_HIP(hipMalloc(&block, 64));
  std::vector<char> pageable(64);
  unsigned data = 0;
  EXPECT_EQ(hipPointerGetAttribute(nullptr, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, block),
            hipErrorInvalidValue);
  EXPECT_EQ(hipPointerGetAttribute(&data, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, nullptr),
            hipErrorInvalidValue);
  EXPECT_EQ(hipPointerGetAttribute(&data, static_cast<hipPointer_attribute>(-1), block),
            hipErrorInvalidValue);
  EXPECT_EQ(hipPointerGetAttribute(&data, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, pageable.data()),
            hipErrorInvalidValue);
  for (hipPointer_attribute unsupported :
       {HIP_POINTER_ATTRIBUTE_CONTEXT, HIP_POINTER_ATTRIBUTE_P2P_TOKENS,
        HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE, HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES,
        HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE, HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE})
    EXPECT_EQ(hipPointerGetAttribute(&data, unsupported, block), hipErrorNotSupported)
        << unsupported;
  int value = 1;
  EXPECT_EQ(hipPointerSetAttribute(nullptr, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, block),
            hipErrorInvalidValue);
  EXPECT_EQ(hipPointerSetAttribute(&value, HIP_POINTER_ATTRIBUTE_MAPPED, block),
            hipErrorInvalidValue);
  EXPECT_EQ(hipPointerSetAttribute(&value, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, pageable.data()),
            hipErrorInvalidDevicePointer);
  hipPointer_attribute one = HIP_POINTER_ATTRIBUTE_MEMORY_TYPE;
  void* slot = &data;
  EXPECT_EQ(hipDrvPointerGetAttributes(0, &one, &slot, block), hipErrorInvalidValue);
  EXPECT_EQ(hipDrvPointerGetAttributes(1, nullptr, &slot, block), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(block));
  (void)hipGetLastError();
}

TEST(KernelHandles, GetFuncBySymbolLaunchesThroughTheModuleApi) {
  hipFunction_t function = nullptr;
  ASSERT_HIP(hipGetFuncBySymbol(&function, boundedKernelHandle()));
  int* out = nullptr;
  ASSERT_HIP(hipMalloc(&out, 64 * sizeof(int)));
  ASSERT_HIP(hipMemset(out, 0, 64 * sizeof(int)));
  void* args[] = {&out};
  ASSERT_HIP(hipModuleLaunchKernel(function, 1, 1, 1, 48, 1, 1, 0, nullptr, args, nullptr));
  std::vector<int> host(64);
  ASSERT_HIP(hipMemcpy(host.data(), out, 64 * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) ASSERT_EQ(host[i], i < 48 ? 1 : 0) << i;
  // constSizeBytes: the __constant__ memory of the kernel's fat binary (GpuKernels.hip's
  // `__constant__ float coefficients[4]`), as AMD's runtime reports it.
  hipFuncAttributes attributes{};
  ASSERT_HIP(hipFuncGetAttributes(&attributes, boundedKernelHandle()));
  EXPECT_EQ(attributes.constSizeBytes, 4 * sizeof(float));
  int maxThreads = 0;
  ASSERT_HIP(hipFuncGetAttribute(&maxThreads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function));
  EXPECT_EQ(maxThreads, 64);  // __launch_bounds__(64)
  // The same handle launched cooperatively, through the module API.
  ASSERT_HIP(hipMemset(out, 0, 64 * sizeof(int)));
  ASSERT_HIP(hipModuleLaunchCooperativeKernel(function, 1, 1, 1, 32, 1, 1, 0, nullptr, args));
  ASSERT_HIP(hipMemcpy(host.data(), out, 64 * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) ASSERT_EQ(host[i], i < 32 ? 1 : 0) << i;
  EXPECT_EQ(hipModuleLaunchCooperativeKernel(nullptr, 1, 1, 1, 32, 1, 1, 0, nullptr, args),
            hipErrorInvalidResourceHandle);
  const char* name = hipKernelNameRef(function);
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "_Z13boundedKernelPi");
  const char* byPointer = hipKernelNameRefByPtr(boundedKernelHandle(), nullptr);
  ASSERT_NE(byPointer, nullptr);
  EXPECT_STREQ(byPointer, name);
  ASSERT_HIP(hipFree(out));

  int notAKernel = 0;
  EXPECT_EQ(hipGetFuncBySymbol(nullptr, boundedKernelHandle()), hipErrorInvalidValue);
  EXPECT_EQ(hipGetFuncBySymbol(&function, &notAKernel), hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipKernelNameRef(nullptr), nullptr);
  EXPECT_EQ(hipKernelNameRefByPtr(&notAKernel, nullptr), nullptr);
  (void)hipGetLastError();
}

// Made-up handles (hip-tests uses 0xFFFF as an "uninitialised" stream) are refused without
// being read: reading through them would crash.
TEST(Handles, MadeUpOnesAreRefusedNotRead) {
  hipEvent_t event = nullptr;
  ASSERT_HIP(hipEventCreate(&event));
  hipStream_t madeUp = reinterpret_cast<hipStream_t>(0xFFFF);
  EXPECT_EQ(hipStreamWaitEvent(madeUp, event, 0), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamQuery(madeUp), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventRecord(event, madeUp), hipErrorInvalidHandle);
  EXPECT_EQ(hipLaunchKernel(emptyKernelHandle(), dim3(1), dim3(1), nullptr, 0, madeUp),
            hipErrorInvalidHandle);
  EXPECT_EQ(hipEventQuery(reinterpret_cast<hipEvent_t>(0x10008)), hipErrorInvalidHandle);
  ASSERT_HIP(hipEventDestroy(event));
  (void)hipGetLastError();
}

// AMD's fence-scope flags are accepted; the event records and completes as any other.
TEST(EventFlags, FenceScopesAreAcceptedAndRecord) {
  for (unsigned flags : {unsigned{hipEventReleaseToDevice}, unsigned{hipEventReleaseToSystem},
                         unsigned{hipEventDisableSystemFence | hipEventDisableTiming}}) {
    hipEvent_t event = nullptr;
    ASSERT_HIP(hipEventCreateWithFlags(&event, flags));
    ASSERT_HIP(launchEmpty());
    ASSERT_HIP(hipEventRecord(event, nullptr));
    ASSERT_HIP(hipEventSynchronize(event));
    EXPECT_EQ(hipEventQuery(event), hipSuccess);
    ASSERT_HIP(hipEventDestroy(event));
  }
}

TEST(DriverErrors, NamesAndStringsOfHipCodes) {
  const char* text = nullptr;
  ASSERT_HIP(hipDrvGetErrorName(hipErrorInvalidValue, &text));
  EXPECT_STREQ(text, hipGetErrorName(hipErrorInvalidValue));
  EXPECT_STREQ(text, "hipErrorInvalidValue");
  ASSERT_HIP(hipDrvGetErrorString(hipErrorOutOfMemory, &text));
  EXPECT_STREQ(text, hipGetErrorString(hipErrorOutOfMemory));
  EXPECT_EQ(hipDrvGetErrorName(static_cast<hipError_t>(12345), &text), hipErrorInvalidValue);
  EXPECT_EQ(text, nullptr);
  EXPECT_EQ(hipDrvGetErrorString(hipSuccess, nullptr), hipErrorInvalidValue);
  // hipExtGetLastError reports and resets like hipGetLastError.
  EXPECT_EQ(hipSetDevice(-7), hipErrorInvalidDevice);
  EXPECT_EQ(hipExtGetLastError(), hipErrorInvalidDevice);
  EXPECT_EQ(hipExtGetLastError(), hipSuccess);
}

extern "C" unsigned short __gnu_f2h_ieee(float value);
extern "C" float __gnu_h2f_ieee(unsigned short value);

TEST(LegacyExports, HalfConversionsAndProfilerMarks) {
  EXPECT_EQ(__gnu_f2h_ieee(1.0f), 0x3c00);
  EXPECT_EQ(__gnu_f2h_ieee(-2.0f), 0xc000);
  EXPECT_EQ(__gnu_f2h_ieee(65504.0f), 0x7bff);  // the largest finite half
  EXPECT_EQ(__gnu_f2h_ieee(1e6f), 0x7c00);      // overflows to infinity
  EXPECT_EQ(__gnu_f2h_ieee(0.1f), 0x2e66);      // rounded to nearest
  EXPECT_EQ(__gnu_h2f_ieee(0x3c00), 1.0f);
  EXPECT_EQ(__gnu_h2f_ieee(0x0001), 5.960464477539063e-08f);  // the smallest subnormal
  EXPECT_EQ(__gnu_h2f_ieee(0xfbff), -65504.0f);
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_EQ(hipProfilerStart(), hipSuccess);
  EXPECT_EQ(hipProfilerStop(), hipSuccess);
#pragma clang diagnostic pop
}

TEST(BuildInfo, DebuggerQueriesAnswerWhatTheHeaderSays) {
  EXPECT_STREQ(amd_dbgapi_get_build_name(), HIP_VERSION_BUILD_NAME);
  EXPECT_STREQ(amd_dbgapi_get_git_hash(), HIP_VERSION_GITHASH);
  EXPECT_EQ(amd_dbgapi_get_build_id(), size_t{HIP_VERSION_BUILD_ID});
  // Debuggers and AMD's tests reach them by name too.
  void* name = nullptr;
  void* id = nullptr;
  ASSERT_HIP(hipGetProcAddress("amd_dbgapi_get_build_name", &name, HIP_VERSION, 0, nullptr));
  ASSERT_HIP(hipGetProcAddress("amd_dbgapi_get_build_id", &id, HIP_VERSION, 0, nullptr));
  ASSERT_NE(name, nullptr);
  ASSERT_NE(id, nullptr);
  EXPECT_STREQ(reinterpret_cast<const char* (*)()>(name)(), HIP_VERSION_BUILD_NAME);
  EXPECT_EQ(reinterpret_cast<size_t (*)()>(id)(), size_t{HIP_VERSION_BUILD_ID});
}

TEST(ProcAddress, ResolvesExportsByNameAndVersion) {
  void* function = nullptr;
  hipDriverProcAddressQueryResult status = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  ASSERT_HIP(hipGetProcAddress("hipGetDeviceCount", &function, 601, 0, &status));
  EXPECT_EQ(status, HIP_GET_PROC_ADDRESS_SUCCESS);
  int count = -1;
  ASSERT_HIP(reinterpret_cast<hipError_t (*)(int*)>(function)(&count));
  int expected = 0;
  ASSERT_HIP(hipGetDeviceCount(&expected));
  EXPECT_EQ(count, expected);

  // hipRuntimeGetVersion's encoding is accepted too.
  int runtimeVersion = 0;
  ASSERT_HIP(hipRuntimeGetVersion(&runtimeVersion));
  void* same = nullptr;
  ASSERT_HIP(hipGetProcAddress("hipGetDeviceCount", &same, runtimeVersion, 0, nullptr));
  EXPECT_EQ(same, function);

  // A HIP 6 caller gets the HIP 6 layout of the device properties, a HIP 5 caller HIP 5's.
  void* properties6 = nullptr;
  void* properties5 = nullptr;
  void* r0600 = nullptr;
  ASSERT_HIP(hipGetProcAddress("hipGetDeviceProperties", &properties6, 602, 0, nullptr));
  ASSERT_HIP(hipGetProcAddress("hipGetDeviceProperties", &properties5, 502, 0, nullptr));
  ASSERT_HIP(hipGetProcAddress("hipGetDevicePropertiesR0600", &r0600, 602, 0, nullptr));
  EXPECT_EQ(properties6, r0600);
  EXPECT_NE(properties5, r0600);
  hipDeviceProp_t viaPointer{}, direct{};
  ASSERT_HIP(reinterpret_cast<hipError_t (*)(hipDeviceProp_t*, int)>(properties6)(&viaPointer, 0));
  ASSERT_HIP(hipGetDeviceProperties(&direct, 0));
  EXPECT_STREQ(viaPointer.gcnArchName, direct.gcnArchName);
  EXPECT_EQ(viaPointer.totalGlobalMem, direct.totalGlobalMem);

  // The per-thread default stream's flag picks the _spt form where there is one.
  void* perThread = nullptr;
  void* spt = nullptr;
  void* plain = nullptr;
  ASSERT_HIP(hipGetProcAddress("hipMemcpy", &perThread, 602, 2, nullptr));
  ASSERT_HIP(hipGetProcAddress("hipMemcpy_spt", &spt, 602, 0, nullptr));
  ASSERT_HIP(hipGetProcAddress("hipMemcpy", &plain, 602, 1, nullptr));
  EXPECT_EQ(perThread, spt);
  EXPECT_NE(plain, spt);
  void* noSpt = nullptr;
  ASSERT_HIP(hipGetProcAddress("hipMalloc", &noSpt, 602, 2, nullptr));
  EXPECT_NE(noSpt, nullptr);

  // Too old a version, unknown names, names that are not hipcore's own.
  EXPECT_EQ(hipGetProcAddress("hipGetProcAddress", &function, 600, 0, &status),
            hipErrorInvalidValue);  // came with HIP 6.1
  EXPECT_EQ(status, HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
  EXPECT_EQ(function, nullptr);
  EXPECT_EQ(hipGetProcAddress("hipNoSuchFunction", &function, 602, 0, &status),
            hipErrorInvalidValue);
  EXPECT_EQ(status, HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  EXPECT_EQ(hipGetProcAddress("malloc", &function, 602, 0, &status), hipErrorInvalidValue);
  EXPECT_EQ(hipGetProcAddress(nullptr, &function, 602, 0, &status), hipErrorInvalidValue);
  EXPECT_EQ(hipGetProcAddress("hipMalloc", nullptr, 602, 0, &status), hipErrorInvalidValue);
  EXPECT_EQ(hipGetProcAddress("hipMalloc", &function, 602, 4, &status), hipErrorInvalidValue);
  (void)hipGetLastError();
}

}  // namespace
