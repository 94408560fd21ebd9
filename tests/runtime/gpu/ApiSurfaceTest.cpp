// The HIP host API around launches, on a GPU: device queries and settings, stream getters,
// queries and host functions (ordered between kernels), events, element fills, pitched copies,
// host memory registration and pointer attributes; each with its misuse cases.
#include <gtest/gtest.h>

#include <hip/hip_ext.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>
#include <set>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "GpuKernels.h"

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// A host function that holds its stream until the test releases it.
struct Gate {
  std::atomic<bool> started{false};
  std::atomic<bool> release{false};
  const int* observe = nullptr;  // read when the function runs
  int seen = -1;
  int* publish = nullptr;  // written (seen + 1) before it returns
};

void gateFunction(void* data) {
  auto* gate = static_cast<Gate*>(data);
  gate->seen = *gate->observe;
  gate->started.store(true);
  while (!gate->release.load()) std::this_thread::sleep_for(std::chrono::microseconds(100));
  *gate->publish = gate->seen + 1;
}

bool waitFor(const std::atomic<bool>& flag) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  return true;
}

TEST(DeviceApi, AttributesMatchTheProperties) {
  hipDeviceProp_t p;
  ASSERT_HIP(hipGetDeviceProperties(&p, 0));
  struct {
    hipDeviceAttribute_t attribute;
    int expected;
  } cases[] = {
      {hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock},
      {hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0]},
      {hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2]},
      {hipDeviceAttributeMaxGridDimX, p.maxGridSize[0]},
      {hipDeviceAttributeMaxSharedMemoryPerBlock, static_cast<int>(p.sharedMemPerBlock)},
      {hipDeviceAttributeWarpSize, p.warpSize},
      {hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount},
      {hipDeviceAttributeComputeCapabilityMajor, p.major},
      {hipDeviceAttributeComputeCapabilityMinor, p.minor},
      {hipDeviceAttributeClockRate, p.clockRate},
      {hipDeviceAttributeL2CacheSize, p.l2CacheSize},
      {hipDeviceAttributePciBusId, p.pciBusID},
      {hipDeviceAttributeManagedMemory, 1},
      {hipDeviceAttributeUnifiedAddressing, 1},
  };
  for (const auto& c : cases) {
    int value = -12345;
    ASSERT_HIP(hipDeviceGetAttribute(&value, c.attribute, 0));
    EXPECT_EQ(value, c.expected) << "attribute " << c.attribute;
  }
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  int value = 0;
  EXPECT_EQ(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, count),
            hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, -1), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceGetAttribute(nullptr, hipDeviceAttributeWarpSize, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetAttribute(&value, static_cast<hipDeviceAttribute_t>(99999), 0),
            hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);
  ASSERT_HIP(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 0));  // still usable
}

// HIP 6's attribute list: every attribute with a meaning on AMD GPUs answers, with the value
// of its hipDeviceProp_t field where there is one; the unused slots, the Windows LUID and the
// marker values are refused.
TEST(DeviceApi, EveryHip6AttributeAnswers) {
  hipDeviceProp_t p;
  ASSERT_HIP(hipGetDeviceProperties(&p, 0));
  EXPECT_EQ(std::strncmp(p.gcnArchName, "gfx", 3), 0) << p.gcnArchName;
  const std::set<int> refused = {
      hipDeviceAttributeLuid,           hipDeviceAttributeMaxThreadsDim,
      hipDeviceAttributeUnused1,        hipDeviceAttributeUnused2,
      hipDeviceAttributeUnused3,        hipDeviceAttributeUnused4,
      hipDeviceAttributeUnused5,        hipDeviceAttributeHdpMemFlushCntl,
      hipDeviceAttributeHdpRegFlushCntl};
  int answered = 0;
  for (int a = hipDeviceAttributeCudaCompatibleBegin; a <= hipDeviceAttributeWallClockRate; ++a) {
    if (a > hipDeviceAttributeMemoryPoolSupportedHandleTypes &&
        a < hipDeviceAttributeAmdSpecificBegin)
      continue;
    int value = -12345;
    hipError_t e = hipDeviceGetAttribute(&value, static_cast<hipDeviceAttribute_t>(a), 0);
    if (refused.count(a)) {
      EXPECT_EQ(e, hipErrorInvalidValue) << "attribute " << a;
      continue;
    }
    EXPECT_EQ(e, hipSuccess) << "attribute " << a;
    EXPECT_NE(value, -12345) << "attribute " << a;
    ++answered;
  }
  EXPECT_EQ(answered, 92 + 18 - 9);
  hipGetLastError();
  struct {
    hipDeviceAttribute_t attribute;
    int expected;
  } cases[] = {
      {hipDeviceAttributeSharedMemPerBlockOptin, static_cast<int>(p.sharedMemPerBlockOptin)},
      {hipDeviceAttributeMaxBlocksPerMultiProcessor, p.maxBlocksPerMultiProcessor},
      {hipDeviceAttributeStreamPrioritiesSupported, 1},
      {hipDeviceAttributeMemoryPoolsSupported, 1},
      {hipDeviceAttributeMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor},
      {hipDeviceAttributeIsLargeBar, p.isLargeBar},
      {hipDeviceAttributeAsicRevision, p.asicRevision},
      {hipDeviceAttributeClockInstructionRate, p.clockInstructionRate},
      {hipDeviceAttributeWallClockRate, 100000},  // RDNA's s_memrealtime: 100 MHz
      {hipDeviceAttributeImageSupport, 1},
      {hipDeviceAttributeCanUseStreamWaitValue, 1},  // hipStreamWaitValue32/64 are there
      {hipDeviceAttributeTotalGlobalMem,
       static_cast<int>(p.totalGlobalMem > INT32_MAX ? INT32_MAX : p.totalGlobalMem)},
  };
  for (const auto& c : cases) {
    int value = -12345;
    ASSERT_HIP(hipDeviceGetAttribute(&value, c.attribute, 0));
    EXPECT_EQ(value, c.expected) << "attribute " << c.attribute;
  }
  EXPECT_EQ(p.unifiedAddressing, 1);
  EXPECT_EQ(p.arch.hasDoubles, 1u);
  EXPECT_EQ(p.arch.hasDynamicParallelism, 0u);
}

