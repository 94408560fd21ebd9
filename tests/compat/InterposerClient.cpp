// The program under the hipMalloc interposer (HipMallocInterposer.c): it allocates through
// hipMalloc and checks that the interposer saw each call exactly once and the runtime served it.
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>

#include <cstdio>

int main() {
  const int* calls = static_cast<const int*>(dlsym(RTLD_DEFAULT, "interposedHipMallocCalls"));
  if (calls == nullptr) {
    std::fprintf(stderr, "FAIL the interposer is not loaded (run with LD_PRELOAD)\n");
    return 1;
  }
  constexpr int kAllocations = 3;
  for (int i = 0; i < kAllocations; ++i) {
    void* pointer = nullptr;
    hipError_t status = hipMalloc(&pointer, 4096);
    if (status != hipSuccess || pointer == nullptr) {
      std::fprintf(stderr, "FAIL hipMalloc through the interposer: %s\n", hipGetErrorName(status));
      return 1;
    }
    if (hipFree(pointer) != hipSuccess) return 1;
  }
  if (*calls != kAllocations) {
    std::fprintf(stderr, "FAIL the interposer saw %d hipMalloc calls for %d made\n", *calls,
                 kAllocations);
    return 1;
  }
  std::printf("%d hipMalloc calls, each through the interposer once\n", kAllocations);
  return 0;
}
