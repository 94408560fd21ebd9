// Global atomics compiled with LLVM's DPP atomic optimizer (see tests/isa/CMakeLists.txt): the
// wave reduces its values with DPP row operations and v_permlanex16 before one atomic.
#include <hip/hip_runtime.h>

extern "C" __global__ void atomic_sum(const int* in, int* total, int* maximum, unsigned* count) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  __hip_atomic_fetch_add(total, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_max(maximum, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(count, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// The returned old values must be distinct slots: each lane gets old + its exclusive prefix.
extern "C" __global__ void atomic_ticket(unsigned* counter, unsigned* tickets) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  tickets[i] = __hip_atomic_fetch_add(counter, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