// hip_ext.h: the launch runs between its two event records; a copy of kind
// hipMemcpyDeviceToDeviceNoCU copies like hipMemcpyDeviceToDevice.
TEST(ExtApi, LaunchBetweenEventsAndNoCuCopy) {
  hipGetLastError();  // launchAddExt reports through the last error: start from none
  const int n = 1000;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 3.0f - i;
  }
  float *da, *db, *dc, *dd;
  ASSERT_HIP(hipMalloc(&da, n * sizeof(float)));
  ASSERT_HIP(hipMalloc(&db, n * sizeof(float)));
  ASSERT_HIP(hipMalloc(&dc, n * sizeof(float)));
  ASSERT_HIP(hipMalloc(&dd, n * sizeof(float)));
  ASSERT_HIP(hipMemcpy(da, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemcpy(db, b.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipEvent_t start, stop;
  ASSERT_HIP(hipEventCreate(&start));
  ASSERT_HIP(hipEventCreate(&stop));
  ASSERT_HIP(launchAddExt(da, db, dc, n, start, stop));
  ASSERT_HIP(hipEventSynchronize(stop));
  EXPECT_EQ(hipEventQuery(start), hipSuccess);
  float ms = -1.0f;
  ASSERT_HIP(hipEventElapsedTime(&ms, start, stop));
  EXPECT_GE(ms, 0.0f);
  ASSERT_HIP(hipMemcpy(dd, dc, n * sizeof(float), hipMemcpyDeviceToDeviceNoCU));
  ASSERT_HIP(hipMemcpy(c.data(), dd, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
  ASSERT_HIP(launchAddExt(da, db, dc, n, nullptr, nullptr));  // no events: a plain launch
  ASSERT_HIP(hipDeviceSynchronize());
  // A global size that is not a multiple of the workgroup size is refused, not rounded.
  EXPECT_EQ(hipExtModuleLaunchKernel(nullptr, 100, 1, 1, 64, 1, 1, 0, nullptr, nullptr, nullptr),
            hipErrorInvalidConfiguration);
  EXPECT_EQ(hipExtLaunchKernel(nullptr, dim3(1), dim3(1), nullptr, 0, nullptr, nullptr, nullptr, 4),
            hipErrorInvalidValue);  // an unknown flag
  hipGetLastError();
  for (float* p : {da, db, dc, dd}) ASSERT_HIP(hipFree(p));
  ASSERT_HIP(hipEventDestroy(start));
  ASSERT_HIP(hipEventDestroy(stop));
}

TEST(DeviceApi, ChooseDevicePicksTheDeviceMeetingTheRequest) {
  int count = 0;
  ASSERT_HIP(hipGetDeviceCount(&count));
  hipDeviceProp_t own{};
  ASSERT_HIP(hipGetDeviceProperties(&own, count - 1));
  hipDeviceProp_t request{};
  int device = -1;
  ASSERT_HIP(hipChooseDevice(&device, &request));  // nothing asked: the first device
  EXPECT_EQ(device, 0);
  request.major = own.major;
  request.multiProcessorCount = own.multiProcessorCount;
  request.totalGlobalMem = own.totalGlobalMem;
  ASSERT_HIP(hipChooseDevice(&device, &request));
  EXPECT_GE(device, 0);
  EXPECT_LT(device, count);
  hipDeviceProp_t chosen{};
  ASSERT_HIP(hipGetDeviceProperties(&chosen, device));
  EXPECT_GE(chosen.multiProcessorCount, own.multiProcessorCount);
  EXPECT_GE(chosen.totalGlobalMem, own.totalGlobalMem);
  // More than any device has: still the closest match, not an error (as CUDA).
  request.multiProcessorCount = 1 << 30;
  device = -1;
  ASSERT_HIP(hipChooseDevice(&device, &request));
  EXPECT_GE(device, 0);
  EXPECT_EQ(hipChooseDevice(nullptr, &request), hipErrorInvalidValue);
  EXPECT_EQ(hipChooseDevice(&device, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);
}

TEST(DeviceApi, NameBusIdAndTotalMemory) {
  hipDeviceProp_t p;
  ASSERT_HIP(hipGetDeviceProperties(&p, 0));
  char name[256];
  ASSERT_HIP(hipDeviceGetName(name, sizeof(name), 0));
  EXPECT_STREQ(name, p.name);
  char shortName[4];
  ASSERT_HIP(hipDeviceGetName(shortName, sizeof(shortName), 0));
  EXPECT_EQ(std::strncmp(shortName, p.name, 3), 0);
  EXPECT_EQ(shortName[3], '\0');
  char bus[32], expected[32];
  ASSERT_HIP(hipDeviceGetPCIBusId(bus, sizeof(bus), 0));
  std::snprintf(expected, sizeof(expected), "%04x:%02x:%02x.0", p.pciDomainID, p.pciBusID,
                p.pciDeviceID);
  EXPECT_STREQ(bus, expected);
  // A short buffer: as much as fits, terminated, the rest untouched, and the call fails.
  std::memset(bus, 1, sizeof(bus));
  EXPECT_EQ(hipDeviceGetPCIBusId(bus, 5, 0), hipErrorInvalidValue);
  EXPECT_EQ(std::string(bus, 5), std::string(expected, 4) + '\0');
  EXPECT_EQ(bus[5], 1);
  EXPECT_EQ(hipDeviceGetPCIBusId(bus, 0, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetPCIBusId(bus, 32, 64), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceGetPCIBusId(nullptr, 32, 0), hipErrorInvalidValue);
  size_t total = 0;
  ASSERT_HIP(hipDeviceTotalMem(&total, 0));
  EXPECT_EQ(total, p.totalGlobalMem);
  EXPECT_EQ(hipDeviceTotalMem(&total, 64), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceTotalMem(nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceGetName(name, 0, 0), hipErrorInvalidValue);
  hipDevice_t device = -1;
  ASSERT_HIP(hipDeviceGet(&device, 0));
  EXPECT_EQ(device, 0);
  EXPECT_EQ(hipDeviceGet(&device, 64), hipErrorInvalidDevice);
}

TEST(DeviceApi, InitFlagsLimitsAndPeers) {
  ASSERT_HIP(hipInit(0));
  EXPECT_EQ(hipInit(1), hipErrorInvalidValue);
  ASSERT_HIP(hipSetDeviceFlags(hipDeviceScheduleBlockingSync | hipDeviceMapHost));
  unsigned flags = 0;
  ASSERT_HIP(hipGetDeviceFlags(&flags));
  EXPECT_EQ(flags, static_cast<unsigned>(hipDeviceScheduleBlockingSync));  // scheduling bits only
  EXPECT_EQ(hipSetDeviceFlags(hipDeviceScheduleSpin | hipDeviceScheduleYield),
            hipErrorInvalidValue);
  EXPECT_EQ(hipSetDeviceFlags(0x100), hipErrorInvalidValue);
  ASSERT_HIP(hipSetDeviceFlags(hipDeviceScheduleAuto));

  size_t value = 0;
  ASSERT_HIP(hipDeviceGetLimit(&value, hipLimitStackSize));
  EXPECT_EQ(value, 1024u);
  ASSERT_HIP(hipDeviceSetLimit(hipLimitMallocHeapSize, size_t{16} << 20));
  ASSERT_HIP(hipDeviceGetLimit(&value, hipLimitMallocHeapSize));
  EXPECT_EQ(value, size_t{16} << 20);
  EXPECT_EQ(hipDeviceGetLimit(&value, static_cast<hipLimit_t>(7)), hipErrorUnsupportedLimit);
  EXPECT_EQ(hipDeviceGetLimit(nullptr, hipLimitStackSize), hipErrorInvalidValue);

  int least = 99, greatest = 99;
  ASSERT_HIP(hipDeviceGetStreamPriorityRange(&least, &greatest));
  EXPECT_EQ(least, 0);
  EXPECT_EQ(greatest, -1);

  int count = 0, can = -1;
  ASSERT_HIP(hipGetDeviceCount(&count));
  ASSERT_HIP(hipDeviceCanAccessPeer(&can, 0, 0));
  EXPECT_EQ(can, 0);
  EXPECT_EQ(hipDeviceCanAccessPeer(&can, 0, count), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceCanAccessPeer(nullptr, 0, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipDeviceEnablePeerAccess(count, 0), hipErrorInvalidDevice);
  EXPECT_EQ(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
  int runtime = 0, driver = 0;
  ASSERT_HIP(hipRuntimeGetVersion(&runtime));
  ASSERT_HIP(hipDriverGetVersion(&driver));
  EXPECT_EQ(runtime, HIP_VERSION);
  EXPECT_GT(driver, 0);
}

TEST(FunctionApi, AttributesComeFromTheKernelCode) {
  hipFuncAttributes a;
  ASSERT_HIP(hipFuncGetAttributes(&a, boundedKernelHandle()));
  EXPECT_EQ(a.maxThreadsPerBlock, 64);
  EXPECT_EQ(a.sharedSizeBytes, 0u);
  hipDeviceProp_t p;
  ASSERT_HIP(hipGetDeviceProperties(&p, 0));
  EXPECT_EQ(static_cast<size_t>(a.maxDynamicSharedSizeBytes), p.sharedMemPerBlock);
  ASSERT_HIP(hipFuncGetAttributes(&a, emptyKernelHandle()));
  EXPECT_EQ(a.maxThreadsPerBlock, 1024);
  int notAKernel = 0;
  EXPECT_EQ(hipFuncGetAttributes(&a, &notAKernel), hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipFuncGetAttributes(&a, nullptr), hipErrorInvalidDeviceFunction);
  EXPECT_EQ(hipFuncGetAttributes(nullptr, emptyKernelHandle()), hipErrorInvalidValue);
  ASSERT_HIP(hipFuncSetCacheConfig(emptyKernelHandle(), hipFuncCachePreferL1));
}

TEST(StreamApi, HostFunctionRunsBetweenKernelsAndQueryWaitsForIt) {
  int* host = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&host), 2 * sizeof(int)));
  host[0] = 0;
  host[1] = 0;
  int* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), sizeof(int)));
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreate(&stream));
  Gate gate;
  gate.observe = &host[0];
  gate.publish = &host[1];
  (void)hipGetLastError();  // the launch helpers return the last error: start clean
  ASSERT_HIP(launchSlowStore(&host[0], 41, 2000, stream));
  ASSERT_HIP(hipLaunchHostFunc(stream, gateFunction, &gate));
  ASSERT_HIP(launchCopyInt(device, &host[1], stream));  // must see what the host function wrote
  ASSERT_TRUE(waitFor(gate.started));
  EXPECT_EQ(gate.seen, 41);  // the kernel before it had finished
  EXPECT_EQ(hipStreamQuery(stream), hipErrorNotReady);
  EXPECT_EQ(hipGetLastError(), hipSuccess);  // not-ready is an answer, not an error
  gate.release.store(true);
  ASSERT_HIP(hipStreamSynchronize(stream));
  ASSERT_HIP(hipStreamQuery(stream));
  int result = 0;
  ASSERT_HIP(hipMemcpy(&result, device, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT_EQ(result, 42);
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipHostFree(host));
}

// Legacy null-stream semantics: the null stream and blocking streams wait for each other's
// earlier work; a non-blocking stream waits for neither. A gate holds one stream while the
// test checks what the others do.
TEST(StreamApi, NullStreamOrdersWithBlockingStreamsOnly) {
  int* host = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&host), 4 * sizeof(int)));
  host[0] = 5;
  host[1] = 0;
  host[2] = 9;
  host[3] = 0;
  int* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), 3 * sizeof(int)));
  ASSERT_HIP(hipMemset(device, 0, 3 * sizeof(int)));
  hipStream_t blocking, nonBlocking;
  ASSERT_HIP(hipStreamCreate(&blocking));
  ASSERT_HIP(hipStreamCreateWithFlags(&nonBlocking, hipStreamNonBlocking));
  (void)hipGetLastError();

  // A blocking stream held by a gate: null-stream work after it waits.
  Gate first;
  first.observe = &host[0];
  first.publish = &host[1];
  ASSERT_HIP(hipLaunchHostFunc(blocking, gateFunction, &first));
  ASSERT_HIP(launchCopyInt(device, &host[1], nullptr));
  ASSERT_TRUE(waitFor(first.started));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // room for a wrong early copy
  EXPECT_EQ(hipStreamQuery(nullptr), hipErrorNotReady);
  first.release.store(true);
  ASSERT_HIP(hipStreamSynchronize(nullptr));
  int result = 0;
  ASSERT_HIP(hipMemcpy(&result, device, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT_EQ(result, 6);

  // The null stream held by a gate: a blocking stream waits, a non-blocking one does not.
  Gate second;
  second.observe = &host[2];
  second.publish = &host[3];
  ASSERT_HIP(hipLaunchHostFunc(nullptr, gateFunction, &second));
  ASSERT_HIP(launchCopyInt(device + 1, &host[3], blocking));
  ASSERT_HIP(launchCopyInt(device + 2, &host[2], nonBlocking));
  ASSERT_TRUE(waitFor(second.started));
  ASSERT_HIP(hipStreamSynchronize(nonBlocking));  // returns while the null stream is held
  EXPECT_EQ(hipStreamQuery(blocking), hipErrorNotReady);
  second.release.store(true);
  ASSERT_HIP(hipStreamSynchronize(blocking));
  int results[3] = {};
  ASSERT_HIP(hipMemcpy(results, device, sizeof(results), hipMemcpyDeviceToHost));
  EXPECT_EQ(results[1], 10);
  EXPECT_EQ(results[2], 9);
  ASSERT_HIP(hipStreamDestroy(blocking));
  ASSERT_HIP(hipStreamDestroy(nonBlocking));
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipHostFree(host));
}

