// Faults that must not hang or leak across devices, chosen by argv[1]:
//   full_queue_one_stream, full_queue_several_streams: a kernel faults while the host waits for
//     room in a full AQL ring (more launches than the queue holds); every waiting launch must
//     return the fault's error within a second, since a failed queue's read index never moves.
//   two_devices (VGPU_GPUS=2): a fault on device 1 is reported for device 1 only, naming its
//     kernel; device 0 keeps computing; a later fault on device 0 names device 0's kernel while
//     device 1 still names its own; hipDeviceReset clears each.
// Prints "<mode>: PASSED" when every check held. Run by tests/faults/CMakeLists.txt.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

// Spins until the host sets *release, then stores 1 TiB past `base`: a fault the host decides
// the moment of, after it has filled the queue behind this kernel.
__global__ void faultWhenReleased(volatile unsigned* release, unsigned* base) {
  while (*release == 0) {
  }
  base[(uint64_t{1} << 40) / sizeof(unsigned)] = 1;
}

// The same without the fault: holds the other streams' queues until the fault, so that they
// neither finish early nor drain the rings the launching threads are filling.
__global__ void holdUntilReleased(volatile unsigned* release) {
  while (*release == 0) {
  }
}

__global__ void addOne(unsigned* value) {
  *value += 1;
}

__global__ void wildStoreOnDeviceOne(unsigned* base) {
  base[(uint64_t{1} << 40) / sizeof(unsigned)] = 1;
}

__global__ void wildStoreOnDeviceZero(unsigned* base) {
  base[(uint64_t{1} << 40) / sizeof(unsigned)] = 2;
}

