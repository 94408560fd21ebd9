// atomicMin/atomicMax and __hip_atomic_fetch_min/max as AMD's hip-tests use them (issue 24's
// finding: old values of 0 on vgpu): every thread of 8 blocks of 1024 (or one block, in LDS;
// or 4 concurrent kernels of 1024 blocks of 8) applies the same value to one word that starts
// at 5 (5.5 for floats) after a memset and a small pageable copy, and every old value comes
// back. Sorted, the old values must be the host's: one 5 and the rest min(5, 3) = 3, or for max
// one 5 and the rest 7. Each case first leaves behind what a long suite's earlier tests do (a
// freed, pageably copied host buffer): before vgpu dropped stale registrations, clr aborted in
// ROCR's FreeKfdMemory here. Built by Debian's hipcc, run with AMD's clr and with hipcore.
// HIP 5.2.3 needs hip_runtime.h before the cooperative groups header.
#include <hip/hip_runtime.h>

#include <hip/hip_cooperative_groups.h>

#include <algorithm>
#include <cstdio>
#include <type_traits>
#include <vector>

namespace cg = cooperative_groups;

enum class Op { atomicMin, atomicMax, atomicMinSystem, atomicMaxSystem, builtinMin, builtinMax };

template <class T, Op op>
__host__ __device__ T operand() {
  const T start = std::is_floating_point<T>::value ? T(5.5) : T(5);
  const bool isMin = op == Op::atomicMin || op == Op::atomicMinSystem || op == Op::builtinMin;
  return isMin ? T(start - 2) : T(start + 2);
}