struct CallbackRecord {
  std::atomic<int> calls{0};
  hipStream_t stream = nullptr;
  hipError_t status = hipErrorUnknown;
  const int* observe = nullptr;
  int seen = -1;
};

void recordCallback(hipStream_t stream, hipError_t status, void* data) {
  auto* record = static_cast<CallbackRecord*>(data);
  record->stream = stream;
  record->status = status;
  record->seen = *record->observe;
  record->calls.fetch_add(1);
}

TEST(StreamApi, CallbacksSeeTheirStreamOnBlockingAndNullStreams) {
  int* host = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&host), sizeof(int)));
  *host = 0;
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreate(&stream));
  hipStream_t streams[2] = {stream, nullptr};
  (void)hipGetLastError();
  for (int i = 0; i < 2; ++i) {
    CallbackRecord record;
    record.observe = host;
    ASSERT_HIP(launchSlowStore(host, 100 + i, 1000, streams[i]));
    ASSERT_HIP(hipStreamAddCallback(streams[i], recordCallback, &record, 0));
    ASSERT_HIP(hipStreamSynchronize(streams[i]));
    EXPECT_EQ(record.calls.load(), 1);
    EXPECT_EQ(record.stream, streams[i]);
    EXPECT_EQ(record.status, hipSuccess);
    EXPECT_EQ(record.seen, 100 + i);
  }
  CallbackRecord unused;
  EXPECT_EQ(hipStreamAddCallback(stream, recordCallback, &unused, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamAddCallback(stream, nullptr, &unused, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipLaunchHostFunc(stream, nullptr, nullptr), hipErrorInvalidValue);
  ASSERT_HIP(hipStreamDestroy(stream));
  // A destroyed stream: AMD's runtime answers hipErrorContextIsDestroyed (hip-tests checks it).
  EXPECT_EQ(hipLaunchHostFunc(stream, gateFunction, nullptr), hipErrorContextIsDestroyed);
  EXPECT_EQ(unused.calls.load(), 0);
  ASSERT_HIP(hipHostFree(host));
}

TEST(StreamApi, GettersAndMisuse) {
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithPriority(&stream, hipStreamNonBlocking, -5));
  unsigned flags = 99;
  int priority = 99;
  hipDevice_t device = -1;
  ASSERT_HIP(hipStreamGetFlags(stream, &flags));
  EXPECT_EQ(flags, static_cast<unsigned>(hipStreamNonBlocking));
  ASSERT_HIP(hipStreamGetPriority(stream, &priority));
  EXPECT_EQ(priority, -1);  // clamped to the greatest priority
  ASSERT_HIP(hipStreamGetDevice(stream, &device));
  EXPECT_EQ(device, 0);
  ASSERT_HIP(hipStreamQuery(stream));  // nothing submitted
  // The null stream has no flags to report in AMD's HIP (CUDA reports 0): hip-tests asks for
  // hipErrorInvalidValue there; hipStreamPerThread is a stream like any other.
  flags = 77;
  EXPECT_EQ(hipStreamGetFlags(nullptr, &flags), hipErrorInvalidValue);
  EXPECT_EQ(flags, 77u);
  ASSERT_HIP(hipStreamGetFlags(hipStreamPerThread, &flags));
  EXPECT_EQ(flags, static_cast<unsigned>(hipStreamDefault));
  ASSERT_HIP(hipStreamGetPriority(nullptr, &priority));
  EXPECT_EQ(priority, 0);
  ASSERT_HIP(hipStreamQuery(nullptr));
  EXPECT_EQ(hipStreamGetFlags(stream, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamGetPriority(stream, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamGetDevice(stream, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamCreateWithPriority(nullptr, 0, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamCreateWithPriority(&stream, 4, 0), hipErrorInvalidValue);
  ASSERT_HIP(hipStreamDestroy(stream));
  // Destroyed: AMD's hipErrorContextIsDestroyed; never a stream: an invalid handle.
  EXPECT_EQ(hipStreamQuery(stream), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamGetFlags(stream, &flags), hipErrorContextIsDestroyed);
  EXPECT_EQ(hipStreamQuery(reinterpret_cast<hipStream_t>(0x10)), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamDestroy(nullptr), hipErrorInvalidHandle);
  ASSERT_HIP(hipDeviceSynchronize());  // still usable
}

TEST(StreamApi, IdleSynchronisationSubmitsNoBarrier) {
  (void)hipGetLastError();  // the launch helpers return the last error: start clean
  // Non-blocking, so null-stream work adds no ordering barriers to it.
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  float* data = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&data), 3 * sizeof(float)));
  // The count is the stream's hardware queue's, which streams of earlier tests may have used
  // (the pool is shared): count from here, with their work finished.
  ASSERT_HIP(hipDeviceSynchronize());
  unsigned long long base = 0;
  auto packets = [&base](hipStream_t s) {
    unsigned long long n = ~0ull;
    EXPECT_EQ(hipcoreGetStreamPacketCount(s, &n), hipSuccess) << hipcoreGetErrorDetail();
    return n - base;
  };
  base = packets(stream);
  ASSERT_HIP(launchAddOn(data, data + 1, data + 2, /*n=*/1, stream));
  EXPECT_EQ(packets(stream), 1u);
  // Work in flight: at most one barrier (none when the kernel's own signal tells in time, see
  // SynchronizeAfterAKernelUsuallyNeedsNoBarrier).
  ASSERT_HIP(hipStreamSynchronize(stream));
  const unsigned long long synced = packets(stream);
  EXPECT_LE(synced, 2u);
  ASSERT_HIP(hipStreamSynchronize(stream));  // idle: none
  ASSERT_HIP(hipDeviceSynchronize());
  ASSERT_HIP(hipStreamQuery(stream));
  EXPECT_EQ(packets(stream), synced);
  // Work after an idle synchronisation is still waited for.
  ASSERT_HIP(launchAddOn(data, data + 1, data + 2, /*n=*/1, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_GE(packets(stream), synced + 1);
  EXPECT_LE(packets(stream), synced + 2);
  // Ending in something else (an event record's barrier), the wait takes a barrier of its own.
  hipEvent_t event;
  ASSERT_HIP(hipEventCreate(&event));
  ASSERT_HIP(launchAddOn(data, data + 1, data + 2, /*n=*/1, stream));
  ASSERT_HIP(hipEventRecord(event, stream));
  const unsigned long long recorded = packets(stream);
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(packets(stream), recorded + 1);
  ASSERT_HIP(hipEventDestroy(event));
  EXPECT_EQ(hipcoreGetStreamPacketCount(stream, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);  // read and cleared
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(data));
}

// A synchronize of a stream whose last packet is a kernel polls the stream's kernel signal
// (PacketSubmitter.h) instead of submitting a barrier; only a kernel still running after the ~100
// us poll needs one. Of many short round trips at least some must go without (all of them on an
// idle machine); taking the barrier every time means the poll never answers. Not under valgrind
// (tests/memcheck): there the poll runs out every time.
TEST(StreamApi, SynchronizeAfterAKernelUsuallyNeedsNoBarrier) {
  (void)hipGetLastError();  // the launch helpers return the last error: start clean
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  float* data = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&data), 3 * sizeof(float)));
  // Warm: the first dispatch of a kernel decodes it, which takes longer than the poll.
  ASSERT_HIP(launchAddOn(data, data + 1, data + 2, /*n=*/1, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  unsigned long long before = 0, after = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &before));
  constexpr unsigned long long kTrips = 20;
  for (unsigned long long i = 0; i < kTrips; ++i) {
    ASSERT_HIP(launchAddOn(data, data + 1, data + 2, /*n=*/1, stream));
    ASSERT_HIP(hipStreamSynchronize(stream));
  }
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &after));
  EXPECT_GE(after - before, kTrips);
  EXPECT_LT(after - before, 2 * kTrips) << "every synchronize submitted a barrier";
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(data));
}

