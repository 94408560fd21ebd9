// AMD's profiler interface on real calls (runtime/src/api/ApiCallbacks.h): hipApiName against
// AMD's operation ids, hipGetCmdName, the HIP 5.2.3 per-id callbacks (alone and with an activity
// callback supplying the record, as roctracer 5.2 registers them), hipRegisterTracerCallback's
// protocol (roctracer 5.3+), the arguments as hip_api_data_t lays them out, nothing after
// removal, and the misuse answers.
#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipcore_ext.h>

#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

#include "GpuKernels.h"

extern "C" {
void hipRegisterTracerCallback(int (*function)(uint32_t domain, uint32_t id, void* data));
}

namespace {

#define ASSERT_HIP(call) ASSERT_EQ((call), hipSuccess) << hipcoreGetErrorDetail()

// AMD's hip_api_id_t values (HIP 5.2.3 through 6.4.3 agree on them).
constexpr uint32_t kPopCallConfiguration = 1, kPushCallConfiguration = 2, kEventRecord = 59,
                   kFree = 69, kLaunchKernel = 107, kMalloc = 108, kMemcpy = 125,
                   kMemsetAsync = 159, kStreamCreate = 192, kStreamCreateWithFlags = 193,
                   kStreamSynchronize = 199;
constexpr uint32_t kDomainHipApi = 3, kEnter = 0, kExit = 1;

// hip_api_data_t's head; the argument union starts at byte 16.
struct ApiData {
  uint64_t correlationId;
  uint32_t phase;
  alignas(8) unsigned char args[1496];
  uint64_t* phaseData;
};
static_assert(sizeof(ApiData) == 1520);

struct Seen {
  uint32_t domain, id, phase;
  uint64_t correlation;
  const void* record;
  void* arg;
  unsigned char args[64];
};

std::mutex seenMutex;
std::vector<Seen> seen;

void record(uint32_t domain, uint32_t id, const void* data, void* arg) {
  const auto* api = static_cast<const ApiData*>(data);
  Seen s{domain, id, api->phase, api->correlationId, data, arg, {}};
  std::memcpy(s.args, api->args, sizeof(s.args));
  std::lock_guard lock(seenMutex);
  seen.push_back(s);
}

std::vector<Seen> take() {
  std::lock_guard lock(seenMutex);
  std::vector<Seen> out;
  out.swap(seen);
  return out;
}

template <class T>
T argAt(const Seen& s, size_t offset) {
  T value;
  std::memcpy(&value, s.args + offset, sizeof(T));
  return value;
}

const uint32_t kIds[] = {kPopCallConfiguration,
                         kPushCallConfiguration,
                         kEventRecord,
                         kFree,
                         kLaunchKernel,
                         kMalloc,
                         kMemcpy,
                         kMemsetAsync,
                         kStreamCreate,
                         kStreamCreateWithFlags,
                         kStreamSynchronize};

TEST(ApiName, NamesAmdsOperationIds) {
  EXPECT_STREQ(hipApiName(1), "__hipPopCallConfiguration");
  EXPECT_STREQ(hipApiName(6), "hipChooseDeviceR0000");
  EXPECT_STREQ(hipApiName(81), "hipGetDevicePropertiesR0000");
  EXPECT_STREQ(hipApiName(kLaunchKernel), "hipLaunchKernel");
  EXPECT_STREQ(hipApiName(kMalloc), "hipMalloc");
  EXPECT_STREQ(hipApiName(kMemcpy), "hipMemcpy");
  EXPECT_STREQ(hipApiName(kStreamSynchronize), "hipStreamSynchronize");
  EXPECT_STREQ(hipApiName(333), "hipMemUnmap");                    // the last of HIP 5.2.3
  EXPECT_STREQ(hipApiName(334), "hipDeviceSetGraphMemAttribute");  // the first of HIP 5.3
  EXPECT_STREQ(hipApiName(363), "hipStreamGetDevice");             // the last of HIP 5.7
  EXPECT_STREQ(hipApiName(365), "hipChooseDeviceR0600");
  EXPECT_STREQ(hipApiName(418), "hipEventRecordWithFlags");
}

TEST(ApiName, UnknownForNoneReservedAndOutOfRange) {
  for (uint32_t id : {0u, 50u, 82u, 185u, 296u, 393u, 399u, 407u, 419u, UINT32_MAX})
    EXPECT_STREQ(hipApiName(id), "unknown") << id;
}

TEST(ApiName, CommandKindNames) {
  EXPECT_STREQ(hipGetCmdName(0), "InternalMarker");
  EXPECT_STREQ(hipGetCmdName(0x11F0), "KernelExecution");
  EXPECT_STREQ(hipGetCmdName(0x11F3), "CopyDeviceToHost");
  EXPECT_STREQ(hipGetCmdName(0x11F4), "CopyHostToDevice");
  EXPECT_STREQ(hipGetCmdName(0x11F5), "CopyDeviceToDevice");
  EXPECT_STREQ(hipGetCmdName(0x1203), "CopyDeviceToDevice2D");
  EXPECT_STREQ(hipGetCmdName(0x1207), "FillBuffer");
  EXPECT_STREQ(hipGetCmdName(0x4502), "StreamWrite");
  EXPECT_STREQ(hipGetCmdName(0x9999), "Unknown command kind");
}

TEST(ApiCallback, EnterAndExitOfRealCallsWithIdsCorrelationAndArguments) {
  int marker = 0;
  for (uint32_t id : kIds)
    ASSERT_HIP(hipRegisterApiCallback(id, reinterpret_cast<void*>(record), &marker));
  take();

  float* device = nullptr;
  ASSERT_HIP(hipMalloc(reinterpret_cast<void**>(&device), 3 * 4096));
  std::vector<float> a(1024, 1.5f), b(1024, 2.25f), c(1024, 0.0f);
  ASSERT_HIP(hipMemcpy(device, a.data(), 4096, hipMemcpyHostToDevice));
  ASSERT_HIP(hipMemcpy(device + 1024, b.data(), 4096, hipMemcpyHostToDevice));
  hipStream_t stream = nullptr;
  ASSERT_HIP(hipStreamCreate(&stream));  // runs hipStreamCreateWithFlags inside: not reported
  ASSERT_HIP(hipMemsetAsync(device + 2048, 0x7f, 4096, stream));
  ASSERT_HIP(launchAddOn(device, device + 1024, device + 2048, 1024, stream));
  ASSERT_HIP(hipStreamSynchronize(stream));
  ASSERT_HIP(hipMemcpy(c.data(), device + 2048, 4096, hipMemcpyDeviceToHost));
  for (float v : c) ASSERT_EQ(v, 3.75f);
  std::vector<Seen> calls = take();

  // Each call: an enter then an exit with the same correlation id, ids in call order.
  const uint32_t expected[] = {kMalloc,
                               kMemcpy,
                               kMemcpy,
                               kStreamCreate,
                               kMemsetAsync,
                               kPushCallConfiguration,
                               kPopCallConfiguration,
                               kLaunchKernel,
                               kStreamSynchronize,
                               kMemcpy};
  ASSERT_EQ(calls.size(), 2 * std::size(expected));
  uint64_t previous = 0;
  for (size_t i = 0; i < std::size(expected); ++i) {
    const Seen& enter = calls[2 * i];
    const Seen& exit = calls[2 * i + 1];
    EXPECT_EQ(enter.id, expected[i]) << i;
    EXPECT_EQ(exit.id, expected[i]) << i;
    EXPECT_EQ(enter.domain, kDomainHipApi);
    EXPECT_EQ(enter.phase, kEnter) << i;
    EXPECT_EQ(exit.phase, kExit) << i;
    EXPECT_EQ(enter.correlation, exit.correlation) << i;
    EXPECT_EQ(enter.record, exit.record) << i;
    EXPECT_GT(enter.correlation, previous) << i;  // a new id per call
    previous = enter.correlation;
    EXPECT_EQ(enter.arg, &marker);
  }
  // hipMalloc(void** ptr, size_t size): ptr at 0, its __val at 8, size at 16.
  EXPECT_EQ(argAt<void*>(calls[0], 0), static_cast<void*>(&device));
  EXPECT_EQ(argAt<size_t>(calls[0], 16), size_t{3 * 4096});
  // hipMemcpy(dst, src, sizeBytes, kind): 0, 8, 16, 24.
  EXPECT_EQ(argAt<void*>(calls[2], 0), static_cast<void*>(device));
  EXPECT_EQ(argAt<const void*>(calls[2], 8), static_cast<const void*>(a.data()));
  EXPECT_EQ(argAt<size_t>(calls[2], 16), size_t{4096});
  EXPECT_EQ(argAt<hipMemcpyKind>(calls[2], 24), hipMemcpyHostToDevice);
  EXPECT_EQ(argAt<hipMemcpyKind>(calls[18], 24), hipMemcpyDeviceToHost);
  // hipStreamCreate(hipStream_t* stream): the caller's pointer.
  EXPECT_EQ(argAt<hipStream_t*>(calls[6], 0), &stream);
  // hipMemsetAsync(dst, value, sizeBytes, stream): 0, 8, 16, 24.
  EXPECT_EQ(argAt<void*>(calls[8], 0), static_cast<void*>(device + 2048));
  EXPECT_EQ(argAt<int>(calls[8], 8), 0x7f);
  EXPECT_EQ(argAt<size_t>(calls[8], 16), size_t{4096});
  EXPECT_EQ(argAt<hipStream_t>(calls[8], 24), stream);
  // hipLaunchKernel(function, numBlocks, dimBlocks, args, sharedMemBytes, stream):
  // 0, 8, 20, 32 (its __val at 40), 48, 56.
  const Seen& launch = calls[14];
  dim3 grid = argAt<dim3>(launch, 8), block = argAt<dim3>(launch, 20);
  EXPECT_NE(argAt<const void*>(launch, 0), nullptr);
  EXPECT_EQ(grid.x * block.x, 1024u);
  EXPECT_EQ(grid.y * grid.z * block.y * block.z, 1u);
  EXPECT_NE(argAt<void**>(launch, 32), nullptr);
  EXPECT_EQ(argAt<size_t>(launch, 48), size_t{0});
  EXPECT_EQ(argAt<hipStream_t>(launch, 56), stream);
  // hipStreamSynchronize(stream).
  EXPECT_EQ(argAt<hipStream_t>(calls[16], 0), stream);

  for (uint32_t id : kIds) ASSERT_HIP(hipRemoveApiCallback(id));
  ASSERT_HIP(hipMemcpy(a.data(), device, 4096, hipMemcpyDeviceToHost));
  ASSERT_HIP(hipStreamDestroy(stream));
  ASSERT_HIP(hipFree(device));
  EXPECT_TRUE(take().empty()) << "a callback ran after its removal";
}

// roctracer 5.2's registration: the activity callback hands out the record (with the tracer's
// correlation id) on entry and is called again, with its own arg, after the API callback's exit.
struct ActivityLog {
  ApiData data{};
  int enters = 0, exits = 0;
  void* exitArg = nullptr;
};
ActivityLog activityLog;

void* activity(uint32_t id, void* record, const void* data, void* arg) {
  EXPECT_EQ(id, kMalloc);
  EXPECT_EQ(record, nullptr);
  EXPECT_EQ(data, nullptr);
  if (arg == nullptr) {  // entry: the tracer's record, its correlation id and phase set
    ++activityLog.enters;
    activityLog.data.correlationId = 4242;
    activityLog.data.phase = kEnter;
    return &activityLog.data;
  }
  ++activityLog.exits;
  activityLog.exitArg = arg;
  return nullptr;
}

TEST(ApiCallback, ActivityCallbackSuppliesTheRecordAsRoctracer52Does) {
  int activityArg = 0, apiArg = 0;
  ASSERT_HIP(hipRegisterActivityCallback(kMalloc, reinterpret_cast<void*>(activity), &activityArg));
  ASSERT_HIP(hipRegisterApiCallback(kMalloc, reinterpret_cast<void*>(record), &apiArg));
  take();
  void* p = nullptr;
  ASSERT_HIP(hipMalloc(&p, 512));
  std::vector<Seen> calls = take();
  ASSERT_EQ(calls.size(), 2u);
  for (const Seen& s : calls) {
    EXPECT_EQ(s.record, &activityLog.data);
    EXPECT_EQ(s.correlation, 4242u);
    EXPECT_EQ(argAt<size_t>(s, 16), size_t{512});
  }
  EXPECT_EQ(calls[0].phase, kEnter);
  EXPECT_EQ(calls[1].phase, kExit);
  EXPECT_EQ(activityLog.enters, 1);
  EXPECT_EQ(activityLog.exits, 1);
  EXPECT_EQ(activityLog.exitArg, &activityArg);
  ASSERT_HIP(hipRemoveApiCallback(kMalloc));
  ASSERT_HIP(hipRemoveActivityCallback(kMalloc));
  ASSERT_HIP(hipFree(p));
  ASSERT_HIP(hipMalloc(&p, 512));
  ASSERT_HIP(hipFree(p));
  EXPECT_TRUE(take().empty());
  EXPECT_EQ(activityLog.enters, 1);
}

// hip_api_trace_data_t: the record, then the tracer's timestamp, phase data and phase functions.
struct TraceData {
  ApiData api;
  uint64_t phaseEnterTimestamp;
  uint64_t phaseData;
  void (*phaseEnter)(uint32_t id, TraceData* data);
  void (*phaseExit)(uint32_t id, TraceData* data);
};

struct TracerLog {
  std::vector<uint32_t> asked;
  std::vector<std::pair<uint32_t, size_t>> enters;  // id, hipMalloc's size argument
  std::vector<uint64_t> exits;                      // correlation ids
};
TracerLog tracerLog;

int tracer(uint32_t domain, uint32_t id, void* data) {
  EXPECT_EQ(domain, kDomainHipApi);
  tracerLog.asked.push_back(id);
  if (id != kMalloc) return -1;  // traces hipMalloc only
  auto* trace = static_cast<TraceData*>(data);
  trace->api.correlationId = 77;
  trace->phaseEnter = [](uint32_t op, TraceData* d) {
    size_t size = 0;  // hipMalloc's size argument
    std::memcpy(&size, d->api.args + 16, sizeof(size));
    tracerLog.enters.push_back({op, size});
  };
  trace->phaseExit = [](uint32_t, TraceData* d) {
    tracerLog.exits.push_back(d->api.correlationId);
  };
  return 0;
}

TEST(TracerCallback, AskedPerCallAndPhasesRunForTracedOnes) {
  hipRegisterTracerCallback(tracer);
  void* p = nullptr;
  ASSERT_HIP(hipMalloc(&p, 768));
  ASSERT_HIP(hipMemset(p, 0, 768));
  ASSERT_HIP(hipFree(p));
  hipRegisterTracerCallback(nullptr);
  ASSERT_HIP(hipMalloc(&p, 256));
  ASSERT_HIP(hipFree(p));
  // hipMemset is id 154; hipFree 69.
  EXPECT_EQ(tracerLog.asked, (std::vector<uint32_t>{kMalloc, 154, kFree}));
  ASSERT_EQ(tracerLog.enters.size(), 1u);
  EXPECT_EQ(tracerLog.enters[0].first, kMalloc);
  EXPECT_EQ(tracerLog.enters[0].second, size_t{768});
  EXPECT_EQ(tracerLog.exits, (std::vector<uint64_t>{77}));
}

TEST(ApiCallback, MisuseOfTheRegistrations) {
  int arg = 0;
  EXPECT_EQ(hipRegisterApiCallback(0, reinterpret_cast<void*>(record), &arg), hipErrorInvalidValue);
  EXPECT_EQ(hipRegisterApiCallback(419, reinterpret_cast<void*>(record), &arg),
            hipErrorInvalidValue);
  EXPECT_EQ(hipRemoveApiCallback(0), hipErrorInvalidValue);
  EXPECT_EQ(hipRemoveApiCallback(UINT32_MAX), hipErrorInvalidValue);
  EXPECT_EQ(hipRegisterActivityCallback(0, reinterpret_cast<void*>(activity), &arg),
            hipErrorInvalidValue);
  EXPECT_EQ(hipRegisterActivityCallback(419, reinterpret_cast<void*>(activity), &arg),
            hipErrorInvalidValue);
  EXPECT_EQ(hipRemoveActivityCallback(0), hipErrorInvalidValue);
  EXPECT_EQ(hipRemoveActivityCallback(419), hipErrorInvalidValue);
  (void)hipGetLastError();
  // A reserved id is in range: accepted (AMD accepts it too) and never called.
  ASSERT_HIP(hipRegisterApiCallback(50, reinterpret_cast<void*>(record), &arg));
  ASSERT_HIP(hipRemoveApiCallback(50));
}

}  // namespace
