// hipRAND (Debian's prebuilt libhiprand1 over librocrand1, built against AMD's HIP) on hipcore:
// uniform, normal and Poisson numbers generated on the device, their statistics checked on the
// host.
#include <hiprand/hiprand.h>

#include "RandomStatistics.h"
#include "ServedByHipcore.h"

namespace {

void requireHiprand(hiprandStatus_t status, const char* what) {
  if (status == HIPRAND_STATUS_SUCCESS) return;
  std::fprintf(stderr, "FAIL %s: hiprandStatus_t %d\n", what, static_cast<int>(status));
  std::exit(1);
}

}  // namespace

int main() {
  compat::requireServedByHipcore();
  constexpr size_t kCount = 1 << 16;
  hiprandGenerator_t generator = nullptr;
  requireHiprand(hiprandCreateGenerator(&generator, HIPRAND_RNG_PSEUDO_DEFAULT), "create");
  requireHiprand(hiprandSetPseudoRandomGeneratorSeed(generator, 20261202), "seed");
  float* reals = nullptr;
  unsigned* counts = nullptr;
  compat::requireHip(hipMalloc(&reals, kCount * sizeof(float)), "hipMalloc");
  compat::requireHip(hipMalloc(&counts, kCount * sizeof(unsigned)), "hipMalloc");

  requireHiprand(hiprandGenerateUniform(generator, reals, kCount), "uniform");
  std::vector<float> uniform = compat::download(reals, kCount);
  for (float v : uniform) compat::require(v > 0.0f && v <= 1.0f, "uniform value outside (0, 1]");
  compat::checkMoments("hiprand uniform", uniform, 0.5, 1.0 / 12);

  requireHiprand(hiprandGenerateNormal(generator, reals, kCount, 2.0f, 3.0f), "normal");
  compat::checkMoments("hiprand normal(2, 3)", compat::download(reals, kCount), 2.0, 9.0);

  requireHiprand(hiprandGeneratePoisson(generator, counts, kCount, 4.0), "poisson");
  compat::checkMoments("hiprand poisson(4)", compat::download(counts, kCount), 4.0, 4.0);

  compat::requireHip(hipFree(reals), "hipFree");
  compat::requireHip(hipFree(counts), "hipFree");
  requireHiprand(hiprandDestroyGenerator(generator), "destroy");
  std::printf("hipRAND PASSED\n");
  return 0;
}