// A synchronize of a stream ending in kernels polls the stream's kernel signal for the count of
// kernels it launched (PacketSubmitter.h): it must return only once the last of them has finished,
// the poll running out (a kernel longer than ~100 us) must fall back to a barrier, and a query must
// not call a running kernel done.
TEST(StreamApi, SynchronizeAfterKernelsWaitsForTheLastOne) {
  (void)hipGetLastError();  // the launch helpers return the last error: start clean
  constexpr int kKernels = 6;
  int* host = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&host), (kKernels + 1) * sizeof(int)));
  for (int i = 0; i <= kKernels; ++i) host[i] = -1;
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < kKernels; ++i)
      ASSERT_HIP(launchSlowStore(&host[i], 100 * round + i, /*iterations=*/2000 * (i + 1), stream));
    ASSERT_HIP(hipStreamSynchronize(stream));
    for (int i = 0; i < kKernels; ++i) EXPECT_EQ(host[i], 100 * round + i) << "round " << round;
  }
  // Far longer than the poll: the wait ends in a barrier, still after the kernel.
  ASSERT_HIP(launchSlowStore(&host[kKernels], 4242, /*iterations=*/400000, stream));
  EXPECT_EQ(hipStreamQuery(stream), hipErrorNotReady);
  EXPECT_EQ(host[kKernels], -1);
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(host[kKernels], 4242);
  ASSERT_HIP(hipStreamQuery(stream));
  // Two streams sharing nothing but the device each wait for their own kernels.
  hipStream_t other;
  ASSERT_HIP(hipStreamCreateWithFlags(&other, hipStreamNonBlocking));
  host[0] = host[1] = -1;
  ASSERT_HIP(launchSlowStore(&host[0], 7, 20000, stream));
  ASSERT_HIP(launchSlowStore(&host[1], 8, 20000, other));
  ASSERT_HIP(hipStreamSynchronize(other));
  EXPECT_EQ(host[1], 8);
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(host[0], 7);
  ASSERT_HIP(hipStreamDestroy(other));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipHostFree(host));
}

