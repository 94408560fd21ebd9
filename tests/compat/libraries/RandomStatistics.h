// Host checks of generated random numbers for the rocRAND and hipRAND clients: sample mean and
// variance against the distribution's, within bounds a correct generator passes with
// overwhelming probability (6 standard errors) and a broken one (constant, wrong scale, garbage
// from a misread layout) does not.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace compat {

inline void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "FAIL %s\n", what);
  std::exit(1);
}

inline void requireHip(hipError_t status, const char* what) {
  if (status == hipSuccess) return;
  std::fprintf(stderr, "FAIL %s: %s\n", what, hipGetErrorName(status));
  std::exit(1);
}

// Copies `n` values of device memory `device` to the host.
template <class T>
std::vector<T> download(const T* device, size_t n) {
  std::vector<T> host(n);
  requireHip(hipMemcpy(host.data(), device, n * sizeof(T), hipMemcpyDeviceToHost), "hipMemcpy");
  return host;
}

// Checks mean and variance of `values` against `mean` and `variance` of the distribution; the
// sample variance of n values has a standard error of about variance * sqrt(2 / n) (within a
// factor for the distributions used here: uniform, normal, Poisson with lambda >= 4).
template <class T>
void checkMoments(const char* name, const std::vector<T>& values, double mean, double variance) {
  const double n = static_cast<double>(values.size());
  double sum = 0, squares = 0;
  for (T v : values) sum += static_cast<double>(v);
  const double sampleMean = sum / n;
  for (T v : values) squares += (v - sampleMean) * (v - sampleMean);
  const double sampleVariance = squares / (n - 1);
  const double meanBound = 6 * std::sqrt(variance / n);
  const double varianceBound = 6 * variance * std::sqrt(3 / n);
  std::printf("%s: mean %.5f (expected %.5f +- %.5f), variance %.5f (expected %.5f +- %.5f)\n",
              name, sampleMean, mean, meanBound, sampleVariance, variance, varianceBound);
  require(std::fabs(sampleMean - mean) <= meanBound, "sample mean out of bounds");
  require(std::fabs(sampleVariance - variance) <= varianceBound, "sample variance out of bounds");
}

}  // namespace compat
