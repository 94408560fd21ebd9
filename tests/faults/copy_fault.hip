// A fault of the copy engine: hipMemcpy returns the fault instead of waiting for ever for a copy
// the stopped engine never completes. The fault is made the way a buggy program can: host memory
// hipcore still counts as pinned is freed behind its back (through ROCR), so the DMA engine
// writes to an address no longer mapped for the GPU. Run by tests/faults/CMakeLists.txt.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstdio>
#include <string>

namespace {

int failures = 0;

void check(bool ok, const char* what, const std::string& detail = "") {
  if (!ok) {
    std::printf("CHECK FAILED: %s %s\n", what, detail.c_str());
    ++failures;
  }
}

}  // namespace

int main() {
  constexpr size_t kBytes = size_t{1} << 20;
  void* device = nullptr;
  void* host = nullptr;
  if (hipMalloc(&device, kBytes) != hipSuccess || hipMemset(device, 0x5a, kBytes) != hipSuccess ||
      hipHostMalloc(&host, kBytes, 0) != hipSuccess)
    return 3;
  // A first copy works: the engine and the memory are fine.
  check(hipMemcpy(host, device, kBytes, hipMemcpyDeviceToHost) == hipSuccess, "first copy",
        hipcoreGetErrorDetail());
  check(static_cast<unsigned char*>(host)[kBytes - 1] == 0x5a, "first copy's data");
  // hipHostMalloc memory is ROCR's: freed there, the GPU loses its mapping.
  check(hsa_amd_memory_pool_free(host) == HSA_STATUS_SUCCESS, "hsa_amd_memory_pool_free");

  hipError_t copied = hipMemcpy(host, device, kBytes, hipMemcpyDeviceToHost);
  std::string detail = hipcoreGetErrorDetail();
  std::printf("copy_fault: hipMemcpy = %s: %s\n", hipGetErrorName(copied), detail.c_str());
  check(copied == hipErrorIllegalAddress, "error code", "expected hipErrorIllegalAddress");
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%llx",
                static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(host)));
  check(detail.find(hex) != std::string::npos, "detail names the address", hex);
  check(detail.find("copy engine") != std::string::npos, "detail names the copy engine");
  // Sticky, as for a kernel's fault.
  check(hipGetLastError() == hipErrorIllegalAddress, "last error");
  check(hipDeviceSynchronize() == hipErrorIllegalAddress, "hipDeviceSynchronize after the fault");
  if (failures == 0) std::printf("copy_fault: PASSED\n");
  return failures == 0 ? 0 : 1;
}