TEST(MemoryApi, FreeWithNothingPendingSubmitsNoBarrier) {
  (void)hipGetLastError();  // the launch helpers return the last error: start clean
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  int* ints = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&ints), 2 * sizeof(int)));
  void* memory = nullptr;
  ASSERT_HIP(hipMalloc(&memory, 256));
  ASSERT_HIP(launchEmpty());  // on the null stream
  ASSERT_HIP(launchCopyInt(ints, ints + 1, stream));
  ASSERT_HIP(hipDeviceSynchronize());
  unsigned long long nullBefore = 0, streamBefore = 0, nullAfter = 0, streamAfter = 0;
  ASSERT_HIP(hipcoreGetStreamPacketCount(nullptr, &nullBefore));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &streamBefore));
  EXPECT_GT(nullBefore, 0u);
  ASSERT_HIP(hipFree(memory));
  ASSERT_HIP(hipcoreGetStreamPacketCount(nullptr, &nullAfter));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &streamAfter));
  EXPECT_EQ(nullAfter, nullBefore);
  EXPECT_EQ(streamAfter, streamBefore);
  // With a kernel in flight, hipFree synchronises the device (HIP's implicit
  // hipDeviceSynchronize, DeviceMemory.cpp): the kernel has completed when it returns, and the
  // idle null stream got no packet.
  ASSERT_HIP(hipMalloc(&memory, 256));
  ASSERT_HIP(launchCopyInt(ints, ints + 1, stream));
  ASSERT_HIP(hipFree(memory));
  EXPECT_EQ(hipStreamQuery(stream), hipSuccess);
  ASSERT_HIP(hipcoreGetStreamPacketCount(nullptr, &nullAfter));
  ASSERT_HIP(hipcoreGetStreamPacketCount(stream, &streamAfter));
  EXPECT_EQ(nullAfter, nullBefore);
  EXPECT_GE(streamAfter, streamBefore + 1);  // the kernel (and a barrier if the wait needed one)
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(ints));
}

