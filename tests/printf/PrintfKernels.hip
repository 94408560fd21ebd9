// Device code of the printf tests: kernels that print every conversion, assert, and use
// device malloc/free; each runs as a "child" mode of the test binary (PrintfTest.cpp).
#include <hip/hip_runtime.h>

#include <cassert>
#include <cstdint>

#include "PrintfCases.h"

__global__ void printConversions() {
  const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const printf_cases::Values v = printf_cases::valuesFor(t);
  printf(PRINTF_CASES_FORMAT0, t, v.i, v.i, v.u, v.u, v.u, v.c, v.s);
  printf(PRINTF_CASES_FORMAT1, t, v.d, v.d, v.d, v.d, v.d, v.d);
  printf(PRINTF_CASES_FORMAT2, t, v.p, v.l, v.ll, v.ull, v.ull, v.i, v.i, v.i);
  printf(PRINTF_CASES_FORMAT3, t, v.s, v.s, v.d, v.i);
}

__global__ void assertOnThree(int* out) {
  int value = static_cast<int>(threadIdx.x);
  assert(value != 3);
  out[threadIdx.x] = value;
}

// Each thread allocates blocks of sizes from 1 byte to 64 KiB, fills them, checks them and
// frees them; failures are counted in *errors.
__global__ void mallocMany(unsigned* errors) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned round = 0; round < printf_cases::kMallocRounds; ++round) {
    size_t size = printf_cases::mallocSize(t, round);
    auto* p = static_cast<unsigned char*>(malloc(size));
    if (p == nullptr) {
      atomicAdd(errors, 1u);
      continue;
    }
    for (size_t i = 0; i < size; ++i) p[i] = static_cast<unsigned char>(t + i);
    for (size_t i = 0; i < size; ++i)
      if (p[i] != static_cast<unsigned char>(t + i)) {
        atomicAdd(errors, 1u);
        break;
      }
    free(p);
  }
}

int runConversions(unsigned blocks, unsigned threads) {
  printConversions<<<blocks, threads>>>();
  return hipDeviceSynchronize();
}

int runAssert() {
  int* out = nullptr;
  if (hipMalloc(reinterpret_cast<void**>(&out), 64 * sizeof(int)) != hipSuccess) return -1;
  assertOnThree<<<1, 8>>>(out);
  return hipDeviceSynchronize();
}

int runMalloc(unsigned blocks, unsigned threads, unsigned* errorsOut) {
  unsigned* errors = nullptr;
  if (hipMalloc(reinterpret_cast<void**>(&errors), sizeof(unsigned)) != hipSuccess) return -1;
  if (hipMemset(errors, 0, sizeof(unsigned)) != hipSuccess) return -1;
  mallocMany<<<blocks, threads>>>(errors);
  if (int status = hipDeviceSynchronize(); status != hipSuccess) return status;
  if (hipMemcpy(errorsOut, errors, sizeof(unsigned), hipMemcpyDeviceToHost) != hipSuccess)
    return -1;
  return hipFree(errors);
}
