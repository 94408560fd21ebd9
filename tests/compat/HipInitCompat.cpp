// Debian's HIP 5.2.3 (clr, built by /usr/bin/hipcc) initialising on vgpu: device count and
// properties must match the virtual topology the test configures through VGPU_* variables,
// and device allocations must behave. Self-checking: exits non-zero on a mismatch.
//
// It stops short of anything that synchronises a device (hipFree, hipMemcpy,
// hipDeviceSynchronize): clr then creates its first queue and dispatches one of its own blit
// kernels, which needs vgpu's ISA interpreter (HipMemcpyCompat.cpp covers that).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

int failures = 0;

#define EXPECT_HIP(call)                                                       \
  do {                                                                         \
    hipError_t status_ = (call);                                               \
    if (status_ != hipSuccess) {                                               \
      std::fprintf(stderr, "FAIL %s:%d %s -> %s\n", __FILE__, __LINE__, #call, \
                   hipGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

void expectEq(long long actual, long long expected, const char* what) {
  if (actual == expected) return;
  std::fprintf(stderr, "FAIL %s: got %lld, expected %lld\n", what, actual, expected);
  ++failures;
}

long long envNumber(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr) {
    std::fprintf(stderr, "FAIL the test needs %s set (it defines the virtual GPU)\n", name);
    std::exit(1);
  }
  return std::atoll(text);
}

}  // namespace

int main() {
  const long long gpus = envNumber("VGPU_GPUS");
  const long long computeUnits = envNumber("VGPU_CU_COUNT");
  const long long memoryBytes = envNumber("VGPU_MEMORY_MB") << 20;

  int count = 0;
  EXPECT_HIP(hipGetDeviceCount(&count));
  expectEq(count, gpus, "hipGetDeviceCount");

  for (int device = 0; device < count; ++device) {
    hipDeviceProp_t props;
    EXPECT_HIP(hipGetDeviceProperties(&props, device));
    if (std::strcmp(props.name, "vgpu gfx1030") != 0) {
      std::fprintf(stderr, "FAIL device %d name '%s'\n", device, props.name);
      ++failures;
    }
    if (std::strncmp(props.gcnArchName, "gfx1030", 7) != 0) {
      std::fprintf(stderr, "FAIL device %d gcnArchName '%s'\n", device, props.gcnArchName);
      ++failures;
    }
    expectEq(props.warpSize, 32, "warpSize");
    expectEq(props.totalGlobalMem, memoryBytes, "totalGlobalMem");
    // clr 5.2.3 reports RDNA work-group processors (two CUs each) as multiprocessors.
    expectEq(props.multiProcessorCount, computeUnits / 2, "multiProcessorCount");
    expectEq(props.maxThreadsPerBlock, 1024, "maxThreadsPerBlock");
    expectEq(props.sharedMemPerBlock, 64 * 1024, "sharedMemPerBlock");

    EXPECT_HIP(hipSetDevice(device));
    std::size_t freeBefore = 0, total = 0, freeAfter = 0;
    EXPECT_HIP(hipMemGetInfo(&freeBefore, &total));
    expectEq(static_cast<long long>(total), memoryBytes, "hipMemGetInfo total");
    void* buffer = nullptr;
    constexpr std::size_t kBytes = 48 << 20;
    EXPECT_HIP(hipMalloc(&buffer, kBytes));
    EXPECT_HIP(hipMemGetInfo(&freeAfter, &total));
    if (freeAfter + kBytes > freeBefore) {
      std::fprintf(stderr, "FAIL free memory %zu -> %zu after a %zu-byte hipMalloc\n", freeBefore,
                   freeAfter, kBytes);
      ++failures;
    }
    hipPointerAttribute_t attributes;
    EXPECT_HIP(hipPointerGetAttributes(&attributes, static_cast<char*>(buffer) + 4096));
    expectEq(attributes.memoryType, hipMemoryTypeDevice, "pointer memoryType");
    expectEq(attributes.device, device, "pointer device");
    // No hipFree: it synchronises the device, which dispatches a clr kernel (see above).
  }
  if (failures == 0) std::printf("HIP 5.2.3 initialised on %d vgpu device(s)\n", count);
  return failures == 0 ? 0 : 1;
}