TEST(EventApi, RecordBehindAHostFunctionCompletesWhenItReturns) {
  int* host = nullptr;
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&host), 2 * sizeof(int)));
  host[0] = 7;
  host[1] = 0;
  Gate gate;
  gate.observe = &host[0];
  gate.publish = &host[1];
  hipEvent_t event;
  ASSERT_HIP(hipEventCreateWithFlags(&event, hipEventDisableTiming));
  ASSERT_HIP(hipLaunchHostFunc(nullptr, gateFunction, &gate));
  ASSERT_HIP(hipEventRecord(event, nullptr));
  ASSERT_TRUE(waitFor(gate.started));
  EXPECT_EQ(hipEventQuery(event), hipErrorNotReady);
  gate.release.store(true);
  ASSERT_HIP(hipEventSynchronize(event));
  EXPECT_EQ(host[1], 8);
  ASSERT_HIP(hipEventQuery(event));
  ASSERT_HIP(hipEventDestroy(event));
  ASSERT_HIP(hipHostFree(host));
}

TEST(EventApi, InterprocessEventsMustNotTime) {
  hipEvent_t event = nullptr;
  EXPECT_EQ(hipEventCreateWithFlags(&event, hipEventInterprocess), hipErrorInvalidValue);
  EXPECT_NE(std::strstr(hipcoreGetErrorDetail(), "hipEventDisableTiming"), nullptr)
      << hipcoreGetErrorDetail();
  EXPECT_EQ(event, nullptr);
  EXPECT_EQ(hipEventCreateWithFlags(&event, 0x80), hipErrorInvalidValue);
  EXPECT_EQ(hipEventCreateWithFlags(nullptr, 0), hipErrorInvalidValue);
  ASSERT_HIP(hipEventCreateWithFlags(&event, hipEventBlockingSync));
  ASSERT_HIP(hipEventDestroy(event));
}

