// One device fault per run, chosen by argv[1]; the program checks what a HIP program can see:
// the synchronising call returns the documented error, the error detail names the kernel (and
// the address, for memory faults), later calls keep returning the sticky error, and the process
// exits normally (exit code 0 only if every check held), and that after hipDeviceReset kernels
// run again. Run by tests/faults/CMakeLists.txt.
#include <hip/hip_runtime.h>
#include <hip/hipcore_ext.h>

#include <cassert>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

__global__ void wildStoreKernel(unsigned* base, uint64_t offset) {
  base[offset] = 1;
}

__global__ void wildLoadKernel(const unsigned* base, uint64_t offset, unsigned* out) {
  *out = base[offset];
}

__global__ void misalignedAtomicKernel(char* base) {
  atomicAdd(reinterpret_cast<unsigned*>(base + 2), 1u);
}

__global__ void trapKernel(unsigned* out) {
  *out = 7;
  __builtin_trap();
}

__global__ void assertKernel(const unsigned* in) {
  assert(in[threadIdx.x] < 4);
}

__global__ void endlessKernel(volatile unsigned* flag) {
  while (*flag == 0) {
  }
}

__global__ void illegalInstructionKernel() {
  // A word no RDNA encoding defines (vgpu stops on it; hardware raises an illegal instruction).
  asm volatile(".long 0xffffffff");
}

namespace {

int failures = 0;

void check(bool ok, const char* what, const std::string& detail = "") {
  if (!ok) {
    std::printf("CHECK FAILED: %s %s\n", what, detail.c_str());
    ++failures;
  }
}

struct Kind {
  const char* name;
  const char* kernel;  // as the error detail must name it
  hipError_t expected;
  bool names_address;
};

const Kind kKinds[7] = {
    {"wild_store", "wildStoreKernel", hipErrorIllegalAddress, true},
    {"wild_load", "wildLoadKernel", hipErrorIllegalAddress, true},
    {"misaligned_atomic", "misalignedAtomicKernel", hipErrorIllegalAddress, true},
    {"trap", "trapKernel", hipErrorAssert, false},
    {"assert", "assertKernel", hipErrorAssert, false},
    {"endless", "endlessKernel", hipErrorLaunchTimeOut, false},
    {"illegal_instruction", "illegalInstructionKernel", hipErrorLaunchFailure, false},
};

}  // namespace

int main(int argc, char** argv) {
  const Kind* kind = nullptr;
  for (const Kind& k : kKinds)
    if (argc > 1 && std::strcmp(argv[1], k.name) == 0) kind = &k;
  if (kind == nullptr) {
    std::printf(
        "usage: fault_program KIND (wild_store, wild_load, misaligned_atomic, trap, assert, "
        "endless, "
        "illegal_instruction)\n");
    return 2;
  }
  unsigned* buffer = nullptr;
  if (hipMalloc(&buffer, 4096) != hipSuccess) return 3;
  if (hipMemset(buffer, 0, 4096) != hipSuccess) return 3;
  // Far past every allocation: 1 TiB beyond the buffer.
  const uint64_t wild = (uint64_t{1} << 40) / sizeof(unsigned);
  uint64_t address = reinterpret_cast<uint64_t>(buffer) + wild * sizeof(unsigned);
  std::string kindName = kind->name;
  if (kindName == "wild_store") wildStoreKernel<<<1, 1>>>(buffer, wild);
  if (kindName == "wild_load") wildLoadKernel<<<1, 1>>>(buffer, wild, buffer);
  if (kindName == "misaligned_atomic") {
    misalignedAtomicKernel<<<1, 1>>>(reinterpret_cast<char*>(buffer));
    address = reinterpret_cast<uint64_t>(buffer) + 2;
  }
  if (kindName == "trap") trapKernel<<<1, 1>>>(buffer);
  if (kindName == "assert") {
    unsigned values[64] = {};
    values[37] = 9;  // thread 37 fails the assertion
    hipMemcpy(buffer, values, sizeof values, hipMemcpyHostToDevice);
    assertKernel<<<1, 64>>>(buffer);
  }
  if (kindName == "endless") endlessKernel<<<1, 1>>>(buffer);
  if (kindName == "illegal_instruction") illegalInstructionKernel<<<1, 1>>>();

  hipError_t synced = hipDeviceSynchronize();
  std::string detail = hipcoreGetErrorDetail();
  std::printf("%s: hipDeviceSynchronize = %s: %s\n", kind->name, hipGetErrorName(synced),
              detail.c_str());
  check(synced == kind->expected, "error code",
        std::string("expected ") + hipGetErrorName(kind->expected));
  check(detail.find(kind->kernel) != std::string::npos, "detail names the kernel", kind->kernel);
  if (kind->names_address) {
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(address));
    check(detail.find(hex) != std::string::npos, "detail names the address", hex);
  }
  // Sticky: later calls fail with the same error, until hipDeviceReset.
  check(hipGetLastError() == kind->expected, "last error");
  void* more = nullptr;
  check(hipMalloc(&more, 64) == kind->expected, "hipMalloc after the fault");
  wildStoreKernel<<<1, 1>>>(buffer, 0);
  check(hipGetLastError() == kind->expected, "launch after the fault");
  check(hipDeviceSynchronize() == kind->expected, "hipDeviceSynchronize again");
  // hipDeviceReset is the way back: afterwards kernels run and compute again.
  check(hipDeviceReset() == hipSuccess, "hipDeviceReset", hipcoreGetErrorDetail());
  unsigned* fresh = nullptr;
  check(hipMalloc(&fresh, 64 * sizeof(unsigned)) == hipSuccess, "hipMalloc after reset",
        hipcoreGetErrorDetail());
  if (fresh != nullptr) {
    check(hipMemset(fresh, 0, 64 * sizeof(unsigned)) == hipSuccess, "hipMemset after reset");
    wildStoreKernel<<<1, 1>>>(fresh, 5);  // in bounds this time: fresh[5] = 1
    unsigned values[64] = {};
    check(hipMemcpy(values, fresh, sizeof values, hipMemcpyDeviceToHost) == hipSuccess,
          "hipMemcpy after reset", hipcoreGetErrorDetail());
    check(values[5] == 1 && values[4] == 0, "a kernel after reset computes");
    check(hipFree(fresh) == hipSuccess, "hipFree after reset");
  }
  std::printf("%s: %s\n", kind->name, failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