namespace {

int failures = 0;

void check(bool ok, const char* what, const std::string& detail = "") {
  if (!ok) {
    std::printf("CHECK FAILED: %s %s\n", what, detail.c_str());
    ++failures;
  }
}

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// 256 packets per AQL queue (runtime/src/core/Limits.h): more launches than that on one queue
// must wait for the ring to drain.
constexpr int kLaunchesPerStream = 600;

// Launches kLaunchesPerStream kernels into `stream`; returns the first error and when it came.
struct FloodResult {
  hipError_t error = hipSuccess;
  Clock::time_point failedAt{};
};

void flood(hipStream_t stream, unsigned* counter, FloodResult& result) {
  for (int i = 0; i < kLaunchesPerStream; ++i) {
    addOne<<<1, 1, 0, stream>>>(counter);
    hipError_t error = hipGetLastError();
    if (error != hipSuccess) {
      result = {error, Clock::now()};
      return;
    }
  }
  result = {hipStreamSynchronize(stream), Clock::now()};
}

void fullQueue(int streams) {
  unsigned* release = nullptr;
  unsigned* counter = nullptr;
  check(hipHostMalloc(&release, sizeof(unsigned)) == hipSuccess, "hipHostMalloc");
  check(hipMalloc(&counter, sizeof(unsigned) * streams) == hipSuccess, "hipMalloc");
  if (release == nullptr || counter == nullptr) return;
  *release = 0;
  // At most 4 hardware queues per device by default (QueuePool): with 8 streams, several share
  // the faulting stream's queue and fill it together.
  std::vector<hipStream_t> all(streams);
  for (hipStream_t& s : all) check(hipStreamCreate(&s) == hipSuccess, "hipStreamCreate");
  faultWhenReleased<<<1, 1, 0, all[0]>>>(release, counter);
  for (int s = 1; s < streams; ++s) holdUntilReleased<<<1, 1, 0, all[s]>>>(release);
  std::vector<FloodResult> results(streams);
  std::vector<std::thread> threads;
  for (int s = 0; s < streams; ++s)
    threads.emplace_back(flood, all[s], counter + s, std::ref(results[s]));
  // Let the launching threads fill the ring and block on it, then fault.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  Clock::time_point faulted = Clock::now();
  __atomic_store_n(release, 1u, __ATOMIC_RELEASE);
  for (std::thread& t : threads) t.join();
  // Streams on the faulting stream's hardware queue wait for room in its ring and must fail;
  // with more streams than queues (8 over at most 4) at least one other stream shares it. A
  // stream on another queue may finish its work before the fault is known: success is then
  // right, and the sticky error comes with its next call.
  int failed = 0;
  for (int s = 0; s < streams; ++s) {
    char what[96];
    std::snprintf(what, sizeof what, "stream %d ended with success or hipErrorIllegalAddress", s);
    check(results[s].error == hipErrorIllegalAddress || (s != 0 && results[s].error == hipSuccess),
          what, hipGetErrorName(results[s].error));
    failed += results[s].error == hipErrorIllegalAddress;
    double after = std::chrono::duration<double>(results[s].failedAt - faulted).count();
    std::snprintf(what, sizeof what, "stream %d returned %.3f s after the fault", s, after);
    check(after < 1.0, what);
    check(hipStreamSynchronize(all[s]) == hipErrorIllegalAddress, "a later call sees the fault");
  }
  check(failed >= (streams > 1 ? 2 : 1), "the streams sharing the failed queue all failed");
  check(hipDeviceSynchronize() == hipErrorIllegalAddress, "the error is sticky");
  std::string detail = hipcoreGetErrorDetail();
  check(detail.find("faultWhenReleased") != std::string::npos, "detail names the kernel", detail);
  check(hipDeviceReset() == hipSuccess, "hipDeviceReset", hipcoreGetErrorDetail());
  unsigned* fresh = nullptr;
  check(hipMalloc(&fresh, sizeof(unsigned)) == hipSuccess, "hipMalloc after reset");
  if (fresh == nullptr) return;
  check(hipMemset(fresh, 0, sizeof(unsigned)) == hipSuccess, "hipMemset after reset");
  for (int i = 0; i < kLaunchesPerStream; ++i) addOne<<<1, 1>>>(fresh);
  unsigned value = 0;
  check(hipMemcpy(&value, fresh, sizeof value, hipMemcpyDeviceToHost) == hipSuccess,
        "hipMemcpy after reset");
  check(value == kLaunchesPerStream, "a full queue's worth of kernels after reset computes");
}

// One kernel on the current device: the counter it increments, read back.
bool deviceComputes(int device) {
  unsigned* value = nullptr;
  if (hipSetDevice(device) != hipSuccess || hipMalloc(&value, sizeof(unsigned)) != hipSuccess)
    return false;
  unsigned result = 0;
  bool ok = hipMemset(value, 0, sizeof(unsigned)) == hipSuccess;
  addOne<<<1, 1>>>(value);
  addOne<<<1, 1>>>(value);
  ok = ok && hipMemcpy(&result, value, sizeof result, hipMemcpyDeviceToHost) == hipSuccess;
  ok = ok && hipFree(value) == hipSuccess;
  return ok && result == 2;
}

// The sticky error `device` reports now, and its detail.
hipError_t deviceError(int device, std::string& detail) {
  hipSetDevice(device);
  hipError_t error = hipDeviceSynchronize();
  detail = hipcoreGetErrorDetail();
  return error;
}

void twoDevices() {
  int count = 0;
  check(hipGetDeviceCount(&count) == hipSuccess && count == 2, "two devices (VGPU_GPUS=2)");
  if (count != 2) return;
  unsigned* buffers[2] = {};
  for (int d = 0; d < 2; ++d) {
    hipSetDevice(d);
    check(hipMalloc(&buffers[d], 4096) == hipSuccess, "hipMalloc");
  }
  check(deviceComputes(0), "device 0 computes before any fault");

  hipSetDevice(1);
  wildStoreOnDeviceOne<<<1, 1>>>(buffers[1]);
  std::string detail;
  check(deviceError(1, detail) == hipErrorIllegalAddress, "device 1 reports its fault");
  check(detail.find("device 1") != std::string::npos, "device 1's detail says device 1", detail);
  check(detail.find("wildStoreOnDeviceOne") != std::string::npos, "device 1 names its kernel",
        detail);
  check(deviceError(0, detail) == hipSuccess, "device 0 has no error", detail);
  check(deviceComputes(0), "device 0 keeps computing after device 1 faulted");

  hipSetDevice(0);
  wildStoreOnDeviceZero<<<1, 1>>>(buffers[0]);
  check(deviceError(0, detail) == hipErrorIllegalAddress, "device 0 reports its own fault");
  check(detail.find("wildStoreOnDeviceZero") != std::string::npos, "device 0 names its kernel",
        detail);
  check(deviceError(1, detail) == hipErrorIllegalAddress, "device 1 is still failed");
  check(detail.find("wildStoreOnDeviceOne") != std::string::npos &&
            detail.find("wildStoreOnDeviceZero") == std::string::npos,
        "device 1 still names its own kernel, not device 0's", detail);

  hipSetDevice(1);
  check(hipDeviceReset() == hipSuccess, "hipDeviceReset of device 1", hipcoreGetErrorDetail());
  check(deviceComputes(1), "device 1 computes after its reset");
  check(deviceError(0, detail) == hipErrorIllegalAddress,
        "device 1's reset leaves device 0 failed");
  hipSetDevice(0);
  check(hipDeviceReset() == hipSuccess, "hipDeviceReset of device 0", hipcoreGetErrorDetail());
  check(deviceComputes(0), "device 0 computes after its reset");
  check(deviceError(1, detail) == hipSuccess, "device 1 stays healthy", detail);
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "full_queue_one_stream")
    fullQueue(/*streams=*/1);
  else if (mode == "full_queue_several_streams")
    fullQueue(/*streams=*/8);
  else if (mode == "two_devices")
    twoDevices();
  else {
    std::printf(
        "usage: fault_isolation full_queue_one_stream|full_queue_several_streams|"
        "two_devices\n");
    return 2;
  }
  std::printf("%s: %s\n", mode.c_str(), failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