TEST(MemoryApi, ElementFillsWriteTheirPatterns) {
  const size_t bytes = 1000;
  uint8_t* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), bytes));
  ASSERT_HIP(hipMemset(device, 0x11, bytes));
  ASSERT_HIP(hipMemsetD32(device, 0x12345678, 100));
  ASSERT_HIP(hipMemsetD16(device + 400, 0xBEEF, 50));
  ASSERT_HIP(hipMemsetD8Async(device + 501, 0x5A, 37, nullptr));
  ASSERT_HIP(hipMemsetD32Async(device + 600, -2, 3, nullptr));
  std::vector<uint8_t> expected(bytes, 0x11);
  for (size_t i = 0; i < 100; ++i) {
    uint32_t v = 0x12345678;
    std::memcpy(&expected[4 * i], &v, 4);
  }
  for (size_t i = 0; i < 50; ++i) {
    uint16_t v = 0xBEEF;
    std::memcpy(&expected[400 + 2 * i], &v, 2);
  }
  for (size_t i = 0; i < 37; ++i) expected[501 + i] = 0x5A;
  for (size_t i = 0; i < 12; ++i) expected[600 + i] = 0xff;
  expected[600] = 0xfe;
  expected[604] = 0xfe;
  expected[608] = 0xfe;
  std::vector<uint8_t> actual(bytes);
  ASSERT_HIP(hipMemcpy(actual.data(), device, bytes, hipMemcpyDeviceToHost));
  for (size_t i = 0; i < bytes; ++i) ASSERT_EQ(actual[i], expected[i]) << i;
  EXPECT_EQ(hipMemsetD32(nullptr, 0, 4), hipErrorInvalidValue);
  ASSERT_HIP(hipMemsetD32(nullptr, 0, 0));
  ASSERT_HIP(hipFree(device));
}

