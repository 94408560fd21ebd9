// Misuse of the HIP API on a GPU: null pointers, invalid and destroyed handles, out-of-range
// devices, values and images. Each call must return the documented error, record it as the last
// error, and leave the runtime usable (every test ends with a kernel that must still work).
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// The runtime still runs kernels and copies exactly after the misuse.
void expectStillUsable() {
  (void)hipGetLastError();  // clear what the misuse left behind
  std::vector<float> a(256), b(256), c(256, -1.0f);
  for (int i = 0; i < 256; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = static_cast<float>(3 * i);
  }
  float *da = nullptr, *db = nullptr, *dc = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&da), 1024));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&db), 1024));
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&dc), 1024));
  ASSERT_HIP(hipMemcpy(da, a.data(), 1024, hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemcpy(db, b.data(), 1024, hipMemcpyHostToDevice));
  ASSERT_HIP(launchAdd(da, db, dc, 256, 64));
  ASSERT_HIP(hipMemcpy(c.data(), dc, 1024, hipMemcpyDeviceToHost));
  for (int i = 0; i < 256; ++i) ASSERT_EQ(c[i], static_cast<float>(4 * i)) << i;
  ASSERT_HIP(hipFree(da));
  ASSERT_HIP(hipFree(db));
  ASSERT_HIP(hipFree(dc));
}

