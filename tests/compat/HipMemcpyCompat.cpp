// Debian's HIP 5.2.3 copying host -> device -> host on vgpu, compared byte for byte. clr
// dispatches its own blit kernels on the first hipMemcpy (even from pinned memory), so this
// needs vgpu's ISA interpreter. Self-checking: exits non-zero on a mismatch.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define REQUIRE_HIP(call)                                                         \
  do {                                                                            \
    hipError_t status_ = (call);                                                  \
    if (status_ != hipSuccess) {                                                  \
      std::fprintf(stderr, "FAIL %s -> %s\n", #call, hipGetErrorString(status_)); \
      return 1;                                                                   \
    }                                                                             \
  } while (0)

int main() {
  for (std::size_t size : {std::size_t(1), std::size_t(4099), std::size_t(3) << 20}) {
    std::vector<unsigned char> source(size), result(size, 0);
    for (std::size_t i = 0; i < size; ++i)
      source[i] = static_cast<unsigned char>((i * 131 + 7) ^ (i >> 9));
    void* device = nullptr;
    REQUIRE_HIP(hipMalloc(&device, size));
    REQUIRE_HIP(hipMemcpy(device, source.data(), size, hipMemcpyHostToDevice));
    REQUIRE_HIP(hipMemcpy(result.data(), device, size, hipMemcpyDeviceToHost));
    REQUIRE_HIP(hipFree(device));
    for (std::size_t i = 0; i < size; ++i) {
      if (result[i] != source[i]) {
        std::fprintf(stderr, "FAIL %zu-byte round trip differs at byte %zu\n", size, i);
        return 1;
      }
    }
  }
  std::printf("hipMemcpy round trips match\n");
  return 0;
}