TEST(MemoryApi, PitchedAllocationsAndTwoDimensionalCopies) {
  const size_t width = 100, height = 7, hostPitch = 130;
  uint8_t* device = nullptr;
  size_t pitch = 0;
  ASSERT_HIP(hipMallocPitch(reinterpret_cast<void**>(&device), &pitch, width, height));
  EXPECT_GE(pitch, width);
  EXPECT_EQ(pitch % 256, 0u);
  std::vector<uint8_t> source(hostPitch * height);
  for (size_t i = 0; i < source.size(); ++i) source[i] = static_cast<uint8_t>(i * 7 + 3);
  ASSERT_HIP(hipMemset(device, 0, pitch * height));
  ASSERT_HIP(
      hipMemcpy2D(device, pitch, source.data(), hostPitch, width, height, hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemset2D(device + 10, pitch, 0x33, 5, 3));
  std::vector<uint8_t> packed(width * height, 0);
  ASSERT_HIP(hipMemcpy2DAsync(packed.data(), width, device, pitch, width, height,
                              hipMemcpyDeviceToHost, nullptr));
  for (size_t row = 0; row < height; ++row)
    for (size_t column = 0; column < width; ++column) {
      uint8_t expected =
          row < 3 && column >= 10 && column < 15 ? 0x33 : source[row * hostPitch + column];
      ASSERT_EQ(packed[row * width + column], expected) << row << "," << column;
    }
  EXPECT_EQ(hipMemcpy2D(device, 50, source.data(), hostPitch, width, height, hipMemcpyHostToDevice),
            hipErrorInvalidPitchValue);
  EXPECT_EQ(hipMemset2D(device, 50, 0, width, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocPitch(nullptr, &pitch, width, height), hipErrorInvalidValue);
  ASSERT_HIP(hipFree(device));
}

TEST(MemoryApi, RegisteredHostMemoryReachesKernels) {
  auto* host = static_cast<int*>(std::aligned_alloc(4096, 4096));
  ASSERT_NE(host, nullptr);
  host[5] = 1234;
  ASSERT_HIP(hipHostRegister(host, 4096, hipHostRegisterMapped));
  EXPECT_EQ(hipHostRegister(host, 4096, 0), hipErrorHostMemoryAlreadyRegistered);
  unsigned flags = 0;
  ASSERT_HIP(hipHostGetFlags(&flags, host));
  EXPECT_EQ(flags, static_cast<unsigned>(hipHostRegisterMapped));
  int* mapped = nullptr;
  ASSERT_HIP(hipHostGetDevicePointer(reinterpret_cast<void**>(&mapped), host, 0));
  int* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), sizeof(int)));
  (void)hipGetLastError();  // clear the expected failure above: the helper returns the last error
  ASSERT_HIP(launchCopyInt(device, mapped + 5, nullptr));
  int result = 0;
  ASSERT_HIP(hipMemcpy(&result, device, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT_EQ(result, 1234);
  ASSERT_HIP(hipHostUnregister(host));
  EXPECT_EQ(hipHostUnregister(host), hipErrorHostMemoryNotRegistered);
  EXPECT_EQ(hipHostRegister(nullptr, 4096, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipHostRegister(host, 4096, 0x100), hipErrorInvalidValue);
  EXPECT_EQ(hipHostGetDevicePointer(reinterpret_cast<void**>(&mapped), host, 0),
            hipErrorInvalidValue);
  std::free(host);
  ASSERT_HIP(hipFree(device));
}

TEST(MemoryApi, PointerAttributesTellMemoryKinds) {
  const size_t bytes = 8192;
  char *device = nullptr, *pinned = nullptr, *managed = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), bytes));
  ASSERT_HIP(hipHostMalloc(reinterpret_cast<void**>(&pinned), bytes,
                           hipHostMallocMapped | hipHostMallocCoherent));
  ASSERT_HIP(hipMallocManaged(reinterpret_cast<void**>(&managed), bytes));
  hipPointerAttribute_t a;
  ASSERT_HIP(hipPointerGetAttributes(&a, device + 16));
  EXPECT_EQ(a.type, hipMemoryTypeDevice);
  EXPECT_EQ(a.device, 0);
  EXPECT_EQ(a.devicePointer, device + 16);
  EXPECT_EQ(a.hostPointer, nullptr);
  ASSERT_HIP(hipPointerGetAttributes(&a, pinned));
  EXPECT_EQ(a.type, hipMemoryTypeHost);
  EXPECT_EQ(a.hostPointer, pinned);
  EXPECT_EQ(a.isManaged, 0);
  EXPECT_EQ(a.allocationFlags, static_cast<unsigned>(hipHostMallocMapped | hipHostMallocCoherent));
  ASSERT_HIP(hipPointerGetAttributes(&a, managed));
  EXPECT_EQ(a.type, hipMemoryTypeManaged);
  EXPECT_EQ(a.isManaged, 1);
  int local = 0;
  ASSERT_HIP(hipPointerGetAttributes(&a, &local));
  EXPECT_EQ(a.type, hipMemoryTypeUnregistered);
  EXPECT_EQ(hipPointerGetAttributes(nullptr, device), hipErrorInvalidValue);
  EXPECT_EQ(hipPointerGetAttributes(&a, nullptr), hipErrorInvalidValue);

  unsigned flags = 0;
  ASSERT_HIP(hipHostGetFlags(&flags, pinned));
  EXPECT_EQ(flags, static_cast<unsigned>(hipHostMallocMapped | hipHostMallocCoherent));
  EXPECT_EQ(hipHostGetFlags(&flags, device), hipErrorInvalidValue);
  void* mapped = nullptr;
  ASSERT_HIP(hipHostGetDevicePointer(&mapped, pinned, 0));
  EXPECT_EQ(hipHostGetDevicePointer(&mapped, pinned, 1), hipErrorInvalidValue);
  size_t size = 0;
  ASSERT_HIP(hipMemPtrGetInfo(device, &size));
  EXPECT_EQ(size, bytes);
  EXPECT_EQ(hipMemPtrGetInfo(&local, &size), hipErrorInvalidValue);
  hipDeviceptr_t base = nullptr;
  ASSERT_HIP(hipMemGetAddressRange(&base, &size, device + 100));
  EXPECT_EQ(base, device);
  EXPECT_EQ(size, bytes);
  EXPECT_EQ(hipMemGetAddressRange(&base, &size, &local), hipErrorNotFound);
  void* rejected = nullptr;
  EXPECT_EQ(hipHostMalloc(&rejected, 64, hipHostMallocCoherent | hipHostMallocNonCoherent),
            hipErrorInvalidValue);
  EXPECT_EQ(rejected, nullptr);
  ASSERT_HIP(hipFree(device));
  ASSERT_HIP(hipHostFree(pinned));
  ASSERT_HIP(hipFree(managed));
}

TEST(MemoryApi, SymbolCopiesOnAStream) {
  hipStream_t stream;
  ASSERT_HIP(hipStreamCreate(&stream));
  int value = 271828, back = 0;
  ASSERT_HIP(
      hipMemcpyToSymbolAsync(hitsSymbol(), &value, sizeof(int), 0, hipMemcpyHostToDevice, stream));
  ASSERT_HIP(
      hipMemcpyFromSymbolAsync(&back, hitsSymbol(), sizeof(int), 0, hipMemcpyDeviceToHost, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  EXPECT_EQ(back, value);
  ASSERT_HIP(hipStreamDestroy(stream));
  EXPECT_EQ(
      hipMemcpyToSymbolAsync(hitsSymbol(), &value, sizeof(int), 0, hipMemcpyHostToDevice, stream),
      hipErrorContextIsDestroyed);
}

}  // namespace