template <class T, Op op>
__device__ T apply(T* word) {
  const T value = operand<T, op>();
  if constexpr (op == Op::atomicMin) return atomicMin(word, value);
  if constexpr (op == Op::atomicMax) return atomicMax(word, value);
  if constexpr (op == Op::atomicMinSystem) return atomicMin_system(word, value);
  if constexpr (op == Op::atomicMaxSystem) return atomicMax_system(word, value);
  if constexpr (op == Op::builtinMin)
    return __hip_atomic_fetch_min(word, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  if constexpr (op == Op::builtinMax)
    return __hip_atomic_fetch_max(word, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

template <class T, Op op, bool InLds>
__global__ void applyEverywhere(T* word, T* olds) {
  __shared__ T shared;
  const unsigned tid = cg::this_grid().thread_rank();
  T* target = InLds ? &shared : word;
  if (InLds) {
    if (tid == 0) shared = word[0];
    __syncthreads();
  }
  olds[tid] = apply<T, op>(target);
  if (InLds) {
    __syncthreads();
    if (tid == 0) word[0] = shared;
  }
}

// HIP 5.2.3's float and double atomicMin/atomicMax (and _system) are a compare-exchange loop
// that returns the value it last read, which after its own successful exchange is the operand:
// every thread returns the operand, on hardware too. The headers of HIP 5.7.1 (Debian 13) and
// 6.4.3 (Debian unstable) end that loop at the successful exchange, so they return the old value
// as the builtins always do (the versions between were not checked).
template <class T, Op op>
constexpr bool returnsOperand() {
  return HIP_VERSION < 50700000 && std::is_floating_point<T>::value && op != Op::builtinMin &&
         op != Op::builtinMax;
}

// `kernels` launches on as many streams at once, each blocks x threads (hip-tests' shapes: 8 x
// 1024 in one kernel, 1024 x 8 in several), all on the same word.
// What earlier tests of a long suite leave behind: a pageable copy of a large host buffer that
// is then freed. clr keeps such host memory registered with the KFD after the program unmaps
// it; vgpu took a later allocation in that address range for part of the stale registration,
// so pointer queries answered for the wrong range (and freeing it failed).
void pageableCopyOfAFreedBuffer() {
  void* device = nullptr;
  if (hipMalloc(&device, 8 << 20) != hipSuccess) return;
  {
    std::vector<char> host(8 << 20, 1);
    (void)hipMemcpy(device, host.data(), host.size(), hipMemcpyHostToDevice);
  }
  (void)hipFree(device);
}

template <class T, Op op, bool InLds>
bool check(const char* name, unsigned kernels = 1, unsigned blocks = 8, unsigned threads = 1024) {
  if (InLds) blocks = 1;
  pageableCopyOfAFreedBuffer();
  const unsigned perKernel = blocks * threads, n = kernels * perKernel;
  const T start = std::is_floating_point<T>::value ? T(5.5) : T(5);
  const T value = operand<T, op>();
  const bool isMin = value < start;
  T *word = nullptr, *olds = nullptr;
  // Initialised as hip-tests do it: a memset of the word, then a small pageable copy over it.
  if (hipMalloc(&word, sizeof(T)) != hipSuccess || hipMalloc(&olds, n * sizeof(T)) != hipSuccess ||
      hipMemset(word, 0, sizeof(T)) != hipSuccess ||
      hipMemcpy(word, &start, sizeof(T), hipMemcpyHostToDevice) != hipSuccess ||
      hipMemset(olds, 0xEE, n * sizeof(T)) != hipSuccess) {
    std::printf("FAILED %s: allocation\n", name);
    return false;
  }
  std::vector<hipStream_t> streams(kernels);
  for (auto& s : streams) (void)hipStreamCreate(&s);
  for (unsigned k = 0; k < kernels; ++k)
    applyEverywhere<T, op, InLds><<<blocks, threads, 0, streams[k]>>>(word, olds + k * perKernel);
  bool ok = hipDeviceSynchronize() == hipSuccess;
  for (auto& s : streams) (void)hipStreamDestroy(s);
  std::vector<T> actual(n);
  T final = 0;
  ok = ok && hipMemcpy(actual.data(), olds, n * sizeof(T), hipMemcpyDeviceToHost) == hipSuccess &&
       hipMemcpy(&final, word, sizeof(T), hipMemcpyDeviceToHost) == hipSuccess;
  (void)hipFree(word);
  (void)hipFree(olds);
  std::sort(actual.begin(), actual.end());
  // Host reference: the first thread (in whatever order) sees the start, every other one the
  // operand, which is below (min) or above (max) the start.
  std::vector<T> expected(n, value);
  if (!returnsOperand<T, op>()) expected[isMin ? n - 1 : 0] = start;
  unsigned wrong = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (actual[i] != expected[i] && wrong++ == 0) {
      std::printf("FAILED %s: sorted old value %u is %g, expected %g\n", name, i, double(actual[i]),
                  double(expected[i]));
    }
  }
  if (ok && final != value) {
    std::printf("FAILED %s: final value %g, expected %g\n", name, double(final), double(value));
    ok = false;
  }
  if (wrong) std::printf("FAILED %s: %u of %u old values wrong\n", name, wrong, n);
  return ok && wrong == 0;
}

template <class T>
int checkType(const char* type) {
  char name[96];
  auto label = [&](const char* what, bool lds) {
    std::snprintf(name, sizeof(name), "%s %s in %s", type, what, lds ? "LDS" : "global memory");
    return name;
  };
  int failures = 0;
  failures += !check<T, Op::atomicMin, false>(label("atomicMin", false));
  failures += !check<T, Op::atomicMax, false>(label("atomicMax", false));
  failures += !check<T, Op::atomicMin, true>(label("atomicMin", true));
  failures += !check<T, Op::atomicMax, true>(label("atomicMax", true));
  failures += !check<T, Op::atomicMinSystem, false>(label("atomicMin_system", false));
  failures += !check<T, Op::atomicMaxSystem, false>(label("atomicMax_system", false));
  failures += !check<T, Op::builtinMin, false>(label("__hip_atomic_fetch_min", false));
  failures += !check<T, Op::builtinMax, false>(label("__hip_atomic_fetch_max", false));
  failures += !check<T, Op::builtinMin, true>(label("__hip_atomic_fetch_min", true));
  failures += !check<T, Op::builtinMax, true>(label("__hip_atomic_fetch_max", true));
  failures += !check<T, Op::atomicMin, false>(label("atomicMin, 4 kernels of 1024 x 8", false),
                                              /*kernels=*/4, /*blocks=*/1024, /*threads=*/8);
  failures += !check<T, Op::atomicMax, false>(label("atomicMax, 4 kernels of 1024 x 8", false),
                                              /*kernels=*/4, /*blocks=*/1024, /*threads=*/8);
  return failures;
}

int main() {
  int failures = checkType<int>("int") + checkType<unsigned>("unsigned") +
                 checkType<unsigned long long>("unsigned long long") + checkType<float>("float") +
                 checkType<double>("double");
  if (failures) {
    std::printf("FAILED: %d cases\n", failures);
    return 1;
  }
  std::printf("PASSED: 60 cases\n");
  return 0;
}
