// rocRAND (Debian's prebuilt librocrand1, built against AMD's HIP) on hipcore: uniform, normal
// and Poisson numbers generated on the device, their statistics checked on the host.
#include <rocrand/rocrand.h>

#include "RandomStatistics.h"
#include "ServedByHipcore.h"

namespace {

void requireRocrand(rocrand_status status, const char* what) {
  if (status == ROCRAND_STATUS_SUCCESS) return;
  std::fprintf(stderr, "FAIL %s: rocrand_status %d\n", what, static_cast<int>(status));
  std::exit(1);
}

}  // namespace

int main() {
  compat::requireServedByHipcore();
  constexpr size_t kCount = 1 << 16;
  rocrand_generator generator = nullptr;
  requireRocrand(rocrand_create_generator(&generator, ROCRAND_RNG_PSEUDO_DEFAULT), "create");
  requireRocrand(rocrand_set_seed(generator, 20261202), "seed");
  float* reals = nullptr;
  unsigned* counts = nullptr;
  compat::requireHip(hipMalloc(&reals, kCount * sizeof(float)), "hipMalloc");
  compat::requireHip(hipMalloc(&counts, kCount * sizeof(unsigned)), "hipMalloc");

  requireRocrand(rocrand_generate_uniform(generator, reals, kCount), "uniform");
  std::vector<float> uniform = compat::download(reals, kCount);
  for (float v : uniform) compat::require(v > 0.0f && v <= 1.0f, "uniform value outside (0, 1]");
  compat::checkMoments("rocrand uniform", uniform, 0.5, 1.0 / 12);

  requireRocrand(rocrand_generate_normal(generator, reals, kCount, 2.0f, 3.0f), "normal");
  compat::checkMoments("rocrand normal(2, 3)", compat::download(reals, kCount), 2.0, 9.0);

  requireRocrand(rocrand_generate_poisson(generator, counts, kCount, 4.0), "poisson");
  compat::checkMoments("rocrand poisson(4)", compat::download(counts, kCount), 4.0, 4.0);

  compat::requireHip(hipFree(reals), "hipFree");
  compat::requireHip(hipFree(counts), "hipFree");
  requireRocrand(rocrand_destroy_generator(generator), "destroy");
  std::printf("rocRAND PASSED\n");
  return 0;
}