TEST(Misuse, DeviceQueriesAndSettings) {
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  EXPECT_EQ(hipRuntimeGetVersion(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipSuccess);  // reading the last error resets it
  EXPECT_EQ(hipDriverGetVersion(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGetDeviceFlags(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipSetDevice(count), hipErrorInvalidDevice);
  EXPECT_EQ(hipSetDevice(-1), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceSetLimit(static_cast<hipLimit_t>(0x7fff), 4096), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceSetLimit(hipLimitMallocHeapSize, 0), hipErrorInvalidValue);
  size_t limit = 0;
  EXPECT_EQ(hipDeviceGetLimit(nullptr, hipLimitStackSize), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetLimit(&limit, static_cast<hipLimit_t>(0x7fff)), hipErrorUnsupportedLimit);
  EXPECT_EQ(hipDeviceSetCacheConfig(static_cast<hipFuncCache_t>(99)), hipErrorInvalidValue);
  EXPECT_EQ(hipFuncSetCacheConfig(nullptr, hipFuncCachePreferNone), hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipFuncSetCacheConfig(emptyKernelHandle(), static_cast<hipFuncCache_t>(99)),
            hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceDisablePeerAccess(0), hipErrorPeerAccessNotEnabled);
  EXPECT_EQ(hipDeviceDisablePeerAccess(count), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceEnablePeerAccess(count, 0), hipErrorInvalidDevice);
  int canAccess = -1;
  EXPECT_EQ(hipDeviceCanAccessPeer(nullptr, 0, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceCanAccessPeer(&canAccess, 0, count), hipErrorInvalidDevice);
  char name[64];
  EXPECT_EQ(hipDeviceGetName(nullptr, 64, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetName(name, 64, count), hipErrorInvalidDevice);
  size_t bytes = 0;
  EXPECT_EQ(hipDeviceTotalMem(&bytes, count), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceTotalMem(nullptr, 0), hipErrorInvalidValue);
  hipDeviceProp_t properties;
  EXPECT_EQ(hipGetDeviceProperties(&properties, count), hipErrorInvalidDevice);
  EXPECT_EQ(hipGetDeviceProperties(nullptr, 0), hipErrorInvalidValue);
  expectStillUsable();
}

TEST(Misuse, InvalidAndDestroyedEvents) {
  EXPECT_EQ(hipEventCreate(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipEventRecord(nullptr, nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventSynchronize(nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventQuery(nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventDestroy(nullptr), hipErrorInvalidHandle);
  float ms = 0;
  EXPECT_EQ(hipEventElapsedTime(nullptr, nullptr, nullptr), hipErrorInvalidValue);
  hipEvent_t start, stop;
  ASSERT_HIP(hipEventCreate(&start));
  ASSERT_HIP(hipEventCreate(&stop));
  // Never recorded: no time to report.
  EXPECT_EQ(hipEventElapsedTime(&ms, start, stop), hipErrorInvalidHandle);
  hipEvent_t untimed;
  ASSERT_HIP(hipEventCreateWithFlags(&untimed, hipEventDisableTiming));
  ASSERT_HIP(hipEventRecord(untimed, nullptr));
  ASSERT_HIP(hipEventRecord(stop, nullptr));
  ASSERT_HIP(hipEventSynchronize(stop));
  EXPECT_EQ(hipEventElapsedTime(&ms, untimed, stop), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventCreateWithFlags(&untimed, 0x40u), hipErrorInvalidValue);  // no such flag
  EXPECT_EQ(hipEventCreateWithFlags(&untimed, hipEventReleaseToDevice | hipEventReleaseToSystem),
            hipErrorInvalidValue);  // two release scopes at once
  ASSERT_HIP(hipEventDestroy(untimed));
  ASSERT_HIP(hipEventDestroy(start));
  ASSERT_HIP(hipEventDestroy(stop));
  // Destroyed handles are refused, not used.
  EXPECT_EQ(hipEventRecord(stop, nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventSynchronize(stop), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventQuery(start), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventDestroy(start),
            hipErrorContextIsDestroyed);  // AMD's answer to a second destroy
  EXPECT_EQ(hipStreamWaitEvent(nullptr, stop, 0), hipErrorInvalidHandle);
  expectStillUsable();
}

TEST(Misuse, InvalidStreams) {
  EXPECT_EQ(hipStreamCreate(nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamCreateWithFlags(nullptr, hipStreamDefault), hipErrorInvalidValue);
  hipStream_t stream = nullptr;
  EXPECT_EQ(hipStreamCreateWithFlags(&stream, 0x1000), hipErrorInvalidValue);
  auto* bogus = reinterpret_cast<hipStream_t>(uintptr_t{16});
  EXPECT_EQ(hipStreamSynchronize(bogus), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamQuery(bogus), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamDestroy(nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamDestroy(bogus), hipErrorInvalidHandle);
  unsigned flags = 0;
  EXPECT_EQ(hipStreamGetFlags(bogus, &flags), hipErrorInvalidHandle);
  int priority = 0;
  EXPECT_EQ(hipStreamGetPriority(bogus, &priority), hipErrorInvalidHandle);
  hipEvent_t event;
  ASSERT_HIP(hipEventCreate(&event));
  EXPECT_EQ(hipStreamWaitEvent(bogus, event, 0), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamWaitEvent(nullptr, nullptr, 0), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventRecord(event, bogus), hipErrorInvalidHandle);
  ASSERT_HIP(hipEventDestroy(event));
  EXPECT_EQ(hipLaunchKernel(emptyKernelHandle(), dim3(1), dim3(1), nullptr, 0, bogus),
            hipErrorInvalidHandle);
  EXPECT_EQ(hipLaunchKernel_spt(nullptr, dim3(1), dim3(1), nullptr, 0, nullptr),
            hipErrorInvalidDeviceFunction);
  // A destroyed stream's handle is refused, not used: hipErrorContextIsDestroyed, AMD's answer
  // (hip-tests' InvalidStream cases); a handle that never was a stream is an invalid handle.
  hipStream_t destroyed = nullptr;
  ASSERT_HIP(hipStreamCreate(&destroyed));
  ASSERT_HIP(hipStreamDestroy(destroyed));
  EXPECT_EQ(hipStreamSynchronize(destroyed), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamQuery(destroyed), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamDestroy(destroyed), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipLaunchKernel(emptyKernelHandle(), dim3(1), dim3(1), nullptr, 0, destroyed),
            hipErrorContextIsDestroyed);
  expectStillUsable();
}

TEST(Misuse, LaunchConfigurations) {
  const void* kernel = emptyKernelHandle();
  EXPECT_EQ(hipLaunchKernel(nullptr, dim3(1), dim3(1), nullptr, 0, nullptr),
            hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipLaunchKernel(kernel, dim3(0), dim3(1), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernel(kernel, dim3(1), dim3(0), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernel(kernel, dim3(1), dim3(2048), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernel(kernel, dim3(1), dim3(32, 32, 2), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernel(kernel, dim3(1u << 31, 1, 1), dim3(1024), nullptr, 0, nullptr),
            hipErrorInvalidConfiguration);
  // A host function's address is not a kernel.
  EXPECT_EQ(hipLaunchKernel(reinterpret_cast<const void*>(&expectStillUsable), dim3(1), dim3(1),
                            nullptr, 0, nullptr),
            hipErrorInvalidDeviceFunction);
  dim3 grid, block;
  size_t shared = 0;
  hipStream_t stream = nullptr;
  EXPECT_EQ(__hipPopCallConfiguration(&grid, &block, &shared, &stream),
            hipErrorMissingConfiguration);
  expectStillUsable();
}

TEST(Misuse, ModulesAndSymbols) {
  hipModule_t module = nullptr;
  EXPECT_EQ(hipModuleLoad(&module, "/nonexistent/hipcore/module.co"), hipErrorFileNotFound);
  EXPECT_EQ(hipModuleLoad(nullptr, "/nonexistent/hipcore/module.co"), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleLoad(&module, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleLoad(&module, ""), hipErrorInvalidValue);
  // A file that is not a code object.
  char path[] = "/tmp/hipcore-misuse-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  const char garbage[] = "this is not an ELF code object, nor an offload bundle";
  ASSERT_EQ(write(fd, garbage, sizeof garbage), static_cast<ssize_t>(sizeof garbage));
  close(fd);
  EXPECT_EQ(hipModuleLoad(&module, path), hipErrorInvalidImage);
  unlink(path);
  EXPECT_EQ(hipModuleLoadData(&module, garbage), hipErrorInvalidImage);
  EXPECT_EQ(hipModuleLoadData(nullptr, garbage), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleLoadData(&module, nullptr), hipErrorInvalidValue);
  // A truncated ELF header: rejected, never read past.
  unsigned char elf[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  EXPECT_EQ(hipModuleLoadData(&module, elf), hipErrorInvalidImage);
  // hipModuleLoadDataEx: the same checks, its option arrays, and the reason in the error log.
  char log[256] = "untouched";
  hipJitOption logOptions[] = {hipJitOptionErrorLogBuffer, hipJitOptionErrorLogBufferSizeBytes};
  void* logValues[] = {log, reinterpret_cast<void*>(uintptr_t{sizeof log})};
  EXPECT_EQ(hipModuleLoadDataEx(&module, garbage, 2, logOptions, logValues), hipErrorInvalidImage);
  size_t written = reinterpret_cast<uintptr_t>(logValues[1]);
  EXPECT_GT(written, 0u);
  EXPECT_EQ(std::strlen(log), written);
  EXPECT_EQ(hipModuleLoadDataEx(nullptr, garbage, 0, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleLoadDataEx(&module, nullptr, 0, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleLoadDataEx(&module, garbage, 2, nullptr, logValues), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleLoadDataEx(&module, garbage, 2, logOptions, nullptr), hipErrorInvalidValue);
  hipJitOption unknown[] = {static_cast<hipJitOption>(hipJitOptionNumOptions + 7)};
  void* unknownValue[] = {nullptr};
  EXPECT_EQ(hipModuleLoadDataEx(&module, garbage, 1, unknown, unknownValue), hipErrorInvalidValue);
  hipFunction_t function = nullptr;
  EXPECT_EQ(hipModuleGetFunction(&function, nullptr, "kernel"), hipErrorInvalidHandle);
  hipDeviceptr_t global = nullptr;
  size_t bytes = 0;
  EXPECT_EQ(hipModuleGetGlobal(&global, &bytes, nullptr, "value"), hipErrorInvalidHandle);
  EXPECT_EQ(hipModuleGetGlobal(&global, &bytes, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleUnload(nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipModuleLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidHandle);
  void* address = nullptr;
  int notASymbol = 0;
  EXPECT_EQ(hipGetSymbolAddress(nullptr, hitsSymbol()), hipErrorInvalidValue);
  EXPECT_EQ(hipGetSymbolAddress(&address, &notASymbol), hipErrorInvalidSymbol);
  EXPECT_EQ(hipGetSymbolSize(&bytes, &notASymbol), hipErrorInvalidSymbol);
  int value = 0;
  EXPECT_EQ(hipMemcpyToSymbol(&notASymbol, &value, sizeof value, 0, hipMemcpyHostToDevice),
            hipErrorInvalidSymbol);
  EXPECT_EQ(hipMemcpyFromSymbol(&value, &notASymbol, sizeof value, 0, hipMemcpyDeviceToHost),
            hipErrorInvalidSymbol);
  EXPECT_EQ(hipMemcpyFromSymbolAsync(&value, &notASymbol, sizeof value, 0, hipMemcpyDeviceToHost,
                                     nullptr),
            hipErrorInvalidSymbol);
  // Past the end of the variable (`hits` is one int).
  EXPECT_EQ(
      hipMemcpyToSymbol(hitsSymbol(), &value, sizeof value, sizeof value, hipMemcpyHostToDevice),
      hipErrorInvalidValue);
  expectStillUsable();
}

TEST(Misuse, FreeingWhatWasNotAllocated) {
  int onStack = 0;
  EXPECT_EQ(hipFree(&onStack), hipErrorInvalidValue);
  EXPECT_EQ(hipHostFree(&onStack), hipErrorInvalidValue);
  void* device = nullptr;
  ASSERT_HIP(hipMalloc(&device, 4096));
  EXPECT_EQ(hipFree(static_cast<char*>(device) + 256), hipErrorInvalidValue);  // not the base
  EXPECT_EQ(hipHostFree(device), hipErrorInvalidValue);                        // not host memory
  ASSERT_HIP(hipFree(device));
  EXPECT_EQ(hipFree(device), hipErrorInvalidValue);  // twice
  void* host = nullptr;
  ASSERT_HIP(hipHostMalloc(&host, 4096, 0));
  EXPECT_EQ(hipFree(host), hipErrorInvalidValue);  // hipHostMalloc memory goes to hipHostFree
  ASSERT_HIP(hipHostFree(host));
  EXPECT_EQ(hipHostFree(host), hipErrorInvalidValue);
  EXPECT_EQ(hipFree(nullptr), hipSuccess);  // as free(NULL)
  EXPECT_EQ(hipHostFree(nullptr), hipSuccess);
  EXPECT_EQ(hipMalloc(nullptr, 64), hipErrorInvalidValue);
  EXPECT_EQ(hipHostMalloc(nullptr, 64, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipHostMalloc(&host, 64, 0x1000u), hipErrorInvalidValue);  // not a flag
  EXPECT_EQ(hipHostMalloc(&host, 64, hipHostMallocCoherent | hipHostMallocNonCoherent),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMallocManaged(nullptr, 64, hipMemAttachGlobal), hipErrorInvalidValue);
  expectStillUsable();
}

TEST(Misuse, CopiesAndFillsPastTheEndOfASmallBlock) {
  // A 256-byte hipMalloc is a block inside a larger ROCR chunk: the bound is the block's size.
  void* block = nullptr;
  ASSERT_HIP(hipMalloc(&block, 256));
  std::vector<unsigned char> host(512, 7);
  EXPECT_EQ(hipMemcpy(block, host.data(), 512, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(host.data(), block, 257, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(static_cast<char*>(block) + 128, host.data(), 129, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  EXPECT_EQ(hipMemset(block, 0, 300), hipErrorInvalidValue);
  EXPECT_EQ(hipMemsetD32(block, 0, 65), hipErrorInvalidValue);
  // Exactly to the end is fine.
  ASSERT_HIP(hipMemcpy(block, host.data(), 256, hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemset(static_cast<char*>(block) + 128, 1, 128));
  std::vector<unsigned char> back(256);
  ASSERT_HIP(hipMemcpy(back.data(), block, 256, hipMemcpyDeviceToHost));
  for (int i = 0; i < 256; ++i) ASSERT_EQ(back[i], i < 128 ? 7 : 1) << i;
  // Starting past a block's end (hip-tests' OutOfBoundsPtr: 184 bytes, then one byte past them,
  // in the slack of the block's size class), or in a block once it is freed: no allocation
  // there, though ROCR sees the pool's chunk around it.
  void* odd = nullptr;
  ASSERT_HIP(hipMalloc(&odd, 184));
  char* past = static_cast<char*>(odd) + 185;
  EXPECT_EQ(hipMemset(past, 0, 16), hipErrorInvalidValue);
  EXPECT_EQ(hipMemsetAsync(past, 0, 16, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(past, host.data(), 16, hipMemcpyHostToDevice), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(odd));
  ASSERT_HIP(hipFree(block));
  EXPECT_EQ(hipMemset(block, 0, 16), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(host.data(), block, 16, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  expectStillUsable();
}

}  // namespace
